import type { GoalWithProgress } from '@mediadiet/contract/goals';
import { describe, expect, it } from 'vitest';
import { BADGE_COLORS, updateBadge } from '../src/background/badge';
import { handleWebMessage } from '../src/background/external';
import {
  GOALS_AFTER_SEND_ALARM,
  GOALS_AFTER_SEND_MS,
  GOALS_ALARM,
  GOALS_MAX_AGE_MS,
  goalAlerts,
  refreshGoals,
} from '../src/background/goals';
import { handleInternal, listen, popupState } from '../src/background/index';
import { CONSENT_VERSION, handleCapture } from '../src/background/touchpoints';
import { setup, TEST_CONFIG } from './fakes';

/** The reading goals in the extension (decision 157): the toolbar badge's amber "!" and the popup's goal line. */

const KEY = 'k'.repeat(40);

const progress = (status: GoalWithProgress['progress']['status'], sentence: string) => ({
  period: 'day' as const,
  current: 4,
  target: 5,
  pages: 4,
  status,
  sentence,
});

const SITE: GoalWithProgress = {
  goal: { kind: 'site_daily', target: 5, site: 'reddit.com' },
  progress: progress('at_risk', 'Pages from reddit.com: 4 today (goal: at most 5)'),
};
const DRAINING: GoalWithProgress = {
  goal: { kind: 'draining_share', target: 25 },
  progress: {
    ...progress('broken', 'Draining pages: 31\u00a0% of this week (goal: under 25\u00a0%)'),
    period: 'week',
  },
};
const UPLIFTING: GoalWithProgress = {
  goal: { kind: 'uplifting_weekly', target: 3 },
  progress: { ...progress('met', 'Uplifting pages: 3 this week (goal: at least 3)'), period: 'week' },
};

const goalsRoute = (goals: GoalWithProgress[]) => ({
  'GET /api/goals': { status: 200, body: { success: true, goals } },
});

/** `setup()` with a toolbar button that records what it is told, paired unless `paired: false`. */
function paired(
  routes: NonNullable<Parameters<typeof setup>[0]>['routes'] = {},
  opts: { paired?: boolean } = {},
) {
  const t = setup({ routes });
  if (opts.paired ?? true) t.data.apiKey = KEY;
  const shown = { text: '', color: '', title: '' };
  t.browser.action = {
    setBadgeText: ({ text }) => void (shown.text = text),
    setBadgeBackgroundColor: ({ color }) => void (shown.color = color),
    setTitle: ({ title }) => void (shown.title = title),
  };
  const goalCalls = () => t.calls.filter((c) => c.path === '/api/goals');
  return { ...t, shown, goalCalls };
}

const settle = async () => {
  for (let i = 0; i < 10; i++) await new Promise((resolve) => setTimeout(resolve, 0));
};

describe('goal alerts', () => {
  it('are the goals at risk or over their limit, over first, in the server’s words', () => {
    expect(goalAlerts([SITE, UPLIFTING, DRAINING])).toEqual([
      { key: 'draining_share', status: 'broken', sentence: DRAINING.progress.sentence },
      { key: 'site_daily:reddit.com', status: 'at_risk', sentence: SITE.progress.sentence },
    ]);
    expect(goalAlerts([UPLIFTING])).toEqual([]);
    expect(goalAlerts([])).toEqual([]);
  });
});

describe('refreshing the goals', () => {
  it('asks GET /api/goals with the key, keeps the alerts, and the badge names the goal at risk in calm amber', async () => {
    const t = paired(goalsRoute([SITE, UPLIFTING]));
    await refreshGoals(t.ctx);
    expect(t.goalCalls()).toEqual([
      { method: 'GET', path: '/api/goals', auth: `Bearer ${KEY}`, body: undefined },
    ]);
    expect(t.data.goals).toEqual({
      alerts: [{ key: 'site_daily:reddit.com', status: 'at_risk', sentence: SITE.progress.sentence }],
      fetchedAt: t.now(),
    });
    await updateBadge(t.ctx);
    expect(t.shown).toEqual({
      text: '!',
      color: BADGE_COLORS.goal,
      title: 'Media Diet — a reading goal is at risk: Pages from reddit.com: 4 today (goal: at most 5)',
    });
    expect((await popupState(t.ctx)).goalAlerts).toHaveLength(1);
  });

  it('clears the badge once no goal is at risk', async () => {
    const t = paired(goalsRoute([SITE]));
    await refreshGoals(t.ctx);
    t.routes['GET /api/goals'] = goalsRoute([UPLIFTING])['GET /api/goals'];
    await refreshGoals(t.ctx, true);
    await updateBadge(t.ctx);
    expect(t.shown).toEqual({ text: '', color: BADGE_COLORS.accent, title: 'Media Diet' });
    expect((await popupState(t.ctx)).goalAlerts).toEqual([]);
  });

  it('asks nothing when not connected, and keeps nothing', async () => {
    const t = paired(goalsRoute([SITE]), { paired: false });
    t.data.goals = { alerts: [{ key: 'x', status: 'at_risk', sentence: 'old' }], fetchedAt: t.now() };
    await refreshGoals(t.ctx, true);
    expect(t.goalCalls()).toEqual([]);
    expect(t.data.goals).toBeUndefined();
    expect((await popupState(t.ctx)).goalAlerts).toEqual([]);
  });

  it('asks again only after a short while unless forced (the popup opened twice)', async () => {
    const t = paired(goalsRoute([SITE]));
    await handleInternal(t.ctx, { kind: 'refreshGoals' }, {});
    expect(await handleInternal(t.ctx, { kind: 'refreshGoals' }, {})).toEqual({
      goalAlerts: [{ key: 'site_daily:reddit.com', status: 'at_risk', sentence: SITE.progress.sentence }],
    });
    expect(t.goalCalls()).toHaveLength(1);
    t.advance(10_000);
    await handleInternal(t.ctx, { kind: 'refreshGoals' }, {});
    expect(t.goalCalls()).toHaveLength(2);
    await refreshGoals(t.ctx, true);
    expect(t.goalCalls()).toHaveLength(3);
  });

  it('keeps the last answer while the server cannot be reached, but not once it is too old to show', async () => {
    const t = paired(goalsRoute([SITE]));
    await refreshGoals(t.ctx);
    t.routes['GET /api/goals'] = 'network';
    t.advance(GOALS_MAX_AGE_MS);
    await refreshGoals(t.ctx, true);
    expect((await popupState(t.ctx)).goalAlerts).toHaveLength(1);
    t.advance(1);
    expect((await popupState(t.ctx)).goalAlerts).toEqual([]);
    await updateBadge(t.ctx);
    expect(t.shown.text).toBe('');
  });

  it('forgets the goals when the server refuses the key', async () => {
    const t = paired(goalsRoute([SITE]));
    await refreshGoals(t.ctx);
    t.routes['GET /api/goals'] = { status: 401, body: { success: false, error: 'Invalid API key' } };
    await refreshGoals(t.ctx, true);
    expect(t.data.goals).toBeUndefined();
  });
});

describe('when the goals are asked about', () => {
  async function sendPage(t: ReturnType<typeof paired>, url: string) {
    t.data.consent = { agreedAt: t.now(), version: CONSENT_VERSION };
    const text = 'Markets fell sharply today as fears of a downturn spread across the region.';
    expect((await handleCapture(t.ctx, { url, title: 'A story', text }, { id: 7 })).status).toBe('queued');
    await t.ctx.queue.flush();
  }

  it('once, shortly after pages were sent (however many), when the alarm fires', async () => {
    const t = paired({
      ...goalsRoute([SITE]),
      'POST /api/extension/touchpoints': {
        status: 202,
        body: { success: true, id: '0b6f8a52-6a53-4c39-9d4c-2d2f1f2b7e10' },
      },
    });
    listen(t.ctx);
    await sendPage(t, 'https://news.example.com/one');
    expect(t.alarms.get(GOALS_AFTER_SEND_ALARM)).toEqual({ when: t.now() + GOALS_AFTER_SEND_MS });
    const scheduled = t.alarms.get(GOALS_AFTER_SEND_ALARM);
    t.advance(10_000);
    await sendPage(t, 'https://news.example.com/two');
    // A later page never postpones the ask.
    expect(t.alarms.get(GOALS_AFTER_SEND_ALARM)).toBe(scheduled);
    expect(t.goalCalls()).toEqual([]);

    t.alarms.delete(GOALS_AFTER_SEND_ALARM);
    for (const l of t.listeners.alarm) l({ name: GOALS_AFTER_SEND_ALARM });
    await settle();
    expect(t.goalCalls()).toHaveLength(1);
    expect(t.shown.text).toBe('!');
  });

  it('every hour', async () => {
    const t = paired(goalsRoute([DRAINING]));
    listen(t.ctx);
    for (const l of t.listeners.alarm) l({ name: GOALS_ALARM });
    await settle();
    expect(t.goalCalls()).toHaveLength(1);
    expect(t.shown).toMatchObject({
      text: '!',
      title: expect.stringContaining('a reading goal is over its limit') as unknown,
    });
    // Within minutes of the last answer too: the hour has passed.
    for (const l of t.listeners.alarm) l({ name: GOALS_ALARM });
    await settle();
    expect(t.goalCalls()).toHaveLength(2);
  });

  it('when the extension is paired, and never for the account paired before; a disconnect forgets them', async () => {
    const t = paired(
      {
        ...goalsRoute([SITE]),
        'POST /api/extension/verify': {
          status: 200,
          body: { success: true, extension: { status: 'on', isInstalled: true } },
        },
      },
      { paired: false },
    );
    t.data.goals = {
      alerts: [{ key: 'x', status: 'broken', sentence: 'Another account’s goal' }],
      fetchedAt: t.now(),
    };
    const connect = { type: 'CONNECT_EXTENSION', apiKey: KEY, userId: 'user_1', timestamp: t.now() };
    expect(await handleWebMessage(t.ctx, connect, TEST_CONFIG.webOrigin)).toEqual({ success: true });
    await settle();
    expect(t.goalCalls()).toHaveLength(1);
    expect(t.data.goals).toMatchObject({ alerts: [{ key: 'site_daily:reddit.com' }] });

    await handleWebMessage(t.ctx, { type: 'DISCONNECT_EXTENSION' }, TEST_CONFIG.webOrigin);
    expect(t.data.goals).toBeUndefined();
  });
});
