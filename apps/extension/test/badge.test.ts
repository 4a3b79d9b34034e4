import { describe, expect, it } from 'vitest';
import { BADGE_ALARM, BADGE_COLORS, badgeFor, updateBadge } from '../src/background/badge';
import { handleInternal, listen } from '../src/background/index';
import { setup } from './fakes';

/** `setup()` with a toolbar button that records what it is told. */
function withAction() {
  const t = setup();
  const shown = { text: '', color: '', title: '' };
  t.browser.action = {
    setBadgeText: ({ text }) => void (shown.text = text),
    setBadgeBackgroundColor: ({ color }) => void (shown.color = color),
    setTitle: ({ title }) => void (shown.title = title),
  };
  return { ...t, shown };
}

describe('toolbar badge', () => {
  it('says not connected first, then paused, then how many pages wait, else nothing', () => {
    const now = 1_000;
    expect(badgeFor({ connected: false, pausedUntil: now + 60_000, queueLength: 3 }, now)).toMatchObject({
      text: '!',
      title: expect.stringContaining('not connected') as unknown,
    });
    expect(badgeFor({ connected: true, pausedUntil: now + 60_000, queueLength: 3 }, now)).toMatchObject({
      text: 'II',
      title: expect.stringContaining('paused until') as unknown,
    });
    expect(badgeFor({ connected: true, pausedUntil: now - 1, queueLength: 3 }, now)).toMatchObject({
      text: '3',
      title: 'Media Diet — 3 pages waiting to be sent',
    });
    expect(badgeFor({ connected: true, pausedUntil: 0, queueLength: 1 }, now).title).toBe(
      'Media Diet — 1 page waiting to be sent',
    );
    expect(badgeFor({ connected: true, pausedUntil: 0, queueLength: 250 }, now).text).toBe('99+');
    expect(badgeFor({ connected: true, pausedUntil: 0, queueLength: 0 }, now)).toMatchObject({
      text: '',
      title: 'Media Diet',
    });
  });

  it('nudges in calm amber when a reading goal is at risk, below the states that need action (decision 157)', () => {
    const now = 1_000;
    const atRisk = [
      {
        key: 'site_daily:x.com',
        status: 'at_risk' as const,
        sentence: 'Pages from x.com: 4 today (goal: at most 5)',
      },
    ];
    const over = {
      key: 'draining_share',
      status: 'broken' as const,
      sentence: 'Draining pages: 30\u00a0% of this week (goal: under 25\u00a0%)',
    };
    expect(badgeFor({ connected: true, pausedUntil: 0, queueLength: 0, goals: atRisk }, now)).toEqual({
      text: '!',
      color: BADGE_COLORS.goal,
      title: 'Media Diet — a reading goal is at risk: Pages from x.com: 4 today (goal: at most 5)',
    });
    expect(badgeFor({ connected: true, pausedUntil: 0, queueLength: 0, goals: [over] }, now).title).toBe(
      'Media Diet — a reading goal is over its limit: Draining pages: 30\u00a0% of this week (goal: under 25\u00a0%)',
    );
    expect(
      badgeFor({ connected: true, pausedUntil: 0, queueLength: 0, goals: [over, ...atRisk] }, now).title,
    ).toBe(`Media Diet — 2 reading goals need attention: ${over.sentence}; ${atRisk[0]!.sentence}`);
    // Not connected: the goals are not known; paused or pages waiting: that state shows, the tooltip adds the goal.
    expect(badgeFor({ connected: false, pausedUntil: 0, queueLength: 0, goals: atRisk }, now)).toMatchObject({
      text: '!',
      color: BADGE_COLORS.alert,
      title: 'Media Diet — not connected: connect this browser from your account',
    });
    const paused = badgeFor(
      { connected: true, pausedUntil: now + 60_000, queueLength: 0, goals: atRisk },
      now,
    );
    expect(paused).toMatchObject({ text: 'II', color: BADGE_COLORS.muted });
    expect(paused.title).toMatch(
      /^Media Diet — paused until .+ · a reading goal is at risk: Pages from x\.com/,
    );
    expect(badgeFor({ connected: true, pausedUntil: 0, queueLength: 2, goals: atRisk }, now)).toEqual({
      text: '2',
      color: BADGE_COLORS.accent,
      title:
        'Media Diet — 2 pages waiting to be sent · a reading goal is at risk: Pages from x.com: 4 today (goal: at most 5)',
    });
    expect(badgeFor({ connected: true, pausedUntil: 0, queueLength: 0, goals: [] }, now).text).toBe('');
  });

  it('follows the stored state: the key, a pause (cleared by an alarm when it ends) and the queue', async () => {
    const t = withAction();
    await updateBadge(t.ctx);
    expect(t.shown.text).toBe('!');

    t.data.apiKey = 'mdx_key';
    await handleInternal(t.ctx, { kind: 'pause', minutes: 60 }, {});
    await updateBadge(t.ctx);
    expect(t.shown.text).toBe('II');
    expect(t.alarms.get(BADGE_ALARM)?.when).toBe(t.now() + 3600_000 + 1000);

    t.advance(3600_000 + 1000);
    t.data.queue = [{}, {}];
    await updateBadge(t.ctx);
    expect(t.shown).toMatchObject({ text: '2', title: 'Media Diet — 2 pages waiting to be sent' });
  });

  it('updates when the key, the settings, the queue or the goals change in storage', async () => {
    const t = withAction();
    const changed: ((changes: Record<string, { newValue?: unknown }>, area: string) => void)[] = [];
    t.browser.storage.onChanged = { addListener: (l) => changed.push(l) };
    listen(t.ctx);
    t.data.apiKey = 'mdx_key';
    t.data.queue = [{}];
    for (const l of changed) l({ queue: { newValue: [{}] } }, 'local');
    await new Promise((resolve) => setTimeout(resolve, 0));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(t.shown.text).toBe('1');

    t.data.queue = [];
    const goals = {
      alerts: [
        {
          key: 'uplifting_weekly',
          status: 'at_risk',
          sentence: 'Uplifting pages: 1 this week (goal: at least 5)',
        },
      ],
      fetchedAt: t.now(),
    };
    t.data.goals = goals;
    for (const l of changed) l({ goals: { newValue: goals } }, 'local');
    await new Promise((resolve) => setTimeout(resolve, 0));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(t.shown).toMatchObject({ text: '!', color: BADGE_COLORS.goal });
  });
});
