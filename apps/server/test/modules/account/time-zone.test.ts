import { CATEGORY_IDS } from '@mediadiet/contract/categories';
import { messages } from '@mediadiet/contract/messages';
import {
  InsightPagesResponseSchema,
  InsightsResponseSchema,
  VerdictTrendResponseSchema,
  type VerdictTrendResponse,
} from '@mediadiet/contract/insights';
import { eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { analyses, type AnalysisRow } from '../../../src/db/schema.ts';
import { dayOf } from '../../../src/lib/days.ts';
import * as analysisRepo from '../../../src/modules/analysis/repository.ts';
import * as usersRepo from '../../../src/modules/users/repository.ts';
import { buildAnalyses, type AnalysisSpec } from '../../helpers/analysis.ts';
import { call, customer } from '../../helpers/billing.ts';
import { signIn, testClock } from '../../helpers/builders.ts';
import { expectBadRequest } from '../../helpers/responses.ts';
import { sharedTestApp } from '../../helpers/test-app.ts';

/**
 * Days, weeks and months are cut in the account's time zone everywhere (issue 29, decisions 154 and 155): the
 * insights, the trend, the period's pages, the months list, the daily rollups, the history's totals, the goals
 * and the mood check-ins; and a change of zone re-cuts what is stored. 2026-11-30T03:00Z is Sunday 29 November
 * 19:00 in Los Angeles and Monday 30 November in UTC.
 */

const clock = testClock(new Date('2026-12-01T03:30:00.000Z'));
const t = sharedTestApp(() => ({ clock }));
const LA = 'America/Los_Angeles';

/** A signed-in user in `zone`, with a session of the clock's now. */
async function person(zone?: string) {
  const who = await customer(t);
  if (zone !== undefined) await setZone(who.token, zone);
  return who;
}

async function setZone(token: string, timeZone: string) {
  const response = await call(t, token, 'PATCH', '/api/account/preferences', { timeZone });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ preferences: { timeZone: string } }>().preferences;
}

/** A session of the clock's now (sessions are checked against it). */
const at = async (userId: string, now: string) => {
  clock.set(new Date(now));
  return signIn(t, userId);
};

async function get<T>(token: string, url: string, parse: { parse: (body: unknown) => T }): Promise<T> {
  const response = await call(t, token, 'GET', url);
  expect(response.statusCode, response.body).toBe(200);
  return parse.parse(response.json());
}

const insights = (token: string, path = '') =>
  get(token, `/api/analysis/insights${path}`, InsightsResponseSchema);
const trends = (token: string, period: string) =>
  get(token, `/api/analysis/trends?period=${period}`, VerdictTrendResponseSchema);

/** Per bucket start, the pages counted per verdict (only buckets that count any). */
function trendCounts(trend: VerdictTrendResponse) {
  return Object.fromEntries(
    trend.buckets
      .filter((b) => Object.values(b.counts).some((n) => n > 0))
      .map((b) => [b.start, Object.fromEntries(Object.entries(b.counts).filter(([, n]) => n > 0))]),
  );
}

/** Three pages either side of a day, week or month boundary, in UTC and in Los Angeles. */
const BOUNDARY_PAGES: AnalysisSpec[] = [
  // Los Angeles: Saturday 31 October, 22:00 (PDT). UTC: Sunday 1 November.
  { createdAt: '2026-11-01T05:00:00.000Z', host: 'c.example', verdict: 'neutral' },
  // Los Angeles: Sunday 29 November, 19:00. UTC: Monday 30 November.
  { createdAt: '2026-11-30T03:00:00.000Z', host: 'a.example', verdict: 'draining' },
  // Los Angeles: Monday 30 November, 19:00. UTC: Tuesday 1 December.
  { createdAt: '2026-12-01T03:00:00.000Z', host: 'b.example', verdict: 'uplifting' },
];

describe('cutting in the account’s time zone', () => {
  it('puts the insights’ months, the trend’s weeks, the pages, the months list and the rollups on the person’s own calendar', async () => {
    const la = await person(LA);
    const utc = await person();
    const [c, a, b] = await buildAnalyses(t, la.userId, BOUNDARY_PAGES);
    const [cu, au, bu] = await buildAnalyses(t, utc.userId, BOUNDARY_PAGES);
    la.token = await at(la.userId, '2026-12-01T03:30:00.000Z');
    utc.token = await at(utc.userId, '2026-12-01T03:30:00.000Z');

    // The current month: still November in Los Angeles (19:30 on the 30th), December in UTC.
    const laNow = await insights(la.token);
    expect([laNow.currMM, laNow.currYY, laNow.totalResults]).toEqual([11, 2026, 2]);
    expect(laNow.results.map((r) => r.id)).toEqual([b!.id, a!.id]);
    expect(laNow.directories).toEqual([
      { mm: 11, yy: 2026 },
      { mm: 10, yy: 2026 },
    ]);
    expect(laNow.topDomains.map((d) => d.domain).sort()).toEqual(['a.example', 'b.example']);
    const utcNow = await insights(utc.token);
    expect([utcNow.currMM, utcNow.currYY, utcNow.totalResults]).toEqual([12, 2026, 1]);
    expect(utcNow.directories).toEqual([
      { mm: 12, yy: 2026 },
      { mm: 11, yy: 2026 },
    ]);

    // A month named by the client is that month on the person's calendar.
    const laNovember = await insights(la.token, '/11/2026');
    expect(laNovember.results.map((r) => r.id)).toEqual([b!.id, a!.id]);
    const utcNovember = await insights(utc.token, '/11/2026');
    expect(utcNovember.results.map((r) => r.id)).toEqual([au!.id, cu!.id]);
    expect(utcNovember.topDomains.map((d) => d.domain).sort()).toEqual(['a.example', 'c.example']);
    expect((await insights(la.token, '/10/2026')).results.map((r) => r.id)).toEqual([c!.id]);
    expect((await insights(la.token, '/all/2026')).totalResults).toBe(3);

    // The trend's weeks run Monday to Sunday on the person's calendar; October is November's previous period.
    const laTrend = await trends(la.token, '2026-11');
    expect(trendCounts(laTrend)).toEqual({ '2026-11-23': { draining: 1 }, '2026-11-30': { uplifting: 1 } });
    expect(laTrend.previous.counts).toMatchObject({ neutral: 1, draining: 0, uplifting: 0 });
    const utcTrend = await trends(utc.token, '2026-11');
    expect(trendCounts(utcTrend)).toEqual({ '2026-10-26': { neutral: 1 }, '2026-11-30': { draining: 1 } });
    expect(utcTrend.previous.counts).toMatchObject({ neutral: 0 });

    // The period's pages.
    const pages = (token: string, period: string) =>
      get(token, `/api/analysis/pages?period=${period}`, InsightPagesResponseSchema);
    expect((await pages(la.token, '2026-12')).results).toEqual([]);
    expect((await pages(utc.token, '2026-12')).results.map((p) => p.id)).toEqual([bu!.id]);
    expect((await pages(la.token, '2026-11')).results.map((p) => p.id)).toEqual([b!.id, a!.id]);

    // The rollups are written on the person's days and months.
    const la_ = await analysisRepo.readRollups(t.db, la.userId);
    expect(la_.daily.map((d) => d.day)).toEqual(['2026-10-31', '2026-11-29', '2026-11-30']);
    expect(la_.domains.map((d) => `${d.month} ${d.host}`)).toEqual([
      '2026-10-01 c.example',
      '2026-11-01 a.example',
      '2026-11-01 b.example',
    ]);
    const utc_ = await analysisRepo.readRollups(t.db, utc.userId);
    expect(utc_.daily.map((d) => d.day)).toEqual(['2026-11-01', '2026-11-30', '2026-12-01']);
  });

  it('counts the history’s window totals by the days the rollups are cut in', async () => {
    const la = await person(LA);
    await buildAnalyses(t, la.userId, BOUNDARY_PAGES);
    const token = await at(la.userId, '2026-12-01T03:30:00.000Z');
    // The last day: from Sunday 19:30 in Los Angeles; only Monday evening's page is inside.
    const recent = await call(t, token, 'GET', '/api/analysis/recent?days=1');
    expect(recent.statusCode, recent.body).toBe(200);
    expect(recent.json()).toMatchObject({ totals: { touchpoints: 1, tokens: 100 } });
    const week = await call(t, token, 'GET', '/api/analysis/recent?days=7');
    expect(week.json()).toMatchObject({ totals: { touchpoints: 2, tokens: 200 } });
  });

  it('counts the goals’ today and this week in the account’s zone', async () => {
    const goals = [
      { kind: 'uplifting_weekly', target: 10 },
      { kind: 'site_daily', target: 5, site: 'reddit.com' },
    ];
    const pages: AnalysisSpec[] = [
      // Los Angeles: Sunday 29 November, 19:00: last week, yesterday. UTC: Monday, today.
      { createdAt: '2026-11-30T03:00:00.000Z', host: 'reddit.com', verdict: 'uplifting' },
      // Los Angeles: Monday 30 November, 01:00: this week, today.
      { createdAt: '2026-11-30T09:00:00.000Z', host: 'reddit.com', verdict: 'uplifting' },
    ];
    const progress = async (zone: string | undefined) => {
      const who = await person(zone);
      expect((await call(t, who.token, 'PUT', '/api/goals', { goals })).statusCode).toBe(200);
      await buildAnalyses(t, who.userId, pages);
      // Monday 30 November, 10:00 UTC; 02:00 in Los Angeles.
      const token = await at(who.userId, '2026-11-30T10:00:00.000Z');
      const body = (await call(t, token, 'GET', '/api/goals')).json<{
        goals: { progress: { current: number } }[];
      }>();
      return body.goals.map((g) => g.progress.current);
    };
    expect(await progress(LA)).toEqual([1, 1]);
    expect(await progress(undefined)).toEqual([2, 2]);
  });

  it('lands a mood check-in on the person’s own today', async () => {
    const la = await person(LA);
    const token = await at(la.userId, '2026-11-30T03:00:00.000Z');
    const checkIn = await call(t, token, 'POST', '/api/mood', { score: 4 });
    expect(checkIn.json()).toMatchObject({ checkIn: { day: '2026-11-29' } });
    expect((await call(t, token, 'GET', '/api/mood')).json()).toMatchObject({ today: '2026-11-29' });
    const utc = await person();
    const utcToken = await at(utc.userId, '2026-11-30T03:00:00.000Z');
    expect((await call(t, utcToken, 'POST', '/api/mood', { score: 4 })).json()).toMatchObject({
      checkIn: { day: '2026-11-30' },
    });
  });

  it('keeps a week the clocks change in Monday 00:00 to Monday 00:00 local (167 hours in New York in March)', async () => {
    const ny = await person('America/New_York');
    const utc = await person();
    const spring: AnalysisSpec[] = [
      // Sunday 8 March, 23:30 EDT (the clocks went forward that night at 02:00): the week of 2 March.
      { createdAt: '2026-03-09T03:30:00.000Z', verdict: 'draining' },
      // Monday 9 March, 00:30 EDT: the week of 9 March.
      { createdAt: '2026-03-09T04:30:00.000Z', verdict: 'uplifting' },
      // Monday 2 March, 00:30 EST: the first hour of the week of 2 March.
      { createdAt: '2026-03-02T05:30:00.000Z', verdict: 'mixed' },
    ];
    await buildAnalyses(t, ny.userId, spring);
    await buildAnalyses(t, utc.userId, spring);
    ny.token = await at(ny.userId, '2026-03-09T12:00:00.000Z');
    utc.token = await at(utc.userId, '2026-03-09T12:00:00.000Z');
    expect(trendCounts(await trends(ny.token, '2026-03'))).toEqual({
      '2026-03-02': { draining: 1, mixed: 1 },
      '2026-03-09': { uplifting: 1 },
    });
    expect(trendCounts(await trends(utc.token, '2026-03'))).toEqual({
      '2026-03-02': { mixed: 1 },
      '2026-03-09': { draining: 1, uplifting: 1 },
    });
    const goals = [{ kind: 'uplifting_weekly', target: 3 }];
    expect((await call(t, ny.token, 'PUT', '/api/goals', { goals })).json()).toMatchObject({
      goals: [{ progress: { current: 1 } }],
    });
    const ny_ = await analysisRepo.readRollups(t.db, ny.userId);
    expect(ny_.daily.map((d) => d.day)).toEqual(['2026-03-02', '2026-03-08', '2026-03-09']);
  });
});

// ── A change of zone ───────────────────────────────────────────────────────────────────────────────

const rowsOf = (userId: string): Promise<AnalysisRow[]> =>
  t.db.select().from(analyses).where(eq(analyses.userId, userId));

/** The rollups as computed by hand (in JS) from the stored rows, cut in `zone`. */
function expectedRollups(rows: AnalysisRow[], zone: string) {
  const daily = new Map<string, { analyses: number; tokens: number; sums: number[] }>();
  const domains = new Map<string, number>();
  for (const r of rows) {
    const day = dayOf(r.createdAt, zone);
    const entry = daily.get(day) ?? { analyses: 0, tokens: 0, sums: CATEGORY_IDS.map(() => 0) };
    entry.analyses++;
    entry.tokens += r.tokens;
    const scores = r.categoryScores as Record<string, { BaseScore: number }>;
    CATEGORY_IDS.forEach((id, i) => (entry.sums[i]! += scores[id]?.BaseScore ?? 0));
    daily.set(day, entry);
    const key = `${day.slice(0, 7)}-01 ${r.host}`;
    domains.set(key, (domains.get(key) ?? 0) + 1);
  }
  return { daily, domains };
}

async function expectRollupsCutIn(userId: string, zone: string) {
  const expected = expectedRollups(await rowsOf(userId), zone);
  const stored = await analysisRepo.readRollups(t.db, userId);
  expect(stored.daily.map((d) => d.day)).toEqual([...expected.daily.keys()].sort());
  for (const d of stored.daily) {
    const e = expected.daily.get(d.day)!;
    expect([d.analyses, d.tokens]).toEqual([e.analyses, e.tokens]);
    CATEGORY_IDS.forEach((id, i) => expect(d[`${id}Sum`], id).toBeCloseTo(e.sums[i]!, 6));
  }
  expect(Object.fromEntries(stored.domains.map((d) => [`${d.month} ${d.host}`, d.visits]))).toEqual(
    Object.fromEntries(expected.domains),
  );
  return stored;
}

/** The whole of the user's rollups: what a change of zone must never change. */
async function rollupTotals(userId: string) {
  const { daily, domains } = await analysisRepo.readRollups(t.db, userId);
  const sum = (values: number[]) => Math.round(values.reduce((n, v) => n + v, 0) * 1e6) / 1e6;
  return {
    analyses: sum(daily.map((d) => d.analyses)),
    tokens: sum(daily.map((d) => d.tokens)),
    overall: sum(daily.map((d) => d.overallSum)),
    scored: sum(daily.map((d) => d.overallCount)),
    joy: sum(daily.map((d) => d.joySum)),
    visits: sum(domains.map((d) => d.visits)),
    domainOverall: sum(domains.map((d) => d.overallSum)),
  };
}

/** Pages every 7 hours 11 minutes from 25 October to 8 December 2026: every hour of the day, across months. */
const SPREAD: AnalysisSpec[] = Array.from({ length: 150 }, (_, i) => ({
  createdAt: new Date(Date.parse('2026-10-25T00:00:00.000Z') + i * 431 * 60_000),
  host: ['a.example', 'b.example', 'c.example'][i % 3],
  tokens: 50 + i,
  overallScore: i % 5 === 0 ? null : (i * 7) % 100,
  base: { joy: (i * 13) % 100, fear: (i * 29) % 100 },
  verdict: (['uplifting', 'neutral', 'mixed', 'draining'] as const)[i % 4],
}));

describe('a change of time zone', () => {
  it('re-cuts the stored rollups in one go: every page on its new day and month, the totals unchanged', async () => {
    const who = await person();
    await buildAnalyses(t, who.userId, SPREAD);
    who.token = await at(who.userId, '2026-12-08T12:00:00.000Z');
    const before = await expectRollupsCutIn(who.userId, 'UTC');
    const totals = await rollupTotals(who.userId);
    // Kept by the insights cache: the answer after the change must not be this one.
    const utcNovember = await insights(who.token, '/11/2026');
    const utcTrend = await trends(who.token, '2026-11');

    expect(await setZone(who.token, 'Pacific/Auckland')).toMatchObject({ timeZone: 'Pacific/Auckland' });
    await expectRollupsCutIn(who.userId, 'Pacific/Auckland');
    expect(await rollupTotals(who.userId)).toEqual(totals);
    const aucklandNovember = await insights(who.token, '/11/2026');
    expect(aucklandNovember.results.map((r) => r.id)).not.toEqual(utcNovember.results.map((r) => r.id));
    const inNovember = (await rowsOf(who.userId)).filter((r) =>
      dayOf(r.createdAt, 'Pacific/Auckland').startsWith('2026-11'),
    );
    expect(aucklandNovember.totalResults).toBe(inNovember.length);
    expect(trendCounts(await trends(who.token, '2026-11'))).not.toEqual(trendCounts(utcTrend));

    // West of Greenwich, then back: the same rows as at first.
    await setZone(who.token, 'America/Los_Angeles');
    await expectRollupsCutIn(who.userId, 'America/Los_Angeles');
    expect(await rollupTotals(who.userId)).toEqual(totals);
    await setZone(who.token, 'UTC');
    const back = await expectRollupsCutIn(who.userId, 'UTC');
    expect(back.daily.map((d) => [d.day, d.analyses, d.tokens, d.overallCount])).toEqual(
      before.daily.map((d) => [d.day, d.analyses, d.tokens, d.overallCount]),
    );
    const again = await insights(who.token, '/11/2026');
    const shape = (i: typeof again) => ({
      results: i.results.map((r) => r.id),
      totalResults: i.totalResults,
      directories: i.directories,
      domains: i.topDomains.map((d) => [d.domain, d.visitCount]),
    });
    expect(shape(again)).toEqual(shape(utcNovember));
  });

  it('re-cuts nothing when the zone stays, and nobody else’s rollups', async () => {
    const who = await person('Europe/Berlin');
    const other = await person();
    await buildAnalyses(t, who.userId, SPREAD.slice(0, 20));
    await buildAnalyses(t, other.userId, SPREAD.slice(0, 20));
    const theirs = await analysisRepo.readRollups(t.db, other.userId);
    const recut = vi.spyOn(analysisRepo, 'recutRollups');
    try {
      await setZone(who.token, 'europe/berlin');
      expect(recut).not.toHaveBeenCalled();
      await setZone(who.token, 'Asia/Tokyo');
      expect(recut).toHaveBeenCalledTimes(1);
    } finally {
      recut.mockRestore();
    }
    await expectRollupsCutIn(who.userId, 'Asia/Tokyo');
    expect(await analysisRepo.readRollups(t.db, other.userId)).toEqual(theirs);
  });

  it('loses nothing when pages are stored and forgotten while the zone changes', async () => {
    const who = await person();
    const zones = ['Pacific/Kiritimati', 'America/Los_Angeles', 'Asia/Kolkata', 'Pacific/Pago_Pago', 'UTC'];
    const stored: AnalysisRow[] = [];
    const storing = (async () => {
      for (let i = 0; i < 120; i += 4)
        stored.push(...(await buildAnalyses(t, who.userId, SPREAD.slice(i, i + 4))));
    })();
    const forgetting = (async () => {
      for (let i = 0; i < 20; i++) {
        await new Promise((resolve) => setTimeout(resolve, 10));
        const row = stored[i * 3];
        if (row) await call(t, who.token, 'DELETE', `/api/analysis/${row.id}`);
      }
    })();
    const changing = (async () => {
      for (const zone of [...zones, ...zones, ...zones]) await setZone(who.token, zone);
    })();
    await Promise.all([storing, forgetting, changing]);
    await setZone(who.token, 'Asia/Kolkata');
    await expectRollupsCutIn(who.userId, 'Asia/Kolkata');
    const rows = await rowsOf(who.userId);
    expect((await rollupTotals(who.userId)).analyses).toBe(rows.length);
  });

  it('refuses a zone the database does not know, and keeps what was stored', async () => {
    expect(await usersRepo.databaseKnowsZone(t.db, 'America/Los_Angeles')).toBe(true);
    expect(await usersRepo.databaseKnowsZone(t.db, 'Mars/Olympus_Mons')).toBe(false);
    const who = await person('Asia/Tokyo');
    const knows = vi.spyOn(usersRepo, 'databaseKnowsZone').mockResolvedValue(false);
    try {
      const response = await call(t, who.token, 'PATCH', '/api/account/preferences', {
        timeZone: 'Europe/Kyiv',
      });
      expectBadRequest(response, messages.preferences.timeZoneUnknown);
    } finally {
      knows.mockRestore();
    }
    expect((await call(t, who.token, 'GET', '/api/account/preferences')).json()).toMatchObject({
      preferences: { timeZone: 'Asia/Tokyo' },
    });
  });

  it('keeps the zone a moment for the hot reads, and a change is seen at the next one', async () => {
    const who = await person(LA);
    const today = async () => (await call(t, who.token, 'GET', '/api/mood')).json<{ today: string }>().today;
    expect(await today()).toBe(dayOf(clock(), LA)); // now kept
    const read = vi.spyOn(usersRepo, 'findPreferences');
    try {
      expect((await call(t, who.token, 'GET', '/api/goals')).statusCode).toBe(200);
      expect((await call(t, who.token, 'GET', '/api/analysis/trends?period=2026-11')).statusCode).toBe(200);
      expect(read).not.toHaveBeenCalled();
    } finally {
      read.mockRestore();
    }
    // Kiritimati (UTC+14) and Pago Pago (UTC-11) never share a date.
    await setZone(who.token, 'Pacific/Kiritimati');
    expect(await today()).toBe(dayOf(clock(), 'Pacific/Kiritimati'));
    await setZone(who.token, 'Pacific/Pago_Pago');
    expect(await today()).toBe(dayOf(clock(), 'Pacific/Pago_Pago'));
  });

  it('is part of the account export', async () => {
    const who = await person('Europe/Lisbon');
    const response = await call(t, who.token, 'GET', '/api/account/export');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      preferences: { timeZone: 'Europe/Lisbon', weeklyLetter: false },
    });
  });
});
