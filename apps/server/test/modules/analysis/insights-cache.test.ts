import { InsightsResponseSchema } from '@mediadiet/contract/insights';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import * as repo from '../../../src/modules/analysis/repository.ts';
import { INSIGHTS_CACHE_TTL_MS } from '../../../src/modules/analysis/plugin.ts';
import { buildAnalyses, HOUR } from '../../helpers/analysis.ts';
import { call, customer } from '../../helpers/billing.ts';
import { testClock, type TestClock } from '../../helpers/builders.ts';
import { createTestApp, type TestApp } from '../../helpers/test-app.ts';

/**
 * Insights answers are kept a moment per user and period, like the history's pages (decision 071): a hit is
 * the same body without a database read; a new analysis of the user drops only that user's answers; the
 * current month is resolved before the lookup, so a new month is a new answer; anything else within the TTL.
 */

const NOW = new Date('2025-03-10T12:00:00.000Z');
let t: TestApp;
let clock: TestClock;
beforeAll(async () => {
  clock = testClock(NOW);
  t = await createTestApp({ clock });
});
afterAll(() => t.close());

const insightsRaw = (token: string, path = '') => call(t, token, 'GET', `/api/analysis/insights${path}`);
const parsed = (body: string) => InsightsResponseSchema.parse(JSON.parse(body));
/** Changes a stored score behind the app's back (another writer): only a database read can see it. */
const rewriteScores = (userId: string, score: number) =>
  t.db.execute(sql`update analyses set overall_score = ${score} where user_id = ${userId}`);

describe('insights cache', () => {
  it('a hit answers the identical body without reading the database; another period is another answer', async () => {
    const who = await customer(t);
    await buildAnalyses(t, who.userId, [{ createdAt: new Date(NOW.getTime() - HOUR), overallScore: 40 }]);
    const first = await insightsRaw(who.token);
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(parsed(first.body).results.map((r) => r.overall_score)).toEqual([40]);

    const figures = vi.spyOn(repo, 'periodInsights');
    try {
      await rewriteScores(who.userId, 90);
      const second = await insightsRaw(who.token);
      expect(second.body).toBe(first.body);
      // The same month asked by name is the same period: kept too.
      expect((await insightsRaw(who.token, '/3/2025')).body).toBe(first.body);
      expect(figures).not.toHaveBeenCalled();
      // The whole year is another period: read now, with the rewritten score.
      expect(parsed((await insightsRaw(who.token, '/all/2025')).body).results[0]!.overall_score).toBe(90);
      expect(figures).toHaveBeenCalledTimes(1);
    } finally {
      figures.mockRestore();
    }
  });

  it('a new analysis drops that user’s insights at once, and nobody else’s', async () => {
    const me = await customer(t);
    const other = await customer(t);
    await buildAnalyses(t, me.userId, [{ createdAt: new Date(NOW.getTime() - 2 * HOUR), overallScore: 10 }]);
    await buildAnalyses(t, other.userId, [
      { createdAt: new Date(NOW.getTime() - 2 * HOUR), overallScore: 20 },
    ]);
    expect(parsed((await insightsRaw(me.token)).body).totalResults).toBe(1);
    const theirs = await insightsRaw(other.token);

    await rewriteScores(other.userId, 77); // behind the app's back: their kept answer stays
    await buildAnalyses(t, me.userId, [{ createdAt: new Date(NOW.getTime() - HOUR), overallScore: 30 }]);

    const mine = parsed((await insightsRaw(me.token)).body);
    expect(mine.totalResults).toBe(2);
    expect(mine.results.map((r) => r.overall_score)).toEqual([30, 10]);
    expect((await insightsRaw(other.token)).body).toBe(theirs.body);
  });

  it('the current month is resolved first: when the month turns, the default answer is the new month’s', async () => {
    clock.set(new Date('2025-03-31T23:30:00.000Z'));
    try {
      const who = await customer(t);
      await buildAnalyses(t, who.userId, [{ createdAt: new Date('2025-03-31T23:00:00.000Z') }]);
      const march = parsed((await insightsRaw(who.token)).body);
      expect([march.currMM, march.currYY, march.totalResults]).toEqual([3, 2025, 1]);
      clock.set(new Date('2025-04-01T00:00:01.000Z'));
      const april = parsed((await insightsRaw(who.token)).body);
      expect([april.currMM, april.currYY, april.totalResults]).toEqual([4, 2025, 0]);
    } finally {
      clock.set(NOW);
    }
  });

  it(`anything else is seen after the TTL (${INSIGHTS_CACHE_TTL_MS} ms); a refused period keeps nothing`, async () => {
    const who = await customer(t);
    await buildAnalyses(t, who.userId, [{ createdAt: new Date(NOW.getTime() - HOUR), overallScore: 40 }]);
    expect(parsed((await insightsRaw(who.token)).body).results[0]!.overall_score).toBe(40);
    await rewriteScores(who.userId, 60);
    expect(parsed((await insightsRaw(who.token)).body).results[0]!.overall_score).toBe(40);
    await new Promise((resolve) => setTimeout(resolve, INSIGHTS_CACHE_TTL_MS + 50));
    expect(parsed((await insightsRaw(who.token)).body).results[0]!.overall_score).toBe(60);
    expect((await insightsRaw(who.token, '/3/1999')).statusCode).toBe(400);
    expect((await insightsRaw(who.token, '/3/1999')).statusCode).toBe(400);
  });

  it('never answers insights that break the contract, and keeps nothing of them (decision 143)', async () => {
    const who = await customer(t);
    await buildAnalyses(t, who.userId, [{ createdAt: new Date(NOW.getTime() - HOUR), overallScore: 40 }]);
    await rewriteScores(who.userId, 150);
    const broken = await insightsRaw(who.token);
    expect(broken.statusCode).toBe(500);
    expect(broken.json()).toEqual({ success: false, error: 'Internal server error' });
    await rewriteScores(who.userId, 60);
    const fixed = await insightsRaw(who.token);
    expect(fixed.statusCode).toBe(200);
    expect(parsed(fixed.body).results.map((r) => r.overall_score)).toEqual([60]);
  });
});
