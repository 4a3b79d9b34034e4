import type { ChildProcess } from 'node:child_process';
import { analysisCreatedEvent, type AnalysisCreatedPayload } from '@mediadiet/contract/realtime';
import type { RecentAnalysesResponse } from '@mediadiet/contract/analysis';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnServer } from '../helpers/server-process.ts';
import { api, createEmptyDatabase, REDIS_URL, seedPairedReader, uniquePrefix } from './helpers.ts';

/**
 * A deploy on PostgreSQL and Redis (issue 28): the real server (src/server.ts under tsx, its analyzer on a
 * thread as in production) is stopped with SIGTERM and started again on the same port, database and Redis
 * prefix. An open tab's socket (socket.io-client with its default reconnection, as the web app) is live again
 * within seconds, and a page read while the server was away, sent as soon as it is back, reaches that tab within
 * seconds — by the live event, or by the history read the tab makes once reconnected — dated when it was read.
 */

let database: Awaited<ReturnType<typeof createEmptyDatabase>>;
const children: ChildProcess[] = [];
const sockets: Socket[] = [];

beforeAll(async () => {
  database = await createEmptyDatabase();
});

afterAll(async () => {
  for (const socket of sockets) socket.disconnect();
  for (const child of children)
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  await database?.drop();
});

const within = <T>(what: string, ms: number, promise: Promise<T>) =>
  Promise.race([
    promise,
    new Promise<never>((_, reject) =>
      setTimeout(() => reject(new Error(`${what}: nothing within ${ms} ms`)), ms),
    ),
  ]);

describe('a graceful restart on PostgreSQL and Redis', () => {
  it(
    'an open socket is live again within seconds and gets the page queued across the restart',
    { timeout: 180_000 },
    async () => {
      const env = {
        DATABASE_URL: database.url,
        REDIS_URL,
        REDIS_PREFIX: uniquePrefix(),
        TOUCHPOINT_WORKER: 'on',
        SESSION_SECRET: 'restart-test-secret-0123456789-0123456789',
        WEB_DIST_DIR: '/nonexistent-web-dist',
      };
      const who = await seedPairedReader(env, 'basic');
      const { apiKey } = who;

      const start = (extra: Record<string, string> = {}) => {
        const server = spawnServer([], process.env, { ...env, ...extra });
        children.push(server.child);
        return server;
      };
      const first = start();
      const port = await first.port;
      const base = `http://127.0.0.1:${port}`;
      const event = analysisCreatedEvent(who.userId);
      const socket = connect(base, { auth: { token: who.token } });
      sockets.push(socket);
      await within(
        'first connect',
        20_000,
        new Promise<void>((resolve) => socket.once('connect', () => resolve())),
      );
      const page = (n: number, capturedAt: Date) => ({
        url: `https://news.example.org/restart/${n}`,
        title: `Restart ${n}`,
        text: `Report ${n}: the council celebrated a hopeful victory while residents remained anxious about the costs.`,
        capturedAt: capturedAt.toISOString(),
      });
      const arrivals: AnalysisCreatedPayload[] = [];
      socket.on(event, (payload: AnalysisCreatedPayload) => arrivals.push(payload));
      /** Sends page `n`, read now, and waits up to `ms` for its analysis to reach the socket. */
      const arrivesLive = async (n: number, what: string, ms: number) => {
        expect(
          (await api(base, 'POST', '/api/extension/touchpoints', apiKey, page(n, new Date()))).status,
        ).toBe(202);
        await within(
          what,
          ms,
          waitUntil(() => arrivals.some((a) => a.analysis.url.endsWith(`/${n}`))),
        );
      };
      // Live before the deploy.
      await arrivesLive(1, 'the first analysis', 30_000);

      // The deploy: SIGTERM; a page read meanwhile waits in the extension.
      const reason = new Promise<string>((resolve) => socket.once('disconnect', resolve));
      first.child.kill('SIGTERM');
      await first.exited;
      expect(await reason).not.toBe('io server disconnect');
      const readAt = new Date();
      const second = start({ PORT: String(port) });
      expect(await second.port).toBe(port);
      const backAt = Date.now();

      // Back: the extension sends the page at once, the socket reconnects by itself.
      const reconnected = new Promise<void>((resolve) => socket.once('connect', () => resolve()));
      const sent = await api(base, 'POST', '/api/extension/touchpoints', apiKey, page(2, readAt));
      expect(sent.status).toBe(202);
      const id = (sent.json as { id: string }).id;
      await within('reconnect', 10_000, socket.connected ? Promise.resolve() : reconnected);
      // What the web app does once reconnected: it reads the history; the page is there or arrives live.
      const listed = async () => {
        const recent = (await api(base, 'GET', '/api/analysis/recent', who.token))
          .json as RecentAnalysesResponse;
        return recent.results.find((a) => a.id === id);
      };
      const seen = await within(
        'the page queued across the restart',
        12_000,
        (async () => {
          for (;;) {
            const live = arrivals.find((a) => a.analysis.id === id)?.analysis;
            if (live) return live;
            const read = await listed();
            if (read) {
              // Listed now: its event, if the socket was back in time, follows the commit at once.
              return read;
            }
            await new Promise((resolve) => setTimeout(resolve, 200));
          }
        })(),
      );
      expect(Date.now() - backAt).toBeLessThan(15_000);
      expect(Date.parse(seen.createdAt)).toBe(readAt.getTime());

      // Live again: a page read now reaches the socket by the event alone.
      await arrivesLive(3, 'the live analysis after the restart', 10_000);

      second.child.kill('SIGTERM');
      await second.exited;
    },
  );
});

function waitUntil(check: () => boolean): Promise<void> {
  return new Promise((resolve) => {
    const tick = () => (check() ? resolve() : setTimeout(tick, 50));
    tick();
  });
}
