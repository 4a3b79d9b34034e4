import { CATEGORY_IDS } from '@mediadiet/contract/categories';
import { InsightsResponseSchema, type InsightsResponse } from '@mediadiet/contract/insights';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnalysisRow } from '../../../src/db/schema.ts';
import { buildAnalyses, HOUR, statementsDuring } from '../../helpers/analysis.ts';
import { call, customer } from '../../helpers/billing.ts';
import { testClock } from '../../helpers/builders.ts';
import { createTestApp, type TestApp } from '../../helpers/test-app.ts';

/** "Now" is in March 2025, a month without data for the main user. */
const NOW = new Date('2025-03-10T12:00:00.000Z');

let t: TestApp;
let me: { userId: string; token: string };
let rows: Record<string, AnalysisRow>;

beforeAll(async () => {
  t = await createTestApp({ clock: testClock(NOW) });
  me = await customer(t);
  const [d1, j1, j2, f1, f2, f3, f4] = await buildAnalyses(t, me.userId, [
    {
      createdAt: '2024-12-15T10:00:00.000Z',
      host: 'a.example',
      overallScore: 30,
      base: { joy: 10, anger: 50 },
    },
    {
      createdAt: '2025-01-05T08:00:00.000Z',
      host: 'news.example',
      overallScore: 40,
      base: { joy: 20, anger: 40 },
    },
    // The last millisecond of January (UTC) is January's.
    { createdAt: '2025-01-31T23:59:59.999Z', host: 'blog.example', overallScore: 80, base: { joy: 60 } },
    // The first instant of February (UTC) is February's.
    {
      createdAt: '2025-02-01T00:00:00.000Z',
      host: 'news.example',
      overallScore: 50,
      base: { joy: 30, fear: 10 },
    },
    {
      createdAt: '2025-02-10T12:00:00.000Z',
      host: 'news.example',
      overallScore: 70,
      base: { joy: 50, fear: 30 },
    },
    {
      createdAt: '2025-02-14T09:00:00.000Z',
      host: 'blog.example',
      overallScore: 20,
      base: { joy: 10, fear: 20 },
    },
    { createdAt: '2025-02-28T23:59:00.000Z', host: 'forum.example', overallScore: null, base: { fear: 60 } },
  ]);
  rows = { d1: d1!, j1: j1!, j2: j2!, f1: f1!, f2: f2!, f3: f3!, f4: f4! };

  // Somebody else's analyses in the same months (and one more month): never in our figures.
  const other = await customer(t);
  await buildAnalyses(t, other.userId, [
    {
      createdAt: '2025-02-12T10:00:00.000Z',
      host: 'news.example',
      overallScore: 100,
      base: { joy: 100, fear: 100 },
    },
    { createdAt: '2025-02-13T10:00:00.000Z', host: 'other.example', overallScore: 100, base: { joy: 100 } },
    { createdAt: '2025-04-02T10:00:00.000Z', host: 'other.example', overallScore: 100 },
  ]);
});
afterAll(async () => {
  await t.close();
});

async function insights(token: string, path = ''): Promise<InsightsResponse> {
  const response = await call(t, token, 'GET', `/api/analysis/insights${path}`);
  expect(response.statusCode, response.body).toBe(200);
  return InsightsResponseSchema.parse(response.json());
}

/** averageScores with every category: 0 unless given. */
const averages = (given: Partial<Record<(typeof CATEGORY_IDS)[number], number>>) =>
  Object.fromEntries(CATEGORY_IDS.map((id) => [id, given[id] ?? 0]));

const DIRECTORIES = [
  { mm: 2, yy: 2025 },
  { mm: 1, yy: 2025 },
  { mm: 12, yy: 2024 },
];

describe('GET /api/analysis/insights/:month/:year', () => {
  it('answers one UTC month: newest cards, averages per category, top domains, every month with data', async () => {
    const feb = await insights(me.token, '/2/2025');
    expect(feb).toMatchObject({ success: true, scope: 'month', currMM: 2, currYY: 2025, totalResults: 4 });
    expect(feb.results).toEqual([
      // Stored without an overall score: shown as 0.
      { id: rows.f4!.id, url: rows.f4!.url, createdAt: '2025-02-28T23:59:00.000Z', overall_score: 0 },
      { id: rows.f3!.id, url: rows.f3!.url, createdAt: '2025-02-14T09:00:00.000Z', overall_score: 20 },
      { id: rows.f2!.id, url: rows.f2!.url, createdAt: '2025-02-10T12:00:00.000Z', overall_score: 70 },
      { id: rows.f1!.id, url: rows.f1!.url, createdAt: '2025-02-01T00:00:00.000Z', overall_score: 50 },
    ]);
    // joy (30 + 50 + 10 + 0) / 4, fear (10 + 30 + 20 + 60) / 4.
    expect(feb.trends.metadata.averageScores).toEqual(averages({ joy: 22.5, fear: 30 }));
    expect(feb.trends.categories).toHaveLength(14);
    expect(feb.trends.categories).toContainEqual({ name: 'joy', classification: 'pro' });
    expect(feb.trends.categories).toContainEqual({ name: 'outrage', classification: 'mal' });
    expect(feb.trends.categories.map((c) => c.name)).toEqual([...CATEGORY_IDS]);
    // By visits, then by name; the average leaves out an analysis without an overall score.
    expect(feb.topDomains).toEqual([
      { domain: 'news.example', averageScore: 60, visitCount: 2 },
      { domain: 'blog.example', averageScore: 20, visitCount: 1 },
      { domain: 'forum.example', averageScore: 0, visitCount: 1 },
    ]);
    expect(feb.directories).toEqual(DIRECTORIES);

    const jan = await insights(me.token, '/01/2025');
    expect(jan).toMatchObject({ scope: 'month', currMM: 1, currYY: 2025, totalResults: 2 });
    expect(jan.results.map((r) => r.id)).toEqual([rows.j2!.id, rows.j1!.id]);
    expect(jan.trends.metadata.averageScores).toEqual(averages({ joy: 40, anger: 20 }));
    expect(jan.topDomains).toEqual([
      { domain: 'blog.example', averageScore: 80, visitCount: 1 },
      { domain: 'news.example', averageScore: 40, visitCount: 1 },
    ]);
  });

  it('names the model versions of the period’s analyses, so a month that mixes them can say so', async () => {
    const mixed = await customer(t);
    await buildAnalyses(t, mixed.userId, [
      { createdAt: '2025-02-03T10:00:00.000Z', modelVersion: 'mediadiet-affect-1.3.0+9d9ff9a7' },
      { createdAt: '2025-02-04T10:00:00.000Z', modelVersion: 'mediadiet-affect-2.0.0+69303f2f' },
      { createdAt: '2025-02-05T10:00:00.000Z', modelVersion: 'mediadiet-affect-2.0.0+1234abcd' },
      { createdAt: '2025-01-05T10:00:00.000Z', modelVersion: 'mediadiet-affect-1.3.0+9d9ff9a7' },
    ]);
    expect((await insights(mixed.token, '/2/2025')).modelVersions).toEqual(['1.3.0', '2.0.0']);
    // One version in January; none in a month without analyses.
    expect((await insights(mixed.token, '/1/2025')).modelVersions).toEqual(['1.3.0']);
    expect((await insights(mixed.token, '/3/2025')).modelVersions).toEqual([]);
    expect((await insights(mixed.token, '/all/2025')).modelVersions).toEqual(['1.3.0', '2.0.0']);
  });

  it('reads a period in one statement (decision 097)', async () => {
    await insights(me.token, '/2/2025'); // the session is read (and kept) first
    t.app.insightsCache.invalidate(me.userId);
    const statements = await statementsDuring(t, /analys/, () => insights(me.token, '/2/2025'));
    expect(statements).toHaveLength(1);
    // On PostgreSQL a named statement: each connection plans it once, not on every read.
    if (process.env.DATABASE_URL) expect(statements[0]).toContain('"name":"period_insights"');
  });

  it("answers a whole year for month 'all' (currMM null)", async () => {
    const year = await insights(me.token, '/all/2025');
    expect(year).toMatchObject({ success: true, scope: 'year', currMM: null, currYY: 2025, totalResults: 6 });
    expect(year.results.map((r) => r.id)).toEqual(
      ['f4', 'f3', 'f2', 'f1', 'j2', 'j1'].map((k) => rows[k]!.id),
    );
    // joy 170 / 6, anger 40 / 6, fear 120 / 6 (3 decimals).
    expect(year.trends.metadata.averageScores).toEqual(averages({ joy: 28.333, anger: 6.667, fear: 20 }));
    expect(year.topDomains).toEqual([
      { domain: 'news.example', averageScore: 53.333, visitCount: 3 },
      { domain: 'blog.example', averageScore: 50, visitCount: 2 },
      { domain: 'forum.example', averageScore: 0, visitCount: 1 },
    ]);
    expect(year.directories).toEqual(DIRECTORIES);

    const last = await insights(me.token, '/all/2024');
    expect(last).toMatchObject({ scope: 'year', currMM: null, currYY: 2024, totalResults: 1 });
    expect(last.results.map((r) => r.id)).toEqual([rows.d1!.id]);
    expect(last.topDomains).toEqual([{ domain: 'a.example', averageScore: 30, visitCount: 1 }]);
  });

  it('answers a period without data with empty figures', async () => {
    const empty = await insights(me.token, '/7/2031');
    expect(empty).toMatchObject({
      success: true,
      scope: 'month',
      results: [],
      totalResults: 0,
      trends: { metadata: { averageScores: {} } },
      topDomains: [],
      directories: DIRECTORIES,
      currMM: 7,
      currYY: 2031,
    });
    expect(empty.trends.metadata.averageScores).toEqual({});
    expect(empty.trends.categories).toHaveLength(14);
  });

  it.each([
    ['/13/2025', 'params.month: month must be 1-12 or "all"'],
    ['/0/2025', 'params.month'],
    ['/jan/2025', 'params.month'],
    ['/1/25', 'params.year: year must have four digits'],
    ['/all/20255', 'params.year'],
    ['/1/1999', 'params.year: must be between 2000 and 9999'],
  ])('refuses %s with 400: %s', async (path, message) => {
    const response = await call(t, me.token, 'GET', `/api/analysis/insights${path}`);
    expect(response.statusCode).toBe(400);
    expect(response.json<{ success: boolean; error: string }>()).toMatchObject({ success: false });
    expect(response.json<{ error: string }>().error).toContain(message);
  });

  it('caps the cards at the newest 100 and the table at 10 domains; totals and averages cover everything', async () => {
    const heavy = await customer(t);
    const start = Date.parse('2025-05-01T00:00:00.000Z');
    const stored = await buildAnalyses(
      t,
      heavy.userId,
      Array.from({ length: 105 }, (_, i) => ({
        createdAt: new Date(start + i * HOUR),
        // host-0 … host-11; host-0 gets the most visits.
        host: `host-${i < 20 ? 0 : i % 12}.example`,
        overallScore: i % 2 ? 90 : 10,
        base: { calm: i % 2 ? 100 : 0 },
      })),
    );
    const may = await insights(heavy.token, '/5/2025');
    expect(may.totalResults).toBe(105);
    expect(may.results).toHaveLength(100);
    expect(may.results.map((r) => r.id)).toEqual(
      stored
        .slice(5)
        .reverse()
        .map((r) => r.id),
    );
    expect(may.trends.metadata.averageScores.calm).toBe(Math.round((52 / 105) * 100 * 1000) / 1000);
    expect(may.topDomains).toHaveLength(10);
    expect(may.topDomains[0]).toMatchObject({ domain: 'host-0.example' });
    expect(may.topDomains.reduce((n, d) => n + d.visitCount, 0)).toBeLessThan(105);
    expect(may.directories).toEqual([{ mm: 5, yy: 2025 }]);
  });
});

describe('GET /api/analysis/insights (current month)', () => {
  it('answers the current UTC month even without data in it, with the months that have data', async () => {
    const current = await insights(me.token);
    expect(current).toMatchObject({
      scope: 'month',
      currMM: 3,
      currYY: 2025,
      totalResults: 0,
      results: [],
      topDomains: [],
    });
    expect(current.trends.metadata.averageScores).toEqual({});
    expect(current.directories).toEqual(DIRECTORIES);
  });

  it('answers the current month’s figures when it has data; a new user has no directories', async () => {
    const fresh = await customer(t);
    expect((await insights(fresh.token)).directories).toEqual([]);
    await buildAnalyses(t, fresh.userId, [
      { createdAt: new Date(NOW.getTime() - HOUR), host: 'now.example', overallScore: 64 },
    ]);
    const current = await insights(fresh.token);
    expect(current).toMatchObject({
      totalResults: 1,
      currMM: 3,
      currYY: 2025,
      directories: [{ mm: 3, yy: 2025 }],
    });
    expect(current.topDomains).toEqual([{ domain: 'now.example', averageScore: 64, visitCount: 1 }]);
  });

  it('needs a session', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/analysis/insights' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/analysis/insights/1/2025' })).statusCode).toBe(
      401,
    );
  });
});
