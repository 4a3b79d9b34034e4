/**
 * Build-time configuration. The ONLY module that knows about the environment: `scripts/build.ts` calls
 * `configFromEnv(process.env)` and injects the result as `__MEDIADIET_CONFIG__`; the bundles read `config`.
 */
export interface ExtensionConfig {
  /** Server base URL, no trailing slash. */
  apiBase: string;
  /** The web app's origin: the only page origin allowed to message the extension. */
  webOrigin: string;
  /** How long a page must be shown before it is captured. */
  dwellMs: number;
  /** The extension version (package.json). */
  version: string;
}

declare const __MEDIADIET_CONFIG__: ExtensionConfig | undefined;

export const DEFAULT_API_BASE = 'http://localhost:3000';

function originOf(url: string, name: string): string {
  try {
    return new URL(url).origin;
  } catch {
    throw new Error(`${name} must be an absolute URL, got "${url}"`);
  }
}

export function configFromEnv(env: Record<string, string | undefined>, version = '0.0.0'): ExtensionConfig {
  const apiBase = (env.MEDIADIET_API_BASE?.trim() || DEFAULT_API_BASE).replace(/\/+$/, '');
  originOf(apiBase, 'MEDIADIET_API_BASE');
  const webOrigin = originOf(env.MEDIADIET_WEB_ORIGIN?.trim() || apiBase, 'MEDIADIET_WEB_ORIGIN');
  const dwellRaw = env.MEDIADIET_DWELL_MS?.trim();
  const dwellMs = dwellRaw ? Number(dwellRaw) : 5000;
  if (!Number.isInteger(dwellMs) || dwellMs < 0) throw new Error(`MEDIADIET_DWELL_MS must be a whole number, got "${dwellRaw}"`);
  return { apiBase, webOrigin, dwellMs, version };
}

export const config: ExtensionConfig =
  typeof __MEDIADIET_CONFIG__ === 'undefined' ? configFromEnv({}) : __MEDIADIET_CONFIG__;
