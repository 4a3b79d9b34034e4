import { analysisCreatedEvent, type AnalysisCreatedPayload } from '@mediadiet/contract/realtime';
import { sql } from 'drizzle-orm';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dayOf } from '../../src/lib/days.ts';
import type { Scorer } from '../../src/modules/analysis/scorer.ts';
import { subscribed } from '../helpers/billing.ts';
import { signIn } from '../helpers/builders.ts';
import { deviceScores, pair } from '../helpers/extension.ts';
import type { TestApp } from '../helpers/test-app.ts';
import {
  api,
  connectClient,
  createEmptyDatabase,
  REDIS_URL,
  rows,
  startInstance,
  uniquePrefix,
  waitFor,
  type Instance,
} from './helpers.ts';

/**
 * Two (and three) instances on one PostgreSQL and one Redis: events cross instances, revocations and cache
 * invalidations are seen everywhere at once, the workers of all instances share the queue without ever
 * processing a touch point twice, and rate limits count across instances.
 */

let database: Awaited<ReturnType<typeof createEmptyDatabase>>;
const prefix = uniquePrefix();
const instances: Instance[] = [];
const sockets: Socket[] = [];
/** Every scorer call: the page's URL and the instance that scored it. */
const scored: { url: string; instance: string }[] = [];

const countingScorer =
  (instance: string): Scorer =>
  (input) => {
    scored.push({ url: input.url ?? '', instance });
    return Promise.resolve(deviceScores() as Awaited<ReturnType<Scorer>>);
  };

async function start(name: string, env: Record<string, string> = {}): Promise<Instance> {
  const instance = await startInstance({
    databaseUrl: database.url,
    redisUrl: REDIS_URL,
    prefix,
    env: { AUTH_RATE_LIMIT_PER_IP: '7', ...env },
    scorer: countingScorer(name),
  });
  instances.push(instance);
  return instance;
}

async function client(instance: Instance, token: string): Promise<Socket> {
  const socket = await connectClient(instance.url, token);
  sockets.push(socket);
  return socket;
}

/** A Premium subscriber with a paired extension, made through instance `on`. */
async function reader(on: Instance) {
  const t = { app: on.app } as TestApp;
  const who = await subscribed(t, 'premium');
  return { ...who, apiKey: await pair(t, who.token) };
}

let counter = 0;
async function ingest(on: Instance, apiKey: string): Promise<{ id: string; url: string }> {
  counter++;
  const url = `https://news.example.org/scale/${counter}`;
  const response = await api(on.url, 'POST', '/api/extension/touchpoints', apiKey, {
    url,
    title: `Scale ${counter}`,
    text: 'The council celebrated a hopeful victory while residents remained anxious about the costs.',
    capturedAt: new Date().toISOString(),
  });
  if (response.status !== 202)
    throw new Error(`ingest: HTTP ${response.status} ${JSON.stringify(response.json)}`);
  return { id: (response.json as { id: string }).id, url };
}

const nextEvent = (socket: Socket, event: string) =>
  new Promise<AnalysisCreatedPayload>((resolve) => socket.once(event, resolve));

let a: Instance;
let b: Instance;

beforeAll(async () => {
  database = await createEmptyDatabase();
  // Started together on an empty database: the migrations run once, under the advisory lock.
  [a, b] = await Promise.all([start('A', { ROLE: 'api' }), start('B', { TOUCHPOINT_WORKER: 'on' })]);
});

afterAll(async () => {
  for (const socket of sockets) socket.disconnect();
  for (const instance of instances) await instance.close().catch(() => {});
  await database?.drop();
});

describe('two instances', () => {
  it('migrated the empty database once although both started together', async () => {
    const [migrations] = await rows<{ applied: number }>(
      a.app.db,
      sql`select count(*)::int as applied from drizzle.__drizzle_migrations`,
    );
    expect(migrations!.applied).toBeGreaterThan(0);
    const [tables] = await rows<{ n: number }>(
      a.app.db,
      sql`select count(*)::int as n from information_schema.tables where table_name = 'touchpoints'`,
    );
    expect(tables!.n).toBe(1);
  });

  it('a socket on A receives the analysis of a touch point ingested on B (and on A, analysed by B)', async () => {
    const who = await reader(a);
    const socket = await client(a, who.token);
    const event = analysisCreatedEvent(who.userId);

    const fromB = nextEvent(socket, event);
    const onB = await ingest(b, who.apiKey);
    expect((await fromB).analysis.id).toBe(onB.id);

    // A runs no worker (ROLE=api): B's worker analyses it and the event crosses back to A.
    const fromA = nextEvent(socket, event);
    const onA = await ingest(a, who.apiKey);
    expect((await fromA).analysis.id).toBe(onA.id);
    expect(scored.filter((s) => s.url === onA.url).map((s) => s.instance)).toEqual(['B']);
  });

  it('the history A keeps is dropped before A’s socket hears of B’s new analysis', async () => {
    const who = await reader(a);
    const socket = await client(a, who.token);
    const first = await api(a.url, 'GET', '/api/analysis/recent', who.token);
    expect(first.status).toBe(200);
    const seen = nextEvent(socket, analysisCreatedEvent(who.userId));
    const page = await ingest(b, who.apiKey);
    await seen;
    // Read at once, on A: the page A kept (2 s TTL) must not hide the analysis.
    const after = await api(a.url, 'GET', '/api/analysis/recent', who.token);
    const ids = (after.json as { results: { id: string }[] }).results.map((x) => x.id);
    expect(ids).toContain(page.id);
  });

  it('the insights A keeps are dropped before A’s socket hears of B’s new analysis', async () => {
    const who = await reader(a);
    const socket = await client(a, who.token);
    const total = async () =>
      ((await api(a.url, 'GET', '/api/analysis/insights', who.token)).json as { totalResults: number })
        .totalResults;
    expect(await total()).toBe(0); // now kept on A
    const seen = nextEvent(socket, analysisCreatedEvent(who.userId));
    await ingest(b, who.apiKey);
    await seen;
    expect(await total()).toBe(1);
  });

  it('a change of the user on B is seen by the sign-in check on A at once', async () => {
    const who = await reader(a);
    const status = async () =>
      (
        (await api(a.url, 'POST', '/auth/loggedin', who.token)).json as {
          user: { extension: { status: string } };
        }
      ).user.extension.status;
    expect(await status()).toBe('on'); // now kept on A
    expect((await api(b.url, 'DELETE', '/api/extension', who.token)).status).toBe(200);
    // Well inside the cache's 2 s TTL: only the broadcast can have dropped it.
    expect(await waitFor('A to see the disconnection', async () => (await status()) === 'off', 500)).toBe(
      true,
    );
  });

  it('a change of time zone on B is seen by A’s days at once', async () => {
    const who = await reader(a);
    const today = async () =>
      ((await api(a.url, 'GET', '/api/mood', who.token)).json as { today: string }).today;
    expect(await today()).toBe(dayOf(new Date(), 'UTC')); // the zone now kept on A
    // Kiritimati (UTC+14) and Pago Pago (UTC-11) never share a date.
    for (const zone of ['Pacific/Kiritimati', 'Pacific/Pago_Pago']) {
      const patch = await api(b.url, 'PATCH', '/api/account/preferences', who.token, { timeZone: zone });
      expect(patch.status).toBe(200);
      // Well inside the zones cache's TTL: only the broadcast can have dropped it.
      await waitFor(`A to cut days in ${zone}`, async () => (await today()) === dayOf(new Date(), zone), 500);
    }
  });

  it('a sign-out on B ends the session on A at once and disconnects its sockets there', async () => {
    const who = await reader(a);
    const token = await signIn(a, who.userId);
    const socket = await client(a, token);
    expect((await api(a.url, 'GET', '/api/account/info', token)).status).toBe(200); // now cached on A
    const disconnected = new Promise((resolve) => socket.once('disconnect', resolve));

    expect((await api(b.url, 'POST', '/auth/logout', token)).status).toBe(200);
    expect((await api(a.url, 'GET', '/api/account/info', token)).status).toBe(401);
    await disconnected;
  });

  it('disconnecting the extension on B revokes its key on A at once', async () => {
    const who = await reader(a);
    expect((await api(a.url, 'GET', '/api/extension/disabled', who.apiKey)).status).toBe(200); // cached on A
    expect((await api(b.url, 'DELETE', '/api/extension', who.token)).status).toBe(200);
    expect((await api(a.url, 'GET', '/api/extension/disabled', who.apiKey)).status).toBe(401);
  });

  it('rate limits count across instances: alternating A and B is limited at the same total as one', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) {
      const on = i % 2 === 0 ? a : b;
      const response = await fetch(`${on.url}/auth/pin`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: `limit-${i}-${prefix.replaceAll(':', '')}@example.com` }),
      });
      statuses.push(response.status);
    }
    // AUTH_RATE_LIMIT_PER_IP=7: seven calls pass (whatever they answer), the rest are 429.
    expect(statuses.filter((s) => s !== 429)).toHaveLength(7);
    expect(statuses.slice(7)).toEqual([429, 429, 429]);
    expect(statuses).not.toContain(500);
  });

  it('1,000 touch points spread over two working instances are each analysed exactly once', async () => {
    const c = await start('C', { TOUCHPOINT_WORKER: 'on' });
    const who = await reader(b);
    const socket = await client(a, who.token);
    const events = new Set<string>();
    socket.on(analysisCreatedEvent(who.userId), (payload: AnalysisCreatedPayload) =>
      events.add(payload.analysis.id),
    );
    const before = scored.length;

    const TOTAL = 1000;
    const ids = new Set<string>();
    let next = 0;
    const lane = async () => {
      while (next < TOTAL) {
        const i = next++;
        ids.add((await ingest(i % 2 === 0 ? b : c, who.apiKey)).id);
      }
    };
    await Promise.all(Array.from({ length: 12 }, lane));
    expect(ids.size).toBe(TOTAL);

    await waitFor('every analysis event on A', () => events.size >= TOTAL, 90_000);
    const mine = scored.slice(before);
    // Scored once each, by both workers.
    expect(mine).toHaveLength(TOTAL);
    expect(new Set(mine.map((s) => s.url)).size).toBe(TOTAL);
    expect(mine.some((s) => s.instance === 'B') && mine.some((s) => s.instance === 'C')).toBe(true);
    expect(events).toEqual(ids);

    const [counts] = await rows<Record<string, number>>(
      a.app.db,
      sql`
      select (select count(*)::int from analyses where user_id = ${who.userId}) as analyses,
             (select count(distinct touchpoint_id)::int from analyses where user_id = ${who.userId}) as distinct_tps,
             (select count(*)::int from touchpoints where user_id = ${who.userId} and status = 'done') as done,
             (select max(attempts)::int from touchpoints where user_id = ${who.userId}) as max_attempts,
             (select touchpoints::int from usage_periods where user_id = ${who.userId}) as billed`,
    );
    expect(counts).toEqual({
      analyses: TOTAL,
      distinct_tps: TOTAL,
      done: TOTAL,
      max_attempts: 1,
      billed: TOTAL,
    });
  });

  it('a worker-only instance answers only the probes and /metrics, and its events reach A', async () => {
    const worker = await start('W', { ROLE: 'worker', TOUCHPOINT_WORKER: 'on' });
    expect((await fetch(`${worker.url}/healthz`)).status).toBe(200);
    expect((await fetch(`${worker.url}/readyz`)).status).toBe(200);
    expect(await (await fetch(`${worker.url}/metrics`)).text()).toContain('redis_up 1');
    expect((await fetch(`${worker.url}/api/subscription/plans`)).status).toBe(404);
    expect((await fetch(`${worker.url}/socket.io/?EIO=4&transport=polling`)).status).toBe(404);

    // Only W works now: B and C stop their workers.
    for (const instance of instances.filter((i) => i !== worker))
      await instance.app.touchpoints.worker.stop();
    const who = await reader(a);
    const socket = await client(a, who.token);
    const seen = nextEvent(socket, analysisCreatedEvent(who.userId));
    const page = await ingest(a, who.apiKey);
    expect((await seen).analysis.id).toBe(page.id);
    expect(scored.filter((s) => s.url === page.url).map((s) => s.instance)).toEqual(['W']);
  });
});
