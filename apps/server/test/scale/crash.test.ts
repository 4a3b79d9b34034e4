import type { ChildProcess } from 'node:child_process';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase } from '../../src/db/database.ts';
import { spawnServer } from '../helpers/server-process.ts';
import {
  createEmptyDatabase,
  REDIS_URL,
  rows,
  seedPairedReader,
  sleep,
  uniquePrefix,
  waitFor,
} from './helpers.ts';

/**
 * Two real server processes (src/server.ts under tsx) on PostgreSQL and Redis; one is SIGKILLed while touch
 * points are posted to both. The survivor takes over what the dead one had claimed (once its lock is stale),
 * the killed one is restarted, and every touch point acknowledged (202) by either is analysed exactly once.
 */

const TOTAL = 300;
const KILL_AFTER = 120;
const CONCURRENCY = 8;

let database: Awaited<ReturnType<typeof createEmptyDatabase>>;
const children: ChildProcess[] = [];

beforeAll(async () => {
  database = await createEmptyDatabase();
});

afterAll(async () => {
  for (const child of children)
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  await database?.drop();
});

function startServer(env: Record<string, string>) {
  const server = spawnServer(['--role', 'all'], process.env, env);
  children.push(server.child);
  return server;
}

describe('SIGKILL of one of two instances during ingest', () => {
  it('every acknowledged touch point is analysed exactly once after the restart', async () => {
    const env = {
      DATABASE_URL: database.url,
      REDIS_URL,
      REDIS_PREFIX: uniquePrefix(),
      TOUCHPOINT_WORKER: 'on',
      TOUCHPOINT_STALE_MS: '2000',
      TOUCHPOINT_ANALYZE_THREADS: '0',
      SESSION_SECRET: 'crash-test-secret-0123456789-0123456789',
    };
    const who = await seedPairedReader(env, 'premium');
    const { apiKey } = who;

    let victim = startServer(env);
    const survivor = startServer(env);
    const bases = [`http://127.0.0.1:${await victim.port}`, `http://127.0.0.1:${await survivor.port}`];

    const acknowledged = new Set<string>();
    const cutOff: number[] = [];
    let killed = false;
    let next = 0;
    const post = async (i: number, base: string) => {
      const response = await fetch(`${base}/api/extension/touchpoints`, {
        method: 'POST',
        headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' },
        body: JSON.stringify({
          url: `https://news.example.org/kill/${i}`,
          title: `Kill ${i}`,
          text: `Report ${i}: the council celebrated a hopeful victory while residents remained anxious and angry.`,
          capturedAt: new Date().toISOString(),
        }),
      });
      if (response.status !== 202) throw new Error(`HTTP ${response.status}`);
      return ((await response.json()) as { id: string }).id;
    };
    const lane = async () => {
      while (next < TOTAL) {
        const i = next++;
        const base = bases[i % 2]!;
        try {
          acknowledged.add(await post(i, base));
        } catch (error) {
          if (!killed || base !== bases[0]) throw error;
          cutOff.push(i); // the victim's: sent again after its restart, as the extension does
        }
        if (!killed && acknowledged.size >= KILL_AFTER) {
          killed = true;
          victim.child.kill('SIGKILL');
        }
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, lane));
    await victim.exited;
    expect(killed).toBe(true);

    // The survivor alone: it takes over the victim's claimed rows once they are stale (2 s).
    await sleep(500);
    victim = startServer(env);
    bases[0] = `http://127.0.0.1:${await victim.port}`;
    for (const i of cutOff) acknowledged.add(await post(i, bases[0]));
    expect(acknowledged.size).toBe(TOTAL);

    const check = await createDatabase({ databaseUrl: database.url, dataDir: '' });
    try {
      const counts = async () =>
        (
          await rows<{ analyses: number; distinct_tps: number; open: number; billed: number }>(
            check.db,
            sql`
            select (select count(*)::int from analyses) as analyses,
                   (select count(distinct touchpoint_id)::int from analyses) as distinct_tps,
                   (select count(*)::int from touchpoints where status <> 'done') as open,
                   (select touchpoints::int from usage_periods where user_id = ${who.userId}) as billed`,
          )
        )[0]!;
      await waitFor('the queue to drain', async () => (await counts()).open === 0, 90_000);
      expect(await counts()).toEqual({ analyses: TOTAL, distinct_tps: TOTAL, open: 0, billed: TOTAL });
      const ids = await rows<{ id: string }>(check.db, sql`select touchpoint_id as id from analyses`);
      expect(new Set(ids.map((r) => r.id))).toEqual(acknowledged);
    } finally {
      await check.close();
    }
    for (const server of [victim, survivor]) {
      server.child.kill('SIGTERM');
      await server.exited;
    }
  }, 180_000);
});
