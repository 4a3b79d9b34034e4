import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import net, { type AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { promisify } from 'node:util';
import type { SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import pg from 'pg';
import { io as connectSocket, type Socket } from 'socket.io-client';
import { buildApp, type AppDeps } from '../../src/app.ts';
import type { Db } from '../../src/db/database.ts';
import { loadConfig } from '../../src/config.ts';
import { subscribed } from '../helpers/billing.ts';
import { pair } from '../helpers/extension.ts';
import { databaseUrlFor } from '../helpers/global-setup.ts';
import { testConfig, type TestApp } from '../helpers/test-app.ts';

/**
 * Several real instances in one test process (each `buildApp` + `listen` on a loopback port, its own pool and
 * Redis connections), on a database and a Redis key prefix of their own; and private PostgreSQL and Redis
 * servers for the fault tests. Only run with DATABASE_URL and REDIS_URL (vitest.config.ts).
 */

const run = promisify(execFile);

export const ADMIN_DATABASE_URL = process.env.DATABASE_URL ?? '';
export const REDIS_URL = process.env.REDIS_URL ?? '';

/** The rows of a raw query. */
export async function rows<T>(db: Db, query: SQL): Promise<T[]> {
  const result: unknown = await db.execute(query);
  return (result as { rows: T[] }).rows;
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls `check` until it is truthy (or throws after `timeoutMs`). */
export async function waitFor<T>(what: string, check: () => T | Promise<T>, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  for (;;) {
    try {
      const value = await check();
      if (value) return value;
    } catch (error) {
      last = error;
    }
    if (Date.now() > deadline)
      throw new Error(`timed out waiting for ${what}${last instanceof Error ? `: ${last.message}` : ''}`);
    await sleep(100);
  }
}

/** A Redis key prefix no other test (or deployment) uses. */
/**
 * A subscribed reader with a paired extension, seeded by the app itself (which also migrates an empty database)
 * and closed again, so that server processes can start on that database.
 */
export async function seedPairedReader(env: Record<string, string>, plan: 'basic' | 'premium') {
  const app = await buildApp(loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', ...env }));
  try {
    await app.ready();
    const who = await subscribed({ app } as TestApp, plan);
    return { ...who, apiKey: await pair({ app }, who.token) };
  } finally {
    await app.close();
  }
}

export const uniquePrefix = () => `mdtest:${randomBytes(4).toString('hex')}:`;

/** An empty database (not even migrated: the instances migrate it) on the server of `adminUrl`. */
export async function createEmptyDatabase(
  adminUrl = ADMIN_DATABASE_URL,
): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `mediadiet_scale_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  return {
    url: databaseUrlFor(adminUrl, name),
    drop: async () => {
      const dropper = new pg.Client({ connectionString: adminUrl });
      await dropper.connect();
      try {
        await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await dropper.end();
      }
    },
  };
}

export interface LogLine {
  level: number;
  msg: string;
  event?: string;
  [key: string]: unknown;
}

export interface Instance {
  app: FastifyInstance;
  /** http://127.0.0.1:port */
  url: string;
  /** Every JSON log line so far. */
  logs: LogLine[];
  close(): Promise<void>;
}

export interface InstanceOptions extends Omit<AppDeps, 'logStream' | 'database'> {
  databaseUrl: string;
  redisUrl?: string | undefined;
  prefix: string;
  env?: Record<string, string>;
}

/** One server instance listening on a loopback port. */
export async function startInstance(options: InstanceOptions): Promise<Instance> {
  const { databaseUrl, redisUrl, prefix, env, ...deps } = options;
  const logs: LogLine[] = [];
  let pending = '';
  const logStream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      pending += chunk.toString();
      let newline: number;
      while ((newline = pending.indexOf('\n')) >= 0) {
        const line = pending.slice(0, newline);
        pending = pending.slice(newline + 1);
        if (line.trim()) logs.push(JSON.parse(line) as LogLine);
      }
      done();
    },
  });
  const tmp = await fs.mkdtemp(path.join(os.tmpdir(), 'mediadiet-scale-'));
  const config = testConfig(tmp, {
    LOG_LEVEL: 'info',
    DATABASE_URL: databaseUrl,
    ...(redisUrl ? { REDIS_URL: redisUrl } : {}),
    REDIS_PREFIX: prefix,
    ...env,
  });
  const app = await buildApp(config, { ...deps, logStream });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  return {
    app,
    url,
    logs,
    close: async () => {
      await app.close();
      await fs.rm(tmp, { recursive: true, force: true });
    },
  };
}

/** A signed-in socket.io client (WebSocket transport, no automatic reconnection unless asked). */
export function connectClient(url: string, token: string, reconnection = false): Promise<Socket> {
  const socket = connectSocket(url, { transports: ['websocket'], reconnection, auth: { token } });
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  });
}

export async function api(
  base: string,
  method: string,
  url: string,
  token: string,
  body?: unknown,
): Promise<{ status: number; json: unknown }> {
  const response = await fetch(`${base}${url}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  return { status: response.status, json: text ? (JSON.parse(text) as unknown) : null };
}

export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** A private redis-server on a free port (no persistence), stoppable and restartable on the same port. */
export async function startRedis(): Promise<{ url: string; stop(): Promise<void>; start(): Promise<void> }> {
  const port = await freePort();
  const url = `redis://127.0.0.1:${port}`;
  let child: ChildProcess | undefined;
  const start = async () => {
    child = spawn(
      'redis-server',
      ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
      {
        stdio: 'ignore',
      },
    );
    await waitFor('redis-server', async () => {
      const probe = new Redis(url, { lazyConnect: true, retryStrategy: () => null, maxRetriesPerRequest: 0 });
      probe.on('error', () => {});
      try {
        await probe.connect();
        return (await probe.ping()) === 'PONG';
      } finally {
        probe.disconnect();
      }
    });
  };
  const stop = async () => {
    const current = child;
    if (!current || current.exitCode !== null || current.signalCode !== null) return;
    const exited = new Promise((resolve) => current.once('exit', resolve));
    current.kill('SIGKILL');
    await exited;
  };
  await start();
  return { url, stop, start };
}

/**
 * A private PostgreSQL 15 cluster (initdb into a temporary directory, trust authentication, superuser
 * `root`) on a free port. As root, the server runs as the `postgres` user (PostgreSQL refuses root).
 */
export async function startPostgres(): Promise<{
  adminUrl: string;
  restart(options?: { downMs?: number }): Promise<void>;
  /** fast (default): every connection ends with 57P01, as in a planned restart. */
  stop(mode?: 'fast' | 'immediate'): Promise<void>;
  start(): Promise<void>;
  destroy(): Promise<void>;
}> {
  const bin = '/usr/lib/postgresql/15/bin';
  const port = await freePort();
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'mediadiet-pg-'));
  const dataDir = path.join(dir, 'data');
  const asRoot = process.getuid?.() === 0;
  if (asRoot) await run('chown', ['postgres:postgres', dir]);
  const exec = (command: string, args: string[]) =>
    asRoot
      ? run('runuser', ['-u', 'postgres', '--', path.join(bin, command), ...args])
      : run(path.join(bin, command), args);
  await exec('initdb', ['-D', dataDir, '-U', 'root', '--auth=trust', '--no-sync', '-E', 'UTF8']);
  const pgCtl = (action: 'start' | 'stop', extra: string[] = []) =>
    exec('pg_ctl', [
      '-D',
      dataDir,
      '-l',
      path.join(dir, 'server.log'),
      '-w',
      '-o',
      `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`,
      ...extra,
      action,
    ]);
  const start = async () => {
    await pgCtl('start');
  };
  const stop = async (mode: 'fast' | 'immediate' = 'fast') => {
    await pgCtl('stop', ['-m', mode]);
  };
  await start();
  return {
    adminUrl: `postgres://root@127.0.0.1:${port}/postgres`,
    start,
    stop,
    restart: async ({ downMs = 0 } = {}) => {
      await stop();
      await sleep(downMs);
      await start();
    },
    destroy: async () => {
      await stop('immediate').catch(() => {});
      await fs.rm(dir, { recursive: true, force: true });
    },
  };
}
