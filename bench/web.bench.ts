/**
 * The web app as a visitor's browser gets it, from the built production server over a demo database
 * (`npm run seed:demo` into a fresh PGlite directory, signed in as the demo user):
 * - gzip size of the JavaScript the login route and the dashboard route actually load (every script
 *   response, gzipped at level 9 as a CDN would), goals ≤ 100 KB and ≤ 200 KB;
 * - Lighthouse (desktop preset) performance and accessibility on both routes, goals ≥ 95 and 100.
 * Needs `npm run build` first (apps/server/dist, apps/web/dist) and Debian's Chromium.
 */
import { spawnSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { chromium, type BrowserContext } from 'playwright-core';
import { AUTH_TOKEN_KEY } from '@mediadiet/contract/constants';
import { demoSessionToken } from './lib/demo-session.ts';
import { freePort, spawnAndWait, stop } from './lib/http.ts';
import { BENCH_SECRET, benchServerEnv } from './lib/server-env.ts';
import type { BenchRow } from './lib/types.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(here, '..');
const serverEntry = path.join(repoRoot, 'apps/server/dist/server.js');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export default async function run(): Promise<BenchRow[]> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'mediadiet-bench-web-'));
  const profileDir = await mkdtemp(path.join(tmpdir(), 'mediadiet-bench-chromium-'));
  const token = await seedAndSignIn(dataDir);
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const server = await spawnAndWait(
    [serverEntry],
    benchServerEnv(port, { DATA_DIR: dataDir, PUBLIC_URL: origin, TOUCHPOINT_WORKER: 'off', DATABASE_URL: '' }),
    `${origin}/readyz`,
  );
  const debugPort = await freePort();
  let context: BrowserContext | undefined;
  try {
    context = await chromium.launchPersistentContext(profileDir, {
      executablePath: CHROMIUM,
      headless: false,
      args: ['--headless=new', '--no-sandbox', '--disable-gpu', `--remote-debugging-port=${debugPort}`],
    });
    const loginJs = await scriptGzipBytes(context, `${origin}/auth/login`, null);
    const dashboardJs = await scriptGzipBytes(context, `${origin}/auth/dashboard`, token);
    // The profile now holds the demo user's token; Lighthouse keeps storage (disableStorageReset).
    const login = await audit(debugPort, `${origin}/auth/login`, context, null);
    const dashboard = await audit(debugPort, `${origin}/auth/dashboard`, context, token);
    const kb = (n: number) => Math.round(n / 102.4) / 10;
    return [
      { name: 'login route: gzip JS loaded', value: kb(loginJs), unit: 'KB', goal: '≤ 100 KB' },
      { name: 'dashboard route (demo user): gzip JS loaded', value: kb(dashboardJs), unit: 'KB', goal: '≤ 200 KB' },
      { name: 'Lighthouse desktop, login: performance', value: login.performance, unit: 'score', goal: '≥ 95' },
      { name: 'Lighthouse desktop, login: accessibility', value: login.accessibility, unit: 'score', goal: '100' },
      { name: 'Lighthouse desktop, dashboard: performance', value: dashboard.performance, unit: 'score', goal: '≥ 95' },
      { name: 'Lighthouse desktop, dashboard: accessibility', value: dashboard.accessibility, unit: 'score', goal: '100' },
    ];
  } finally {
    await context?.close();
    await stop(server);
    await rm(dataDir, { recursive: true, force: true });
    await rm(profileDir, { recursive: true, force: true });
  }
}

/** `npm run seed:demo` into `dataDir`, then a session for the demo user (same secret as the server). */
async function seedAndSignIn(dataDir: string): Promise<string> {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, SESSION_SECRET: BENCH_SECRET, NODE_ENV: 'development', LOG_LEVEL: 'warn' };
  delete env.DATABASE_URL;
  const seeded = spawnSync('npm', ['run', 'seed:demo', '--silent'], { cwd: repoRoot, env, encoding: 'utf8' });
  if (seeded.status !== 0) throw new Error(`seed:demo failed: ${seeded.stderr || seeded.stdout}`);
  return demoSessionToken(dataDir, BENCH_SECRET);
}

async function withToken(context: BrowserContext, origin: string, token: string | null): Promise<void> {
  const page = await context.newPage();
  await page.goto(`${origin}/robots.txt`).catch(() => undefined);
  await page.evaluate(
    ([key, value]) => (value ? localStorage.setItem(key, value) : localStorage.removeItem(key)),
    [AUTH_TOKEN_KEY, token] as const,
  );
  await page.close();
}

/** Every script the route loads (after the network settles), gzipped at level 9, summed. */
async function scriptGzipBytes(context: BrowserContext, url: string, token: string | null): Promise<number> {
  await withToken(context, new URL(url).origin, token);
  const page = await context.newPage();
  const bodies: Promise<Buffer>[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') bodies.push(response.body());
  });
  await page.goto(url, { waitUntil: 'networkidle' });
  await page.waitForTimeout(500);
  const total = (await Promise.all(bodies)).reduce((sum, b) => sum + gzipSync(b, { level: 9 }).length, 0);
  await page.close();
  return total;
}

async function audit(
  debugPort: number,
  url: string,
  context: BrowserContext,
  token: string | null,
): Promise<{ performance: number; accessibility: number }> {
  await withToken(context, new URL(url).origin, token);
  const result = await lighthouse(
    url,
    { port: debugPort, output: 'json', logLevel: 'error', disableStorageReset: true, onlyCategories: ['performance', 'accessibility'] },
    desktopConfig,
  );
  const categories = result?.lhr.categories;
  if (!categories) throw new Error(`Lighthouse gave no result for ${url}`);
  const failing = Object.values(result.lhr.audits)
    .filter((a) => a.score !== null && a.score < 1 && a.scoreDisplayMode === 'binary')
    .map((a) => a.id);
  if (failing.length > 0) console.info(`  ${new URL(url).pathname}: audits below 1: ${failing.join(', ')}`);
  return {
    performance: Math.round((categories.performance?.score ?? 0) * 100),
    accessibility: Math.round((categories.accessibility?.score ?? 0) * 100),
  };
}
