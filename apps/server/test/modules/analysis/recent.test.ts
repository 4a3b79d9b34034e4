import {
  AnalysisResponseSchema,
  RecentAnalysesResponseSchema,
  toRecentAnalysis,
  type Analysis,
} from '@mediadiet/contract/analysis';
import { RECENT_PAGE_SIZE } from '@mediadiet/contract/constants';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { toAnalysis } from '../../../src/modules/analysis/view.ts';
import { buildAnalyses, DAY, HOUR, statementsDuring } from '../../helpers/analysis.ts';
import { call, customer } from '../../helpers/billing.ts';
import { testClock } from '../../helpers/builders.ts';
import { sharedTestApp } from '../../helpers/test-app.ts';

const NOW = new Date('2025-03-10T12:00:00.000Z');
const ago = (ms: number) => new Date(NOW.getTime() - ms);

const t = sharedTestApp({ clock: testClock(NOW) });

async function recent(token: string, query = '') {
  const response = await call(t, token, 'GET', `/api/analysis/recent${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return RecentAnalysesResponseSchema.parse(response.json());
}

describe('GET /api/analysis/recent', () => {
  it('answers the last 7 days newest first, with totals of the window; older analyses stay out', async () => {
    const me = await customer(t);
    const [older, newest, edge, middle, , outside] = await buildAnalyses(t, me.userId, [
      { createdAt: ago(2 * DAY), tokens: 200 },
      { createdAt: ago(HOUR), tokens: 50 },
      { createdAt: ago(7 * DAY - 60_000), tokens: 7 },
      { createdAt: ago(3 * DAY), tokens: 300 },
      { createdAt: ago(30 * DAY), tokens: 1000 },
      { createdAt: ago(7 * DAY + 60_000), tokens: 1 },
    ]);
    const body = await recent(me.token);
    expect(body.results.map((a) => a.id)).toEqual([newest!.id, older!.id, middle!.id, edge!.id]);
    expect(body.totals).toEqual({ touchpoints: 4, tokens: 50 + 200 + 300 + 7 });
    expect(body.nextCursor).toBeNull();
    expect(body.results.map((a) => a.id)).not.toContain(outside!.id);
    // What the card shows (the detail fetches the whole analysis).
    expect(body.results[0]).toEqual(toRecentAnalysis(toAnalysis(newest!)));

    const month = await recent(me.token, '?days=31');
    expect(month.totals).toEqual({ touchpoints: 6, tokens: 50 + 200 + 300 + 7 + 1000 + 1 });
    expect(month.results).toHaveLength(6);
  });

  it('pages with an opaque cursor: every analysis once, in order, ties broken by id, totals on every page', async () => {
    const me = await customer(t);
    const same = ago(5 * HOUR);
    const rows = await buildAnalyses(t, me.userId, [
      { createdAt: ago(1 * HOUR), tokens: 1 },
      { createdAt: ago(2 * HOUR), tokens: 2 },
      { createdAt: same, tokens: 3 },
      { createdAt: same, tokens: 4 },
      { createdAt: same, tokens: 5 },
      { createdAt: same, tokens: 6 },
      { createdAt: ago(2 * DAY), tokens: 7 },
      { createdAt: ago(3 * DAY), tokens: 8 },
    ]);
    // Two analyses 2 µs and 1 µs after the same millisecond: a cursor cut to milliseconds would skip the second.
    const [a, b] = [rows[2]!, rows[3]!];
    await t.db.execute(
      sql`update analyses set created_at = created_at + interval '2 microseconds' where id = ${a.id}`,
    );
    await t.db.execute(
      sql`update analyses set created_at = created_at + interval '1 microsecond' where id = ${b.id}`,
    );
    const ties = [rows[4]!.id, rows[5]!.id].sort().reverse();
    const expected = [rows[0]!.id, rows[1]!.id, a.id, b.id, ...ties, rows[6]!.id, rows[7]!.id];

    for (const limit of [1, 3]) {
      const seen: string[] = [];
      let cursor: string | null = null;
      let pages = 0;
      do {
        const body: Awaited<ReturnType<typeof recent>> = await recent(
          me.token,
          `?limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
        );
        expect(body.totals).toEqual({ touchpoints: 8, tokens: 36 });
        expect(body.results.length).toBeLessThanOrEqual(limit);
        seen.push(...body.results.map((r) => r.id));
        cursor = body.nextCursor;
        pages++;
      } while (cursor && pages < 20);
      expect(seen, `limit ${limit}`).toEqual(expected);
      expect(pages).toBe(Math.ceil(8 / limit));
    }

    // An exact multiple of the limit ends with a null cursor; the default page (24) holds them all.
    const eight = await recent(me.token, '?limit=8');
    expect(eight.results).toHaveLength(8);
    expect(eight.nextCursor).toBeNull();
    expect((await recent(me.token)).results.map((r) => r.id)).toEqual(expected);
  });

  it('answers each analysis as its card: the top two pro and top two mal categories, no model version', async () => {
    const me = await customer(t);
    const [row] = await buildAnalyses(t, me.userId, [
      {
        createdAt: ago(HOUR),
        title: 'A long read',
        overallScore: 61.5,
        base: { joy: 10, calm: 70, hope: 40, awe: 39.5, anger: 5, fear: 90, envy: 30, sadness: 29 },
      },
    ]);
    const [card] = (await recent(me.token)).results;
    // buildAnalyses' figures for a category (only BaseScore varies).
    const score = (BaseScore: number, Classification: 'pro' | 'mal') => ({
      BaseScore,
      Classification,
      BayesFactor: 1,
      PosteriorProbability: 0.5,
      EffectiveN: 2,
    });
    expect(card).toEqual({
      id: row!.id,
      url: row!.url,
      title: 'A long read',
      createdAt: row!.createdAt.toISOString(),
      tokens: row!.tokens,
      categoryScores: {
        calm: score(70, 'pro'),
        hope: score(40, 'pro'),
        fear: score(90, 'mal'),
        envy: score(30, 'mal'),
      },
      classificationAnalysis: row!.classificationAnalysis,
      valence: 0,
      overallScore: 61.5,
      mode: 'server',
    });
    // Every figure of a kept category, as the detail has it.
    expect(card!.categoryScores.fear).toEqual(toAnalysis(row!).categoryScores.fear);
  });

  it("leads each card with the page's title and verdict when known; an older analysis has neither invented", async () => {
    const me = await customer(t);
    const [judged, untitled, old] = await buildAnalyses(t, me.userId, [
      {
        createdAt: ago(HOUR),
        title: 'Storm warning',
        verdict: 'draining',
        drivers: ['anger', 'fear'],
        confidence: 0.81,
      },
      { createdAt: ago(2 * HOUR), verdict: 'neutral', drivers: [] },
      { createdAt: ago(3 * HOUR), title: 'From before verdicts' },
    ]);
    const cards = (await recent(me.token)).results;
    expect(cards.map((c) => c.id)).toEqual([judged!.id, untitled!.id, old!.id]);
    expect(cards[0]).toMatchObject({
      title: 'Storm warning',
      verdict: 'draining',
      drivers: ['anger', 'fear'],
      confidence: 0.81,
    });
    expect(cards[1]).toMatchObject({ verdict: 'neutral', drivers: [] });
    expect(cards[1]).not.toHaveProperty('title');
    expect(cards[1]).not.toHaveProperty('confidence');
    expect(cards[2]).toMatchObject({ title: 'From before verdicts' });
    for (const key of ['verdict', 'drivers', 'confidence']) expect(cards[2]).not.toHaveProperty(key);
    // The card says what the detail says.
    for (const card of cards) {
      const detail = AnalysisResponseSchema.parse(
        (await call(t, me.token, 'GET', `/api/analysis/get/${card.id}`)).json(),
      ).analysis;
      for (const key of ['title', 'verdict', 'drivers', 'confidence'] as const)
        expect(card[key]).toEqual(detail[key]);
    }
  });

  it('stores each card with its analysis; a row stored before cards were stored shows the same card', async () => {
    const me = await customer(t);
    const rows = await buildAnalyses(t, me.userId, [
      { createdAt: ago(HOUR), title: 'Kept card', overallScore: 40, base: { joy: 20, fear: 60, awe: 5 } },
      { createdAt: ago(2 * HOUR), overallScore: null, base: { calm: 50, anger: 10 } },
    ]);
    type Stored = { id: string; card_json: string | null };
    const stored = (await t.db.execute<Stored>(
      sql`select id, card_json from analyses where user_id = ${me.userId} order by created_at desc`,
    )) as { rows: Stored[] };
    expect(stored.rows.map((r) => r.id)).toEqual(rows.map((r) => r.id));
    for (const [i, row] of stored.rows.entries())
      expect(row.card_json).toBe(JSON.stringify(toRecentAnalysis(toAnalysis(rows[i]!))));

    const page = await call(t, me.token, 'GET', '/api/analysis/recent?limit=5');
    // As a row written before migration 0008 is: no card, only its view.
    await t.db.execute(sql`update analyses set card_json = null where user_id = ${me.userId}`);
    const legacy = await call(t, me.token, 'GET', '/api/analysis/recent?limit=6');
    expect(RecentAnalysesResponseSchema.parse(legacy.json()).results).toEqual(
      RecentAnalysesResponseSchema.parse(page.json()).results,
    );
  });

  it('never answers a page that breaks the contract, and keeps nothing of it (decision 143)', async () => {
    const me = await customer(t);
    await buildAnalyses(t, me.userId, [{ createdAt: ago(HOUR), overallScore: 40 }]);
    // A stored card another writer broke: an overall score above 100.
    await t.db.execute(
      sql`update analyses set card_json = replace(card_json, '"overallScore":40', '"overallScore":150') where user_id = ${me.userId}`,
    );
    const broken = await call(t, me.token, 'GET', '/api/analysis/recent');
    expect(broken.statusCode).toBe(500);
    expect(broken.json()).toEqual({ success: false, error: 'Internal server error' });
    // Cut from the stored view instead: the same page answers, so the broken one was not kept.
    await t.db.execute(sql`update analyses set card_json = null where user_id = ${me.userId}`);
    expect((await recent(me.token)).results.map((a) => a.overallScore)).toEqual([40]);
  });

  it('reads a page and its totals in one statement (decision 097)', async () => {
    const me = await customer(t);
    await buildAnalyses(t, me.userId, [{ createdAt: ago(HOUR) }, { createdAt: ago(DAY) }]);
    await recent(me.token); // the session is read (and kept) first
    t.app.recentAnalysesCache.invalidate(me.userId);
    const statements = await statementsDuring(t, /analys/, () => recent(me.token));
    expect(statements).toHaveLength(1);
    // On PostgreSQL a named statement: each connection plans it once, not on every read.
    if (process.env.DATABASE_URL) expect(statements[0]).toContain('"name":"recent_page"');
  });

  it(`pages ${RECENT_PAGE_SIZE} cards by default`, async () => {
    const me = await customer(t);
    await buildAnalyses(
      t,
      me.userId,
      Array.from({ length: RECENT_PAGE_SIZE + 1 }, (_, i) => ({ createdAt: ago((i + 1) * HOUR) })),
    );
    const first = await recent(me.token);
    expect(first.results).toHaveLength(RECENT_PAGE_SIZE);
    expect(first.totals.touchpoints).toBe(RECENT_PAGE_SIZE + 1);
    const rest = await recent(me.token, `?cursor=${encodeURIComponent(first.nextCursor!)}`);
    expect(rest.results).toHaveLength(1);
    expect(rest.nextCursor).toBeNull();
  });

  it('never shows or counts another user’s analyses', async () => {
    const me = await customer(t);
    const other = await customer(t);
    const [mine] = await buildAnalyses(t, me.userId, [{ createdAt: ago(HOUR), tokens: 10 }]);
    await buildAnalyses(t, other.userId, [
      { createdAt: ago(HOUR), tokens: 999 },
      { createdAt: ago(2 * HOUR), tokens: 999 },
    ]);
    const body = await recent(me.token);
    expect(body.results.map((a) => a.id)).toEqual([mine!.id]);
    expect(body.totals).toEqual({ touchpoints: 1, tokens: 10 });
    // Another user's cursor position does not reveal their rows either.
    const theirs = await recent(other.token, '?limit=1');
    const across = await recent(me.token, `?cursor=${encodeURIComponent(theirs.nextCursor!)}`);
    expect(across.results.every((a) => a.id === mine!.id)).toBe(true);
  });

  it('answers an empty window with zeros', async () => {
    const me = await customer(t);
    expect(await recent(me.token)).toEqual({
      success: true,
      results: [],
      totals: { touchpoints: 0, tokens: 0 },
      nextCursor: null,
    });
  });

  it.each([
    ['?limit=0', 'limit'],
    ['?limit=201', 'limit'],
    ['?limit=ten', 'limit'],
    ['?days=0', 'days'],
    ['?days=367', 'days'],
    ['?cursor=', 'cursor'],
    ['?cursor=bm90LWEtY3Vyc29y', 'not a cursor of this list'],
    [`?cursor=${'x'.repeat(201)}`, 'cursor'],
  ])('refuses %s with 400 and a message naming the parameter', async (query, fragment) => {
    const me = await customer(t);
    const response = await call(t, me.token, 'GET', `/api/analysis/recent${query}`);
    expect(response.statusCode).toBe(400);
    const body = response.json<{ success: boolean; error: string }>();
    expect(body.success).toBe(false);
    expect(body.error).toContain(fragment);
  });

  it('needs a session', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/analysis/recent' });
    expect(response.statusCode).toBe(401);
  });
});

describe('GET /api/analysis/get/:id', () => {
  it('answers the caller’s analysis in full', async () => {
    const me = await customer(t);
    const [row] = await buildAnalyses(t, me.userId, [
      { createdAt: ago(40 * DAY), title: 'A long read', base: { joy: 12.5, fear: 80 }, overallScore: 77.25 },
    ]);
    const response = await call(t, me.token, 'GET', `/api/analysis/get/${row!.id}`);
    expect(response.statusCode).toBe(200);
    const body = AnalysisResponseSchema.parse(response.json());
    const expected: Analysis = toAnalysis(row!);
    expect(body).toEqual({ success: true, analysis: expected });
    expect(body.analysis).toMatchObject({ title: 'A long read', overallScore: 77.25, mode: 'server' });
    expect(body.analysis.categoryScores.fear?.BaseScore).toBe(80);
  });

  it("carries the page's title and its verdict, drivers and confidence; an older analysis has no verdict", async () => {
    const me = await customer(t);
    const [judged, old] = await buildAnalyses(t, me.userId, [
      { createdAt: ago(HOUR), title: 'Good news', verdict: 'uplifting', drivers: ['hope'], confidence: 0.64 },
      { createdAt: ago(2 * HOUR) },
    ]);
    const get = async (id: string) =>
      AnalysisResponseSchema.parse((await call(t, me.token, 'GET', `/api/analysis/get/${id}`)).json())
        .analysis;
    expect(await get(judged!.id)).toMatchObject({
      title: 'Good news',
      verdict: 'uplifting',
      drivers: ['hope'],
      confidence: 0.64,
    });
    const plain = await get(old!.id);
    for (const key of ['title', 'verdict', 'drivers', 'confidence']) expect(plain).not.toHaveProperty(key);
  });

  it('answers 404 (not 403) for another user’s analysis, an unknown id and a malformed id', async () => {
    const me = await customer(t);
    const other = await customer(t);
    const [theirs] = await buildAnalyses(t, other.userId, [{ createdAt: ago(HOUR) }]);
    for (const id of [
      theirs!.id,
      theirs!.id.toUpperCase(),
      '00000000-0000-4000-8000-000000000000',
      'not-a-uuid',
      "1' or '1'='1",
    ]) {
      const response = await call(t, me.token, 'GET', `/api/analysis/get/${encodeURIComponent(id)}`);
      expect(response.statusCode, id).toBe(404);
      expect(response.json()).toEqual({ success: false, error: 'Analysis not found' });
    }
    // The owner still sees it (also with an upper-case id).
    const own = await call(t, other.token, 'GET', `/api/analysis/get/${theirs!.id.toUpperCase()}`);
    expect(own.statusCode).toBe(200);
  });
});
