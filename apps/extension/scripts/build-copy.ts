/**
 * A build of the extension in a folder of its own, pointed at a server of the caller's: the end-to-end journeys
 * (Chromium and Firefox), the labels bench and the store screenshots each load one (`scripts/build.ts` with
 * MEDIADIET_EXTENSION_OUT). Answers the unpacked folder, `<out>/chrome` or `<out>/firefox`.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export interface CopyOptions {
  apiBase: string;
  webOrigin: string;
  dwellMs?: number;
}

export function buildCopy(target: 'chrome' | 'firefox', out: string, opts: CopyOptions): string {
  const result = spawnSync(path.join(root, '../../node_modules/.bin/tsx'), [path.join(root, 'scripts/build.ts'), '--target', target], {
    cwd: root,
    encoding: 'utf8',
    env: {
      ...process.env,
      MEDIADIET_EXTENSION_OUT: out,
      MEDIADIET_API_BASE: opts.apiBase,
      MEDIADIET_WEB_ORIGIN: opts.webOrigin,
      ...(opts.dwellMs === undefined ? {} : { MEDIADIET_DWELL_MS: String(opts.dwellMs) }),
    },
  });
  if (result.status !== 0) throw new Error(`The extension build failed:\n${result.stdout}\n${result.stderr}`);
  return path.join(out, target);
}
