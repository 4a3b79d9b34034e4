import { InsightsResponseSchema } from '@mediadiet/contract/insights';
import { RecentAnalysesResponseSchema } from '@mediadiet/contract/analysis';
import { RECENT_PAGE_SIZE } from '@mediadiet/contract/constants';
import { SubscriptionInfoResponseSchema } from '@mediadiet/contract/subscription';
import { UserResponseSchema } from '@mediadiet/contract/user';
import { and, eq, gte, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_EMAIL, movableClock, seedDemo, type DemoSeedResult } from '../../scripts/demo/seed.ts';
import { analyses, users } from '../../src/db/schema.ts';
import { readRollups } from '../../src/modules/analysis/repository.ts';
import { call } from '../helpers/billing.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

/** `npm run seed:demo` (scripts/seed-demo.ts) runs this function on the server's own database. */

const NOW = new Date('2025-06-20T15:00:00.000Z');
const DAYS = 20;
const clock = movableClock(NOW);
let t: TestApp;
let first: DemoSeedResult;

beforeAll(async () => {
  t = await createTestApp({ clock });
  first = await seedDemo({ app: t.app, clock, now: NOW, days: DAYS });
});
afterAll(async () => {
  await t.close();
});

async function signIn(userId: string) {
  clock.set(NOW);
  return (await t.app.sessions.create(userId, 'pin')).token;
}

describe('demo seed', () => {
  it('creates a Premium reader with a completed questionnaire and weeks of analyses the endpoints answer with', async () => {
    expect(first.analyses).toBeGreaterThanOrEqual(6 * (DAYS - 1));
    expect(first.analyses).toBeLessThanOrEqual(10 * (DAYS + 1));
    expect(first.sites).toBeGreaterThanOrEqual(8);
    const token = await signIn(first.userId);

    const user = UserResponseSchema.parse((await call(t, token, 'GET', '/api/account/info')).json()).user;
    expect(user).toMatchObject({ email: DEMO_EMAIL, name: 'Demo Reader', configs: { state: 'COMPLETED' } });
    const snapshot = await call(t, token, 'GET', '/api/account/personalization');
    expect(snapshot.json<{ personalization: unknown }>().personalization).not.toBeNull();

    // The 10-day trial is over: charged and active; this period's usage is what was analysed in it.
    const subscription = SubscriptionInfoResponseSchema.parse(
      (await call(t, token, 'GET', '/api/subscription')).json(),
    );
    expect(subscription.subscription).toMatchObject({ plan: 'premium', status: 'active' });
    const periodStart = new Date(subscription.currentPeriodStart! * 1000);
    const inPeriod = await t.db
      .select({
        n: sql<number>`count(*)::int`.mapWith(Number),
        tokens: sql<number>`coalesce(sum(${analyses.tokens}), 0)::int`.mapWith(Number),
      })
      .from(analyses)
      .where(and(eq(analyses.userId, first.userId), gte(analyses.createdAt, periodStart)));
    expect(subscription.count).toBe(inPeriod[0]!.n);
    expect(subscription.tokensUsed).toBe(inPeriod[0]!.tokens);

    const recent = RecentAnalysesResponseSchema.parse(
      (await call(t, token, 'GET', '/api/analysis/recent')).json(),
    );
    const week = await t.db
      .select({ n: sql<number>`count(*)::int`.mapWith(Number) })
      .from(analyses)
      .where(
        and(
          eq(analyses.userId, first.userId),
          gte(analyses.createdAt, new Date(NOW.getTime() - 7 * 86_400_000)),
        ),
      );
    expect(recent.totals.touchpoints).toBe(week[0]!.n);
    expect(recent.totals.touchpoints).toBeGreaterThanOrEqual(6 * 6);
    expect(recent.results.length).toBe(Math.min(RECENT_PAGE_SIZE, week[0]!.n));
    expect(recent.results[0]!.url).toMatch(/^https:\/\/[a-z.]+\.[a-z]+\//);
    // Each card leads with its page's title and the analyzer's verdict, as the worker stores them.
    for (const card of recent.results) {
      expect(card.title, card.url).toBeTruthy();
      expect(card.verdict, card.url).toBeDefined();
      expect(card.drivers, card.url).toBeDefined();
    }
    expect(new Set(recent.results.map((card) => card.verdict)).size).toBeGreaterThan(1);

    const insights = InsightsResponseSchema.parse(
      (await call(t, token, 'GET', '/api/analysis/insights')).json(),
    );
    expect(insights).toMatchObject({ scope: 'month', currMM: 6, currYY: 2025 });
    expect(insights.totalResults).toBeGreaterThan(0);
    expect(insights.topDomains.length).toBeGreaterThan(3);
    expect(Object.keys(insights.trends.metadata.averageScores)).toHaveLength(14);
    expect(insights.directories).toEqual([
      { mm: 6, yy: 2025 },
      { mm: 5, yy: 2025 },
    ]);
    const year = InsightsResponseSchema.parse(
      (await call(t, token, 'GET', '/api/analysis/insights/all/2025')).json(),
    );
    expect(year.totalResults).toBe(first.analyses);

    const rollups = await readRollups(t.db, first.userId);
    expect(rollups.daily.reduce((n, d) => n + d.analyses, 0)).toBe(first.analyses);
  });

  it('resets the account when run again: one demo user, the same reading', async () => {
    const again = await seedDemo({ app: t.app, clock, now: NOW, days: DAYS });
    expect(again.userId).not.toBe(first.userId);
    expect(again.analyses).toBe(first.analyses);
    const demos = await t.db
      .select({ id: users.id })
      .from(users)
      .where(sql`lower(${users.email}) = ${DEMO_EMAIL}`);
    expect(demos).toEqual([{ id: again.userId }]);
    expect(
      await t.db.select({ id: analyses.id }).from(analyses).where(eq(analyses.userId, first.userId)),
    ).toEqual([]);
  });
});
