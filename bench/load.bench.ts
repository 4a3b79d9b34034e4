/**
 * Load (decision 092): the mixed workload (lib/workload.ts: auth check, history, insights, touch-point upload, with
 * socket clients listening) with autocannon at BENCH_LOAD_CONNECTIONS (200) for BENCH_LOAD_SECONDS (60) on the
 * built server: one instance with the whole machine (p50 / p99 latency, error rate), on PGlite and — with
 * DATABASE_URL — on PostgreSQL; then 2,000 idle authenticated sockets on one instance (resident memory per
 * connection); then, on PostgreSQL (and REDIS_URL for the event fan-out), one instance and two instances each
 * limited to BENCH_INSTANCE_CPU cores (0.5), the two-instance throughput as a ratio of one's, measured in the
 * same run. Everything on loopback; figures, not tests. Goals: p99 ≤ 50 ms, 0 errors, two ≥ 1.6× one.
 * Each closed-loop run also reports the touch points its instances analysed meanwhile (their jobs_done_total):
 * full instances analyse what they accept, work the request throughput leaves out.
 *
 * The closed loop measures latency at saturation (200 connections, each sending as soon as it is answered). The
 * open loop (lib/open-loop.mjs) sends the same workload at fixed rates below it — BENCH_OPEN_FRACTIONS of the
 * closed loop's throughput, for BENCH_OPEN_SECONDS each — on a full instance and, on PostgreSQL, on an
 * API-only one: the latency readers see at a given load. The scaling figures are taken twice: full instances
 * (ROLE=all, each analysing too) and API-only instances (ROLE=api, the request tier of a deployment at scale).
 *
 * After the one-instance closed loop, the same autocannon workload runs against a bare node:http server replaying
 * the instance's recorded answers (lib/replay-server.mjs): this machine's ceiling for the conversation, with the
 * instance's throughput as a share of it. Every closed-loop run also reports how busy the whole machine was.
 *
 * The load generator and the database run on the same machine as the instances. Unlimited, two instances on a
 * 2-core machine share what one instance already fills, so the scaling figures give each instance a CPU quota
 * (decision 092): each stands for one machine, the database and the load generator keep the rest.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  rssBytes,
  seedReaders,
  startInstances,
  stopInstances,
  temporaryDatabase,
  type Instance,
  type Reader,
} from './lib/instances.ts';
import { freePort, spawnAndWait, stop } from './lib/http.ts';
import { measureMachine, type MachineBusy } from './lib/machine.ts';
import type { BenchRow } from './lib/types.ts';
import {
  connectSockets,
  mixedLoad,
  mixedLoadAcross,
  openLoad,
  recordAnswers,
  type RecordedAnswer,
  type WorkloadResult,
} from './lib/workload.ts';

const CONNECTIONS = Number(process.env.BENCH_LOAD_CONNECTIONS ?? 200);
const SECONDS = Number(process.env.BENCH_LOAD_SECONDS ?? 60);
const IDLE_SOCKETS = Number(process.env.BENCH_IDLE_SOCKETS ?? 2000);
const READERS = 20;
const LISTENERS = 50;
/** Cores each instance may use in the scaling figures (a cgroup quota; see `scaling`). */
const INSTANCE_CPU = Number(process.env.BENCH_INSTANCE_CPU ?? 0.5);
/** The open-loop rates, as fractions of the closed loop's throughput measured in the same run. */
const OPEN_FRACTIONS = (process.env.BENCH_OPEN_FRACTIONS ?? '0.25,0.5,0.75').split(',').map(Number);
const OPEN_SECONDS = Number(process.env.BENCH_OPEN_SECONDS ?? 20);

const here = path.dirname(fileURLToPath(import.meta.url));
/** The bare server of the ceiling figure. */
const replayServer = path.join(here, 'lib/replay-server.mjs');

const round = (x: number, d = 1) => Math.round(x * 10 ** d) / 10 ** d;

type RunResult = WorkloadResult & { backlog: number; analysedPerSec: number; machine: MachineBusy };

/** "1.8 of 2 cores", or why there is no figure. */
const busyText = (m: MachineBusy) =>
  m.busy === null ? 'not measured (no /proc/stat)' : `${round(m.busy, 2)} of ${m.cores} cores`;

function rows(label: string, r: RunResult): BenchRow[] {
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
    {
      // A quarter of the requests are uploads: at saturation they are accepted (committed) faster than the
      // analyzer scores them, and the queue drains after the load.
      name: `${label}: touch points accepted but not yet analysed at the end (growth of the queue during the run)`,
      value: r.backlog,
      unit: '',
    },
    {
      name: `${label}: touch points analysed during the run, all instances (jobs_done_total)`,
      value: round(r.analysedPerSec),
      unit: '/s',
    },
    ...machineRow(label, r.machine),
  ];
}

/**
 * How busy the machine was: every process, the instances, PostgreSQL, Redis and the load generator. Near the
 * core count, the machine is the limit, whatever the instances could do. No row where it cannot be read.
 */
const machineRow = (label: string, m: MachineBusy): BenchRow[] =>
  m.busy === null
    ? []
    : [
        {
          name: `${label}: machine CPU busy during the run, every process (of ${m.cores} cores)`,
          value: round(m.busy, 2),
          unit: 'cores',
        },
      ];

/** The sum of the `/metrics` samples of these instances whose line starts with `prefix` and holds `label`. */
async function metricSum(instances: Instance[], prefix: string, label = ''): Promise<number> {
  let sum = 0;
  for (const instance of instances) {
    const text = await (await fetch(`${instance.base}/metrics`)).text();
    for (const line of text.split('\n'))
      if (line.startsWith(prefix) && line.includes(label)) sum += Number(line.split(' ').at(-1));
  }
  return sum;
}

/** Touch points accepted but not analysed yet, all instances (`job_queue_depth` is read from the database). */
const backlog = (instance: Instance) => metricSum([instance], 'job_queue_depth{', 'queue="touchpoints"');

/** Touch points analysed so far by these instances (their `jobs_done_total`, summed). */
const analysed = (instances: Instance[]) => metricSum(instances, 'jobs_done_total{queue="touchpoints"}');

/** The workload on the given instances with listening sockets; the events they heard are reported too. */
async function run(
  label: string,
  instances: Instance[],
  readers: Awaited<ReturnType<typeof seedReaders>>,
): Promise<RunResult> {
  const crowd = await connectSockets(instances, readers, LISTENERS);
  try {
    // Warm-up: JIT, caches, pools.
    await mixedLoadAcross(instances, readers, { connections: 20, duration: 3 });
    const before = await backlog(instances[0]!);
    const analysedBefore = await analysed(instances);
    const machineDone = await measureMachine();
    const started = performance.now();
    const result =
      instances.length === 1
        ? await mixedLoad(instances[0]!.base, readers, { connections: CONNECTIONS, duration: SECONDS })
        : await mixedLoadAcross(instances, readers, { connections: CONNECTIONS, duration: SECONDS });
    const machine = await machineDone();
    const analysedPerSec =
      ((await analysed(instances)) - analysedBefore) / ((performance.now() - started) / 1000);
    const after = await backlog(instances[0]!);
    process.stdout.write(
      `load ${label}: ${Math.round(result.requestsPerSec)} req/s, p50 ${round(result.p50Ms)} ms, p99 ${result.p99Ms} ms, ` +
        `${result.errors} errors, ${result.non2xx} non-2xx, ${crowd.received()} socket events heard, ` +
        `touch points waiting for analysis ${before} before → ${after} after, ${round(analysedPerSec)} analysed/s, ` +
        `machine ${busyText(machine)} busy\n`,
    );
    return { ...result, backlog: after - before, analysedPerSec, machine };
  } finally {
    crowd.close();
  }
}

type Fresh = <T>(work: (env: Record<string, string>, readers: Reader[]) => Promise<T>) => Promise<T>;

/**
 * The same workload as an open loop (lib/open-loop.mjs) at fractions of the closed loop's throughput `saturation`:
 * the latency readers see while one instance serves that rate, not flat out (decision 092). Each rate on a new
 * database and instance, so no step inherits the backlog of the one before. `role` 'api' is an API-only
 * instance (ROLE=api), as deployed at scale with the analysis on worker instances elsewhere; here nothing
 * analyses the uploads, so it shows what the request path alone costs this machine.
 */
async function openLoop(
  label: string,
  saturation: number,
  fresh: Fresh,
  role: 'all' | 'api' = 'all',
): Promise<BenchRow[]> {
  const out: BenchRow[] = [];
  let withinGoal = 0;
  for (const fraction of OPEN_FRACTIONS) {
    const rate = Math.max(1, Math.round(saturation * fraction));
    const result = await fresh(async (env, readers) => {
      const one = await startInstances(1, { ...env, ROLE: role });
      const crowd = await connectSockets(one, readers, LISTENERS);
      try {
        await mixedLoad(one[0]!.base, readers, { connections: 20, duration: 3 });
        return await openLoad(one[0]!.base, readers, {
          rate,
          seconds: OPEN_SECONDS,
          connections: CONNECTIONS,
        });
      } finally {
        crowd.close();
        await stopInstances(one);
      }
    });
    const ms = (x: number | null) => (x === null ? '> 30 s' : `${round(x)} ms`);
    process.stdout.write(
      `open loop ${label} at ${rate} req/s: p50 ${ms(result.p50Ms)}, p99 ${ms(result.p99Ms)}, ${result.errors} errors, ` +
        `${result.non2xx} non-2xx, ${result.late} sent late\n`,
    );
    const failed = result.errors + result.non2xx;
    if (result.p99Ms !== null && result.p99Ms <= 50 && failed === 0) withinGoal = Math.max(withinGoal, rate);
    out.push({
      name:
        `${label}: open loop at ${rate} req/s (${Math.round(fraction * 100)} % of the closed loop's throughput), ` +
        `${OPEN_SECONDS} s, up to ${CONNECTIONS} connections — latency p99 (p50 ${ms(result.p50Ms)}; ` +
        `${failed} failed of ${result.sent}; ${result.late} sent late by the generator)`,
      value: result.p99Ms === null ? Number.POSITIVE_INFINITY : round(result.p99Ms),
      unit: 'ms',
    });
  }
  out.push({
    name: `${label}: highest of these open-loop rates served with p99 ≤ 50 ms and no failures (0: none)`,
    value: withinGoal,
    unit: 'req/s',
  });
  return out;
}

/**
 * This machine's ceiling for the workload (decision 092): the same autocannon run against a
 * bare node:http server (lib/replay-server.mjs) that answers each call with the bytes the instance answered it.
 * What the loopback, the kernel and the load generator cost for this conversation with no application at all;
 * the instance's throughput is given as a share of it, which compares across machines where absolute figures
 * do not.
 */
async function ceiling(
  label: string,
  answers: Record<string, RecordedAnswer>,
  instance: RunResult,
  readers: Reader[],
): Promise<BenchRow[]> {
  const dir = await mkdtemp(path.join(tmpdir(), 'mediadiet-bench-replay-'));
  const file = path.join(dir, 'answers.json');
  await writeFile(file, JSON.stringify(answers));
  const port = await freePort();
  const server = await spawnAndWait(
    [replayServer],
    { PORT: String(port), REPLAY_ANSWERS: file },
    `http://127.0.0.1:${port}/__ready`,
  );
  try {
    const base = `http://127.0.0.1:${port}`;
    await mixedLoad(base, readers, { connections: 20, duration: 3 });
    const machineDone = await measureMachine();
    const bare = await mixedLoad(base, readers, { connections: CONNECTIONS, duration: SECONDS });
    const machine = await machineDone();
    process.stdout.write(
      `load ${label}, bare server replaying the instance's answers: ${Math.round(bare.requestsPerSec)} req/s, ` +
        `p50 ${round(bare.p50Ms)} ms, p99 ${bare.p99Ms} ms, ${bare.errors} errors, ${bare.non2xx} non-2xx, ` +
        `machine ${busyText(machine)} busy\n`,
    );
    const name = `${label}: the same workload against a bare node:http server replaying the instance's answers (this machine's ceiling)`;
    return [
      { name: `${name} — throughput`, value: Math.round(bare.requestsPerSec), unit: 'req/s' },
      { name: `${name} — latency p50`, value: round(bare.p50Ms), unit: 'ms' },
      { name: `${name} — latency p99`, value: round(bare.p99Ms), unit: 'ms' },
      ...machineRow(`${label}, bare server`, machine),
      {
        name: `${label}: one instance's throughput as a share of the bare server's (same workload, same run)`,
        value: Math.round(instance.requestsPerSec),
        unit: 'req/s',
        baseline: { name: 'bare server', value: Math.round(bare.requestsPerSec) },
        ratio: instance.requestsPerSec / bare.requestsPerSec,
      },
    ];
  } finally {
    await stop(server);
    await rm(dir, { recursive: true, force: true });
  }
}

/** Resident memory per idle authenticated socket on one instance. */
async function idleSockets(
  instance: Instance,
  readers: Awaited<ReturnType<typeof seedReaders>>,
): Promise<BenchRow[]> {
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

/**
 * A new PostgreSQL database with READERS seeded readers for one part of the bench: each part starts with an
 * empty queue (the uploads a run leaves unanalysed would otherwise keep the next run's workers busy).
 */
async function withFreshDatabase<T>(
  adminUrl: string,
  work: (env: Record<string, string>, readers: Reader[]) => Promise<T>,
): Promise<T> {
  const database = await temporaryDatabase(adminUrl);
  try {
    const env = {
      DATABASE_URL: database.url,
      ...(process.env.REDIS_URL ? { REDIS_URL: process.env.REDIS_URL } : {}),
    };
    return await work(env, await seedReaders(env, READERS));
  } finally {
    await database.drop();
  }
}

/** A new embedded database (its own data directory) with READERS seeded readers. */
const freshEmbedded: Fresh = async (work) => {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'mediadiet-bench-load-'));
  try {
    const env = { DATA_DIR: dataDir, DATABASE_URL: '', REDIS_URL: '' };
    return await work(env, await seedReaders(env, READERS));
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
};

/**
 * Whether the instances scale: one instance, then two, each limited to INSTANCE_CPU cores (lib/cpu-quota.ts),
 * so that each stands for a machine of its own while the database and the load generator keep the rest of
 * this one. The same workload, the throughput of two as a ratio of one's, measured in the same run.
 */
async function scaling(adminUrl: string, role: 'all' | 'api' = 'all'): Promise<BenchRow[]> {
  const out: BenchRow[] = [];
  const redis = process.env.REDIS_URL ? ' + Redis' : '';
  // ROLE=api: the request tier alone, as deployed at scale beside worker instances; nothing analyses here.
  const kind = role === 'api' ? 'API-only instance' : 'instance';
  let limited = `${INSTANCE_CPU} CPU each`;
  const single = await withFreshDatabase(adminUrl, async (env, readers) => {
    const one = await startInstances(1, { ...env, ROLE: role }, { cpu: INSTANCE_CPU });
    try {
      if (!one[0]!.quota)
        limited = 'NOT limited (no writable cgroup here): the ratio measures the shared machine';
      const result = await run(`PostgreSQL ×1 ROLE=${role} (${limited})`, one, readers);
      out.push(...rows(`scaling, one ${kind} (${limited})`, result));
      return result;
    } finally {
      await stopInstances(one);
    }
  });
  await withFreshDatabase(adminUrl, async (env, readers) => {
    const two = await startInstances(2, { ...env, ROLE: role }, { cpu: INSTANCE_CPU });
    try {
      const double = await run(`PostgreSQL ×2${redis} ROLE=${role} (${limited})`, two, readers);
      out.push(...rows(`scaling, two ${kind}s${redis} (${limited})`, double));
      out.push({
        name: `two ${kind}s ÷ one, throughput of the same workload (${limited})`,
        value: Math.round(double.requestsPerSec),
        unit: 'req/s',
        baseline: { name: `one ${kind}`, value: Math.round(single.requestsPerSec) },
        ratio: double.requestsPerSec / single.requestsPerSec,
        goal: '≥ 1.6',
      });
      if (role === 'all') {
        // Full instances also analyse what they accept: the work the request figure leaves out.
        out.push({
          name: `two ${kind}s ÷ one, touch points analysed during the same runs (${limited})`,
          value: round(double.analysedPerSec),
          unit: '/s',
          baseline: { name: `one ${kind}`, value: round(single.analysedPerSec) },
          ratio: double.analysedPerSec / Math.max(1e-9, single.analysedPerSec),
        });
      }
    } finally {
      await stopInstances(two);
    }
  });
  return out;
}

export default async function load(): Promise<BenchRow[]> {
  const out: BenchRow[] = [];
  const adminUrl = process.env.DATABASE_URL;
  const database = adminUrl ? 'PostgreSQL' : 'PGlite';
  const fresh: Fresh = adminUrl ? (work) => withFreshDatabase(adminUrl, work) : freshEmbedded;

  // One instance with the whole machine: the latency and error figures; then the idle sockets; then the
  // machine's ceiling for the same workload.
  const closed = await fresh(async (env, readers) => {
    const one = await startInstances(1, env);
    let result: Awaited<ReturnType<typeof run>>;
    let answers: Record<string, RecordedAnswer>;
    try {
      result = await run(`${database} ×1`, one, readers);
      out.push(...rows(`${database}, one instance`, result));
      answers = await recordAnswers(one[0]!.base, readers[0]!);
    } finally {
      await stopInstances(one);
    }
    // A fresh instance: after the load the heap shrinks as it is collected, which would hide the sockets. An
    // API-only one: a full instance would spend the measure analysing the backlog the load left behind.
    const idle = await startInstances(1, { ...env, ROLE: 'api' });
    try {
      out.push(...(await idleSockets(idle[0]!, readers)));
    } finally {
      await stopInstances(idle);
    }
    out.push(...(await ceiling(database, answers, result, readers)));
    return result;
  });
  out.push(...(await openLoop(`${database}, one instance`, closed.requestsPerSec, fresh)));
  if (!adminUrl) {
    // The embedded database: one instance only.
    out.push({
      name: 'two instances: set DATABASE_URL (and REDIS_URL) to measure them on PostgreSQL',
      value: 0,
      unit: '',
    });
    return out;
  }
  out.push(
    ...(await openLoop(`${database}, one API-only instance (ROLE=api)`, closed.requestsPerSec, fresh, 'api')),
  );
  out.push(...(await scaling(adminUrl)));
  out.push(...(await scaling(adminUrl, 'api')));
  return out;
}
