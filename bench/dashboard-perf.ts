/**
 * The dashboard of a user with a long history, as a browser gets it (bench/results/dashboard-perf.md):
 *
 *   DATA_DIR=/tmp/webperf DEMO_ANALYSES=10000 npm run seed:demo          (once; minutes)
 *   npx tsx bench/dashboard-perf.ts --data /tmp/webperf [--server apps/server/dist/server.js]
 *                                   [--web apps/web/dist] [--runs 3] [--label after]
 *
 * Starts the built server on that database (production mode, the given web build), signs the demo user in
 * (a session made with the server's secret, the token in localStorage), then:
 * - bytes on the wire of every same-origin file the dashboard loads (index.html, scripts, styles, icons),
 *   each fetched again with `Accept-Encoding: br` and without, summed (what curl's size_download reports);
 * - Lighthouse desktop performance, TBT, LCP, DOM size and main-thread work, `--runs` times (median).
 * Needs Debian's Chromium (/usr/bin/chromium or CHROMIUM_PATH).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { chromium } from 'playwright-core';
import { AUTH_TOKEN_KEY } from '@mediadiet/contract/constants';
import { demoSessionToken } from './lib/demo-session.ts';
import { freePort, spawnAndWait, stop } from './lib/http.ts';
import { BENCH_SECRET, benchServerEnv } from './lib/server-env.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(here, '..');
const args = process.argv.slice(2);
const option = (name: string, fallback: string) => {
  const i = args.indexOf(name);
  return i >= 0 && args[i + 1] ? args[i + 1]! : fallback;
};
const dataDir = option('--data', '/tmp/webperf');
const serverEntry = path.resolve(option('--server', path.join(repoRoot, 'apps/server/dist/server.js')));
const webDir = path.resolve(option('--web', path.join(repoRoot, 'apps/web/dist')));
const runs = Number(option('--runs', '3'));
const label = option('--label', '');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const token = await signIn();
const port = await freePort();
const origin = `http://127.0.0.1:${port}`;
// On the embedded database (DATABASE_URL '' drops an inherited one), whose creation can take minutes.
const server = await spawnAndWait(
  [serverEntry],
  benchServerEnv(port, {
    DATA_DIR: dataDir,
    WEB_DIST_DIR: webDir,
    PUBLIC_URL: origin,
    TOUCHPOINT_WORKER: 'off',
    DATABASE_URL: '',
  }),
  `${origin}/readyz`,
  { timeoutMs: 300_000 },
);
const profileDir = await mkdtemp(path.join(tmpdir(), 'mediadiet-dashboard-perf-'));
const debugPort = await freePort();
const context = await chromium.launchPersistentContext(profileDir, {
  executablePath: CHROMIUM,
  headless: false,
  args: ['--headless=new', '--no-sandbox', '--disable-gpu', `--remote-debugging-port=${debugPort}`],
});
try {
  const setup = await context.newPage();
  await setup.goto(`${origin}/robots.txt`).catch(() => undefined);
  await setup.evaluate(([key, value]) => localStorage.setItem(key, value), [AUTH_TOKEN_KEY, token] as const);
  await setup.close();

  // Which files the dashboard loads (a warm-up load as well).
  const page = await context.newPage();
  const files = new Set<string>();
  page.on('response', (response) => {
    const url = new URL(response.url());
    const type = response.request().resourceType();
    if (url.origin === origin && ['document', 'script', 'stylesheet', 'image', 'font'].includes(type)) {
      files.add(url.pathname);
    }
  });
  await page.goto(`${origin}/auth/dashboard`, { waitUntil: 'networkidle' });
  await page.waitForTimeout(3000);
  const cards = await page.locator('li').count();
  await page.close();

  let plain = 0;
  let brotli = 0;
  for (const file of files) {
    plain += await wireBytes(`${origin}${file}`, 'identity');
    brotli += await wireBytes(`${origin}${file}`, 'br, gzip');
  }

  const audits: {
    score: number;
    tbt: number;
    lcp: number;
    dom: number;
    mainThread: number;
    scriptEval: number;
  }[] = [];
  for (let i = 0; i < runs; i++) {
    const result = await lighthouse(
      `${origin}/auth/dashboard`,
      {
        port: debugPort,
        output: 'json',
        logLevel: 'error',
        disableStorageReset: true,
        onlyCategories: ['performance'],
      },
      desktopConfig,
    );
    const lhr = result?.lhr;
    if (!lhr) throw new Error('Lighthouse gave no result');
    audits.push({
      score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
      tbt: Math.round(lhr.audits['total-blocking-time']?.numericValue ?? NaN),
      lcp: Math.round(lhr.audits['largest-contentful-paint']?.numericValue ?? NaN),
      dom: lhr.audits['dom-size']?.numericValue ?? NaN,
      mainThread: Math.round(lhr.audits['mainthread-work-breakdown']?.numericValue ?? NaN),
      scriptEval: Math.round(
        (
          (
            lhr.audits['mainthread-work-breakdown']?.details as {
              items?: { group: string; duration: number }[];
            }
          )?.items ?? []
        )
          .filter((item) => item.group === 'scriptEvaluation')
          .reduce((sum, item) => sum + item.duration, 0),
      ),
    });
  }
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
  console.info(
    JSON.stringify(
      {
        label,
        files: files.size,
        listItems: cards,
        bytesPlain: plain,
        bytesBrotli: brotli,
        runs: audits,
        median: {
          score: median(audits.map((a) => a.score)),
          tbt: median(audits.map((a) => a.tbt)),
          lcp: median(audits.map((a) => a.lcp)),
          dom: median(audits.map((a) => a.dom)),
          mainThread: median(audits.map((a) => a.mainThread)),
          scriptEval: median(audits.map((a) => a.scriptEval)),
        },
      },
      null,
      2,
    ),
  );
} finally {
  await context.close();
  await stop(server);
  await rm(profileDir, { recursive: true, force: true });
}

/** The body size as sent (compressed when the server compressed it), like curl's size_download. */
async function wireBytes(url: string, acceptEncoding: string): Promise<number> {
  const { request } = await import('node:http');
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      { headers: { 'accept-encoding': acceptEncoding, accept: 'text/html,*/*' } },
      (res) => {
        let size = 0;
        res.on('data', (chunk: Buffer) => (size += chunk.length));
        res.on('end', () => resolve(size));
      },
    );
    req.on('error', reject);
    req.end();
  });
}

/** A session for the demo user, made with the secret the server will run with. */
async function signIn(): Promise<string> {
  return demoSessionToken(dataDir, BENCH_SECRET);
}
