/**
 * Built server instances for the load benches: start one or several `apps/server/dist/server.js` processes on
 * loopback against one database, seed signed-in Premium readers through the real HTTP API, read a process's
 * resident memory. Figures only; nothing here fails on time.
 */
import type { ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { buildApp } from '../../apps/server/src/app.ts';
import { loadConfig } from '../../apps/server/src/config.ts';
import { limitCpu, type CpuQuota } from './cpu-quota.ts';
import { freePort, spawnAndWait, stop } from './http.ts';
import { BENCH_SECRET, benchServerEnv } from './server-env.ts';

export { BENCH_SECRET } from './server-env.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
export const serverEntry =
  process.env.BENCH_SERVER_ENTRY ?? path.resolve(here, '../../apps/server/dist/server.js');

export interface Instance {
  base: string;
  child: ChildProcess;
  /** The instance's CPU quota when one was asked for and could be set (lib/cpu-quota.ts). */
  quota?: CpuQuota | null;
}

/**
 * Starts `count` instances sharing `env` (the database, Redis); each on its own loopback port. With `cpu`,
 * each is limited to that many cores (`quota` null when this machine cannot do it).
 */
export async function startInstances(
  count: number,
  env: Record<string, string>,
  options: { cpu?: number } = {},
): Promise<Instance[]> {
  const started: Instance[] = [];
  try {
    for (let i = 0; i < count; i++) {
      const port = await freePort();
      const child = await spawnAndWait(
        [serverEntry],
        benchServerEnv(port, {
          METRICS: 'on',
          BILLING_SWEEP_INTERVAL_MS: '0',
          // The bench hits one address many times: the per-IP sign-in limit would refuse the seeding.
          AUTH_RATE_LIMIT_PER_IP: '100000',
          ...env,
        }),
        `http://127.0.0.1:${port}/readyz`,
      );
      const quota = options.cpu === undefined ? undefined : await limitCpu(child.pid!, options.cpu);
      started.push({ base: `http://127.0.0.1:${port}`, child, ...(quota === undefined ? {} : { quota }) });
    }
    return started;
  } catch (error) {
    await stopInstances(started);
    throw error;
  }
}

export async function stopInstances(instances: Instance[]): Promise<void> {
  await Promise.all(
    instances.map(async (i) => {
      await stop(i.child);
      await i.quota?.release();
    }),
  );
}

/** Resident set size of a process in bytes (Linux /proc). */
export async function rssBytes(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const kb = /VmRSS:\s+(\d+)\s+kB/.exec(status)?.[1];
  if (!kb) throw new Error(`no VmRSS for ${pid}`);
  return Number(kb) * 1024;
}

export interface Reader {
  userId: string;
  token: string;
  apiKey: string;
}

/**
 * `count` readers in the database `env` points at, each signed in, subscribed to Premium with the test card and
 * the highest overage cap, with a paired extension. Seeded in-process through the real routes (app.inject)
 * before any instance starts (the embedded database allows one process at a time).
 */
export async function seedReaders(env: Record<string, string>, count: number): Promise<Reader[]> {
  const config = loadConfig({
    NODE_ENV: 'production',
    MAIL_LOG_ONLY: 'true',
    METRICS: 'on',
    LOG_LEVEL: 'warn',
    SESSION_SECRET: BENCH_SECRET,
    WEB_DIST_DIR: path.join(tmpdir(), 'mediadiet-bench-no-web'),
    TOUCHPOINT_WORKER: 'off',
    QUESTIONNAIRE_WORKER: 'off',
    BILLING_SWEEP_INTERVAL_MS: '0',
    ...env,
  });
  const app = await buildApp(config, { scorer: () => Promise.reject(new Error('no scoring while seeding')) });
  await app.ready();
  try {
    const readers: Reader[] = [];
    for (let i = 0; i < count; i++) readers.push(await seedPremiumReader(app, `bench-${i}`));
    return readers;
  } finally {
    await app.close();
  }
}

/**
 * A Premium subscriber (test card) with the highest overage cap and a paired extension, made through the API
 * of `app` (in-process); `userAgent` names its requests.
 */
export async function seedPremiumReader(
  app: Awaited<ReturnType<typeof buildApp>>,
  userAgent = 'bench',
): Promise<Reader> {
  const user = await app.users.create({ email: `bench-${randomUUID()}@example.com`, name: 'Bench Reader' });
  if (!user) throw new Error('user');
  const { token } = await app.sessions.create(user.id, 'pin');
  const call = async (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object, bearer = token) => {
    const response = await app.inject({
      method,
      url,
      headers: { authorization: `Bearer ${bearer}`, 'user-agent': userAgent },
      ...(payload ? { payload } : {}),
    });
    if (response.statusCode >= 300) throw new Error(`${url}: ${response.statusCode} ${response.body}`);
    return response.json<Record<string, unknown>>();
  };
  const { clientSecret } = (await call('POST', '/api/payment/intent')) as { clientSecret: string };
  const { paymentMethodId } = (await call('POST', '/api/payment/local/confirm-setup', {
    clientSecret,
    card: { number: '4242424242424242', expMonth: 12, expYear: 2030, cvc: '123' },
  })) as { paymentMethodId: string };
  await call('POST', '/api/subscription/create', { plan: 'premium', paymentMethodId });
  await call('PATCH', '/api/subscription/overage', { amount: 1000 });
  const { apiKey } = (await call('GET', '/api/extension/auth')) as { apiKey: string };
  await call('POST', '/api/extension/verify', undefined, apiKey);
  return { userId: user.id, token, apiKey };
}

/** A fresh PostgreSQL database on the server of `adminUrl`, dropped by the returned function. */
export async function temporaryDatabase(
  adminUrl: string,
): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `mediadiet_bench_${randomUUID().slice(0, 8)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const again = new pg.Client({ connectionString: adminUrl });
      await again.connect();
      await again.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await again.end();
    },
  };
}
