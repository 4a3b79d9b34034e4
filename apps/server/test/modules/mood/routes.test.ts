import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { messages } from '@mediadiet/contract/messages';
import { MoodTodayResponseSchema } from '@mediadiet/contract/mood';
import { moodCheckins } from '../../../src/db/schema.ts';
import { addDays } from '../../../src/lib/days.ts';
import { MOOD_EXTENSION_RULE } from '../../../src/modules/mood/routes.ts';
import { buildAnalyses } from '../../helpers/analysis.ts';
import { call, customer } from '../../helpers/billing.ts';
import { bearer, signIn, testClock } from '../../helpers/builders.ts';
import { pair } from '../../helpers/extension.ts';
import { sharedTestApp, type TestApp } from '../../helpers/test-app.ts';

const clock = testClock(new Date('2025-03-20T09:00:00.000Z'));
const t = sharedTestApp({ clock });

interface Insight {
  checkIns: number;
  required: number;
  n: number | null;
  r: number | null;
  interval: [number, number] | null;
  sentence: string;
}

/** Checks in on `day` (at 09:00 UTC that day), in a session of that day. */
async function checkInOn(tt: TestApp, userId: string, day: string, score: number, note?: string) {
  clock.set(new Date(`${day}T09:00:00.000Z`));
  const token = await signIn(tt, userId);
  return call(tt, token, 'POST', '/api/mood', note === undefined ? { score } : { score, note });
}

/** A session of now, for reading after the clock moved. */
const fresh = (tt: TestApp, userId: string) => signIn(tt, userId);

/** Reading on `day`: `draining` draining pages out of `pages` (the rest uplifting). */
async function readOn(tt: TestApp, userId: string, day: string, pages: number, draining: number) {
  await buildAnalyses(
    tt,
    userId,
    Array.from({ length: pages }, (_, i) => ({
      createdAt: `${day}T${String(10 + i).padStart(2, '0')}:00:00.000Z`,
      verdict: i < draining ? ('draining' as const) : ('uplifting' as const),
    })),
  );
}

describe('mood check-ins: /api/mood', () => {
  it('needs a session', async () => {
    expect((await t.app.inject({ method: 'POST', url: '/api/mood', payload: { score: 3 } })).statusCode).toBe(
      401,
    );
    expect((await t.app.inject({ method: 'GET', url: '/api/mood' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/mood/insight' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/mood/today' })).statusCode).toBe(401);
  });

  it('stores one check-in a day: a second the same day replaces it', async () => {
    const { userId } = await customer(t);
    const first = await checkInOn(t, userId, '2025-03-10', 2, '  Tired after the news  ');
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({
      success: true,
      replaced: false,
      checkIn: { day: '2025-03-10', score: 2, note: 'Tired after the news' },
    });
    clock.set(new Date('2025-03-10T21:30:00.000Z'));
    const second = await call(t, await fresh(t, userId), 'POST', '/api/mood', { score: 4, note: '   ' });
    expect(second.json()).toMatchObject({
      replaced: true,
      checkIn: { day: '2025-03-10', score: 4, note: null },
    });
    await checkInOn(t, userId, '2025-03-11', 5);

    clock.set(new Date('2025-03-11T12:00:00.000Z'));
    const list = (await call(t, await fresh(t, userId), 'GET', '/api/mood')).json<{
      today: string;
      checkIns: { day: string; score: number; note: string | null }[];
    }>();
    expect(list.today).toBe('2025-03-11');
    expect(list.checkIns.map((c) => [c.day, c.score, c.note])).toEqual([
      ['2025-03-11', 5, null],
      ['2025-03-10', 4, null],
    ]);
    // days=1 is today only.
    const todayOnly = (await call(t, await fresh(t, userId), 'GET', '/api/mood?days=1')).json<{
      checkIns: unknown[];
    }>();
    expect(todayOnly.checkIns).toHaveLength(1);
  });

  it('cuts days in UTC: just before and just after midnight are two days', async () => {
    clock.set(new Date('2025-03-12T23:59:59.000Z'));
    const { token } = await customer(t);
    await call(t, token, 'POST', '/api/mood', { score: 1 });
    clock.set(new Date('2025-03-13T00:00:01.000Z'));
    const next = await call(t, token, 'POST', '/api/mood', { score: 3 });
    expect(next.json()).toMatchObject({ replaced: false, checkIn: { day: '2025-03-13' } });
  });

  it('names what is wrong in a refused check-in or query', async () => {
    const { token } = await customer(t);
    for (const score of [0, 6, 2.5, '3', null]) {
      const refused = await call(t, token, 'POST', '/api/mood', { score });
      expect(refused.statusCode, String(score)).toBe(400);
      expect(refused.json<{ error: string }>().error).toContain(
        'Mood score must be a whole number from 1 to 5',
      );
    }
    const missing = await call(t, token, 'POST', '/api/mood', { note: 'no score' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json<{ error: string }>().error).toContain('score');
    const long = await call(t, token, 'POST', '/api/mood', { score: 3, note: 'x'.repeat(281) });
    expect(long.statusCode).toBe(400);
    expect(long.json<{ error: string }>().error).toContain('The note is too long: at most 280 characters');
    // 280 characters after trimming are fine.
    const fits = await call(t, token, 'POST', '/api/mood', { score: 3, note: ` ${'x'.repeat(280)} ` });
    expect(fits.statusCode).toBe(200);
    for (const days of ['0', '367', 'abc', '1.5']) {
      const query = await call(t, token, 'GET', `/api/mood?days=${days}`);
      expect(query.statusCode, days).toBe(400);
      expect(query.json<{ error: string }>().error).toContain('days must be a whole number from 1 to 366');
    }
  });

  it('keeps each person’s check-ins to themselves', async () => {
    const a = await customer(t);
    const b = await customer(t);
    await checkInOn(t, a.userId, '2025-03-14', 1, 'private');
    await checkInOn(t, b.userId, '2025-03-14', 5);
    const listB = (await call(t, await fresh(t, b.userId), 'GET', '/api/mood')).json<{
      checkIns: { score: number; note: string | null }[];
    }>();
    expect(listB.checkIns.map((c) => [c.score, c.note])).toEqual([[5, null]]);
    const listA = (await call(t, await fresh(t, a.userId), 'GET', '/api/mood')).json<{
      checkIns: { score: number; note: string | null }[];
    }>();
    expect(listA.checkIns.map((c) => [c.score, c.note])).toEqual([[1, 'private']]);
  });
});

describe("today's check-in: /api/mood/today", () => {
  it('says whether today is done, as the server cuts days, without a score or a note', async () => {
    clock.set(new Date('2025-03-21T23:59:00.000Z'));
    const { token } = await customer(t);
    const before = await call(t, token, 'GET', '/api/mood/today');
    expect(before.statusCode).toBe(200);
    expect(before.json()).toEqual({ success: true, today: '2025-03-21', checkedIn: false });
    await call(t, token, 'POST', '/api/mood', { score: 2, note: 'Long day' });
    const after = await call(t, token, 'GET', '/api/mood/today');
    expect(after.json()).toEqual({ success: true, today: '2025-03-21', checkedIn: true });
    expect(after.body).not.toContain('Long day');
    // A new UTC day: not done yet.
    clock.set(new Date('2025-03-22T00:00:30.000Z'));
    const next = await call(t, token, 'GET', '/api/mood/today');
    expect(MoodTodayResponseSchema.parse(next.json())).toEqual({
      success: true,
      today: '2025-03-22',
      checkedIn: false,
    });
  });
});

describe("the paired extension's key on /api/mood (decision 157)", () => {
  it("checks in and asks whether today is done for the key's owner only; reading check-ins takes a session", async () => {
    clock.set(new Date('2025-03-20T09:00:00.000Z'));
    const a = await customer(t);
    const b = await customer(t);
    const keyA = await pair(t, a.token);
    const keyB = await pair(t, b.token);

    expect((await call(t, keyA, 'GET', '/api/mood/today')).json()).toMatchObject({ checkedIn: false });
    const saved = await call(t, keyA, 'POST', '/api/mood', { score: 4, note: ' From the toolbar ' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({
      replaced: false,
      checkIn: { day: '2025-03-20', score: 4, note: 'From the toolbar' },
    });
    // The web app sees it, and the key's owner is done for today; the other account is not.
    const listA = (await call(t, a.token, 'GET', '/api/mood?days=1')).json<{
      checkIns: { day: string; score: number; note: string | null }[];
    }>();
    expect(listA.checkIns.map((c) => [c.day, c.score, c.note])).toEqual([
      ['2025-03-20', 4, 'From the toolbar'],
    ]);
    expect((await call(t, keyA, 'GET', '/api/mood/today')).json()).toMatchObject({ checkedIn: true });
    expect((await call(t, keyB, 'GET', '/api/mood/today')).json()).toMatchObject({ checkedIn: false });
    expect((await call(t, b.token, 'GET', '/api/mood')).json()).toMatchObject({ checkIns: [] });

    // The key never reads check-ins back.
    for (const url of ['/api/mood', '/api/mood?days=1', '/api/mood/insight']) {
      expect((await call(t, keyA, 'GET', url)).statusCode, url).toBe(401);
    }
    // A revoked key (Disconnect Extension) does nothing.
    expect((await call(t, a.token, 'DELETE', '/api/extension')).statusCode).toBe(200);
    expect((await call(t, keyA, 'POST', '/api/mood', { score: 1 })).statusCode).toBe(401);
    expect((await call(t, keyA, 'GET', '/api/mood/today')).statusCode).toBe(401);
    expect(
      (await call(t, a.token, 'GET', '/api/mood?days=1')).json<{ checkIns: { score: number }[] }>().checkIns,
    ).toMatchObject([{ score: 4 }]);
  });

  it('is rate-limited per account with the key, not with a session', async () => {
    clock.set(new Date('2025-03-20T10:00:00.000Z'));
    const who = await customer(t);
    const key = await pair(t, who.token);
    for (let i = 0; i < MOOD_EXTENSION_RULE.limit - 1; i++) {
      expect((await call(t, key, 'GET', '/api/mood/today')).statusCode).toBe(200);
    }
    expect((await call(t, key, 'POST', '/api/mood', { score: 3 })).statusCode).toBe(200);
    const refused = await call(t, key, 'POST', '/api/mood', { score: 5 });
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
    expect(refused.json()).toEqual({ success: false, error: messages.server.rateLimited });
    expect((await call(t, key, 'GET', '/api/mood/today')).statusCode).toBe(429);
    // The refused check-in stored nothing; the web app's calls are not counted.
    expect((await call(t, who.token, 'GET', '/api/mood/today')).statusCode).toBe(200);
    expect((await call(t, who.token, 'GET', '/api/mood')).json()).toMatchObject({ checkIns: [{ score: 3 }] });
    // Another account's key has its own count.
    const other = await customer(t);
    expect((await call(t, await pair(t, other.token), 'GET', '/api/mood/today')).statusCode).toBe(200);
    // A minute later the key may call again.
    clock.set(new Date('2025-03-20T10:01:01.000Z'));
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/mood/today', headers: bearer(key) })).statusCode,
    ).toBe(200);
  });
});

describe('the mood insight: /api/mood/insight', () => {
  it('says how many more check-ins are needed below 14', async () => {
    const { userId } = await customer(t);
    const none = (await call(t, await fresh(t, userId), 'GET', '/api/mood/insight')).json<Insight>();
    expect(none).toEqual({
      success: true,
      checkIns: 0,
      required: 14,
      n: null,
      r: null,
      interval: null,
      sentence: 'Check in 14 more days to see how your reading relates to your mood.',
    });
    for (let i = 0; i < 13; i += 1) await checkInOn(t, userId, addDays('2025-02-01', i), 3);
    const almost = (await call(t, await fresh(t, userId), 'GET', '/api/mood/insight')).json<Insight>();
    expect(almost).toMatchObject({ checkIns: 13, n: null, r: null, interval: null });
    expect(almost.sentence).toBe('Check in 1 more day to see how your reading relates to your mood.');
  });

  it('relates mood to the previous day’s share of draining pages, with n counting the days used', async () => {
    const a = await customer(t);
    const b = await customer(t);
    // 16 check-ins from 1 March; each of the first 15 follows a day of two analysed pages.
    const shares = [0, 0, 0, 0, 0.5, 0.5, 0.5, 0.5, 0.5, 1, 1, 1, 1, 1, 0];
    const scores = [5, 4, 5, 4, 4, 3, 4, 3, 3, 2, 3, 1, 2, 2, 3];
    for (let i = 0; i < 15; i += 1) {
      const day = addDays('2025-03-01', i);
      await readOn(t, a.userId, addDays(day, -1), 2, shares[i]! * 2);
      await checkInOn(t, a.userId, day, scores[i]!);
    }
    // The 16th follows a day A read nothing (B read, all draining): left out.
    await readOn(t, b.userId, '2025-03-15', 3, 3);
    await checkInOn(t, a.userId, '2025-03-16', 1);
    // Pages without a verdict (older analyzers) do not count.
    await buildAnalyses(t, a.userId, [{ createdAt: '2025-03-15T08:00:00.000Z' }]);
    // B's own check-ins and reading never enter A's figures.
    for (let i = 0; i < 3; i += 1) {
      await readOn(t, b.userId, addDays('2025-02-27', i), 1, 0);
      await checkInOn(t, b.userId, addDays('2025-02-28', i), 1);
    }

    const insight = (await call(t, await fresh(t, a.userId), 'GET', '/api/mood/insight')).json<Insight>();
    expect(insight.checkIns).toBe(16);
    expect(insight.n).toBe(15);
    // By hand: Σdxdy = −8.8, Σdx² = 2.1667, Σdy² = 54.4 for these 15 pairs.
    expect(insight.r).toBeCloseTo(-0.810931, 5);
    expect(insight.interval![0]).toBeCloseTo(-0.934848, 5);
    expect(insight.interval![1]).toBeCloseTo(-0.510901, 5);
    expect(insight.sentence).toBe(
      'On days after more draining reading, your mood tended to be lower (r\u00a0=\u00a0\u22120.81, 15\u00a0days).',
    );
  });

  it('makes no claim when the interval spans zero', async () => {
    const { userId } = await customer(t);
    // Shares 0, 1, 0, 1, … against scores 3, 3, 4, 4, …: r = 0 over 14 days.
    for (let i = 0; i < 14; i += 1) {
      const day = addDays('2025-01-01', i);
      await readOn(t, userId, addDays(day, -1), 1, i % 2);
      await checkInOn(t, userId, day, [3, 3, 4, 4][i % 4]!);
    }
    const insight = (await call(t, await fresh(t, userId), 'GET', '/api/mood/insight')).json<Insight>();
    expect(insight).toMatchObject({ checkIns: 14, n: 14 });
    expect(insight.r).toBeCloseTo(0, 10);
    expect(insight.interval![0]).toBeCloseTo(-0.53058, 5);
    expect(insight.interval![1]).toBeCloseTo(0.53058, 5);
    expect(insight.sentence).toBe('No clear link yet between what you read and your mood (14 days).');
  });

  it('makes no claim from 14 check-ins without reading before them', async () => {
    const { userId } = await customer(t);
    for (let i = 0; i < 14; i += 1) await checkInOn(t, userId, addDays('2024-12-01', i), (i % 5) + 1);
    const insight = (await call(t, await fresh(t, userId), 'GET', '/api/mood/insight')).json<Insight>();
    expect(insight).toMatchObject({ checkIns: 14, n: 0, r: null, interval: null });
    expect(insight.sentence).toBe('No clear link yet between what you read and your mood (0 days).');
  });
});

describe('mood check-ins and the account', () => {
  it('exports them and deletes them with the account', async () => {
    const { userId } = await customer(t);
    await checkInOn(t, userId, '2025-03-18', 4, 'A walk');
    await checkInOn(t, userId, '2025-03-19', 2);
    const token = await fresh(t, userId);
    const exported = (await call(t, token, 'GET', '/api/account/export')).json<{
      moodCheckIns: { day: string; score: number; note: string | null }[];
    }>();
    expect(exported.moodCheckIns.map((c) => [c.day, c.score, c.note])).toEqual([
      ['2025-03-19', 2, null],
      ['2025-03-18', 4, 'A walk'],
    ]);

    const email = (await call(t, token, 'GET', '/api/account')).json<{ user: { email: string } }>().user
      .email;
    const deleted = await call(t, token, 'DELETE', '/api/account', { confirmEmail: email });
    expect(deleted.statusCode).toBe(200);
    const left = await t.db
      .select()
      .from(moodCheckins)
      .where(and(eq(moodCheckins.userId, userId)));
    expect(left).toEqual([]);
  });
});
