import type { BackgroundContext } from './context';

/** Fires when a pause ends, so the badge stops saying "paused" on time. */
export const BADGE_ALARM = 'mediadiet-badge';

export interface Badge {
  /** At most 4 characters; empty hides the badge. */
  text: string;
  color: string;
  /** The toolbar button's tooltip, which says in words what the badge shows. */
  title: string;
}

const COLORS = { alert: '#b42318', muted: '#5f6b7a', accent: '#0f6b63' } as const;

function timeText(ms: number): string {
  return new Date(ms).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });
}

/**
 * What the toolbar badge shows, most important first: not connected ("!"), paused ("II"), or the number of
 * pages waiting to be sent (up to "99+"); nothing when all is well.
 */
export function badgeFor(
  state: { connected: boolean; pausedUntil: number; queueLength: number },
  now: number,
): Badge {
  if (!state.connected) {
    return {
      text: '!',
      color: COLORS.alert,
      title: 'Media Diet — not connected: connect this browser from your account',
    };
  }
  if (state.pausedUntil > now) {
    return {
      text: 'II',
      color: COLORS.muted,
      title: `Media Diet — paused until ${timeText(state.pausedUntil)}`,
    };
  }
  if (state.queueLength > 0) {
    const pages = `${state.queueLength} page${state.queueLength === 1 ? '' : 's'}`;
    return {
      text: state.queueLength > 99 ? '99+' : String(state.queueLength),
      color: COLORS.accent,
      title: `Media Diet — ${pages} waiting to be sent`,
    };
  }
  return { text: '', color: COLORS.accent, title: 'Media Diet' };
}

/** Shows the current state on the toolbar button; schedules a refresh for when a pause ends. */
export async function updateBadge(ctx: BackgroundContext): Promise<Badge> {
  const [apiKey, settings, queue] = await Promise.all([
    ctx.store.get('apiKey'),
    ctx.store.settings(),
    ctx.store.get('queue'),
  ]);
  const now = ctx.now();
  const badge = badgeFor(
    { connected: Boolean(apiKey), pausedUntil: settings.pausedUntil, queueLength: queue?.length ?? 0 },
    now,
  );
  const action = ctx.browser.action;
  if (action) {
    await action.setBadgeText({ text: badge.text });
    await action.setBadgeBackgroundColor({ color: badge.color });
    await action.setTitle({ title: badge.title });
  }
  if (settings.pausedUntil > now)
    await ctx.browser.alarms.create(BADGE_ALARM, { when: settings.pausedUntil + 1000 });
  return badge;
}
