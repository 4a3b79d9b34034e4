import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * The JavaScript a first visit fetches, from a production build (decisions 073 and 166): the entry, the app it
 * starts and the screen, each with everything it imports statically — what index.html's preload script fetches
 * at once. Sizes are gzip -9 (kB = 1000 bytes) and the same on every machine; no browser, no timing. Code a
 * page fetches later (the socket with the first connection, toasts with the first toast) is not counted here;
 * `npm run measure:routes` measures the whole page in a browser.
 */
const KB = 1000;
/** Issue #7: the signed-out sign-in page. Its static graph is all it fetches until the visitor acts. */
const LOGIN_MAX = 100 * KB;
/**
 * The dashboard's budget (issue #7) is 200 kB for the whole page, and the page is over it (figures in
 * bench/results/web-notes.md, decision 166). This ceiling, just above its static graph, keeps it from growing
 * further: lower it as the page gets back under its budget.
 */
const DASHBOARD_MAX = 207 * KB;
/**
 * `schemas` (zod and the contract's schemas, vite.config.ts) is fetched by every page that talks to the
 * server; a public suffix list or zod's JSON-Schema generator in it would take it far past this (decision 166).
 */
const SCHEMAS_MAX = 35 * KB;

const webRoot = path.join(import.meta.dirname, '../..');
const vite = path.join(webRoot, '../../node_modules/vite/bin/vite.js');

type ManifestChunk = { file: string; name?: string; isEntry?: boolean; imports?: string[] };
let out: string;
let manifest: Record<string, ManifestChunk>;
const sizes = new Map<string, number>();

beforeAll(() => {
  out = mkdtempSync(path.join(tmpdir(), 'mediadiet-web-budget-'));
  const built = spawnSync(
    process.execPath,
    [vite, 'build', '--manifest', '--outDir', out, '--emptyOutDir', '--logLevel', 'error'],
    // A production build: the test runner's NODE_ENV=test would give React's development build.
    { cwd: webRoot, encoding: 'utf8', env: { ...process.env, NODE_ENV: 'production' } },
  );
  if (built.status !== 0) throw new Error(`vite build failed:\n${built.stdout}\n${built.stderr}`);
  manifest = JSON.parse(readFileSync(path.join(out, '.vite/manifest.json'), 'utf8')) as typeof manifest;
}, 180_000);
afterAll(() => rmSync(out, { recursive: true, force: true }));

function gzipSize(file: string): number {
  let size = sizes.get(file);
  if (size === undefined) {
    size = gzipSync(readFileSync(path.join(out, file)), { level: 9 }).length;
    sizes.set(file, size);
  }
  return size;
}

/** The chunk files of the entry and of these source modules, with their static imports. */
function graph(...modules: string[]): string[] {
  const files = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk) throw new Error(`no chunk for ${key} in the build`);
    if (files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const dep of chunk.imports ?? []) visit(dep);
  };
  const entry = Object.keys(manifest).find((key) => manifest[key]!.isEntry);
  for (const key of [entry!, ...modules]) visit(key);
  return [...files];
}

const total = (files: string[]) => files.reduce((sum, file) => sum + gzipSize(file), 0);
/** The graph's chunks, largest first, for the failure message. */
const listing = (files: string[]) =>
  files
    .map((file) => [file, gzipSize(file)] as const)
    .sort((a, b) => b[1] - a[1])
    .map(([file, size]) => `${(size / KB).toFixed(1).padStart(7)} kB  ${file}`)
    .join('\n');

const schemasChunk = () => Object.values(manifest).find((chunk) => chunk.name === 'schemas');

describe('route JavaScript of a production build (gzip -9)', () => {
  it(`sign-in page signed out (/auth/login): at most ${LOGIN_MAX / KB} kB, and no zod`, () => {
    const files = graph('src/app/login-app.tsx');
    expect(total(files), `login graph:\n${listing(files)}`).toBeLessThanOrEqual(LOGIN_MAX);
    expect(files).not.toContain(schemasChunk()?.file);
  });

  it(`dashboard signed in (/auth/dashboard): at most ${DASHBOARD_MAX / KB} kB`, () => {
    const files = graph('src/app/app.tsx', 'src/app/routes/auth/dashboard.tsx');
    expect(total(files), `dashboard graph:\n${listing(files)}`).toBeLessThanOrEqual(DASHBOARD_MAX);
  });

  it(`the shared schemas chunk: at most ${SCHEMAS_MAX / KB} kB`, () => {
    const schemas = schemasChunk();
    expect(schemas, 'a chunk named schemas').toBeDefined();
    // What it holds besides zod and the contract: the dependencies its modules pulled in.
    const map = JSON.parse(readFileSync(path.join(out, `${schemas!.file}.map`), 'utf8')) as {
      sources: string[];
    };
    const others = map.sources
      .map((source) => source.replace(/^(\.\.\/)+/, ''))
      .filter((source) => !/node_modules\/zod\/|packages\/contract\/src\//.test(source));
    expect(gzipSize(schemas!.file), `schemas also holds:\n${others.join('\n')}`).toBeLessThanOrEqual(
      SCHEMAS_MAX,
    );
  });
});
