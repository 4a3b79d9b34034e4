/**
 * The analyzer thread pool against piscina (decision 135): the same 2,000-word pages scored on the same number of
 * threads, all sent at once, by the server's own pool (`createAnalyzePool`, two tasks ahead per thread) and by
 * piscina 5 (`concurrentTasksPerWorker` 2, its default queue), two rounds each in opposite order. Figures, not
 * tests: pages per second for each (mean of the rounds), the own pool's as the baseline, and each pool's p95 time
 * from send to answer.
 */
import os from 'node:os';
import { Piscina } from 'piscina';
import type { AnalyzeInput } from '@mediadiet/analyzer';
import { createAnalyzePool } from '../apps/server/src/modules/analysis/analyze-pool.ts';
import { article } from './analyzer.bench.ts';
import type { BenchRow } from './lib/types.ts';

const PAGES = Number(process.env.BENCH_POOL_PAGES ?? 400);
const THREADS = Number(process.env.BENCH_POOL_THREADS ?? Math.max(2, os.availableParallelism()));

interface Run {
  pagesPerSecond: number;
  p95Ms: number;
}

async function measure(score: (input: AnalyzeInput) => Promise<unknown>, inputs: AnalyzeInput[]): Promise<Run> {
  // Warm every thread (the analyzer's table loads once per thread) before the clock starts.
  await Promise.all(inputs.slice(0, THREADS * 2).map(score));
  const latencies: number[] = [];
  const start = performance.now();
  await Promise.all(
    inputs.map(async (input) => {
      const sent = performance.now();
      await score(input);
      latencies.push(performance.now() - sent);
    }),
  );
  const seconds = (performance.now() - start) / 1000;
  latencies.sort((a, b) => a - b);
  return { pagesPerSecond: inputs.length / seconds, p95Ms: latencies[Math.floor(latencies.length * 0.95)]! };
}

export default async function run(): Promise<BenchRow[]> {
  process.stdout.write(`pool: ${THREADS} threads, ${PAGES} pages\n`);
  const text = article(2000);
  const inputs: AnalyzeInput[] = Array.from({ length: PAGES }, (_, i) => ({
    title: `Page ${i}`,
    text: `${text} ${i}`,
    url: `https://news.example.org/pool/${i}`,
  }));

  const own = createAnalyzePool({ size: THREADS });
  const piscina = new Piscina({
    filename: new URL('./lib/piscina-analyze.ts', import.meta.url).href,
    minThreads: THREADS,
    maxThreads: THREADS,
    concurrentTasksPerWorker: 2,
  });
  const byOwn = (input: AnalyzeInput) => own.analyze(input);
  const byPiscina = (input: AnalyzeInput) => piscina.run(input) as Promise<unknown>;
  // Two rounds in opposite order, so neither pool always runs on the hotter (or busier) machine.
  const ownRuns = [await measure(byOwn, inputs)];
  const piscinaRuns = [await measure(byPiscina, inputs), await measure(byPiscina, inputs)];
  ownRuns.push(await measure(byOwn, inputs));
  await own.close();
  await piscina.destroy();
  const mean = (runs: Run[], key: keyof Run) => runs.reduce((sum, r) => sum + r[key], 0) / runs.length;
  const ownRun: Run = { pagesPerSecond: mean(ownRuns, 'pagesPerSecond'), p95Ms: mean(ownRuns, 'p95Ms') };
  const piscinaRun: Run = { pagesPerSecond: mean(piscinaRuns, 'pagesPerSecond'), p95Ms: mean(piscinaRuns, 'p95Ms') };

  return [
    { name: `own pool, ${THREADS} threads`, value: ownRun.pagesPerSecond, unit: 'pages/s' },
    {
      name: `piscina, ${THREADS} threads`,
      value: piscinaRun.pagesPerSecond,
      unit: 'pages/s',
      baseline: { name: 'own pool', value: ownRun.pagesPerSecond },
      ratio: piscinaRun.pagesPerSecond / ownRun.pagesPerSecond,
    },
    { name: 'own pool p95 send → answer', value: ownRun.p95Ms, unit: 'ms' },
    {
      name: 'piscina p95 send → answer',
      value: piscinaRun.p95Ms,
      unit: 'ms',
      baseline: { name: 'own pool', value: ownRun.p95Ms },
      ratio: piscinaRun.p95Ms / ownRun.p95Ms,
    },
  ];
}
