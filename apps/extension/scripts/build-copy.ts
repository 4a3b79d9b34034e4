/**
 * A Chromium build of the extension in a folder of its own, pointed at a server of the caller's: the end-to-end
 * journeys, the labels bench and the store screenshots each load one (`scripts/build.ts` with
 * MEDIADIET_EXTENSION_OUT). Answers the unpacked folder, `<out>/chrome`.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export function buildChromeCopy(out: string, opts: { apiBase: string; webOrigin: string; dwellMs?: number }): string {
  const result = spawnSync(path.join(root, '../../node_modules/.bin/tsx'), [path.join(root, 'scripts/build.ts'), '--target', 'chrome'], {
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
  return path.join(out, 'chrome');
}
