import {
  LABEL_CONTEXT_MAX_PAGES,
  LabelContextResponseSchema,
  LabelInsightsResponseSchema,
  type LabelContextResponse,
  type LabelDayCounts,
  type LabelInsightsResponse,
  type VerdictCounts,
} from '@mediadiet/contract/labels';
import { messages } from '@mediadiet/contract/messages';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { labelCounts, personalizations } from '../../../src/db/schema.ts';
import { LABELS_EXTENSION_RULE } from '../../../src/modules/labels/routes.ts';
import { buildAnalyses, DAY } from '../../helpers/analysis.ts';
import { call, customer, subscribed } from '../../helpers/billing.ts';
import { bearer, testClock } from '../../helpers/builders.ts';
import { issueKey, pair } from '../../helpers/extension.ts';
import { sharedTestApp, type TestApp } from '../../helpers/test-app.ts';

/** Thursday 20 March 2025, 09:00 UTC: the account's today (UTC) is 2025-03-20, its week began on Monday the 17th. */
const NOW = new Date('2025-03-20T09:00:00.000Z');
const clock = testClock(NOW);
const t = sharedTestApp({ clock });

const counts = (uplifting: number, neutral: number, mixed: number, draining: number): VerdictCounts => ({
  uplifting,
  neutral,
  mixed,
  draining,
});
const ZERO = counts(0, 0, 0, 0);

const putCounts = (tt: TestApp, apiKey: string, days: unknown) =>
  tt.app.inject({ method: 'PUT', url: '/api/labels/counts', headers: bearer(apiKey), payload: { days } });

async function context(tt: TestApp, apiKey: string): Promise<LabelContextResponse> {
  const response = await tt.app.inject({
    method: 'GET',
    url: '/api/labels/context',
    headers: bearer(apiKey),
  });
  expect(response.statusCode, response.body).toBe(200);
  return LabelContextResponseSchema.parse(response.json());
}

async function insights(tt: TestApp, token: string): Promise<LabelInsightsResponse> {
  const response = await call(tt, token, 'GET', '/api/labels/insights');
  expect(response.statusCode, response.body).toBe(200);
  return LabelInsightsResponseSchema.parse(response.json());
}

/** A person with a session and a paired browser, on the clock's now. */
async function withBrowser(tt: TestApp) {
  clock.set(NOW);
  const who = await customer(tt);
  return { ...who, apiKey: await pair(tt, who.token) };
}

const ago = (ms: number) => new Date(NOW.getTime() - ms);

describe('GET /api/labels/context', () => {
  it("lists the owner's own verdicts, newest first, one per URL, without pages lacking a verdict, ignored or too old", async () => {
    const a = await withBrowser(t);
    const b = await withBrowser(t);
    expect(
      (await call(t, a.token, 'POST', '/api/account/urls', { url: 'ignored-news.com' })).statusCode,
    ).toBe(200);
    await buildAnalyses(t, a.userId, [
      // The same URL read twice: the newer verdict is the one that counts.
      {
        createdAt: ago(5 * DAY),
        url: 'https://news.example.org/story',
        verdict: 'draining',
        drivers: ['fear'],
      },
      {
        createdAt: ago(2 * DAY),
        url: 'https://news.example.org/story',
        verdict: 'uplifting',
        drivers: ['hope', 'joy'],
      },
      // Newest without a verdict (another scorer): the older verdict of that URL stands.
      {
        createdAt: ago(4 * DAY),
        url: 'https://news.example.org/mixed',
        verdict: 'mixed',
        drivers: ['anger', 'hope'],
      },
      { createdAt: ago(1 * DAY), url: 'https://news.example.org/mixed' },
      { createdAt: ago(3 * DAY), url: 'https://shop.example.com/item', verdict: 'neutral' },
      // A site on the ignored list (and its subdomains) is never part of the context.
      {
        createdAt: ago(1 * DAY),
        host: 'www.ignored-news.com',
        url: 'https://www.ignored-news.com/a',
        verdict: 'draining',
      },
      // Older than LABEL_CONTEXT_DAYS (90).
      { createdAt: ago(91 * DAY), url: 'https://news.example.org/old', verdict: 'draining' },
    ]);
    // Another person read pages too, one of them at the very same URL.
    await buildAnalyses(t, b.userId, [
      {
        createdAt: ago(1 * DAY),
        url: 'https://news.example.org/story',
        verdict: 'draining',
        drivers: ['fear'],
      },
      { createdAt: ago(2 * DAY), url: 'https://private.example.net/b-only', verdict: 'uplifting' },
    ]);

    const answer = await context(t, a.apiKey);
    expect(answer.visited).toEqual([
      { url: 'https://news.example.org/story', verdict: 'uplifting', drivers: ['hope', 'joy'] },
      { url: 'https://shop.example.com/item', verdict: 'neutral', drivers: [] },
      { url: 'https://news.example.org/mixed', verdict: 'mixed', drivers: ['anger', 'hope'] },
    ]);
    expect(answer.sensitivities).toBeNull();

    const forB = await context(t, b.apiKey);
    expect(forB.visited.map((p) => [p.url, p.verdict])).toEqual([
      ['https://news.example.org/story', 'draining'],
      ['https://private.example.net/b-only', 'uplifting'],
    ]);
  });

  it(`stops at ${LABEL_CONTEXT_MAX_PAGES} pages, reading on past URLs it already has`, async () => {
    const a = await withBrowser(t);
    // 4,000 analyses a minute apart, newest first by n: n ≤ 1,500 are URLs 1…1,500, n 1,501…2,000 read those
    // again (older, so passed over), n > 2,000 are URLs 1,501…3,500. The first 2,000 URLs are 1…2,000.
    await t.db.execute(sql`
      with tp as (
        insert into touchpoints (user_id, url, host, content_hash, captured_at, status)
        select ${a.userId}::uuid,
               'https://bulk.example.org/' || case when n <= 1500 then n when n <= 2000 then n - 1500 else n - 500 end,
               'bulk.example.org', md5(n::text), ${NOW.toISOString()}::timestamptz - n * interval '1 minute', 'done'
          from generate_series(1, 4000) as n
        returning id, url, host, captured_at
      )
      insert into analyses (id, user_id, touchpoint_id, url, host, tokens, category_scores, classification_analysis,
                            mode, verdict, created_at, view_json)
      select id, ${a.userId}::uuid, id, url, host, 100, '{}'::jsonb, '{}'::jsonb, 'server', 'neutral', captured_at, '{}'
        from tp`);
    const answer = await context(t, a.apiKey);
    expect(answer.visited).toHaveLength(LABEL_CONTEXT_MAX_PAGES);
    expect(answer.visited.map((p) => p.url)).toEqual(
      Array.from({ length: LABEL_CONTEXT_MAX_PAGES }, (_, i) => `https://bulk.example.org/${i + 1}`),
    );
  });

  it('carries the personality profile’s sensitivities for Premium only', async () => {
    clock.set(NOW);
    // Composure at 5: fear and anxiety each 2 × 0.1 below the population's 0.8; the rest as the population.
    const scores = { composure: 5 };
    const premium = await subscribed(t, 'premium');
    const basic = await subscribed(t, 'basic');
    const premiumWithout = await subscribed(t, 'premium');
    for (const who of [premium, basic]) {
      await t.db.insert(personalizations).values({ userId: who.userId, scores, source: 'questionnaire' });
    }
    const keyOf = (who: { token: string }) => pair(t, who.token);

    const withProfile = (await context(t, await keyOf(premium))).sensitivities;
    expect(withProfile).not.toBeNull();
    expect(withProfile!.fear).toBeCloseTo(0.6, 6);
    expect(withProfile!.anxiety).toBeCloseTo(0.6, 6);
    expect(withProfile!.joy).toBeCloseTo(0.55, 6);
    expect(Object.keys(withProfile!)).toHaveLength(14);

    expect((await context(t, await keyOf(basic))).sensitivities).toBeNull();
    expect((await context(t, await keyOf(premiumWithout))).sensitivities).toBeNull();
  });

  it('takes the extension key only, and counts its calls', async () => {
    const a = await withBrowser(t);
    const bySession = await call(t, a.token, 'GET', '/api/labels/context');
    expect(bySession.statusCode).toBe(401);
    for (let i = 0; i < LABELS_EXTENSION_RULE.limit - 1; i++) {
      expect((await call(t, a.apiKey, 'GET', '/api/labels/context')).statusCode).toBe(200);
    }
    // Both label calls count against one budget per account.
    expect(
      (await putCounts(t, a.apiKey, [{ day: '2025-03-20', shown: ZERO, opened: ZERO }])).statusCode,
    ).toBe(200);
    const refused = await call(t, a.apiKey, 'GET', '/api/labels/context');
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
    expect(refused.json()).toEqual({ success: false, error: messages.server.rateLimited });
    clock.set(new Date(NOW.getTime() + 61_000));
    expect((await call(t, a.apiKey, 'GET', '/api/labels/context')).statusCode).toBe(200);
    clock.set(NOW);
  });
});

describe('PUT /api/labels/counts', () => {
  const day = (d: string, shown: VerdictCounts, opened: VerdictCounts): LabelDayCounts => ({
    day: d,
    shown,
    opened,
  });

  it('replaces what a browser sent for a day (a retry never counts twice), and adds up two browsers', async () => {
    clock.set(NOW);
    const who = await customer(t);
    const firefox = await issueKey(
      t,
      who.token,
      'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0',
    );
    const chrome = await issueKey(
      t,
      who.token,
      'Mozilla/5.0 (Windows NT 10.0) AppleWebKit/537.36 Chrome/131.0 Safari/537.36',
    );
    const monday = day('2025-03-17', counts(10, 5, 2, 8), counts(3, 1, 0, 1));

    const first = await putCounts(t, firefox, [monday]);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ success: true, days: 1 });
    // The same request again (a retry), then the day's running totals grown.
    expect((await putCounts(t, firefox, [monday])).statusCode).toBe(200);
    const grown = day('2025-03-17', counts(12, 5, 2, 9), counts(4, 1, 0, 1));
    expect(
      (await putCounts(t, firefox, [grown, day('2025-03-18', counts(1, 0, 0, 0), ZERO)])).json(),
    ).toEqual({
      success: true,
      days: 2,
    });
    // Another browser's totals of the same day are its own.
    expect(
      (await putCounts(t, chrome, [day('2025-03-17', counts(1, 1, 1, 1), counts(0, 0, 0, 1))])).statusCode,
    ).toBe(200);

    const rows = await t.db.select().from(labelCounts).where(eq(labelCounts.userId, who.userId));
    expect(rows).toHaveLength(3);

    const figures = await insights(t, who.token);
    expect(figures.since).toBe('2025-03-17');
    expect(figures.weeks).toEqual([
      { week: '2025-03-17', shown: counts(14, 6, 3, 10), opened: counts(4, 1, 0, 2) },
    ]);
  });

  it('keeps a disconnected browser’s counts with the account, and deletes them all with it', async () => {
    clock.set(NOW);
    const who = await customer(t);
    const key = await pair(t, who.token);
    expect(
      (await putCounts(t, key, [day('2025-03-19', counts(3, 0, 0, 2), counts(1, 0, 0, 0))])).statusCode,
    ).toBe(200);
    const devices = await call(t, who.token, 'GET', '/api/account/devices');
    const [browser] = devices.json<{ extensions: { id: string }[] }>().extensions;
    expect(
      (await call(t, who.token, 'DELETE', `/api/account/devices/extensions/${browser!.id}`)).statusCode,
    ).toBe(200);
    expect((await putCounts(t, key, [day('2025-03-20', counts(1, 0, 0, 0), ZERO)])).statusCode).toBe(401);
    expect((await insights(t, who.token)).weeks).toEqual([
      { week: '2025-03-17', shown: counts(3, 0, 0, 2), opened: counts(1, 0, 0, 0) },
    ]);

    const exported = (await call(t, who.token, 'GET', '/api/account/export')).json<{
      labelCounts: { day: string; browser: string; shown: VerdictCounts; opened: VerdictCounts }[];
    }>();
    expect(exported.labelCounts).toMatchObject([
      { day: '2025-03-19', browser: browser!.id, shown: counts(3, 0, 0, 2), opened: counts(1, 0, 0, 0) },
    ]);

    const email = (await call(t, who.token, 'GET', '/api/account')).json<{ user: { email: string } }>().user
      .email;
    expect((await call(t, who.token, 'DELETE', '/api/account', { confirmEmail: email })).statusCode).toBe(
      200,
    );
    expect(await t.db.select().from(labelCounts).where(eq(labelCounts.userId, who.userId))).toEqual([]);
  });

  it('names a day it refuses, and stores nothing of such a request', async () => {
    const who = await withBrowser(t);
    const refuse = async (days: unknown, error: string) => {
      const response = await putCounts(t, who.apiKey, days);
      expect(response.statusCode, JSON.stringify(days)).toBe(400);
      expect(response.json()).toEqual({ success: false, error });
    };
    const ok = (d: string) => day(d, counts(1, 0, 0, 0), ZERO);
    await refuse([ok('2025-03-20'), ok('2025-03-22')], `body.days.1.day: ${messages.labels.dayTooLate}`);
    await refuse([ok('2025-01-16')], `body.days.0.day: ${messages.labels.dayTooOld(62)}`);
    await refuse([ok('2025-02-30')], `body.days.0.day: ${messages.labels.dayNotCalendar}`);
    await refuse([ok('2025-13-01')], `body.days.0.day: ${messages.labels.dayNotCalendar}`);
    await refuse(
      [ok('2025-03-19'), ok('2025-03-18'), ok('2025-03-19')],
      `body.days.2.day: ${messages.labels.dayRepeated}`,
    );
    expect(await t.db.select().from(labelCounts).where(eq(labelCounts.userId, who.userId))).toEqual([]);

    // The contract's own checks name the field too.
    const negative = await putCounts(t, who.apiKey, [day('2025-03-20', counts(-1, 0, 0, 0), ZERO)]);
    expect(negative.statusCode).toBe(400);
    expect(negative.json<{ error: string }>().error).toContain('body.days.0.shown.uplifting');
    expect((await putCounts(t, who.apiKey, [])).statusCode).toBe(400);

    // Tomorrow (a browser ahead of the account's zone) and 62 days back are accepted.
    const edges = await putCounts(t, who.apiKey, [ok('2025-03-21'), ok('2025-01-17')]);
    expect(edges.statusCode, edges.body).toBe(200);
    // A session may not send counts.
    expect(
      (await call(t, who.token, 'PUT', '/api/labels/counts', { days: [ok('2025-03-20')] })).statusCode,
    ).toBe(401);
  });

  it("takes the account's time zone for today", async () => {
    // 23:30 UTC on the 20th is already the 21st in Tokyo: the 22nd is tomorrow there.
    clock.set(new Date('2025-03-20T23:30:00.000Z'));
    const who = await customer(t);
    const key = await pair(t, who.token);
    expect(
      (await call(t, who.token, 'PATCH', '/api/account/preferences', { timeZone: 'Asia/Tokyo' })).statusCode,
    ).toBe(200);
    expect((await putCounts(t, key, [day('2025-03-22', counts(1, 0, 0, 0), ZERO)])).statusCode).toBe(200);
    const refused = await putCounts(t, key, [day('2025-03-23', counts(1, 0, 0, 0), ZERO)]);
    expect(refused.json()).toEqual({
      success: false,
      error: `body.days.0.day: ${messages.labels.dayTooLate}`,
    });
    clock.set(NOW);
  });
});

describe('GET /api/labels/insights', () => {
  it('answers no weeks and no figures before any label was shown', async () => {
    const who = await withBrowser(t);
    // A day with nothing shown does not begin labels.
    expect(
      (await putCounts(t, who.apiKey, [{ day: '2025-03-19', shown: ZERO, opened: ZERO }])).statusCode,
    ).toBe(200);
    expect(await insights(t, who.token)).toEqual({
      success: true,
      today: '2025-03-20',
      since: null,
      weeks: [],
      opened: null,
      beforeLabels: null,
    });
    expect((await call(t, who.apiKey, 'GET', '/api/labels/insights')).statusCode).toBe(401);
  });

  it('computes the weeks and both figures from hand-counted data', async () => {
    clock.set(NOW);
    const who = await customer(t);
    const other = await customer(t);
    const laptop = await issueKey(t, who.token, 'Firefox on Linux');
    const phone = await issueKey(t, who.token, 'Chrome on Android');
    // Labels began on Monday 10 February; that day lies before the last 28 days (21 February – 20 March).
    expect(
      (
        await putCounts(t, laptop, [
          { day: '2025-02-10', shown: counts(50, 0, 0, 50), opened: counts(5, 0, 0, 40) },
          { day: '2025-03-10', shown: counts(10, 10, 0, 15), opened: counts(4, 2, 0, 3) },
        ])
      ).statusCode,
    ).toBe(200);
    expect(
      (
        await putCounts(t, phone, [
          { day: '2025-03-18', shown: counts(5, 0, 5, 10), opened: counts(1, 0, 1, 0) },
        ])
      ).statusCode,
    ).toBe(200);
    // Somebody else's counts never join in.
    const otherKey = await pair(t, other.token);
    expect(
      (
        await putCounts(t, otherKey, [
          { day: '2025-03-18', shown: counts(0, 0, 0, 500), opened: counts(0, 0, 0, 500) },
        ])
      ).statusCode,
    ).toBe(200);

    // Reading: the 28 days before labels (13 January – 9 February) hold 20 pages with a verdict, 8 draining
    // (40 %); the last 28 days 25, of which 5 draining (20 %). Pages outside both, and without a verdict, do not count.
    const at = (d: string, hour: number) => `${d}T${String(hour).padStart(2, '0')}:00:00.000Z`;
    const reading = (d: string, n: number, verdict: 'draining' | 'uplifting' | undefined) =>
      Array.from({ length: n }, (_, i) => ({ createdAt: at(d, 8 + i), ...(verdict ? { verdict } : {}) }));
    await buildAnalyses(t, who.userId, [
      ...reading('2025-01-12', 5, 'draining'),
      ...reading('2025-01-13', 8, 'draining'),
      ...reading('2025-02-09', 12, 'uplifting'),
      ...reading('2025-02-09', 3, undefined),
      ...reading('2025-02-15', 5, 'draining'),
      ...reading('2025-02-21', 5, 'draining'),
      ...reading('2025-03-20', 8, 'uplifting'),
      ...reading('2025-03-19', 12, 'uplifting'),
    ]);

    const figures = await insights(t, who.token);
    expect(figures.today).toBe('2025-03-20');
    expect(figures.since).toBe('2025-02-10');
    expect(figures.weeks).toEqual([
      { week: '2025-02-10', shown: counts(50, 0, 0, 50), opened: counts(5, 0, 0, 40) },
      { week: '2025-02-17', shown: ZERO, opened: ZERO },
      { week: '2025-02-24', shown: ZERO, opened: ZERO },
      { week: '2025-03-03', shown: ZERO, opened: ZERO },
      { week: '2025-03-10', shown: counts(10, 10, 0, 15), opened: counts(4, 2, 0, 3) },
      { week: '2025-03-17', shown: counts(5, 0, 5, 10), opened: counts(1, 0, 1, 0) },
    ]);

    // (a): draining 3 of 25 opened (12 %), the others 8 of 30 (26.7 %): 1 − 0.12 ÷ 0.2667 = 0.55.
    expect(figures.opened).toMatchObject({
      span: { from: '2025-02-21', to: '2025-03-20' },
      shownDraining: 25,
      openedDraining: 3,
      shownOther: 30,
      openedOther: 8,
      reason: null,
      sentence: messages.labels.openedLess(55),
    });
    expect(figures.opened!.value).toBeCloseTo(0.55, 10);

    // (b): 8 of 20 (40 %) before labels, 5 of 25 (20 %) in the last 28 days: change 0.2 ÷ 0.4 − 1 = −0.5.
    expect(figures.beforeLabels).toMatchObject({
      before: { span: { from: '2025-01-13', to: '2025-02-09' }, pages: 20, draining: 8 },
      after: { span: { from: '2025-02-21', to: '2025-03-20' }, pages: 25, draining: 5 },
      reason: null,
      sentence: messages.labels.beforeLower(20, 40),
    });
    expect(figures.beforeLabels!.beforeShare).toBeCloseTo(0.4, 10);
    expect(figures.beforeLabels!.afterShare).toBeCloseTo(0.2, 10);
    expect(figures.beforeLabels!.change).toBeCloseTo(-0.5, 10);
  });

  it('says nothing on too few labels or pages, and why', async () => {
    clock.set(NOW);
    const who = await customer(t);
    const key = await pair(t, who.token);
    // Labels began on Saturday 15 March: "since" begins the after span; 19 draining labels are one too few.
    expect(
      (
        await putCounts(t, key, [
          { day: '2025-03-15', shown: counts(30, 0, 0, 19), opened: counts(6, 0, 0, 1) },
        ])
      ).statusCode,
    ).toBe(200);
    await buildAnalyses(t, who.userId, [
      ...Array.from({ length: 10 }, (_, i) => ({
        createdAt: `2025-03-14T${10 + i}:00:00.000Z`,
        verdict: 'draining' as const,
      })),
      ...Array.from({ length: 9 }, (_, i) => ({
        createdAt: `2025-03-15T${10 + i}:00:00.000Z`,
        verdict: 'uplifting' as const,
      })),
    ]);
    const figures = await insights(t, who.token);
    expect(figures.weeks.map((w) => w.week)).toEqual(['2025-03-10', '2025-03-17']);
    expect(figures.opened).toMatchObject({
      value: null,
      reason: 'few_labels',
      sentence: messages.labels.openedFewLabels(20, 19, 30),
    });
    expect(figures.beforeLabels).toMatchObject({
      before: { span: { from: '2025-02-15', to: '2025-03-14' }, pages: 10, draining: 10 },
      after: { span: { from: '2025-03-15', to: '2025-03-20' }, pages: 9, draining: 0 },
      beforeShare: null,
      afterShare: null,
      change: null,
      reason: 'few_pages',
      sentence: messages.labels.beforeFewPages(10),
    });
  });

  it('lists at most the last 12 weeks', async () => {
    clock.set(NOW);
    const who = await customer(t);
    const key = await pair(t, who.token);
    const [browser] = (await call(t, who.token, 'GET', '/api/account/devices')).json<{
      extensions: { id: string }[];
    }>().extensions;
    // Counts sent in December, when that was within the accepted 62 days.
    await t.db
      .insert(labelCounts)
      .values({ userId: who.userId, browserId: browser!.id, day: '2024-12-01', shownUplifting: 1 });
    expect(
      (await putCounts(t, key, [{ day: '2025-03-20', shown: counts(0, 2, 0, 0), opened: ZERO }])).statusCode,
    ).toBe(200);
    const figures = await insights(t, who.token);
    expect(figures.since).toBe('2024-12-01');
    expect(figures.weeks).toHaveLength(12);
    expect(figures.weeks[0]!.week).toBe('2024-12-30');
    expect(figures.weeks[11]).toEqual({ week: '2025-03-17', shown: counts(0, 2, 0, 0), opened: ZERO });
    expect(figures.weeks.every((w) => w.shown.uplifting === 0)).toBe(true);
  });
});

describe('the context read', () => {
  it('can walk the newest-first index of analyses in its order, with no sort', async () => {
    const who = await customer(t);
    // The planner's choice on a near-empty table says little; what matters is that the index serves the read's
    // filter and order, which it shows once a scan of the whole table (or of a bitmap) is ruled out.
    const text = await t.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      await tx.execute(sql`set local enable_bitmapscan = off`);
      const plan = (await tx.execute<{ 'QUERY PLAN': string }>(sql`
        explain select url, host, verdict, drivers::text, id from analyses
         where user_id = ${who.userId}::uuid and created_at >= ${NOW.toISOString()}::timestamptz - interval '90 days'
           and verdict is not null
         order by created_at desc, id desc limit 2000`)) as { rows: { 'QUERY PLAN': string }[] };
      return plan.rows.map((r) => r['QUERY PLAN']).join('\n');
    });
    expect(text).toContain('analyses_user_created_id_idx');
    expect(text).not.toMatch(/\bSort\b/);
  });
});
