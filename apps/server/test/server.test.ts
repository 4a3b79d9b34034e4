import fs from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { serverRoot } from '../src/paths.ts';
import { serverProcesses, type ServerProcess } from './helpers/server-process.ts';
import { createTestApp } from './helpers/test-app.ts';

/** The real entry point (src/server.ts under tsx) as a child process, always on PGlite. */
const servers = serverProcesses();
const startServer = servers.start;

/** A module `--import`ed before the server that changes how PGlite creates a database. */
const PGLITE_HOOK = path.join(serverRoot, 'test/helpers/pglite-create-hook.ts');

/** Stops `server` with `signal` and expects it to exit cleanly (code 0). */
async function expectCleanStop(server: ServerProcess, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
  server.child.kill(signal);
  expect(await server.exited).toBe(0);
}

let tmp: string;

beforeAll(async () => {
  tmp = await fs.mkdtemp(path.join(os.tmpdir(), 'mediadiet-server-'));
});

afterEach(() => {
  servers.killAll();
});

afterAll(async () => {
  await fs.rm(tmp, { recursive: true, force: true });
});

// Each test starts the built server as a process two or three times (the first creating its embedded
// database). Three minutes is a budget, not an expectation: `npm test` runs the end-to-end journeys beside these
// tests (decision 150), and on a busy 2-core machine one start can take tens of seconds.
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

    await expectCleanStop(first);

    // The lock was released: the same directory starts again.
    const third = startServer(env);
    await third.port;
    await expectCleanStop(third, 'SIGINT');
  }, 180_000);

  it('a first start whose database takes longer than the plugin time-out (10 s) still starts', async () => {
    const env = {
      DATA_DIR: path.join(tmp, 'slow'),
      WEB_DIST_DIR: path.join(tmp, 'no-web'),
      PGLITE_CREATE_DELAY_MS: '11000',
    };
    const slow = startServer(env, [PGLITE_HOOK]);
    const port = await slow.port;
    expect(slow.output()).toContain('Creating the embedded database in');
    expect(slow.output()).not.toContain('did not start in time');
    const ready = await fetch(`http://127.0.0.1:${port}/readyz`);
    expect(ready.status).toBe(200);
    await expectCleanStop(slow);
  }, 180_000);

  it('a first start that fails removes its unfinished files and says what to do; the next start works', async () => {
    const dataDir = path.join(tmp, 'broken-first');
    const env = { DATA_DIR: dataDir, WEB_DIST_DIR: path.join(tmp, 'no-web') };
    const broken = startServer({ ...env, PGLITE_CREATE_FAIL: '1' }, [PGLITE_HOOK]);
    expect(await broken.exited).toBe(1);
    expect(broken.output()).toContain(
      `The embedded database could not be created in ${path.join(dataDir, 'pgdata')}`,
    );
    expect(broken.output()).toContain('initdb was interrupted');
    expect(broken.output()).toContain('then start again');
    await expect(fs.access(path.join(dataDir, 'pgdata'))).rejects.toThrow();

    const next = startServer(env);
    await next.port;
    await expectCleanStop(next);
  }, 180_000);

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
