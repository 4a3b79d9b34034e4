/**
 * What a build for the stores must satisfy (decision 161), checked by `scripts/build.ts --store` before it bundles
 * anything. Build-time only: nothing of this module ships in the extension.
 */
import { isPrivateHost } from '@mediadiet/contract/capture';
import type { ExtensionConfig } from '../src/config.ts';

/**
 * Names reserved for testing and documentation (RFC 2606, RFC 6761): no store build can reach a real server there.
 * `isPrivateHost` already covers loopback, private and link-local addresses, `localhost` and the intranet names.
 */
const RESERVED_SUFFIXES = ['test', 'example', 'invalid', 'example.com', 'example.net', 'example.org'];

function hostProblem(hostname: string): string | null {
  const host = hostname.toLowerCase().replace(/\.$/, '');
  if (isPrivateHost(host)) return 'is this computer or a private network';
  const reserved = RESERVED_SUFFIXES.find((s) => host === s || host.endsWith(`.${s}`));
  if (reserved) return `is under .${reserved}, reserved for tests and examples`;
  return null;
}

/**
 * Why a build with this configuration may not be uploaded to a store, one sentence per problem; empty when it
 * may. The server and the web app must be public https addresses: a store build pointed at a development server
 * would send people's pages nowhere (or to whoever holds that address) and pair with no account.
 */
export function storeConfigProblems(cfg: Pick<ExtensionConfig, 'apiBase' | 'webOrigin'>): string[] {
  const problems: string[] = [];
  for (const [name, value] of [
    ['MEDIADIET_API_BASE', cfg.apiBase],
    ['MEDIADIET_WEB_ORIGIN', cfg.webOrigin],
  ] as const) {
    const url = new URL(value);
    if (url.protocol !== 'https:') problems.push(`${name} is ${value}: a store build needs an https address`);
    const host = hostProblem(url.hostname);
    if (host) problems.push(`${name} is ${value}: its host ${host}`);
  }
  return problems;
}

/** The message `build.ts --store` stops with. */
export function storeRefusal(problems: readonly string[]): string {
  return [
    'Refusing to build for the stores:',
    ...problems.map((p) => `  - ${p}`),
    'Set MEDIADIET_API_BASE (and MEDIADIET_WEB_ORIGIN when the web app has another origin) to the public https',
    'addresses, e.g. MEDIADIET_API_BASE=https://mediadiet.app npm run build:store -w apps/extension',
  ].join('\n');
}
