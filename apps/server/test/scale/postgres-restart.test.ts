import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { subscribed } from '../helpers/billing.ts';
import { pair } from '../helpers/extension.ts';
import type { TestApp } from '../helpers/test-app.ts';
import {
  api,
  createEmptyDatabase,
  REDIS_URL,
  rows,
  sleep,
  startInstance,
  startPostgres,
  uniquePrefix,
  waitFor,
  type Instance,
} from './helpers.ts';

/**
 * PostgreSQL restarts under light load (a private cluster: initdb + pg_ctl on a free port). The two instances
 * do not crash on the terminated connections (57P01), /readyz answers 503 while the database is away and 200
 * again once it is back, without restarting anything, and every touch point acknowledged (202) before, during
 * or after the outage is analysed.
 */

let server: Awaited<ReturnType<typeof startPostgres>>;
let a: Instance;
let b: Instance;

beforeAll(async () => {
  server = await startPostgres();
  const database = await createEmptyDatabase(server.adminUrl);
  const options = {
    databaseUrl: database.url,
    redisUrl: REDIS_URL,
    prefix: uniquePrefix(),
    env: { TOUCHPOINT_WORKER: 'on', TOUCHPOINT_BACKOFF_MS: '200', TOUCHPOINT_STALE_MS: '3000' },
  };
  [a, b] = await Promise.all([startInstance(options), startInstance(options)]);
}, 120_000);

afterAll(async () => {
  await a?.close();
  await b?.close();
  await server?.destroy();
}, 120_000);

describe('PostgreSQL restart', () => {
  it('the instances recover by themselves; /readyz shows the outage while it lasts', async () => {
    const t = { app: a.app } as TestApp;
    const who = await subscribed(t, 'premium');
    const apiKey = await pair(t, who.token);

    // Light load: touch points alternately on A and B, and both probes, until told to stop.
    let running = true;
    const acknowledged = new Set<string>();
    const failures: number[] = [];
    const ready: { at: number; a: number; b: number }[] = [];
    let n = 0;
    const load = (async () => {
      while (running) {
        n++;
        const on = n % 2 ? a : b;
        try {
          const response = await api(on.url, 'POST', '/api/extension/touchpoints', apiKey, {
            url: `https://news.example.org/pg-restart/${n}`,
            title: `Page ${n}`,
            text: 'The council celebrated a hopeful victory while residents remained anxious.',
            capturedAt: new Date().toISOString(),
          });
          if (response.status === 202) acknowledged.add((response.json as { id: string }).id);
          else failures.push(response.status);
        } catch {
          failures.push(0);
        }
        await sleep(40);
      }
    })();
    const probes = (async () => {
      while (running) {
        const [ra, rb] = await Promise.all([fetch(`${a.url}/readyz`), fetch(`${b.url}/readyz`)]);
        ready.push({ at: Date.now(), a: ra.status, b: rb.status });
        await sleep(100);
      }
    })();

    await sleep(1_500);
    expect(acknowledged.size).toBeGreaterThan(5);
    const beforeOutage = acknowledged.size;

    await server.stop(); // fast shutdown: every connection ends with 57P01
    const down = Date.now();
    await waitFor('both instances to report the outage', () =>
      ready.some((r) => r.at > down && r.a === 503 && r.b === 503),
    );
    await sleep(1_500);
    await server.start();
    const up = Date.now();
    await waitFor(
      'both instances ready again',
      () => ready.some((r) => r.at > up && r.a === 200 && r.b === 200),
      30_000,
    );
    await sleep(1_500);
    running = false;
    await Promise.all([load, probes]);

    // The outage was visible, and the touch points sent during it were refused (never acknowledged).
    expect(failures.length).toBeGreaterThan(0);
    expect(failures.every((status) => status >= 500 || status === 0)).toBe(true);
    expect(acknowledged.size).toBeGreaterThan(beforeOutage);
    for (const instance of [a, b]) {
      // Said in the log: a pooled connection lost, or the readiness probe failing (whichever came first).
      expect(instance.logs.some((line) => line.level >= 40 && /database/i.test(line.msg))).toBe(true);
      expect((await fetch(`${instance.url}/readyz`)).status).toBe(200);
    }

    // Every acknowledged touch point is analysed, exactly once.
    const ids = [...acknowledged];
    const count = async () => {
      const [result] = await rows<{ analysed: number }>(
        a.app.db,
        sql`select count(*)::int as analysed from analyses where user_id = ${who.userId}`,
      );
      return result!.analysed;
    };
    await waitFor(
      'every acknowledged touch point analysed',
      async () => (await count()) >= ids.length,
      60_000,
    );
    const [result] = await rows<{ analyses: number; distinct_tps: number }>(
      b.app.db,
      sql`select count(*)::int as analyses, count(distinct touchpoint_id)::int as distinct_tps
            from analyses where user_id = ${who.userId}`,
    );
    expect(result).toEqual({ analyses: ids.length, distinct_tps: ids.length });
  });
});
