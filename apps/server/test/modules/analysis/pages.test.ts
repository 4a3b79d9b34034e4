import { InsightPagesResponseSchema, type InsightPagesResponse } from '@mediadiet/contract/insights';
import { INSIGHT_PAGES_PAGE_SIZE } from '@mediadiet/contract/constants';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAnalyses, type AnalysisSpec } from '../../helpers/analysis.ts';
import { call, customer } from '../../helpers/billing.ts';
import { testClock } from '../../helpers/builders.ts';
import { itRefusesQueries } from '../../helpers/responses.ts';
import { createTestApp, type TestApp } from '../../helpers/test-app.ts';

const NOW = new Date('2025-03-10T12:00:00.000Z');

let t: TestApp;
let me: { userId: string; token: string };

/** February 2025: 45 pages, one every 12 hours from 1 Feb, the newest last; every fifth draining, driven by anger. */
const FEBRUARY: AnalysisSpec[] = Array.from({ length: 45 }, (_, i) => {
  const createdAt = new Date(Date.UTC(2025, 1, 1) + i * 12 * 3_600_000).toISOString();
  const draining = i % 5 === 0;
  return {
    createdAt,
    host: i % 3 === 0 ? 'news.example.com' : 'blog.example.org',
    url: `https://${i % 3 === 0 ? 'news.example.com' : 'blog.example.org'}/p${i}`,
    title: i === 44 ? 'The newest page' : '',
    overallScore: i === 43 ? null : 50,
    verdict: i === 1 ? undefined : draining ? 'draining' : 'uplifting',
    ...(i === 1 ? {} : { drivers: draining ? ['anger', 'fear'] : ['hope'] }),
  };
});

beforeAll(async () => {
  t = await createTestApp({ clock: testClock(NOW) });
  me = await customer(t);
  await buildAnalyses(t, me.userId, [
    ...FEBRUARY,
    // The edges: January's last instant and March's first are not February's.
    {
      createdAt: '2025-01-31T23:59:59.999Z',
      host: 'news.example.com',
      verdict: 'draining',
      drivers: ['anger'],
    },
    {
      createdAt: '2025-03-01T00:00:00.000Z',
      host: 'news.example.com',
      verdict: 'draining',
      drivers: ['anger'],
    },
  ]);
  // Somebody else's February: never listed.
  const other = await customer(t);
  await buildAnalyses(t, other.userId, [
    {
      createdAt: '2025-02-10T10:00:00.000Z',
      host: 'news.example.com',
      verdict: 'draining',
      drivers: ['anger'],
    },
  ]);
});
afterAll(async () => {
  await t.close();
});

async function pages(query: string, token = me.token): Promise<InsightPagesResponse> {
  const response = await call(t, token, 'GET', `/api/analysis/pages?${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return InsightPagesResponseSchema.parse(response.json());
}

describe('GET /api/analysis/pages', () => {
  it('answers the period page by page, newest first, until every page of it was listed', async () => {
    const first = await pages('period=2025-02');
    expect(first).toMatchObject({
      success: true,
      period: '2025-02',
      total: 45,
      page: 1,
      pageSize: INSIGHT_PAGES_PAGE_SIZE,
      pageCount: 3,
    });
    expect(first.results).toHaveLength(20);
    expect(first.results[0]).toMatchObject({
      url: 'https://blog.example.org/p44',
      host: 'blog.example.org',
      title: 'The newest page',
      verdict: 'uplifting',
      drivers: ['hope'],
      overall_score: 50,
    });
    // Without a score the page shows 0 (as the insights do); without a verdict there is none, nor drivers.
    expect(first.results[1]).toMatchObject({ url: 'https://blog.example.org/p43', overall_score: 0 });
    const second = await pages('period=2025-02&page=2');
    const third = await pages('period=2025-02&page=3');
    expect(third.results).toHaveLength(5);
    const urls = [...first.results, ...second.results, ...third.results].map((p) => p.url);
    expect(urls).toEqual(FEBRUARY.map((p) => p.url).reverse());
    const untitled = third.results.find((p) => p.url.endsWith('/p1'))!;
    expect(untitled).not.toHaveProperty('verdict');
    expect(untitled).not.toHaveProperty('drivers');
    expect(untitled).not.toHaveProperty('title');
    // Past the last page: nothing, with the same totals.
    expect(await pages('period=2025-02&page=4')).toMatchObject({
      results: [],
      total: 45,
      pageCount: 3,
      page: 4,
    });
  });

  it('keeps one verdict, one category (the pages it drives) and one site, together', async () => {
    const draining = await pages('period=2025-02&verdict=draining');
    expect(draining.total).toBe(9);
    expect(draining.results.every((p) => p.verdict === 'draining')).toBe(true);
    const anger = await pages('period=2025-02&category=anger');
    expect(anger.results.map((p) => p.url)).toEqual(draining.results.map((p) => p.url));
    expect((await pages('period=2025-02&category=hope')).total).toBe(35);
    expect((await pages('period=2025-02&category=joy')).total).toBe(0);
    const news = await pages('period=2025-02&site=news.example.com');
    expect(news.total).toBe(15);
    expect(news.results.every((p) => p.host === 'news.example.com')).toBe(true);
    // i % 15 === 0 (0, 15, 30): draining pages on news.example.com. The host is matched whatever its case.
    const both = await pages('period=2025-02&verdict=draining&category=anger&site=NEWS.example.com');
    expect(both.results.map((p) => p.url)).toEqual([
      'https://news.example.com/p30',
      'https://news.example.com/p15',
      'https://news.example.com/p0',
    ]);
    expect(await pages('period=2025-02&verdict=mixed')).toMatchObject({
      results: [],
      total: 0,
      pageCount: 0,
    });
  });

  it('answers a whole year, and only the caller’s own pages', async () => {
    // February's 15 and the two at its edges.
    expect((await pages('period=2025&site=news.example.com')).total).toBe(17);
    const stranger = await customer(t);
    expect(await pages('period=2025-02', stranger.token)).toMatchObject({ results: [], total: 0 });
  });

  itRefusesQueries(() => ({ t, token: me.token }), '/api/analysis/pages', 'period=2025-02', [
    ['period=2025-13', 'querystring.period: period must be YYYY-MM (a month, e.g. 2025-02) or YYYY'],
    ['', 'querystring.period'],
    ['period=1999-05', 'querystring.period: the year must be between 2000 and 9999'],
    ['period=2025-02&page=0', 'querystring.page: page must be a whole number from 1'],
    ['period=2025-02&page=two', 'querystring.page: page must be a whole number from 1'],
    ['period=2025-02&page=5001', 'querystring.page: page must be at most 5000'],
    ['period=2025-02&verdict=sad', 'querystring.verdict'],
    ['period=2025-02&category=boredom', 'querystring.category'],
    ['period=2025-02&site=a%20b', 'querystring.site: site must be a host name, e.g. news.example.com'],
  ]);
});
