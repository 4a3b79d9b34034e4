import { describe, expect, it } from 'vitest';
import { BADGE_ALARM, badgeFor, updateBadge } from '../src/background/badge';
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

  it('updates when the key, the settings or the queue change in storage', async () => {
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
  });
});
