/**
 * Soak: one built instance under a steady mixed workload (lib/workload.ts, BENCH_SOAK_RATE requests/s
 * over 20 connections, 50 listening sockets) for BENCH_SOAK_SECONDS (600: ten minutes). Resident memory is
 * sampled every 10 s; the figure is the growth from the end of the first minute (caches, pools and JIT warm)
 * to the end. PGlite by default, PostgreSQL with DATABASE_URL. Figures, not tests. Goal: growth ≤ 10 %.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { rssBytes, seedReaders, startInstances, stopInstances, temporaryDatabase } from './lib/instances.ts';
import type { BenchRow } from './lib/types.ts';
import { connectSockets, mixedLoad } from './lib/workload.ts';

const SECONDS = Number(process.env.BENCH_SOAK_SECONDS ?? 600);
const RATE = Number(process.env.BENCH_SOAK_RATE ?? 200);
const WARM_SECONDS = Math.min(60, Math.floor(SECONDS / 5));
const round = (x: number, d = 1) => Math.round(x * 10 ** d) / 10 ** d;

async function soak(label: string, env: Record<string, string>): Promise<BenchRow[]> {
  const readers = await seedReaders(env, 10);
  const [instance] = await startInstances(1, env);
  const pid = instance!.child.pid!;
  const crowd = await connectSockets([instance!], readers, 50);
  const samples: { at: number; rss: number }[] = [];
  const started = Date.now();
  const timer = setInterval(() => {
    rssBytes(pid).then(
      (rss) => samples.push({ at: (Date.now() - started) / 1000, rss }),
      () => {},
    );
  }, 10_000);
  try {
    const result = await mixedLoad(instance!.base, readers, { connections: 20, duration: SECONDS, overallRate: RATE });
    samples.push({ at: (Date.now() - started) / 1000, rss: await rssBytes(pid) });
    const warm = samples.find((s) => s.at >= WARM_SECONDS) ?? samples[0]!;
    const end = samples.at(-1)!;
    const peak = Math.max(...samples.map((s) => s.rss));
    process.stdout.write(
      `soak ${label}: ${result.requests} requests, ${result.errors + result.non2xx} failed, RSS ` +
        samples.map((s) => `${Math.round(s.at)}s ${round(s.rss / 2 ** 20)}MB`).join(', ') +
        '\n',
    );
    return [
      {
        name: `${label}: ${SECONDS} s soak at ${RATE} req/s (${result.requests} requests, ${result.errors + result.non2xx} failed, p99 ${round(result.p99Ms)} ms) — RSS growth from ${WARM_SECONDS} s (${round(warm.rss / 2 ** 20)} MB) to the end (${round(end.rss / 2 ** 20)} MB; peak ${round(peak / 2 ** 20)} MB)`,
        value: round((100 * (end.rss - warm.rss)) / warm.rss, 2),
        unit: '%',
        goal: '≤ 10 %',
      },
    ];
  } finally {
    clearInterval(timer);
    crowd.close();
    await stopInstances([instance!]);
  }
}

export default async function run(): Promise<BenchRow[]> {
  const adminUrl = process.env.DATABASE_URL;
  if (adminUrl) {
    const database = await temporaryDatabase(adminUrl);
    try {
      return await soak('PostgreSQL', { DATABASE_URL: database.url });
    } finally {
      await database.drop();
    }
  }
  const dataDir = await mkdtemp(path.join(tmpdir(), 'mediadiet-bench-soak-'));
  try {
    return await soak('PGlite', { DATA_DIR: dataDir, DATABASE_URL: '', REDIS_URL: '' });
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}
