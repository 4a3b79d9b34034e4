import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { userUpdateEvent } from '@mediadiet/contract/realtime';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';
import { createDatabase } from '../../src/db/database.ts';
import { buildUser, signIn } from '../helpers/builders.ts';
import { spawnServer } from '../helpers/server-process.ts';

/**
 * A deploy (issue 28): the real server (src/server.ts under tsx) is stopped with SIGTERM and started again on
 * the same port and data directory. An open tab's socket (socket.io-client with its default reconnection, as
 * the web app uses it) is live again within seconds of the restart and receives its user's events — the server
 * closes connections on shutdown without socket.io's "server disconnect", after which a client never
 * reconnects on its own.
 */

const tmpDirs: string[] = [];
const children: ChildProcess[] = [];
const sockets: Socket[] = [];

afterAll(async () => {
  for (const socket of sockets) socket.disconnect();
  for (const child of children)
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  for (const dir of tmpDirs) await fs.rm(dir, { recursive: true, force: true });
});

function startServer(env: Record<string, string>) {
  const { DATABASE_URL: _ignored, REDIS_URL: _none, ...inherited } = process.env;
  const server = spawnServer([], inherited, env);
  children.push(server.child);
  return server;
}

const waitFor = <T>(what: string, ms: number, register: (resolve: (value: T) => void) => void) =>
  new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${what}: nothing within ${ms} ms`)), ms);
    register((value) => {
      clearTimeout(timer);
      resolve(value);
    });
  });

describe('live events after a graceful restart', () => {
  it(
    'an open socket reconnects within seconds of a SIGTERM restart on the same port and gets its events',
    { timeout: 120_000 },
    async () => {
      const tmp = await fs.mkdtemp(path.join(os.tmpdir(), 'mediadiet-restart-'));
      tmpDirs.push(tmp);
      const env = { DATA_DIR: path.join(tmp, 'data'), WEB_DIST_DIR: path.join(tmp, 'no-web') };

      // A user with a session, made with the app itself on that data directory.
      const database = await createDatabase({ databaseUrl: undefined, dataDir: env.DATA_DIR });
      const app = await buildApp(loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', ...env }), { database });
      await app.ready();
      const user = await buildUser({ app });
      const token = await signIn({ app }, user.id);
      await app.close();

      const first = startServer(env);
      const port = await first.port;
      const base = `http://127.0.0.1:${port}`;
      const socket = connect(base, { auth: { token }, transports: ['websocket'] });
      sockets.push(socket);
      await waitFor<void>('first connect', 20_000, (done) => socket.once('connect', () => done()));

      const disconnected = waitFor<string>('disconnect', 20_000, (done) => socket.once('disconnect', done));
      first.child.kill('SIGTERM');
      const reason = await disconnected;
      await first.exited;
      // Not "io server disconnect": that one is never retried by the client.
      expect(reason).not.toBe('io server disconnect');

      const second = startServer({ ...env, PORT: String(port) });
      expect(await second.port).toBe(port);
      const listening = Date.now();
      if (!socket.connected) {
        await waitFor<void>('reconnect', 15_000, (done) => socket.once('connect', () => done()));
      }
      // socket.io-client's back-off tops out at 5 s: live again within a few seconds of the restart.
      expect(Date.now() - listening).toBeLessThan(8_000);

      // And it is in its user's room again: a change to the user reaches it.
      const event = waitFor<unknown>('update_user', 10_000, (done) =>
        socket.once(userUpdateEvent(user.id), done),
      );
      const response = await fetch(`${base}/api/extension/installation`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ isInstalled: true }),
      });
      expect(response.status, await response.clone().text()).toBe(200);
      expect(await event).toMatchObject({ userId: user.id });

      second.child.kill('SIGTERM');
      await second.exited;
    },
  );
});
