#!/usr/bin/env node
/**
 * How much JavaScript a browser really loads per route (issue #7 budgets).
 *
 *   npm run build -w apps/web                       (or: npx vite build --outDir /tmp/web-dist, then --dist)
 *   npm run measure:routes -w apps/web -- [--dist dir] [--json out.json] [--compare before.json]
 *                                          [--with-data] [--min-wait ms] [--verbose]
 *
 * Serves the built app (`dist/`, SPA fallback to index.html) on a free local port, opens each route in
 * headless Chromium (/usr/bin/chromium, or $CHROMIUM; playwright-core comes from the e2e workspace) and sums
 * every script response, each body gzipped at level 9. Two figures per route:
 * - at the first network idle (no request in flight for 1 s after load) — the measure;
 * - over the whole observation (at least 9 s, `--min-wait ms`), so late but automatic loads count too, such
 *   as react-toastify for the first extension-check warning (~2 s after load, or at the 5 s check).
 * The socket.io connection is refused and ignored. The API is stubbed with page.route:
 * - `/auth/login` signed out (no token);
 * - `/auth/dashboard` signed in (localStorage authToken), insights view, a user with an active basic plan,
 *   no pending extension wizard, empty history and insights; with `--with-data` one analysis and insights
 *   with results (the donut chart loads too).
 * Budgets (issue #7): login ≤ 100 kB, dashboard ≤ 200 kB (1 kB = 1000 bytes). Exit code 0 either way: this prints figures.
 * The unit tests check the static part of the same pages on a build, without a browser (src/app/route-budget.test.ts).
 */
import { createServer } from 'node:http';
import { readFile, stat, writeFile } from 'node:fs/promises';
import { extname, join, normalize, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';

const here = fileURLToPath(new URL('.', import.meta.url));
const args = process.argv.slice(2);
const option = (name) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};
const dist = resolve(option('--dist') ?? join(here, '..', 'dist'));
const jsonOut = option('--json');
const compareWith = option('--compare');
const withData = args.includes('--with-data');
const verbose = args.includes('--verbose');
const KB = 1000; // kB as Vite prints them (the stricter reading of "100 KB")
const BUDGETS = { login: 100 * KB, dashboard: 200 * KB };

// ── Static server for dist/ ─────────────────────────────────────────────────────────────────────────
const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.json': 'application/json',
  '.webmanifest': 'application/manifest+json',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
};

async function fileFor(pathname) {
  const candidate = normalize(join(dist, decodeURIComponent(pathname)));
  if (!candidate.startsWith(dist)) return null;
  try {
    if ((await stat(candidate)).isFile()) return candidate;
  } catch {
    // not a file: SPA fallback below
  }
  return extname(pathname) === '' ? join(dist, 'index.html') : null;
}

function startServer() {
  const server = createServer((req, res) => {
    const { pathname } = new URL(req.url ?? '/', 'http://localhost');
    void fileFor(pathname).then(async (file) => {
      if (!file) {
        res.writeHead(404).end();
        return;
      }
      res.writeHead(200, { 'Content-Type': TYPES[extname(file)] ?? 'application/octet-stream' });
      res.end(await readFile(file));
    });
  });
  return new Promise((ok) => server.listen(0, '127.0.0.1', () => ok(server)));
}

// ── API stubs ───────────────────────────────────────────────────────────────────────────────────────
const T0 = '2025-01-15T10:00:00.000Z';
const S0 = Math.floor(Date.now() / 1000) - 5 * 86_400;
const user = {
  id: 'user-1',
  email: 'ada@example.com',
  name: 'Ada Lovelace',
  state: { hasHadFreeTrial: true, shouldShowExtensionWizard: false },
  stripe: null,
  configs: { state: 'NOT_STARTED', lastSubmitted: null },
  extension: { status: null, isInstalled: false },
  createdAt: T0,
};
const subscription = {
  id: 'sub-1',
  plan: 'basic',
  status: 'active',
  cancelAt: null,
  currentPeriodStart: S0,
  currentPeriodEnd: S0 + 30 * 86_400,
  trialEnd: null,
  tokensLimit: 500_000,
  overageRate: 0.5,
  overageLimit: 0,
};
const analysis = {
  id: 'analysis-1',
  url: 'https://news.example.com/story',
  title: 'A story',
  createdAt: new Date().toISOString(),
  tokens: 1200,
  overallScore: 55,
  mode: 'server',
};

function apiAnswer(method, pathname) {
  const key = `${method} ${pathname}`;
  switch (key) {
    case 'POST /auth/loggedin':
      return { success: true, loggedIn: true, user };
    case 'GET /api/account/info':
      return { success: true, user };
    case 'GET /api/subscription':
      return {
        success: true,
        subscription,
        count: withData ? 1 : 0,
        tokensUsed: withData ? 1200 : 0,
        currentPeriodStart: S0,
        nextBilling: S0 + 30 * 86_400,
      };
    default:
      return undefined;
  }
}

let contractFixtures;
/** History and insights are built with the contract's own fixtures when the dashboard asks for them. */
async function analysisAnswer(pathname) {
  contractFixtures ??= await loadFixtures();
  const { buildAnalysis, buildInsights } = contractFixtures;
  if (pathname === '/api/analysis/recent') {
    const results = withData ? [buildAnalysis(analysis)] : [];
    return {
      success: true,
      results,
      totals: { touchpoints: results.length, tokens: withData ? 1200 : 0 },
      nextCursor: null,
    };
  }
  if (pathname.startsWith('/api/analysis/insights')) {
    const now = new Date();
    const dates = { currMM: now.getMonth() + 1, currYY: now.getFullYear() };
    return withData
      ? buildInsights({ ...dates, directories: [{ mm: dates.currMM, yy: dates.currYY }] })
      : buildInsights({ ...dates, results: [], totalResults: 0, topDomains: [], directories: [] });
  }
  return undefined;
}

async function loadFixtures() {
  // The contract is TypeScript source: strip its types with esbuild (a dev dependency of the monorepo).
  const { build } = await import('esbuild');
  const out = await build({
    entryPoints: [join(here, '..', '..', '..', 'packages', 'contract', 'src', 'fixtures.ts')],
    bundle: true,
    format: 'esm',
    write: false,
    platform: 'neutral',
  });
  const code = out.outputFiles[0].text;
  return import(`data:text/javascript;base64,${Buffer.from(code).toString('base64')}`);
}

const SPA_PATHS = new Set(['/auth/login', '/auth/register', '/auth/dashboard']);
const isServerCall = (pathname) =>
  pathname.startsWith('/api/') ||
  pathname.startsWith('/dev/') ||
  (pathname.startsWith('/auth/') && !SPA_PATHS.has(pathname));

// ── One page load ───────────────────────────────────────────────────────────────────────────────────
const QUIET_MS = 1000;
const MAX_MS = 20_000;
/**
 * Observe each page at least this long: the signed-in shell's first extension check raises its warning
 * toast ~2 s after load (2 s PING wait), which fetches react-toastify — part of what the page loads.
 */
const MIN_MS = Number(option('--min-wait') ?? 9000);

async function measure(browser, origin, scenario) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  if (scenario.token) {
    await context.addInitScript((token) => window.localStorage.setItem('authToken', token), scenario.token);
  }
  const page = await context.newPage();
  const problems = [];
  const unstubbed = new Set();
  page.on('console', (msg) => {
    if (msg.location().url.includes('/socket.io')) return; // refused on purpose
    if (msg.type() === 'error' || msg.type() === 'warning')
      problems.push(`console.${msg.type()}: ${msg.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));

  await page.route('**/*', async (route) => {
    const request = route.request();
    const url = new URL(request.url());
    if (url.pathname.startsWith('/socket.io')) return route.abort('connectionrefused');
    if (url.origin !== origin || !isServerCall(url.pathname)) return route.continue();
    const body = apiAnswer(request.method(), url.pathname) ?? (await analysisAnswer(url.pathname));
    if (body === undefined) {
      unstubbed.add(`${request.method()} ${url.pathname}`);
      return route.fulfill({ status: 404, json: { success: false, error: 'Not stubbed' } });
    }
    return route.fulfill({ status: 200, json: body });
  });

  // Network idle: nothing in flight (socket.io excepted) for QUIET_MS.
  const inFlight = new Set();
  let lastActivity = Date.now();
  const counts = (request) => !new URL(request.url()).pathname.startsWith('/socket.io');
  page.on('request', (r) => {
    if (!counts(r)) return;
    inFlight.add(r);
    lastActivity = Date.now();
  });
  const settle = (r) => {
    if (inFlight.delete(r)) lastActivity = Date.now();
  };
  page.on('requestfinished', settle);
  page.on('requestfailed', settle);

  const scripts = new Map();
  let started = 0;
  page.on('response', (response) => {
    const url = new URL(response.url());
    const type = response.headers()['content-type'] ?? '';
    if (!/\.m?js$/.test(url.pathname) && !type.includes('javascript')) return;
    if (scripts.has(url.href)) return;
    const at = Date.now() - started;
    scripts.set(
      url.href,
      response.body().then(
        (body) => ({
          name: url.pathname.split('/').pop(),
          at,
          raw: body.length,
          gzip: gzipSync(body, { level: 9 }).length,
        }),
        () => null,
      ),
    );
  });

  started = Date.now();
  await page.goto(origin + scenario.path, { waitUntil: 'load' });
  let firstIdleMs = null;
  while (Date.now() - started < MAX_MS) {
    const quiet = inFlight.size === 0 && Date.now() - lastActivity >= QUIET_MS;
    if (quiet) firstIdleMs ??= lastActivity - started;
    if (quiet && Date.now() - started >= MIN_MS) break;
    await new Promise((ok) => setTimeout(ok, 100));
  }
  const idleAfterMs = Date.now() - started;

  let check = 'ok';
  try {
    await page.getByText(scenario.expect).first().waitFor({ timeout: 2000 });
  } catch {
    check = `MISSING "${scenario.expect}" (at ${new URL(page.url()).pathname})`;
  }
  const finalPath = new URL(page.url()).pathname;
  const chunks = (await Promise.all(scripts.values())).filter(Boolean).sort((a, b) => b.gzip - a.gzip);
  await context.close();
  const total = chunks.reduce((sum, c) => sum + c.gzip, 0);
  // The brief's measure: what had arrived when the network first went quiet for a second after load.
  const atFirstIdle = chunks
    .filter((c) => firstIdleMs === null || c.at <= firstIdleMs)
    .reduce((sum, c) => sum + c.gzip, 0);
  return {
    ...scenario,
    finalPath,
    check,
    idleAfterMs,
    firstIdleMs,
    chunks,
    total,
    atFirstIdle,
    problems,
    unstubbed: [...unstubbed],
  };
}

// ── Report ──────────────────────────────────────────────────────────────────────────────────────────
const kb = (bytes) => `${(bytes / KB).toFixed(1)} kB`;
const stem = (name) => name.replace(/-[A-Za-z0-9_-]{8}\.m?js$/, '');

function print(result, before) {
  const budget = BUDGETS[result.name];
  const verdict = result.total <= budget ? 'within' : 'OVER';
  console.log(`\n${result.name}  ${result.path}  (${result.token ? 'signed in' : 'signed out'})`);
  console.log(
    `  landed on ${result.finalPath}, content check: ${result.check}, first network idle at ${result.firstIdleMs} ms, observed ${result.idleAfterMs} ms`,
  );
  const previous = new Map((before?.chunks ?? []).map((c) => [stem(c.name), c]));
  for (const chunk of result.chunks) {
    const old = previous.get(stem(chunk.name));
    previous.delete(stem(chunk.name));
    const diff = before ? (old ? `  (before ${kb(old.gzip)})` : '  (new)') : '';
    const late =
      result.firstIdleMs !== null && chunk.at > result.firstIdleMs
        ? `  [after first idle, at ${chunk.at} ms]`
        : '';
    console.log(
      `  ${kb(chunk.gzip).padStart(9)}  ${kb(chunk.raw).padStart(9)} raw  ${chunk.name}${diff}${late}`,
    );
  }
  for (const [name, old] of previous)
    console.log(`  ${'—'.padStart(9)}  ${''.padStart(13)}  ${name} (gone; before ${kb(old.gzip)})`);
  const was = before ? ` (before ${kb(before.total)})` : '';
  console.log(
    `  total ${kb(result.total)} gzip-9 in ${result.chunks.length} scripts${was} — budget ${kb(budget)}: ${verdict}`,
  );
  if (result.atFirstIdle !== result.total) {
    const idleVerdict = result.atFirstIdle <= budget ? 'within' : 'OVER';
    console.log(`  (at the first network idle: ${kb(result.atFirstIdle)} — ${idleVerdict})`);
  }
  if (result.unstubbed.length) console.log(`  unstubbed API calls: ${result.unstubbed.join(', ')}`);
  if (result.problems.length && (verbose || result.check !== 'ok')) {
    for (const p of result.problems) console.log(`  ${p}`);
  } else if (result.problems.length) {
    console.log(`  ${result.problems.length} console warnings/errors (--verbose shows them)`);
  }
}

const server = await startServer();
const origin = `http://127.0.0.1:${server.address().port}`;
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
  headless: true,
});
try {
  const scenarios = [
    { name: 'login', path: '/auth/login', token: null, expect: 'Sign in' },
    { name: 'dashboard', path: '/auth/dashboard', token: 'measure-token', expect: 'Welcome, Ada' },
  ];
  const results = [];
  for (const scenario of scenarios) results.push(await measure(browser, origin, scenario));
  const before = compareWith ? JSON.parse(await readFile(compareWith, 'utf8')) : null;
  console.log(`dist: ${dist}${withData ? ' (dashboard with analyses and insights)' : ''}`);
  for (const result of results)
    print(
      result,
      before?.find((b) => b.name === result.name),
    );
  if (jsonOut) await writeFile(jsonOut, JSON.stringify(results, null, 2));
} finally {
  await browser.close();
  server.close();
}
