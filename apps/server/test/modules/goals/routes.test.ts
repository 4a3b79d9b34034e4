import { messages } from '@mediadiet/contract/messages';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { readingGoals } from '../../../src/db/schema.ts';
import { GOALS_EXTENSION_RULE } from '../../../src/modules/goals/routes.ts';
import { buildAnalyses, type AnalysisSpec } from '../../helpers/analysis.ts';
import { call, customer } from '../../helpers/billing.ts';
import { bearer, testClock } from '../../helpers/builders.ts';
import { pair } from '../../helpers/extension.ts';
import { sharedTestApp } from '../../helpers/test-app.ts';

// Thursday 26 November 2026, noon UTC: the week is Monday 23 to Sunday 29, three whole days gone.
const NOW = new Date('2026-11-26T12:00:00.000Z');
const t = sharedTestApp(() => ({ clock: testClock(NOW) }));

const GOALS = [
  { kind: 'draining_share', target: 25 },
  { kind: 'site_daily', target: 5, site: 'reddit.com' },
  { kind: 'uplifting_weekly', target: 10 },
];

const times = (at: string, n: number, spec: Omit<AnalysisSpec, 'createdAt'>): AnalysisSpec[] =>
  Array.from({ length: n }, () => ({ createdAt: at, ...spec }));

/** This week: 10 scored pages (2 draining = 20 %, 3 uplifting), 4 pages from reddit today, and older pages that do not count. */
async function readingWeek(userId: string) {
  await buildAnalyses(t, userId, [
    ...times('2026-11-23T08:00:00Z', 2, { verdict: 'draining' }),
    ...times('2026-11-24T08:00:00Z', 3, { verdict: 'uplifting' }),
    ...times('2026-11-25T08:00:00Z', 4, { verdict: 'neutral' }),
    ...times('2026-11-26T08:00:00Z', 1, { verdict: 'mixed' }),
    // Last Sunday: another week.
    ...times('2026-11-22T23:59:00Z', 6, { verdict: 'draining', host: 'reddit.com' }),
    // Today, no verdict: count for the site goal only.
    ...times('2026-11-26T09:00:00Z', 2, { host: 'www.reddit.com' }),
    ...times('2026-11-26T10:00:00Z', 1, { host: 'old.reddit.com' }),
    ...times('2026-11-26T11:00:00Z', 1, { host: 'reddit.com' }),
    ...times('2026-11-26T11:00:00Z', 3, { host: 'notreddit.com' }),
    // Yesterday's reddit pages are another day.
    ...times('2026-11-25T23:00:00Z', 3, { host: 'reddit.com' }),
  ]);
}

describe('reading goals: /api/goals', () => {
  it('needs a signed-in caller', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/goals' })).statusCode).toBe(401);
    const put = await t.app.inject({ method: 'PUT', url: '/api/goals', payload: { goals: [] } });
    expect(put.statusCode).toBe(401);
  });

  it('starts empty, stores the whole list in order and answers each goal with its progress', async () => {
    const { userId, token } = await customer(t);
    expect((await call(t, token, 'GET', '/api/goals')).json()).toEqual({ success: true, goals: [] });
    await readingWeek(userId);

    const put = await call(t, token, 'PUT', '/api/goals', { goals: GOALS });
    expect(put.statusCode).toBe(200);
    const expected = {
      success: true,
      goals: [
        {
          goal: GOALS[0],
          progress: {
            period: 'week',
            current: 20,
            target: 25,
            pages: 10,
            status: 'at_risk',
            sentence: 'Draining pages: 20\u00a0% of this week (goal: under 25\u00a0%)',
          },
        },
        {
          goal: GOALS[1],
          progress: {
            period: 'day',
            current: 4,
            target: 5,
            pages: 4,
            status: 'at_risk',
            sentence: 'Pages from reddit.com: 4 today (goal: at most 5)',
          },
        },
        {
          goal: GOALS[2],
          progress: {
            period: 'week',
            current: 3,
            target: 10,
            pages: 3,
            status: 'at_risk',
            sentence: 'Uplifting pages: 3 this week (goal: at least 10)',
          },
        },
      ],
    };
    expect(put.json()).toEqual(expected);
    expect((await call(t, token, 'GET', '/api/goals')).json()).toEqual(expected);

    // Replacing keeps only the new list; the site is stored as the contract normalises it.
    const next = await call(t, token, 'PUT', '/api/goals', {
      goals: [
        { kind: 'site_daily', target: 3, site: ' Reddit.COM ' },
        { kind: 'uplifting_weekly', target: 3 },
      ],
    });
    expect(next.statusCode).toBe(200);
    const list = next.json<{ goals: { goal: unknown; progress: { status: string } }[] }>().goals;
    expect(list.map((g) => [g.goal, g.progress.status])).toEqual([
      [{ kind: 'site_daily', target: 3, site: 'reddit.com' }, 'broken'],
      [{ kind: 'uplifting_weekly', target: 3 }, 'met'],
    ]);
    // An empty list removes every goal.
    await call(t, token, 'PUT', '/api/goals', { goals: [] });
    expect((await call(t, token, 'GET', '/api/goals')).json()).toEqual({ success: true, goals: [] });
  });

  it('refuses a bad list with a message naming the field, and stores nothing of it', async () => {
    const { token } = await customer(t);
    await call(t, token, 'PUT', '/api/goals', { goals: [GOALS[2]] });
    const before = (await call(t, token, 'GET', '/api/goals')).json<unknown>();

    const cases: [unknown, string][] = [
      [[GOALS[0], { kind: 'draining_share', target: 0 }], `goals.1.target: ${messages.goals.percentRange}`],
      [[{ kind: 'draining_share', target: 101 }], `goals.0.target: ${messages.goals.percentRange}`],
      [[{ kind: 'uplifting_weekly', target: 2.5 }], `goals.0.target: ${messages.goals.pagesRange}`],
      [[{ kind: 'site_daily', target: 501, site: 'x.com' }], `goals.0.target: ${messages.goals.pagesRange}`],
      [
        [{ kind: 'site_daily', target: 5, site: 'not a domain' }],
        `goals.0.site: ${messages.urls.invalidDomain('example.com')}`,
      ],
      [[{ kind: 'site_daily', target: 5, site: '  ' }], `goals.0.site: ${messages.urls.emptyDomain}`],
      [
        [GOALS[0], { kind: 'draining_share', target: 30 }],
        `goals.1.kind: ${messages.goals.duplicateKind('draining_share')}`,
      ],
      [
        [GOALS[1], { kind: 'site_daily', target: 9, site: 'REDDIT.com' }],
        `goals.1.site: ${messages.goals.duplicateSite('reddit.com')}`,
      ],
      [
        Array.from({ length: 11 }, (_, i) => ({ kind: 'site_daily', target: 5, site: `site${i}.com` })),
        messages.goals.tooMany(10),
      ],
    ];
    for (const [goals, message] of cases) {
      const response = await call(t, token, 'PUT', '/api/goals', { goals });
      expect(response.statusCode, message).toBe(400);
      expect(response.json<{ error: string }>().error).toContain(message);
    }
    // Two site goals for different sites are fine, up to ten goals.
    const ten = Array.from({ length: 10 }, (_, i) => ({
      kind: 'site_daily',
      target: 5,
      site: `site${i}.com`,
    }));
    expect((await call(t, token, 'PUT', '/api/goals', { goals: ten })).statusCode).toBe(200);
    await call(t, token, 'PUT', '/api/goals', { goals: [GOALS[2]] });
    expect((await call(t, token, 'GET', '/api/goals')).json()).toEqual(before);
  });

  it('keeps each person’s goals and progress to themselves', async () => {
    const a = await customer(t);
    const b = await customer(t);
    await readingWeek(a.userId);
    // B reads nothing but draining pages from reddit.
    await buildAnalyses(
      t,
      b.userId,
      times('2026-11-26T09:00:00Z', 20, { verdict: 'draining', host: 'reddit.com' }),
    );
    await call(t, a.token, 'PUT', '/api/goals', { goals: GOALS });
    expect((await call(t, b.token, 'GET', '/api/goals')).json()).toEqual({ success: true, goals: [] });

    await call(t, b.token, 'PUT', '/api/goals', { goals: [GOALS[0], GOALS[1]] });
    const bGoals = (await call(t, b.token, 'GET', '/api/goals')).json<{
      goals: { progress: { current: number } }[];
    }>();
    expect(bGoals.goals.map((g) => g.progress.current)).toEqual([100, 20]);
    const aGoals = (await call(t, a.token, 'GET', '/api/goals')).json<{
      goals: { progress: { current: number } }[];
    }>();
    expect(aGoals.goals.map((g) => g.progress.current)).toEqual([20, 4, 3]);
  });

  it("answers the paired extension's key with its owner's goals, never lets it change them, and limits it per account", async () => {
    const a = await customer(t);
    const b = await customer(t);
    await readingWeek(a.userId);
    await call(t, a.token, 'PUT', '/api/goals', { goals: GOALS });
    const keyA = await pair(t, a.token);
    const keyB = await pair(t, b.token);

    // The same answer the web app gets (the badge names the goal at risk from its sentence, decision 157).
    const withSession = (await call(t, a.token, 'GET', '/api/goals')).json<unknown>();
    const withKey = await call(t, keyA, 'GET', '/api/goals');
    expect(withKey.statusCode).toBe(200);
    expect(withKey.json()).toEqual(withSession);
    expect((await call(t, keyB, 'GET', '/api/goals')).json()).toEqual({ success: true, goals: [] });

    // Replacing the list takes a session.
    expect((await call(t, keyA, 'PUT', '/api/goals', { goals: [] })).statusCode).toBe(401);
    expect((await call(t, a.token, 'GET', '/api/goals')).json()).toEqual(withSession);

    // Rate-limited with the key (one call made above), never with a session; each account has its own count.
    for (let i = 1; i < GOALS_EXTENSION_RULE.limit; i++) {
      expect((await call(t, keyA, 'GET', '/api/goals')).statusCode).toBe(200);
    }
    const refused = await call(t, keyA, 'GET', '/api/goals');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ success: false, error: messages.server.rateLimited });
    expect((await call(t, a.token, 'GET', '/api/goals')).statusCode).toBe(200);
    expect((await call(t, keyB, 'GET', '/api/goals')).statusCode).toBe(200);
  });

  it('is in the account export and goes with the account', async () => {
    const { userId, token } = await customer(t);
    await call(t, token, 'PUT', '/api/goals', { goals: GOALS });
    const exported = await call(t, token, 'GET', '/api/account/export');
    expect(exported.statusCode).toBe(200);
    expect(exported.json<{ goals: unknown }>().goals).toEqual(GOALS);

    const email = (await call(t, token, 'GET', '/api/account')).json<{ user: { email: string } }>().user
      .email;
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: '/api/account',
      headers: bearer(token),
      payload: { confirmEmail: email },
    });
    expect(deleted.statusCode).toBe(200);
    expect(await t.db.select().from(readingGoals).where(eq(readingGoals.userId, userId))).toEqual([]);
  });
});
