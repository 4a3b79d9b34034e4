import { messages } from '@mediadiet/contract/messages';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { PLAN_CONFIG, includedTokens } from '../../../src/config/plans.ts';
import type { Db } from '../../../src/db/database.ts';
import { subscriptions } from '../../../src/db/schema.ts';
import { addUsage } from '../../../src/modules/billing/repository.ts';
import type { UsageDecision } from '../../../src/modules/billing/usage-service.ts';
import { customer, subscribed } from '../../helpers/billing.ts';
import { sharedTestApp } from '../../helpers/test-app.ts';
import { usageOracle } from '../../helpers/usage.ts';

/**
 * `app.usage.tryRecordBatchIn`, the worker's metering of a whole batch (store.ts): the decisions of
 * `tryRecordIn` called for each touch point in order, and the users' usage rows locked in user-id order, so
 * that two batches over the same readers wait for each other instead of deadlocking.
 */

const t = sharedTestApp();

const inTransaction = <T>(work: (tx: Db) => Promise<T>) =>
  t.db.transaction((tx) => work(tx as unknown as Db));

async function periodStart(userId: string): Promise<Date> {
  const current = await t.app.usage.current(userId);
  if (!current.periodStart) throw new Error('no live subscription');
  return current.periodStart;
}

/**
 * Readers in the states metering distinguishes: free with 48 of its 50 touch points used, basic (no overage cap)
 * 100 tokens short of its allowance, premium but past due, and one without a subscription.
 */
async function readers() {
  const free = await subscribed(t, 'free');
  await addUsage(t.db, free.userId, await periodStart(free.userId), 480, undefined, 48);
  const basic = await subscribed(t, 'basic');
  await addUsage(
    t.db,
    basic.userId,
    await periodStart(basic.userId),
    includedTokens(PLAN_CONFIG.basic) - 100,
  );
  const pastDue = await subscribed(t, 'premium');
  await t.db
    .update(subscriptions)
    .set({ status: 'past_due' })
    .where(eq(subscriptions.userId, pastDue.userId));
  const none = await customer(t);
  return { free: free.userId, basic: basic.userId, pastDue: pastDue.userId, none: none.userId };
}

type Who = keyof Awaited<ReturnType<typeof readers>>;

/** A batch in acceptance order: which reader and how many tokens. */
const BATCH: [Who, number][] = [
  ['free', 10],
  ['basic', 60],
  ['none', 1],
  ['free', 10],
  ['basic', 50], // 60 + 50 > the 100 left: refused
  ['pastDue', 1],
  ['free', 10], // the 51st touch point of the free plan: refused
  ['basic', 40], // exactly the rest of the allowance: accepted after the refusal before it
  ['basic', 0], // the allowance used up, 0 tokens still fit a paid plan (it counts no touch points)
];

describe('tryRecordBatchIn', () => {
  it('decides each touch point as tryRecordIn one by one in order would, and adds only the accepted', async () => {
    const batchWorld = await readers();
    const oneByOneWorld = await readers();
    const batchDecisions = await inTransaction((tx) =>
      t.app.usage.tryRecordBatchIn(
        tx,
        BATCH.map(([who, tokens]) => ({ userId: batchWorld[who], tokens })),
      ),
    );
    const oneByOne = await inTransaction(async (tx) => {
      const decisions: UsageDecision[] = [];
      for (const [who, tokens] of BATCH) {
        const d = await usageOracle(t.app).tryRecordIn(tx, oneByOneWorld[who], tokens);
        decisions.push(d.ok ? { ok: true } : { ok: false, statusCode: d.statusCode, message: d.message });
      }
      return decisions;
    });
    expect(batchDecisions).toEqual(oneByOne);
    expect(batchDecisions).toEqual([
      { ok: true },
      { ok: true },
      { ok: false, statusCode: 402, message: messages.server.subscriptionRequired },
      { ok: true },
      { ok: false, statusCode: 402, message: messages.server.usageLimitReached },
      { ok: false, statusCode: 402, message: messages.server.subscriptionPastDue },
      { ok: false, statusCode: 402, message: messages.server.freeLimitReached },
      { ok: true },
      { ok: true },
    ]);
    for (const who of ['free', 'basic', 'pastDue', 'none'] as const) {
      const { tokens, touchpoints } = await t.app.usage.current(batchWorld[who]);
      const expected = await t.app.usage.current(oneByOneWorld[who]);
      expect({ who, tokens, touchpoints }).toEqual({
        who,
        tokens: expected.tokens,
        touchpoints: expected.touchpoints,
      });
    }
    expect(await t.app.usage.current(batchWorld.free)).toMatchObject({ tokens: 500, touchpoints: 50 });
    expect(await t.app.usage.current(batchWorld.basic)).toMatchObject({
      tokens: includedTokens(PLAN_CONFIG.basic),
      touchpoints: 4,
    });
  });

  it('a refused batch changes no usage, and an empty one sends no statement', async () => {
    const { free } = await readers();
    const before = await t.app.usage.current(free);
    const decisions = await inTransaction((tx) =>
      t.app.usage.tryRecordBatchIn(tx, [
        { userId: free, tokens: 2_000_000 },
        { userId: free, tokens: 2_000_000 },
      ]),
    );
    expect(decisions.map((d) => d.ok)).toEqual([false, false]);
    expect(await t.app.usage.current(free)).toEqual(before);
    const fail = { execute: () => Promise.reject(new Error('no statement expected')) } as unknown as Db;
    expect(await t.app.usage.tryRecordBatchIn(fail, [])).toEqual([]);
  });
});

// Two transactions at once exist only on PostgreSQL (PGlite runs one statement at a time); that pass of CI
// runs these.
if (process.env.DATABASE_URL)
  describe('tryRecordBatchIn on PostgreSQL, batches over the same readers at once', () => {
    it('locks the usage rows in user-id order, whatever the order of the batch', async () => {
      const pair = [await subscribed(t, 'premium'), await subscribed(t, 'premium')];
      for (const p of pair) await usageOracle(t.app).record(p.userId, 1);
      const [first, second] = pair.map((p) => p.userId).sort() as [string, string];
      let pending: Promise<UsageDecision[]> | undefined;
      await inTransaction(async (holder) => {
        // Another batch holds the later reader's row.
        await holder.execute(sql`select 1 from usage_periods where user_id = ${second} for update`);
        // This batch lists that reader first; it must still take the earlier reader's row first, then wait.
        pending = inTransaction((tx) =>
          t.app.usage.tryRecordBatchIn(tx, [
            { userId: second, tokens: 5 },
            { userId: first, tokens: 7 },
          ]),
        );
        await new Promise((resolve) => setTimeout(resolve, 300));
        await expect(
          t.db.execute(sql`select 1 from usage_periods where user_id = ${first} for update nowait`),
        ).rejects.toMatchObject({ cause: { code: '55P03' } });
      });
      expect(await pending).toEqual([{ ok: true }, { ok: true }]);
      expect(await t.app.usage.current(first)).toMatchObject({ tokens: 8, touchpoints: 2 });
      expect(await t.app.usage.current(second)).toMatchObject({ tokens: 6, touchpoints: 2 });
    });

    it('concurrent batches over the same readers in different orders all commit, and their sums are exact', async () => {
      const users: string[] = [];
      for (let i = 0; i < 6; i++) users.push((await subscribed(t, 'premium')).userId);
      const orders = [users, [...users].reverse(), [...users.slice(3), ...users.slice(0, 3)]];
      const results = await Promise.allSettled(
        Array.from({ length: 9 }, (_, k) =>
          inTransaction(async (tx) => {
            const decisions = await t.app.usage.tryRecordBatchIn(
              tx,
              orders[k % orders.length]!.map((userId) => ({ userId, tokens: 3 })),
            );
            // Hold the locks a moment, as the worker's transaction does while it stores the rollups.
            await tx.execute(sql`select pg_sleep(0.02)`);
            return decisions;
          }),
        ),
      );
      expect(results.filter((r) => r.status === 'rejected')).toEqual([]);
      for (const userId of users) {
        expect(await t.app.usage.current(userId)).toMatchObject({ tokens: 27, touchpoints: 9 });
      }
    });
  });
