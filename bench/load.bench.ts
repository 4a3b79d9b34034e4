/**
 * Load (issue #9): the mixed workload (lib/workload.ts: auth check, history, insights, touch-point upload, with
 * socket clients listening) with autocannon at BENCH_LOAD_CONNECTIONS (200) for BENCH_LOAD_SECONDS (60) on the
 * built server: one instance, and — with DATABASE_URL (and REDIS_URL for the event fan-out) — two instances on
 * one PostgreSQL. p50 / p99 latency, error rate, and the two-instance throughput as a ratio of one instance's,
 * measured in the same run. Then 2,000 idle authenticated sockets on one instance: resident memory per
 * connection. Everything on loopback; figures, not tests. Goals: p99 ≤ 50 ms, 0 errors, two ≥ 1.6× one.
 *
 * Note: the load generator runs on the same machine as the instances (and the database), so on a small
 * machine the two-instance figure is bounded by the cores they all share.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  rssBytes,
  seedReaders,
  startInstances,
  stopInstances,
  temporaryDatabase,
  type Instance,
} from './lib/instances.ts';
import type { BenchRow } from './lib/types.ts';
import { connectSockets, mixedLoad, mixedLoadAcross, type WorkloadResult } from './lib/workload.ts';

const CONNECTIONS = Number(process.env.BENCH_LOAD_CONNECTIONS ?? 200);
const SECONDS = Number(process.env.BENCH_LOAD_SECONDS ?? 60);
const IDLE_SOCKETS = Number(process.env.BENCH_IDLE_SOCKETS ?? 2000);
const READERS = 20;
const LISTENERS = 50;

const round = (x: number, d = 1) => Math.round(x * 10 ** d) / 10 ** d;

function rows(label: string, r: WorkloadResult): BenchRow[] {
  const failed = r.errors + r.non2xx;
  return [
    {
      name: `${label}: mixed workload, ${CONNECTIONS} connections × ${SECONDS} s — throughput (${r.requests} requests)`,
      value: Math.round(r.requestsPerSec),
      unit: 'req/s',
    },
    { name: `${label}: latency p50`, value: round(r.p50Ms), unit: 'ms' },
    { name: `${label}: latency p99`, value: round(r.p99Ms), unit: 'ms', goal: '≤ 50 ms' },
    {
      name: `${label}: failed requests (errors ${r.errors}, non-2xx ${r.non2xx})`,
      value: round((100 * failed) / Math.max(1, r.requests), 3),
      unit: '%',
      goal: '0',
    },
  ];
}

/** The workload on the given instances with listening sockets; the events they heard are reported too. */
async function run(label: string, instances: Instance[], readers: Awaited<ReturnType<typeof seedReaders>>) {
  const crowd = await connectSockets(instances, readers, LISTENERS);
  try {
    // Warm-up: JIT, caches, pools.
    await mixedLoadAcross(instances, readers, { connections: 20, duration: 3 });
    const result =
      instances.length === 1
        ? await mixedLoad(instances[0]!.base, readers, { connections: CONNECTIONS, duration: SECONDS })
        : await mixedLoadAcross(instances, readers, { connections: CONNECTIONS, duration: SECONDS });
    process.stdout.write(
      `load ${label}: ${Math.round(result.requestsPerSec)} req/s, p50 ${result.p50Ms} ms, p99 ${result.p99Ms} ms, ` +
        `${result.errors} errors, ${result.non2xx} non-2xx, ${crowd.received()} socket events heard\n`,
    );
    return result;
  } finally {
    crowd.close();
  }
}

/** Resident memory per idle authenticated socket on one instance. */
async function idleSockets(instance: Instance, readers: Awaited<ReturnType<typeof seedReaders>>): Promise<BenchRow[]> {
  const pid = instance.child.pid!;
  // A few sockets first so socket.io's own buffers and code are in before the baseline.
  const warm = await connectSockets([instance], readers, 20);
  warm.close();
  await new Promise((r) => setTimeout(r, 2000));
  const before = await rssBytes(pid);
  const crowd = await connectSockets([instance], readers, IDLE_SOCKETS);
  try {
    await new Promise((r) => setTimeout(r, 5000));
    const after = await rssBytes(pid);
    return [
      {
        name: `${IDLE_SOCKETS} idle authenticated sockets (WebSocket) on one instance: resident memory per connection (RSS ${round(before / 2 ** 20)} → ${round(after / 2 ** 20)} MB)`,
        value: round((after - before) / IDLE_SOCKETS / 1024, 2),
        unit: 'KB',
      },
    ];
  } finally {
    crowd.close();
  }
}

export default async function load(): Promise<BenchRow[]> {
  const out: BenchRow[] = [];
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) {
    // The embedded database: one instance only.
    const dataDir = await mkdtemp(path.join(tmpdir(), 'mediadiet-bench-load-'));
    const env = { DATA_DIR: dataDir, DATABASE_URL: '', REDIS_URL: '' };
    try {
      const readers = await seedReaders(env, READERS);
      const one = await startInstances(1, env);
      try {
        out.push(...rows('PGlite, one instance', await run('PGlite ×1', one, readers)));
      } finally {
        await stopInstances(one);
      }
      // A fresh instance: after the load the heap shrinks as it is collected, which would hide the sockets.
      const idle = await startInstances(1, env);
      try {
        out.push(...(await idleSockets(idle[0]!, readers)));
      } finally {
        await stopInstances(idle);
      }
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
    out.push({
      name: 'two instances: set DATABASE_URL (and REDIS_URL) to measure them on PostgreSQL',
      value: 0,
      unit: '',
    });
    return out;
  }

  const database = await temporaryDatabase(adminUrl);
  const env = { DATABASE_URL: database.url, ...(process.env.REDIS_URL ? { REDIS_URL: process.env.REDIS_URL } : {}) };
  try {
    const readers = await seedReaders(env, READERS);
    let single: WorkloadResult;
    const one = await startInstances(1, env);
    try {
      single = await run('PostgreSQL ×1', one, readers);
      out.push(...rows('PostgreSQL, one instance', single));
    } finally {
      await stopInstances(one);
    }
    const idle = await startInstances(1, env);
    try {
      out.push(...(await idleSockets(idle[0]!, readers)));
    } finally {
      await stopInstances(idle);
    }
    const two = await startInstances(2, env);
    try {
      const double = await run('PostgreSQL ×2', two, readers);
      out.push(...rows(`PostgreSQL, two instances${process.env.REDIS_URL ? ' + Redis' : ''}`, double));
      out.push({
        name: 'two instances ÷ one instance, throughput of the same workload',
        value: Math.round(double.requestsPerSec),
        unit: 'req/s',
        baseline: { name: 'one instance', value: Math.round(single.requestsPerSec) },
        ratio: double.requestsPerSec / single.requestsPerSec,
        goal: '≥ 1.6',
      });
    } finally {
      await stopInstances(two);
    }
  } finally {
    await database.drop();
  }
  return out;
}
