import { VerdictTrendResponseSchema, type VerdictTrendResponse } from '@mediadiet/contract/insights';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAnalyses, statementsDuring, type AnalysisSpec } from '../../helpers/analysis.ts';
import { call, customer } from '../../helpers/billing.ts';
import { testClock } from '../../helpers/builders.ts';
import { itRefusesQueries } from '../../helpers/responses.ts';
import { createTestApp, type TestApp } from '../../helpers/test-app.ts';

/** "Now" is in March 2025. February 2025 begins on a Saturday, so its first week is the one of Monday 27 January. */
const NOW = new Date('2025-03-10T12:00:00.000Z');

let t: TestApp;
let me: { userId: string; token: string };

const at = (createdAt: string, verdict?: AnalysisSpec['verdict']): AnalysisSpec => ({ createdAt, verdict });

beforeAll(async () => {
  t = await createTestApp({ clock: testClock(NOW) });
  me = await customer(t);
  await buildAnalyses(t, me.userId, [
    // December 2024: the year before 2025, and the month before January.
    at('2024-12-31T23:59:59.999Z', 'draining'),
    // January 2025: February's previous period. Its last instant shares a week with 1 February, but is January's.
    at('2025-01-10T08:00:00.000Z', 'draining'),
    at('2025-01-15T08:00:00.000Z', 'uplifting'),
    at('2025-01-20T08:00:00.000Z', 'neutral'),
    at('2025-01-31T23:59:59.999Z', 'draining'),
    // February 2025.
    at('2025-02-01T00:00:00.000Z', 'draining'), // week of 27 Jan (Saturday)
    at('2025-02-02T23:59:59.999Z', 'uplifting'), // week of 27 Jan (Sunday's last instant)
    at('2025-02-03T00:00:00.000Z', 'draining'), // week of 3 Feb (Monday's first instant)
    at('2025-02-05T12:00:00.000Z', 'neutral'),
    at('2025-02-06T12:00:00.000Z', 'mixed'),
    at('2025-02-12T12:00:00.000Z'), // week of 10 Feb, stored without a verdict
    at('2025-02-28T23:59:59.999Z', 'draining'), // week of 24 Feb
    // March 2025: after February.
    at('2025-03-01T00:00:00.000Z', 'uplifting'),
  ]);
  // Somebody else's pages in the same weeks: never in our figures.
  const other = await customer(t);
  await buildAnalyses(t, other.userId, [
    at('2025-01-20T10:00:00.000Z', 'uplifting'),
    at('2025-02-04T10:00:00.000Z', 'uplifting'),
    at('2025-02-18T10:00:00.000Z', 'uplifting'),
    at('2025-02-19T10:00:00.000Z'),
  ]);
});
afterAll(async () => {
  await t.close();
});

async function trends(token: string, period: string): Promise<VerdictTrendResponse> {
  const response = await call(t, token, 'GET', `/api/analysis/trends?period=${period}`);
  expect(response.statusCode, response.body).toBe(200);
  return VerdictTrendResponseSchema.parse(response.json());
}

const counts = (given: Partial<Record<'uplifting' | 'neutral' | 'mixed' | 'draining', number>>) => ({
  uplifting: given.uplifting ?? 0,
  neutral: given.neutral ?? 0,
  mixed: given.mixed ?? 0,
  draining: given.draining ?? 0,
});

describe('GET /api/analysis/trends?period=YYYY-MM', () => {
  it('answers every week (Monday to Sunday) that overlaps the month, counting only its days in the month', async () => {
    const feb = await trends(me.token, '2025-02');
    expect(feb).toMatchObject({ success: true, period: '2025-02', scope: 'month', bucket: 'week' });
    expect(feb.buckets.map((b) => [b.start, b.from, b.to])).toEqual([
      ['2025-01-27', '2025-02-01', '2025-02-02'],
      ['2025-02-03', '2025-02-03', '2025-02-09'],
      ['2025-02-10', '2025-02-10', '2025-02-16'],
      ['2025-02-17', '2025-02-17', '2025-02-23'],
      ['2025-02-24', '2025-02-24', '2025-02-28'],
    ]);
    expect(feb.buckets[0]).toMatchObject({
      counts: counts({ draining: 1, uplifting: 1 }),
      classified: 2,
      unknown: 0,
      shares: { uplifting: 0.5, neutral: 0, mixed: 0, draining: 0.5 },
    });
    expect(feb.buckets[1]!.counts).toEqual(counts({ draining: 1, neutral: 1, mixed: 1 }));
    expect(feb.buckets[1]!.shares!.draining).toBeCloseTo(1 / 3, 12);
    // A week whose only page has no verdict: no share to state, and it is counted as unknown.
    expect(feb.buckets[2]).toMatchObject({ counts: counts({}), classified: 0, unknown: 1, shares: null });
    expect(feb.buckets[3]).toMatchObject({ classified: 0, unknown: 0, shares: null });
    expect(feb.buckets[4]).toMatchObject({ counts: counts({ draining: 1 }), shares: { draining: 1 } });
  });

  it('gives the month’s shares, the pages left out for want of a verdict, and the previous month’s shares', async () => {
    const feb = await trends(me.token, '2025-02');
    expect(feb.total).toEqual({
      counts: counts({ draining: 3, uplifting: 1, neutral: 1, mixed: 1 }),
      classified: 6,
      shares: { uplifting: 1 / 6, neutral: 1 / 6, mixed: 1 / 6, draining: 0.5 },
    });
    expect(feb.excluded).toBe(1);
    expect(feb.previous).toEqual({
      period: '2025-01',
      counts: counts({ draining: 2, uplifting: 1, neutral: 1 }),
      classified: 4,
      shares: { uplifting: 0.25, neutral: 0.25, mixed: 0, draining: 0.5 },
    });
    // Shares of a tally add up to one.
    const sum = Object.values(feb.total.shares!).reduce((a, b) => a + b, 0);
    expect(sum).toBeCloseTo(1, 12);
  });

  it('compares January with the December before it', async () => {
    const jan = await trends(me.token, '2025-01');
    expect(jan.buckets.map((b) => b.start)).toEqual([
      '2024-12-30',
      '2025-01-06',
      '2025-01-13',
      '2025-01-20',
      '2025-01-27',
    ]);
    // The week of 27 January counts 27–31 January only (1 February is February's).
    expect(jan.buckets[4]).toMatchObject({
      from: '2025-01-27',
      to: '2025-01-31',
      counts: counts({ draining: 1 }),
    });
    expect(jan.total.counts).toEqual(counts({ draining: 2, uplifting: 1, neutral: 1 }));
    expect(jan.previous).toMatchObject({ period: '2024-12', counts: counts({ draining: 1 }), classified: 1 });
  });

  it('answers an empty month with its weeks, nothing counted and no shares', async () => {
    const empty = await trends(me.token, '2031-07');
    expect(empty.buckets.map((b) => b.start)).toEqual([
      '2031-06-30',
      '2031-07-07',
      '2031-07-14',
      '2031-07-21',
      '2031-07-28',
    ]);
    expect(empty.buckets.at(-1)).toMatchObject({ from: '2031-07-28', to: '2031-07-31' });
    for (const bucket of empty.buckets)
      expect(bucket).toMatchObject({ classified: 0, unknown: 0, shares: null, counts: counts({}) });
    expect(empty.total).toEqual({ counts: counts({}), classified: 0, shares: null });
    expect(empty.excluded).toBe(0);
    expect(empty.previous).toEqual({ period: '2031-06', counts: counts({}), classified: 0, shares: null });
  });

  it('never counts another user’s pages', async () => {
    const stranger = await customer(t);
    const theirs = await trends(stranger.token, '2025-02');
    expect(theirs.total.classified).toBe(0);
    expect(theirs.excluded).toBe(0);
    expect(theirs.previous.classified).toBe(0);
    // And our own figures above leave out the other user's uplifting pages (checked by the exact counts).
    const ours = await trends(me.token, '2025-02');
    expect(ours.buckets[3]!.classified).toBe(0);
  });

  it('reads the figures in one statement, and shows a new page at once', async () => {
    const reader = await customer(t);
    const statements = await statementsDuring(t, /verdict|uplifting_pages/i, () =>
      trends(reader.token, '2025-04'),
    );
    expect(statements).toHaveLength(1);
    expect((await trends(reader.token, '2025-04')).total.classified).toBe(0);
    await buildAnalyses(t, reader.userId, [at('2025-04-15T10:00:00.000Z', 'uplifting')]);
    const after = await trends(reader.token, '2025-04');
    expect(after.total).toMatchObject({ classified: 1, shares: { uplifting: 1 } });
  });
});

describe('GET /api/analysis/trends?period=YYYY', () => {
  it('answers the twelve months of the year and the year before', async () => {
    const year = await trends(me.token, '2025');
    expect(year).toMatchObject({ period: '2025', scope: 'year', bucket: 'month' });
    expect(year.buckets).toHaveLength(12);
    expect(year.buckets[0]).toMatchObject({ start: '2025-01-01', from: '2025-01-01', to: '2025-01-31' });
    expect(year.buckets[1]).toMatchObject({
      start: '2025-02-01',
      to: '2025-02-28',
      counts: counts({ draining: 3, uplifting: 1, neutral: 1, mixed: 1 }),
      unknown: 1,
    });
    expect(year.buckets[2]).toMatchObject({ counts: counts({ uplifting: 1 }), shares: { uplifting: 1 } });
    expect(year.buckets[11]).toMatchObject({ start: '2025-12-01', to: '2025-12-31', shares: null });
    expect(year.total.counts).toEqual(counts({ draining: 5, uplifting: 3, neutral: 2, mixed: 1 }));
    expect(year.excluded).toBe(1);
    expect(year.previous).toMatchObject({
      period: '2024',
      counts: counts({ draining: 1 }),
      shares: { draining: 1, uplifting: 0 },
    });
  });
});

describe('GET /api/analysis/trends: input and access', () => {
  itRefusesQueries(() => ({ t, token: me.token }), '/api/analysis/trends', 'period=2025-02', [
    ['period=2025-13', 'querystring.period: period must be YYYY-MM (a month, e.g. 2025-02) or YYYY'],
    ['period=2025-2', 'querystring.period: period must be YYYY-MM'],
    ['period=2025-00', 'querystring.period'],
    ['period=25', 'querystring.period'],
    ['period=feb', 'querystring.period'],
    ['period=2025-02-01', 'querystring.period'],
    ['', 'querystring.period'],
    ['period=1999-05', 'querystring.period: the year must be between 2000 and 9999'],
  ]);
});
