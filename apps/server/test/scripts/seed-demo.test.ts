import { GoalsResponseSchema } from '@mediadiet/contract/goals';
import { InsightsResponseSchema, VerdictTrendResponseSchema } from '@mediadiet/contract/insights';
import { LabelInsightsResponseSchema } from '@mediadiet/contract/labels';
import { MoodInsightResponseSchema, MoodListResponseSchema } from '@mediadiet/contract/mood';
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

// A Friday: this week has five days of reading for the goals to count.
const NOW = new Date('2025-06-20T15:00:00.000Z');
/** The default history: a year. */
const DAYS = 365;
const clock = movableClock(NOW);
let t: TestApp;
let first: DemoSeedResult;

beforeAll(async () => {
  t = await createTestApp({ clock });
  first = await seedDemo({ app: t.app, clock, now: NOW });
}, 180_000);
afterAll(async () => {
  await t.close();
});

async function signIn(userId: string) {
  clock.set(NOW);
  return (await t.app.sessions.create(userId, 'pin')).token;
}

describe('demo seed', () => {
  it('creates a Premium reader with a completed questionnaire and a year of analyses the endpoints answer with', async () => {
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
    // A year of reading: every month from June 2024 to June 2025 has analyses.
    const months = Array.from({ length: 13 }, (_, i) => ({
      mm: ((5 - i + 24) % 12) + 1,
      yy: i <= 5 ? 2025 : 2024,
    }));
    expect(insights.directories).toEqual(months);
    const monthsWithReading = await t.db
      .select({
        n: sql<number>`count(distinct date_trunc('month', ${analyses.createdAt}))::int`.mapWith(Number),
      })
      .from(analyses)
      .where(eq(analyses.userId, first.userId));
    expect(monthsWithReading[0]!.n).toBe(13);
    const years = await Promise.all(
      [2025, 2024].map(async (yy) =>
        InsightsResponseSchema.parse(
          (await call(t, token, 'GET', `/api/analysis/insights/all/${yy}`)).json(),
        ),
      ),
    );
    expect(years[0]!.totalResults + years[1]!.totalResults).toBe(first.analyses);
    expect(years[1]!.totalResults).toBeGreaterThan(6 * 180);
    // The year's trend has a month for each month read so far, and last year to compare with.
    const trend = VerdictTrendResponseSchema.parse(
      (await call(t, token, 'GET', '/api/analysis/trends?period=2025')).json(),
    );
    expect(trend.bucket).toBe('month');
    expect(trend.buckets.filter((b) => b.classified > 0)).toHaveLength(6);
    expect(trend.previous.classified).toBe(years[1]!.totalResults);

    const rollups = await readRollups(t.db, first.userId);
    expect(rollups.daily.reduce((n, d) => n + d.analyses, 0)).toBe(first.analyses);
  });

  it('sets three goals, one of them at risk this week (so the dashboard nudges)', async () => {
    const token = await signIn(first.userId);
    const { goals } = GoalsResponseSchema.parse((await call(t, token, 'GET', '/api/goals')).json());
    expect(goals.map((g) => g.goal.kind)).toEqual(['draining_share', 'uplifting_weekly', 'site_daily']);
    const draining = goals[0]!.progress;
    expect(draining).toMatchObject({ period: 'week', status: 'at_risk' });
    expect(draining.pages).toBeGreaterThanOrEqual(5 * 6);
    expect(draining.target - draining.current).toBe(3);
    expect(first.goals).toEqual(goals);
  });

  it('keeps 30 days of mood check-ins that follow the previous day of reading: a clearly negative r', async () => {
    const token = await signIn(first.userId);
    const list = MoodListResponseSchema.parse((await call(t, token, 'GET', '/api/mood?days=31')).json());
    expect(list.today).toBe('2025-06-20');
    // One a day from 30 days ago to yesterday; today's is left for the person.
    expect(list.checkIns.map((c) => c.day)).toEqual(
      Array.from({ length: 30 }, (_, i) =>
        new Date(NOW.getTime() - (i + 1) * 86_400_000).toISOString().slice(0, 10),
      ),
    );
    expect(first.checkIns).toBe(30);
    expect(new Set(list.checkIns.map((c) => c.score)).size).toBeGreaterThanOrEqual(3);

    const insight = MoodInsightResponseSchema.parse(
      (await call(t, token, 'GET', '/api/mood/insight')).json(),
    );
    expect(insight.checkIns).toBe(30);
    expect(insight.n).toBe(30);
    expect(insight.r).toBeLessThan(-0.5);
    expect(insight.interval![0]).toBeLessThan(insight.interval![1]);
    expect(insight.interval![1]).toBeLessThan(0);
    expect(insight.sentence).toMatch(/^On days after more draining reading, your mood tended to be lower/);
  });

  it('keeps five weeks of link labels from a disconnected browser, with both figures said', async () => {
    const token = await signIn(first.userId);
    const labels = LabelInsightsResponseSchema.parse(
      (await call(t, token, 'GET', '/api/labels/insights')).json(),
    );
    expect(labels).toMatchObject({ today: '2025-06-20', since: '2025-05-17' });
    // From the week of Saturday 17 May to this one.
    expect(labels.weeks.map((w) => w.week)).toEqual([
      '2025-05-12',
      '2025-05-19',
      '2025-05-26',
      '2025-06-02',
      '2025-06-09',
      '2025-06-16',
    ]);
    expect(labels.opened!.reason).toBeNull();
    expect(labels.opened!.value).toBeGreaterThan(0.2);
    expect(labels.opened!.sentence).toMatch(
      /^You opened draining results \d+\u00a0% less often than other results\.$/,
    );
    expect(labels.beforeLabels!.reason).toBeNull();
    expect(labels.beforeLabels!.before.pages).toBeGreaterThanOrEqual(6 * 28);
    expect(first.labels).toEqual(labels);
    // The browser that sent them is no longer paired.
    const devices = (await call(t, token, 'GET', '/api/account/devices')).json<{ extensions: unknown[] }>();
    expect(devices.extensions).toEqual([]);
  });

  it('resets the account when run again: one demo user, the same reading', async () => {
    const again = await seedDemo({ app: t.app, clock, now: NOW });
    expect(again.userId).not.toBe(first.userId);
    expect(again.analyses).toBe(first.analyses);
    expect(again.moodInsight).toEqual(first.moodInsight);
    const demos = await t.db
      .select({ id: users.id })
      .from(users)
      .where(sql`lower(${users.email}) = ${DEMO_EMAIL}`);
    expect(demos).toEqual([{ id: again.userId }]);
    expect(
      await t.db.select({ id: analyses.id }).from(analyses).where(eq(analyses.userId, first.userId)),
    ).toEqual([]);
  }, 180_000);
});
