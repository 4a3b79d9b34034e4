import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { serverRoot } from '../src/paths.ts';
import { createTestApp } from './helpers/test-app.ts';

/** The real entry point (src/server.ts under tsx) as a child process, always on PGlite. */
interface Started {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
  port: Promise<number>;
}

const children: ChildProcess[] = [];

function startServer(env: Record<string, string>): Started {
  const { DATABASE_URL: _ignored, ...inherited } = process.env;
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: serverRoot,
    env: { ...inherited, NODE_ENV: 'development', HOST: '127.0.0.1', PORT: '0', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let output = '';
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const port = new Promise<number>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /Media Diet is running at http:\/\/localhost:(\d+)/.exec(output);
      if (match) resolve(Number(match[1]));
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    void exited.then((code) => reject(new Error(`server exited (${code}) before listening:\n${output}`)));
  });
  port.catch(() => {});
  return { child, output: () => output, exited, port };
}

let tmp: string;

beforeAll(async () => {
  tmp = await fs.mkdtemp(path.join(os.tmpdir(), 'mediadiet-server-'));
});

afterEach(() => {
  for (const child of children.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
});

afterAll(async () => {
  await fs.rm(tmp, { recursive: true, force: true });
});

describe('server process', () => {
  it('serves, refuses a second server on the same data directory, and shuts down cleanly on SIGTERM', async () => {
    const env = { DATA_DIR: path.join(tmp, 'data'), WEB_DIST_DIR: path.join(tmp, 'no-web') };
    const first = startServer(env);
    const port = await first.port;

    const health = await fetch(`http://127.0.0.1:${port}/healthz`);
    expect(await health.json()).toEqual({ status: 'ok' });
    const ready = await fetch(`http://127.0.0.1:${port}/readyz`);
    expect(await ready.json()).toEqual({ status: 'ready' });

    const second = startServer(env);
    expect(await second.exited).toBe(1);
    expect(second.output()).toContain(
      `Another Media Diet server is already using the data directory ${env.DATA_DIR}`,
    );

    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);

    // The lock was released: the same directory starts again.
    const third = startServer(env);
    await third.port;
    third.child.kill('SIGINT');
    expect(await third.exited).toBe(0);
  }, 60_000);

  it('refuses to start with a bad variable and names it', async () => {
    const bad = startServer({ PORT: 'abc', DATA_DIR: path.join(tmp, 'unused') });
    expect(await bad.exited).toBe(1);
    expect(bad.output()).toMatch(/PORT/);
    expect(bad.output()).toContain('Invalid configuration');
  });
});

describe('graceful close', () => {
  it('finishes in-flight requests before closing', async () => {
    const t = await createTestApp({
      setup: (app) => {
        app.get('/test/slow', async () => {
          await new Promise((resolve) => setTimeout(resolve, 300));
          return { done: true };
        });
      },
    });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;

    const inFlight = fetch(`${url}/test/slow`);
    await new Promise((resolve) => setTimeout(resolve, 100));
    const closing = t.close();

    const response = await inFlight;
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ done: true });
    await closing;
    await expect(fetch(`${url}/healthz`)).rejects.toThrow();
  });
});
