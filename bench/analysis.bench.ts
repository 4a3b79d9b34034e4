/**
 * History and insights reads on the real built server (decision 071).
 * (a) GET /api/analysis/recent (the default page of RECENT_PAGE_SIZE cards, window totals) for a user with
 *     10,000 analyses spread over the last 4 months, against a raw node:http hello-world in the same run:
 *     req/s ratio, median of alternating rounds. One token and one query, as a reader's dashboard asks it:
 *     the session and the answer come from the in-memory caches after the first request (decision 071).
 *     For context, the same for GET /api/account/urls: a session route that still reads the database (one
 *     tiny query). Latencies one at a time: the cached answer, and a page the cache cannot hold (a new
 *     query each request: the database path).
 * (b) GET /api/analysis/insights/:month/:year for a month holding 10,000 analyses: latency p50 over HTTP
 *     to the same built server, one request at a time (plus the whole year).
 * PGlite in a temporary DATA_DIR (the default database); with DATABASE_URL set, PostgreSQL too (a temporary
 * database on that server, dropped afterwards). The data is bulk-inserted and the rollups rebuilt with the
 * server's own `rebuildRollups` before the server starts. Figures, not tests.
 */
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CATEGORIES, CATEGORY_IDS } from '@mediadiet/contract/categories';
import { RECENT_PAGE_SIZE } from '@mediadiet/contract/constants';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import type { Db } from '../apps/server/src/db/database.ts';
import { analyses, touchpoints } from '../apps/server/src/db/schema.ts';
import { rebuildRollups, withView } from '../apps/server/src/modules/analysis/repository.ts';
import { replaceGoals } from '../apps/server/src/modules/goals/repository.ts';
import { upsertDay } from '../apps/server/src/modules/mood/repository.ts';
import { freePort, load, spawnAndWait, stop } from './lib/http.ts';
import type { BenchRow } from './lib/types.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
// BENCH_SERVER_ENTRY: another bundle of the server (one directory below apps/server, like dist/).
const serverEntry = process.env.BENCH_SERVER_ENTRY ?? path.resolve(here, '../apps/server/dist/server.js');
const SECRET = 'bench-only-secret-0123456789abcdefghijklmnop';
const ANALYSES = Number(process.env.BENCH_ANALYSES ?? 10_000);
const DAY = 86_400_000;
const HOSTS = [
  'www.theguardian.com',
  'www.bbc.co.uk',
  'news.ycombinator.com',
  'www.reddit.com',
  'www.nytimes.com',
  'medium.com',
  'www.seriouseats.com',
  'arstechnica.com',
  'www.theatlantic.com',
  'www.npr.org',
  'www.bonappetit.com',
  'stackoverflow.com',
];

/** A deterministic pseudo-random generator, so every run stores the same data. */
function rng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}
/** The verdicts the bench's pages get, drawn at random: draining the most common, one in ten none. */
const VERDICT_CYCLE = [
  'draining',
  'draining',
  'draining',
  'uplifting',
  'uplifting',
  'neutral',
  'neutral',
  'mixed',
  'mixed',
  undefined,
] as const;
const round = (x: number, d: number) => Math.round(x * 10 ** d) / 10 ** d;

/** Scores with the analyzer's shape and precision (BaseScore 2 decimals, Bayes figures 4, EffectiveN 3). */
function scores(random: () => number) {
  const categoryScores = Object.fromEntries(
    CATEGORY_IDS.map((id) => {
      const base = round(random() ** 2 * 100, 2);
      const bf = round(0.2 + random() * 40, 4);
      return [
        id,
        {
          BaseScore: base,
          Classification: CATEGORIES[id].classification,
          BayesFactor: bf,
          PosteriorProbability: round(bf / (1 + bf), 4),
          EffectiveN: round(random() * 30, 3),
        },
      ];
    }),
  );
  return {
    categoryScores,
    classificationAnalysis: {
      correlationCoefficient: round(random() * 2 - 1, 4),
      bayesFactor: round(random() * 10, 4),
      posteriorProbability: round(random(), 4),
    },
    valence: round(random() * 2 - 1, 4),
    overallScore: round(random() * 100, 2),
    tokens: 300 + Math.floor(random() * 1500),
  };
}

/** Bulk-inserts `count` analyses (with their touch points) at the given times, then rebuilds the rollups. */
async function insertAnalyses(db: Db, userId: string, times: Date[], seed: number): Promise<void> {
  const random = rng(seed);
  const CHUNK = 1000;
  for (let from = 0; from < times.length; from += CHUNK) {
    const tps: (typeof touchpoints.$inferInsert)[] = [];
    const rows: (typeof analyses.$inferInsert)[] = [];
    for (const createdAt of times.slice(from, from + CHUNK)) {
      const id = randomUUID();
      const host = HOSTS[Math.floor(random() * HOSTS.length)]!;
      const url = `https://${host}/2025/${id.slice(0, 8)}/a-story-about-something-${Math.floor(random() * 1e6)}`;
      const s = scores(random);
      tps.push({
        id,
        userId,
        url,
        host,
        title: 'A story',
        text: null,
        contentHash: id,
        capturedAt: createdAt,
        status: 'done',
        createdAt,
      });
      rows.push(
        withView({
          id,
          userId,
          touchpointId: id,
          url,
          host,
          title: `A story about something ${from}`,
          tokens: s.tokens,
          categoryScores: s.categoryScores,
          classificationAnalysis: s.classificationAnalysis,
          valence: s.valence,
          overallScore: s.overallScore,
          modelVersion: 'mediadiet-affect-bench',
          mode: 'server',
          // Every tenth page without a verdict, as older analyses are stored (the trend leaves them out).
          verdict: VERDICT_CYCLE[Math.floor(random() * VERDICT_CYCLE.length)] ?? null,
          createdAt,
        }),
      );
    }
    await db.insert(touchpoints).values(tps);
    await db.insert(analyses).values(rows);
  }
  await rebuildRollups(db, userId);
}

interface Seeded {
  recentToken: string;
  insightsToken: string;
  inWindow: number;
  month: { mm: number; yy: number };
}

/** Where the server keeps its data: a PGlite directory, or a PostgreSQL database. */
interface Target {
  label: string;
  env: Record<string, string>;
}

/** Two users in a fresh database: 10k analyses over 4 months, and 10k inside one (past) month. */
async function seed(target: Target): Promise<Seeded> {
  const config = loadConfig({
    NODE_ENV: 'production',
    MAIL_LOG_ONLY: 'true',
    LOG_LEVEL: 'warn',
    SESSION_SECRET: SECRET,
    WEB_DIST_DIR: path.join(tmpdir(), 'mediadiet-bench-no-web'),
    TOUCHPOINT_WORKER: 'off',
    BILLING_SWEEP_INTERVAL_MS: '0',
    ...target.env,
  });
  // Nothing is scored here: the analyzer is not even loaded.
  const app = await buildApp(config, { scorer: () => Promise.reject(new Error('no scoring in this bench')) });
  await app.ready();
  try {
    const now = Date.now();
    const make = async (email: string) => {
      const user = await app.users.create({ email, name: 'Bench Reader' });
      if (!user) throw new Error('user');
      return { id: user.id, token: (await app.sessions.create(user.id, 'pin')).token };
    };
    const spread = await make('bench-recent@example.com');
    // Evenly over the last 120 days (~83 a day): a realistic share falls in the 7-day window.
    const times = Array.from(
      { length: ANALYSES },
      (_, i) => new Date(now - (i * 120 * DAY) / ANALYSES - 1000),
    );
    await insertAnalyses(app.db, spread.id, times, 1);
    const inWindow = times.filter((t) => t.getTime() >= now - 7 * DAY).length;
    // The reader of the spread history also has the three kinds of goal and 30 days of mood check-ins: their
    // progress counts this week's ~580 pages, the mood insight relates each check-in to the day before.
    await replaceGoals(app.db, spread.id, [
      { kind: 'draining_share', target: 30 },
      { kind: 'site_daily', target: 20, site: 'reddit.com' },
      { kind: 'uplifting_weekly', target: 40 },
    ]);
    const moodRandom = rng(3);
    for (let d = 1; d <= 30; d++) {
      const day = new Date(now - d * DAY).toISOString().slice(0, 10);
      await upsertDay(app.db, spread.id, day, 1 + Math.floor(moodRandom() * 5), null, new Date(now - d * DAY));
    }

    const dense = await make('bench-insights@example.com');
    const ref = new Date(now);
    const monthStart = Date.UTC(ref.getUTCFullYear(), ref.getUTCMonth() - 1, 1);
    const monthEnd = Date.UTC(ref.getUTCFullYear(), ref.getUTCMonth(), 1);
    const monthTimes = Array.from(
      { length: ANALYSES },
      (_, i) => new Date(monthStart + Math.floor(((i + 0.5) * (monthEnd - monthStart)) / ANALYSES)),
    );
    await insertAnalyses(app.db, dense.id, monthTimes, 2);
    const first = new Date(monthStart);
    return {
      recentToken: spread.token,
      insightsToken: dense.token,
      inWindow,
      month: { mm: first.getUTCMonth() + 1, yy: first.getUTCFullYear() },
    };
  } finally {
    await app.close();
  }
}

/** p50 and p95 of sequential GETs (one connection, keep-alive), after a warm-up; `query(i)` varies the URL. */
async function latency(
  url: string,
  token: string,
  runs: number,
  query: (i: number) => string = () => '',
): Promise<{ p50: number; p95: number; bytes: number }> {
  const headers = { authorization: `Bearer ${token}` };
  let bytes = 0;
  for (let i = 0; i < 20; i++)
    bytes = (await (await fetch(`${url}${query(i)}`, { headers })).arrayBuffer()).byteLength;
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    const response = await fetch(`${url}${query(i)}`, { headers });
    await response.arrayBuffer();
    times.push(performance.now() - t0);
    if (!response.ok) throw new Error(`${url}: ${response.status}`);
  }
  times.sort((a, b) => a - b);
  return { p50: times[Math.floor(runs / 2)]!, p95: times[Math.floor(runs * 0.95)]!, bytes };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** Seeds the target, starts the built server on it and measures. */
async function measure(target: Target): Promise<BenchRow[]> {
  const duration = Number(process.env.BENCH_DURATION ?? 3);
  const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
  const t0 = performance.now();
  const seeded = await seed(target);
  const seedSeconds = (performance.now() - t0) / 1000;

  const rawPort = await freePort();
  const raw = await spawnAndWait(
    [path.join(here, 'lib/hello-server.mjs')],
    { PORT: String(rawPort) },
    `http://127.0.0.1:${rawPort}/`,
  );
  const appPort = await freePort();
  const app = await spawnAndWait(
    [serverEntry],
    {
      PORT: String(appPort),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      MAIL_LOG_ONLY: 'true',
      SESSION_SECRET: SECRET,
      TOUCHPOINT_WORKER: 'off',
      ...target.env,
    },
    `http://127.0.0.1:${appPort}/readyz`,
  ).catch(async (error: unknown) => {
    await stop(raw);
    throw error;
  });
  try {
    const base = `http://127.0.0.1:${appPort}`;
    const rawUrl = `http://127.0.0.1:${rawPort}/`;
    const recentUrl = `${base}/api/analysis/recent`;
    const floorUrl = `${base}/api/account/urls`;
    const headers = { authorization: `Bearer ${seeded.recentToken}` };
    const check = await fetch(recentUrl, { headers });
    const page = (await check.json()) as { results: unknown[]; totals: { touchpoints: number } };
    if (
      !check.ok ||
      page.results.length !== RECENT_PAGE_SIZE ||
      page.totals.touchpoints !== seeded.inWindow
    ) {
      throw new Error(
        `recent answered ${check.status}: ${page.results.length} results, ${page.totals.touchpoints} in window`,
      );
    }
    const recentKb = Math.round(Buffer.byteLength(JSON.stringify(page)) / 1024);

    // Warm all three up, then alternate rounds so machine noise hits them alike; report medians.
    await load(rawUrl, { duration: 1 });
    await load(recentUrl, { duration: 1, headers });
    await load(floorUrl, { duration: 1, headers });
    const raws: number[] = [];
    const recents: number[] = [];
    const floors: number[] = [];
    let failed = 0;
    for (let i = 0; i < rounds; i++) {
      raws.push((await load(rawUrl, { duration })).requestsPerSec);
      const r = await load(recentUrl, { duration, headers });
      recents.push(r.requestsPerSec);
      const f = await load(floorUrl, { duration, headers });
      floors.push(f.requestsPerSec);
      failed += r.non2xx + r.errors + f.non2xx + f.errors;
    }
    if (failed > 0) throw new Error(`${failed} failed requests under load`);

    const { mm, yy } = seeded.month;
    const month = await latency(`${base}/api/analysis/insights/${mm}/${yy}`, seeded.insightsToken, 200);
    const year = await latency(`${base}/api/analysis/insights/all/${yy}`, seeded.insightsToken, 100);
    const trendPeriod = `${yy}-${String(mm).padStart(2, '0')}`;
    // The trend of the dense month and of its year; a new user each would be needed to defeat the 2 s cache, so
    // these include kept answers: the first request after each 2 s reads the database.
    const trendMonth = await latency(
      `${base}/api/analysis/trends?period=${trendPeriod}`,
      seeded.insightsToken,
      200,
    );
    const trendYear = await latency(`${base}/api/analysis/trends?period=${yy}`, seeded.insightsToken, 100);
    // The dense month's pages, 20 a page: each request another page of the draining ones (none kept twice).
    const pages = await latency(
      `${base}/api/analysis/pages`,
      seeded.insightsToken,
      200,
      (i) => `?period=${trendPeriod}&verdict=draining&page=${1 + (i % 150)}`,
    );
    const goals = await latency(`${base}/api/goals`, seeded.recentToken, 200);
    const moodInsight = await latency(`${base}/api/mood/insight`, seeded.recentToken, 200);
    const recentLatency = await latency(recentUrl, seeded.recentToken, 200);
    // A different window each request (8…207 days): never a cached answer, always the database.
    const uncachedLatency = await latency(
      recentUrl,
      seeded.recentToken,
      200,
      (i) => `?days=${8 + (i % 200)}`,
    );
    const hello = { name: 'raw node:http hello-world', value: Math.round(median(raws)) };

    return [
      {
        name: `${target.label}: GET /api/analysis/recent, 10,000 analyses over 120 days (${seeded.inWindow} in the 7-day window), page of ${RECENT_PAGE_SIZE} (${recentKb} KB), median of ${rounds} alternating rounds`,
        value: Math.round(median(recents)),
        unit: 'req/s',
        baseline: hello,
        ratio: median(recents.map((r, i) => r / raws[i]!)),
        goal: '≥ 0.30',
      },
      {
        name: `${target.label}: GET /api/account/urls (session + one small query from the database), same rounds`,
        value: Math.round(median(floors)),
        unit: 'req/s',
        baseline: hello,
        ratio: median(floors.map((f, i) => f / raws[i]!)),
      },
      {
        name: `${target.label}: GET /api/analysis/recent latency p50 (the kept answer), one request at a time over HTTP (p95 ${round(recentLatency.p95, 2)} ms)`,
        value: round(recentLatency.p50, 2),
        unit: 'ms',
      },
      {
        name: `${target.label}: GET /api/analysis/recent?days=8…207, a new query each request (the database path, no cached answer) p50, one at a time (p95 ${round(uncachedLatency.p95, 2)} ms)`,
        value: round(uncachedLatency.p50, 2),
        unit: 'ms',
      },
      {
        name: `${target.label}: GET /api/analysis/insights/${mm}/${yy} (a month of 10,000 analyses) p50 over HTTP to the built server, one at a time (p95 ${round(month.p95, 2)} ms)`,
        value: round(month.p50, 2),
        unit: 'ms',
        goal: '≤ 20 ms',
      },
      {
        name: `${target.label}: GET /api/analysis/insights/all/${yy} (the whole year) p50 over HTTP (p95 ${round(year.p95, 2)} ms)`,
        value: round(year.p50, 2),
        unit: 'ms',
      },
      {
        name: `${target.label}: GET /api/analysis/trends?period=${trendPeriod} (the verdict trend of that month, weekly) p50 over HTTP (p95 ${round(trendMonth.p95, 2)} ms)`,
        value: round(trendMonth.p50, 2),
        unit: 'ms',
      },
      {
        name: `${target.label}: GET /api/analysis/trends?period=${yy} (the verdict trend of the year, monthly) p50 over HTTP (p95 ${round(trendYear.p95, 2)} ms)`,
        value: round(trendYear.p50, 2),
        unit: 'ms',
      },
      {
        name: `${target.label}: GET /api/analysis/pages?period=${trendPeriod}&verdict=draining&page=1…150 (a month of 10,000 analyses, another page each request) p50 over HTTP (p95 ${round(pages.p95, 2)} ms)`,
        value: round(pages.p50, 2),
        unit: 'ms',
      },
      {
        name: `${target.label}: GET /api/goals (three goals over a week of ~${seeded.inWindow} pages) p50 over HTTP (p95 ${round(goals.p95, 2)} ms)`,
        value: round(goals.p50, 2),
        unit: 'ms',
      },
      {
        name: `${target.label}: GET /api/mood/insight (30 check-ins, each against the day before's pages) p50 over HTTP (p95 ${round(moodInsight.p95, 2)} ms)`,
        value: round(moodInsight.p50, 2),
        unit: 'ms',
      },
      {
        name: `${target.label}: seeding 2 × ${ANALYSES} analyses (bulk insert + rebuildRollups)`,
        value: round(seedSeconds, 1),
        unit: 's',
      },
    ];
  } finally {
    await stop(app);
    await stop(raw);
  }
}

export default async function run(): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  const dataDir = await mkdtemp(path.join(tmpdir(), 'mediadiet-bench-analysis-'));
  try {
    rows.push(...(await measure({ label: 'PGlite', env: { DATA_DIR: dataDir, DATABASE_URL: '' } })));
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
  const adminUrl = process.env.DATABASE_URL;
  if (adminUrl) {
    const name = `mediadiet_bench_${randomUUID().slice(0, 8)}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    try {
      await admin.query(`CREATE DATABASE ${name}`);
      const url = new URL(adminUrl);
      url.pathname = `/${name}`;
      rows.push(...(await measure({ label: 'PostgreSQL', env: { DATABASE_URL: url.toString() } })));
    } finally {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    }
  }
  return rows;
}
