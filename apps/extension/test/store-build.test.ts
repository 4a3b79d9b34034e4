import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lintFirefox, type LintReport } from '../scripts/lint-store';
import { storeConfigProblems } from '../scripts/store';
import { configFromEnv } from '../src/config';
import { FIREFOX_DATA_COLLECTION } from '../src/manifest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { version: string };
const PUBLIC = { MEDIADIET_API_BASE: 'https://api.mediadiet.app', MEDIADIET_WEB_ORIGIN: 'https://mediadiet.app' };

function build(args: string[], env: Record<string, string>) {
  return spawnSync(path.join(root, '../../node_modules/.bin/tsx'), ['scripts/build.ts', ...args], {
    cwd: root,
    encoding: 'utf8',
    env: { ...process.env, MEDIADIET_API_BASE: '', MEDIADIET_WEB_ORIGIN: '', ...env },
  });
}

const problems = (apiBase: string, webOrigin = apiBase) => storeConfigProblems(configFromEnv({ MEDIADIET_API_BASE: apiBase, MEDIADIET_WEB_ORIGIN: webOrigin }));

describe('a store build refuses a server it cannot ship with (decision 161)', () => {
  it('public https addresses pass', () => {
    expect(problems('https://api.mediadiet.app', 'https://mediadiet.app')).toEqual([]);
    expect(problems('https://mediadiet.app:8443/api')).toEqual([]);
  });

  it.each([
    ['http://localhost:3000', /MEDIADIET_API_BASE is http:\/\/localhost:3000: a store build needs an https address/],
    ['https://localhost', /private network/],
    ['https://127.0.0.1:3000', /private network/],
    ['https://[::1]:3000', /private network/],
    ['https://10.0.0.5', /private network/],
    ['https://192.168.1.20', /private network/],
    ['https://172.20.0.1', /private network/],
    ['https://mediadiet.local', /private network/],
    ['https://app.test', /under \.test, reserved/],
    ['https://diet.example.com', /under \.example\.com, reserved/],
    ['https://api.example', /under \.example, reserved/],
    ['https://intranet', /private network/],
    ['http://mediadiet.app', /needs an https address/],
  ])('%s', (url, reason) => {
    const found = problems(url, 'https://mediadiet.app');
    expect(found.length).toBeGreaterThan(0);
    expect(found.join('\n')).toMatch(reason);
  });

  it('checks the web origin as well as the server', () => {
    expect(problems('https://api.mediadiet.app', 'http://localhost:5173').join('\n')).toMatch(/MEDIADIET_WEB_ORIGIN is http:\/\/localhost:5173/);
  });

  it('`build.ts --store` stops before building anything, naming the variable', () => {
    const out = mkdtempSync(path.join(tmpdir(), 'mediadiet-store-refused-'));
    try {
      const refused = build(['--store'], { MEDIADIET_API_BASE: 'http://localhost:3000', MEDIADIET_EXTENSION_OUT: out });
      expect(refused.status).toBe(1);
      expect(refused.stderr).toMatch(/Refusing to build for the stores/);
      expect(refused.stderr).toMatch(/MEDIADIET_API_BASE is http:\/\/localhost:3000/);
      expect(existsSync(path.join(out, 'chrome'))).toBe(false);
      expect(existsSync(path.join(out, `mediadiet-chrome-${pkg.version}.zip`))).toBe(false);
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  }, 60_000);
});

describe('the store build (both browsers)', () => {
  let out: string;
  let lint: LintReport;
  const zip = (target: string) => unzipSync(new Uint8Array(readFileSync(path.join(out, `mediadiet-${target}-${pkg.version}.zip`))));
  const zippedManifest = (target: string) => JSON.parse(strFromU8(zip(target)['manifest.json']!)) as Record<string, unknown>;

  beforeAll(() => {
    out = mkdtempSync(path.join(tmpdir(), 'mediadiet-store-build-'));
    const r = build(['--store'], { ...PUBLIC, MEDIADIET_EXTENSION_OUT: out });
    if (r.status !== 0) throw new Error(`store build failed:\n${r.stdout}\n${r.stderr}`);
    lint = lintFirefox(path.join(out, 'firefox'));
  }, 240_000);
  afterAll(() => rmSync(out, { recursive: true, force: true }));

  it('the Chrome zip has no key (the store gives the listing its own id) and points at the public server', () => {
    const manifest = zippedManifest('chrome');
    expect(manifest).not.toHaveProperty('key');
    expect(manifest.manifest_version).toBe(3);
    expect(manifest.host_permissions).toEqual(expect.arrayContaining(['https://api.mediadiet.app/*', 'https://mediadiet.app/*']));
    expect(manifest.externally_connectable).toEqual({ matches: ['https://mediadiet.app/*'] });
    expect(Object.keys(zip('chrome'))).toEqual(expect.arrayContaining(['background.js', 'icons/128.png', 'analyzer/model.js']));
  });

  it('the Firefox zip declares its data collection and has every file the manifest names', () => {
    const manifest = zippedManifest('firefox');
    expect(manifest).not.toHaveProperty('key');
    const gecko = (manifest.browser_specific_settings as { gecko: Record<string, unknown> }).gecko;
    expect(gecko.data_collection_permissions).toEqual(FIREFOX_DATA_COLLECTION);
    const files = zip('firefox');
    for (const icon of Object.values(manifest.icons as Record<string, string>)) expect(files[icon], icon).toBeDefined();
    for (const script of (manifest.background as { scripts: string[] }).scripts) expect(files[script], script).toBeDefined();
  });

  it('web-ext lint (listed on addons.mozilla.org, warnings as errors) reports nothing on the Firefox build', () => {
    expect(lint.errors).toEqual([]);
    expect(lint.warnings).toEqual([]);
  });
});
