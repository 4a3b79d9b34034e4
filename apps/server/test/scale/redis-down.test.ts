import { analysisCreatedEvent } from '@mediadiet/contract/realtime';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { subscribed } from '../helpers/billing.ts';
import { pair } from '../helpers/extension.ts';
import type { TestApp } from '../helpers/test-app.ts';
import {
  api,
  connectClient,
  createEmptyDatabase,
  startInstance,
  startRedis,
  uniquePrefix,
  waitFor,
  type Instance,
} from './helpers.ts';

/**
 * Redis goes away under two instances (a private redis-server, killed): each keeps serving its own sockets,
 * says so once in its log and in /metrics (redis_up 0), rate limits fall back to the database (no 500, still
 * limited); when Redis is back the instances find it again by themselves and events cross again.
 */

let database: Awaited<ReturnType<typeof createEmptyDatabase>>;
let redis: Awaited<ReturnType<typeof startRedis>>;
let a: Instance;
let b: Instance;
const sockets: Socket[] = [];

beforeAll(async () => {
  [database, redis] = await Promise.all([createEmptyDatabase(), startRedis()]);
  const prefix = uniquePrefix();
  const options = {
    databaseUrl: database.url,
    redisUrl: redis.url,
    prefix,
    env: { AUTH_RATE_LIMIT_PER_IP: '4' },
  };
  [a, b] = await Promise.all([startInstance(options), startInstance(options)]);
});

afterAll(async () => {
  for (const socket of sockets) socket.disconnect();
  await a?.close();
  await b?.close();
  await redis?.stop();
  await database?.drop();
});

async function redisUp(instance: Instance): Promise<number> {
  const text = await (await fetch(`${instance.url}/metrics`)).text();
  const line = text.split('\n').find((l) => l.startsWith('redis_up '));
  return Number(line?.split(' ')[1]);
}

const events = (instance: Instance, event: string) => instance.logs.filter((line) => line.event === event);

/** A reader on each instance: a paired extension and a socket connected to that instance. */
async function readerOn(instance: Instance) {
  const t = { app: instance.app } as TestApp;
  const who = await subscribed(t, 'premium');
  const apiKey = await pair(t, who.token);
  const socket = await connectClient(instance.url, who.token);
  sockets.push(socket);
  return { ...who, apiKey, socket };
}

let page = 0;
/** Ingest on `instance` and analyse there (the worker is driven by hand): the event this instance emits. */
async function analyseOn(instance: Instance, apiKey: string) {
  page++;
  const response = await api(instance.url, 'POST', '/api/extension/touchpoints', apiKey, {
    url: `https://news.example.org/redis-down/${page}`,
    title: `Page ${page}`,
    text: 'The volunteers were thanked with pride although the residents stayed anxious.',
    capturedAt: new Date().toISOString(),
  });
  expect(response.status).toBe(202);
  await instance.app.touchpoints.worker.drain();
  return (response.json as { id: string }).id;
}

const received = (socket: Socket, event: string, timeoutMs = 5_000) =>
  new Promise<boolean>((resolve) => {
    const timer = setTimeout(() => {
      socket.off(event, onEvent);
      resolve(false);
    }, timeoutMs);
    const onEvent = () => {
      clearTimeout(timer);
      resolve(true);
    };
    socket.once(event, onEvent);
  });

describe('Redis down', () => {
  it('keeps each instance serving its own sockets, says so, and recovers when Redis is back', async () => {
    const onA = await readerOn(a);
    const onB = await readerOn(b);
    expect(await redisUp(a)).toBe(1);
    expect(await redisUp(b)).toBe(1);

    // Up: B's emit reaches A's socket.
    const crossed = received(onA.socket, 'ping_from_b');
    b.app.emitToUser(onA.userId, 'ping_from_b', {});
    expect(await crossed).toBe(true);

    await redis.stop();
    for (const instance of [a, b]) {
      await waitFor('the Redis loss in the log', () => events(instance, 'redis_lost').length === 1);
      expect(await redisUp(instance)).toBe(0);
      expect((await fetch(`${instance.url}/readyz`)).status).toBe(200);
    }
    const lost = events(a, 'redis_lost')[0]!;
    expect(lost.level).toBe(40); // warn

    // Each instance still delivers its own events to its own sockets.
    for (const [instance, who] of [
      [a, onA],
      [b, onB],
    ] as const) {
      const event = analysisCreatedEvent(who.userId);
      const got = new Promise<{ analysis: { id: string } }>((resolve) => who.socket.once(event, resolve));
      const id = await analyseOn(instance, who.apiKey);
      expect((await got).analysis.id).toBe(id);
    }
    // Sign-in rate limits are counted in the database meanwhile: never a 500, still limited.
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const response = await fetch(`${(i % 2 ? b : a).url}/auth/pin`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: `down-${i}@example.com` }),
      });
      statuses.push(response.status);
    }
    expect(statuses).not.toContain(500);
    expect(statuses.slice(4)).toEqual([429, 429]);
    expect(events(a, 'rate_limit_fallback')).toHaveLength(1);
    // Still only one line about the loss, however many reconnect attempts failed.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(events(a, 'redis_lost')).toHaveLength(1);

    await redis.start();
    for (const instance of [a, b]) {
      await waitFor('the Redis recovery in the log', () => events(instance, 'redis_recovered').length === 1);
      expect(await redisUp(instance)).toBe(1);
    }
    // Events cross instances again (the subscriptions were renewed on reconnect).
    await waitFor('events crossing again', async () => {
      const again = received(onA.socket, 'ping_again', 500);
      b.app.emitToUser(onA.userId, 'ping_again', {});
      return again;
    });
  });

  it('says nothing of a Redis loss when the instance itself shuts down', async () => {
    const instance = await startInstance({
      databaseUrl: database.url,
      redisUrl: redis.url,
      prefix: uniquePrefix(),
    });
    await waitFor('Redis connected', () => events(instance, 'redis_connected').length === 1);
    await instance.close();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(events(instance, 'redis_lost')).toEqual([]);
    expect(events(instance, 'redis_connected')).toHaveLength(1);
  });
});
