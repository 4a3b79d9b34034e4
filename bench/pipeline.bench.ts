/**
 * Touch-point pipeline throughput on PGlite (decision 061): 2,000-word pages accepted (POST
 * /api/extension/touchpoints, 16 in flight) → claimed in batches, analysed offline on the analyzer thread pool
 * and stored with usage and rollups by the worker, one transaction per batch.
 * Figures, not tests: the baseline is the bare offline analyze() rate on the same pages, same run, on one
 * thread. The pool has the production default size (cores − 1, at least 1) unless TOUCHPOINT_ANALYZE_THREADS
 * says otherwise (0 = inline, the old single-thread path).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os, { tmpdir } from 'node:os';
import path from 'node:path';
import { analyze } from '@mediadiet/analyzer';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { article } from './analyzer.bench.ts';
import { seedPremiumReader } from './lib/instances.ts';
import type { BenchRow } from './lib/types.ts';

const PAGES = Number(process.env.BENCH_PIPELINE_PAGES ?? 600);
const IN_FLIGHT = 16;
const THREADS = Number(process.env.TOUCHPOINT_ANALYZE_THREADS ?? Math.max(1, os.availableParallelism() - 1));

export default async function run(): Promise<BenchRow[]> {
  process.stdout.write(`pipeline: ${THREADS} analyzer thread${THREADS === 1 ? '' : 's'}, ${PAGES} pages\n`);
  const dataDir = await mkdtemp(path.join(tmpdir(), 'mediadiet-bench-pipeline-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'warn',
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    WEB_DIST_DIR: path.join(dataDir, 'no-web'),
    TOUCHPOINT_WORKER: 'off',
    TOUCHPOINT_ANALYZE_THREADS: String(THREADS),
  });
  const app = await buildApp(config);
  await app.ready();
  try {
    const { apiKey } = await seedPremiumReader(app);
    const text = article(2000);
    const body = (i: number) => ({
      url: `https://news.example.org/bench/${i}`,
      title: `Bench page ${i}`,
      text: `${i} ${text}`,
      capturedAt: new Date().toISOString(),
    });
    const post = async (i: number) => {
      const response = await app.inject({
        method: 'POST',
        url: '/api/extension/touchpoints',
        headers: { authorization: `Bearer ${apiKey}` },
        payload: body(i),
      });
      if (response.statusCode !== 202) throw new Error(`ingest ${response.statusCode}: ${response.body}`);
    };
    const postAll = async (from: number, count: number) => {
      let next = from;
      await Promise.all(
        Array.from({ length: IN_FLIGHT }, async () => {
          while (next < from + count) await post(next++);
        }),
      );
    };

    // Warm-up (JIT, analyzer tables, prepared paths).
    await postAll(0, 20);
    await app.touchpoints.worker.drain();

    // 1. Ingest alone: accepted per second.
    let t0 = performance.now();
    await postAll(100, PAGES);
    const ingestSeconds = (performance.now() - t0) / 1000;

    // 2. The worker alone on that backlog: analysed + stored per second.
    t0 = performance.now();
    const drained = await app.touchpoints.worker.drain();
    const workerSeconds = (performance.now() - t0) / 1000;
    if (drained.done !== PAGES) throw new Error(`worker finished ${drained.done} of ${PAGES}`);

    // 3. End to end: ingest while the worker runs, until everything is stored.
    const worker = app.touchpoints.worker;
    t0 = performance.now();
    worker.start();
    await postAll(100_000, PAGES);
    await worker.stop();
    const rest = await worker.drain();
    const e2eSeconds = (performance.now() - t0) / 1000;
    void rest;

    // Baseline: bare analyze() on the same pages, one thread.
    t0 = performance.now();
    const n = Math.min(PAGES, 200);
    for (let i = 0; i < n; i++) analyze({ title: `Bench page ${i}`, text: `${i} ${text}` });
    const analyzeRate = n / ((performance.now() - t0) / 1000);

    const row = (name: string, value: number): BenchRow => ({
      name,
      value: Math.round(value),
      unit: 'touch points/s',
      baseline: { name: 'bare analyze(), one thread', value: Math.round(analyzeRate) },
      ratio: value / analyzeRate,
      goal: '≥ 300/s',
    });
    return [
      row(`accepted (POST, ${IN_FLIGHT} in flight, 2,000-word pages)`, PAGES / ingestSeconds),
      row('analysed + stored (worker on the backlog)', PAGES / workerSeconds),
      row('end to end: accepted → analysed → stored', PAGES / e2eSeconds),
    ];
  } finally {
    await app.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}
