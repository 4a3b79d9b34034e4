import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error -- a plain ES module script of the repository root (scripts/), without types
import { apps, inputsHash } from '../../../../scripts/build-if-changed.mjs';

interface App {
  dir: string;
  output: string;
  env: RegExp | null;
}
const [extension, web, server] = apps as App[];
const inputsHashOf = inputsHash as (app: App, env: NodeJS.ProcessEnv, root: string) => string;
const hash = (app: App, env: NodeJS.ProcessEnv = {}) => inputsHashOf(app, env, root);

let root: string;
async function write(file: string, text: string) {
  await fs.mkdir(path.dirname(path.join(root, file)), { recursive: true });
  await fs.writeFile(path.join(root, file), text);
}

beforeAll(async () => {
  root = await fs.mkdtemp(path.join(os.tmpdir(), 'mediadiet-build-inputs-'));
  await write('package-lock.json', '{}');
  await write('packages/contract/src/messages.ts', 'export const a = 1;');
  await write('apps/server/src/server.ts', 'console.log(1);');
  await write('apps/web/src/main.tsx', 'export {};');
  await write('apps/extension/src/background.ts', 'export {};');
});
afterAll(() => fs.rm(root, { recursive: true, force: true }));

describe('npm start rebuilds only what changed (scripts/build-if-changed.mjs)', () => {
  it('keeps the same hash when nothing changed, whatever the file times', async () => {
    const before = hash(server!);
    const later = new Date(Date.now() + 60_000);
    await fs.utimes(path.join(root, 'apps/server/src/server.ts'), later, later);
    expect(hash(server!)).toBe(before);
  });

  it('ignores tests, dist and node_modules', async () => {
    const before = hash(server!);
    await write('apps/server/test/a.test.ts', 'it()');
    await write('apps/server/src/b.test.ts', 'it()');
    await write('apps/server/dist/server.js', 'built');
    await write('apps/server/node_modules/x/index.js', 'x');
    expect(hash(server!)).toBe(before);
  });

  it("changes with the app's own source, a shared package, the lockfile and the app's build variables", async () => {
    let last = hash(server!);
    for (const [file, text] of [
      ['apps/server/src/server.ts', 'console.log(2);'],
      ['apps/server/src/new-file.ts', 'export {};'],
      ['packages/contract/src/messages.ts', 'export const a = 2;'],
      ['package-lock.json', '{"v":2}'],
    ] as const) {
      await write(file, text);
      const next = hash(server!);
      expect(next, file).not.toBe(last);
      last = next;
    }
    expect(hash(web!, { VITE_API_BASE: 'https://a.example' })).not.toBe(
      hash(web!, { VITE_API_BASE: 'https://b.example' }),
    );
    expect(hash(extension!, { MEDIADIET_API_BASE: 'https://a.example' })).not.toBe(hash(extension!));
    expect(hash(server!, { VITE_API_BASE: 'https://a.example' })).toBe(hash(server!));
  });

  it("one app's change leaves the others' hashes alone", async () => {
    const webBefore = hash(web!);
    await write('apps/server/src/server.ts', 'console.log(3);');
    expect(hash(web!)).toBe(webBefore);
  });
});
