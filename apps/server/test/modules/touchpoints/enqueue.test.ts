import { randomUUID } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isHostCovered } from '@mediadiet/contract/urls';
import type { Db } from '../../../src/db/database.ts';
import { planConfig } from '../../../src/config/plans.ts';
import { usageLimits } from '../../../src/modules/billing/metering.ts';
import {
  enqueueMany,
  type MeteredTouchpoint,
} from '../../../src/modules/touchpoints/repository.ts';
import { customer, subscribed } from '../../helpers/billing.ts';
import { createTestApp, type TestApp } from '../../helpers/test-app.ts';
import { usageOracle } from '../../helpers/usage.ts';

/**
 * The ingest's one statement (`enqueue_metered_touchpoints`, decisions 093 and 098): each item is stored,
 * answered the id of the same user's same URL and content within the window, or refused because the user
 * ignores its host or their plan does not let it in (the same decisions as billing's `canAccept`) — and two
 * identical uploads in flight at once agree on one row.
 */

const WINDOW_MS = 30 * 60_000;
/** The statement's options as the ingest passes them. */
const options = () => ({ windowMs: WINDOW_MS, allowance: t.app.usage.terms });

let t: TestApp;
let userId: string;
let other: string;
beforeAll(async () => {
  t = await createTestApp();
  userId = (await subscribed(t, 'premium')).userId;
  other = (await subscribed(t, 'premium')).userId;
});
afterAll(async () => {
  await t.close();
});

const item = (overrides: Partial<MeteredTouchpoint> = {}): MeteredTouchpoint => {
  const url = overrides.url ?? `https://news.example.org/${randomUUID()}`;
  return {
    userId,
    url,
    host: new URL(url).hostname,
    title: 'A page',
    text: 'Some words of the page.',
    scores: null,
    contentHash: `hash-${url}`,
    capturedAt: new Date('2026-11-20T10:00:00Z'),
    tokens: 10,
    ...overrides,
  };
};

/** The rows of a query (PGlite and node-postgres both answer `{ rows }`). */
const rowsOf = async <T extends Record<string, unknown>>(db: Db, query: SQL): Promise<T[]> =>
  ((await db.execute<T>(query)) as { rows: T[] }).rows;

const countRows = async (db: Db, user: string, url: string) => {
  const [row] = await rowsOf<{ n: number }>(
    db,
    sql`select count(*)::int as n from touchpoints where user_id = ${user} and url = ${url}`,
  );
  return Number(row!.n);
};

describe('enqueueMany', () => {
  it('stores new items, answers a duplicate the first id, and keeps identical items of one call as one row', async () => {
    const first = item();
    const [stored] = await enqueueMany(t.db, [first], options());
    expect(stored).toEqual({ kind: 'created', id: expect.any(String) as unknown });
    const id = (stored as { id: string }).id;

    const fresh = item();
    const results = await enqueueMany(t.db, [fresh, first, fresh, { ...first, userId: other }], options());
    expect(results[0]).toEqual({ kind: 'created', id: expect.any(String) as unknown });
    expect(results[1]).toEqual({ kind: 'existing', id });
    // The second identical item of the call: the first one's row.
    expect(results[2]).toEqual({ kind: 'existing', id: (results[0] as { id: string }).id });
    // Another user's same page is theirs.
    expect(results[3]).toEqual({ kind: 'created', id: expect.any(String) as unknown });
    expect(await countRows(t.db, userId, fresh.url)).toBe(1);
    expect(await countRows(t.db, userId, first.url)).toBe(1);

    // Outside the window the same page is a new touch point.
    await t.db.execute(
      sql`update touchpoints set created_at = now() - interval '31 minutes' where id = ${id}`,
    );
    const [later] = await enqueueMany(t.db, [first], options());
    expect(later).toEqual({ kind: 'created', id: expect.any(String) as unknown });
    expect((later as { id: string }).id).not.toBe(id);
  });

  it('stores nothing for a host the user ignores: the domain itself and its subdomains, not look-alikes', async () => {
    await t.db.execute(sql`insert into user_urls (user_id, domain) values (${userId}, 'ignored.example')`);
    const items = [
      item({ url: 'https://ignored.example/a' }),
      item({ url: 'https://www.ignored.example/b' }),
      item({ url: 'https://ignored.example./c', host: 'ignored.example.' }),
      item({ url: 'https://notignored.example/d' }),
      item({ url: 'https://ignored.example/e', userId: other }),
    ];
    const results = await enqueueMany(t.db, items, options());
    expect(results.map((r) => r.kind)).toEqual(['ignored', 'ignored', 'ignored', 'created', 'created']);
    // The SQL function and the contract's rule (the extension's) answer alike.
    expect(results.map((r) => r.kind === 'ignored')).toEqual(
      items.map((i) => i.userId === userId && isHostCovered(i.host, 'ignored.example')),
    );
    const [stored] = await rowsOf<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from touchpoints where user_id = ${userId} and host like '%ignored.example%'`,
    );
    expect(Number(stored!.n)).toBe(1);
  });

  it('keeps text, scores and the capture time as given', async () => {
    const scored = item({ text: null, scores: { tokens: 12, modelVersion: 'device-1' } });
    const [result] = await enqueueMany(t.db, [scored], options());
    const [row] = await rowsOf<{
      text: string | null;
      scores: unknown;
      captured_at: string | Date;
      status: string;
    }>(
      t.db,
      sql`select text, scores, captured_at, status from touchpoints where id = ${(result as { id: string }).id}`,
    );
    if (!row) throw new Error('no row');
    expect(row.text).toBeNull();
    expect(typeof row.scores === 'string' ? JSON.parse(row.scores) : row.scores).toEqual({
      tokens: 12,
      modelVersion: 'device-1',
    });
    expect(new Date(row.captured_at).toISOString()).toBe('2026-11-20T10:00:00.000Z');
    expect(row.status).toBe('queued');
  });
});

describe('enqueueMany, the allowance', () => {
  const countOf = async (user: string) => {
    const [row] = await rowsOf<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from touchpoints where user_id = ${user}`,
    );
    return Number(row!.n);
  };

  it('refuses, storing nothing, a reader without a subscription or with one past due; the ignored list comes first', async () => {
    const nobody = (await customer(t)).userId;
    const pastDue = (await subscribed(t, 'basic')).userId;
    await t.db.execute(sql`update subscriptions set status = 'past_due' where user_id = ${pastDue}`);
    await t.db.execute(sql`insert into user_urls (user_id, domain) values (${nobody}, 'quiet.example')`);
    const results = await enqueueMany(
      t.db,
      [
        item({ userId: nobody }),
        item({ userId: pastDue }),
        item({ userId: nobody, url: 'https://quiet.example/x' }),
      ],
      options(),
    );
    expect(results).toEqual([
      { kind: 'refused', subscription: null },
      { kind: 'refused', subscription: { status: 'past_due', plan: 'basic' } },
      { kind: 'ignored' },
    ]);
    expect(await countOf(nobody)).toBe(0);
    expect(await countOf(pastDue)).toBe(0);
  });

  it('lets in exactly what billing’s canAccept lets in, at the edge of each plan’s tokens and touch points', async () => {
    const cases = [
      { plan: 'free', cap: 0 },
      { plan: 'basic', cap: 0 },
      { plan: 'basic', cap: 500 },
      { plan: 'premium', cap: 1_234 },
    ] as const;
    for (const { plan, cap } of cases) {
      const who = (await subscribed(t, plan)).userId;
      await t.db.execute(sql`update subscriptions set overage_limit_cents = ${cap} where user_id = ${who}`);
      await usageOracle(t.app).record(who, 1_000);
      const { maxTokens } = usageLimits(planConfig(plan), cap);
      const decisions: [boolean, boolean][] = [];
      for (const tokens of [maxTokens - 1_000, maxTokens - 999]) {
        const [result] = await enqueueMany(t.db, [item({ userId: who, tokens })], options());
        decisions.push([result!.kind === 'created', (await usageOracle(t.app).canAccept(who, tokens)).ok]);
      }
      // The last token that fits, then one more: the statement agrees with billing on both.
      expect(decisions, `${plan}, cap ${cap}`).toEqual([
        [true, true],
        [false, false],
      ]);
      expect(await countOf(who)).toBe(1);
    }

    // The free plan also counts touch points: with all of them used, even a page of no tokens is refused.
    const free = (await subscribed(t, 'free')).userId;
    const { maxTouchpoints } = usageLimits(planConfig('free'), 0);
    for (let i = 0; i < maxTouchpoints - 1; i++) await usageOracle(t.app).record(free, 1);
    const [last] = await enqueueMany(t.db, [item({ userId: free, tokens: 0 })], options());
    expect(last!.kind).toBe('created');
    await usageOracle(t.app).record(free, 1);
    const [over] = await enqueueMany(t.db, [item({ userId: free, tokens: 0 })], options());
    expect(over).toEqual({ kind: 'refused', subscription: { status: 'active', plan: 'free' } });
    expect((await usageOracle(t.app).canAccept(free, 0)).ok).toBe(false);
  });
});

// Two connections at once exist only on PostgreSQL (PGlite runs one statement at a time); that pass of CI
// runs this.
if (process.env.DATABASE_URL)
  describe('enqueueMany on PostgreSQL, identical uploads in flight together', () => {
    it('waits for the other upload of the same page and answers its row', async () => {
      const page = item();
      const key = `${page.userId}|${page.url}|${page.contentHash}`;
      let answered: unknown = 'pending';
      let pending: Promise<unknown> | undefined;
      let otherId = '';
      await t.db.transaction(async (tx) => {
        // Another upload of the same page holds the lock and has inserted its row, not yet committed.
        await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`);
        const [inserted] = await rowsOf<{ id: string }>(
          tx,
          sql`insert into touchpoints (user_id, url, host, title, text, content_hash, captured_at)
              values (${page.userId}, ${page.url}, ${page.host}, ${page.title}, ${page.text}, ${page.contentHash}, now())
              returning id`,
        );
        otherId = inserted!.id;
        pending = enqueueMany(t.db, [page], options()).then((r) => (answered = r));
        await new Promise((resolve) => setTimeout(resolve, 300));
        // Still waiting for the lock: it would otherwise have stored a second row already.
        expect(answered).toBe('pending');
      });
      await pending;
      expect(answered).toEqual([{ kind: 'existing', id: otherId }]);
      expect(await countRows(t.db, page.userId, page.url)).toBe(1);
    });

    it('stores one row when the same page is sent in many calls at once', async () => {
      const page = item();
      const results = await Promise.all(
        Array.from({ length: 8 }, () => enqueueMany(t.db, [page], options())),
      );
      const ids = new Set(results.map(([r]) => (r as { id: string }).id));
      expect(ids.size).toBe(1);
      expect(results.filter(([r]) => r!.kind === 'created')).toHaveLength(1);
      expect(await countRows(t.db, page.userId, page.url)).toBe(1);
    });
  });
