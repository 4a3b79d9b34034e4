import type { GoalAlert } from '../storage-keys';
import type { BackgroundContext } from './context';
import { currentGoalAlerts } from './goals';

/** Fires when a pause ends, so the badge stops saying "paused" on time. */
export const BADGE_ALARM = 'mediadiet-badge';

export interface Badge {
  /** At most 4 characters; empty hides the badge. */
  text: string;
  color: string;
  /** The toolbar button's tooltip, which says in words what the badge shows. */
  title: string;
}

/** Red for a connection to fix, grey for a pause, teal for pages on their way, calm amber for a goal nudge. */
export const BADGE_COLORS = {
  alert: '#b42318',
  muted: '#5f6b7a',
  accent: '#0f6b63',
  goal: '#b45309',
} as const;

function timeText(ms: number): string {
  return new Date(ms).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });
}

/** The goals at risk or over their limit in words, for the tooltip (decision 157). */
export function goalsText(alerts: readonly GoalAlert[]): string {
  const [first] = alerts;
  if (!first) return '';
  if (alerts.length > 1) {
    return `${alerts.length} reading goals need attention: ${alerts.map((a) => a.sentence).join('; ')}`;
  }
  return `${first.status === 'broken' ? 'a reading goal is over its limit' : 'a reading goal is at risk'}: ${first.sentence}`;
}

/**
 * What the toolbar badge shows, most important first (decision 157):
 * 1. not connected ("!", red): nothing is analysed, and the goals are unknown;
 * 2. paused ("II", grey): the person stopped the analysis, and should see it is still off;
 * 3. pages waiting to be sent (their number, up to "99+", teal): the analysis is behind, usually for seconds;
 * 4. a reading goal at risk or over its limit ("!", calm amber): a nudge that may stand all day, so it gives way
 *    to the states above; their tooltips still name it;
 * nothing when all is well.
 */
export function badgeFor(
  state: { connected: boolean; pausedUntil: number; queueLength: number; goals?: readonly GoalAlert[] },
  now: number,
): Badge {
  const goals = state.connected ? goalsText(state.goals ?? []) : '';
  const alsoGoals = goals ? ` · ${goals}` : '';
  if (!state.connected) {
    return {
      text: '!',
      color: BADGE_COLORS.alert,
      title: 'Media Diet — not connected: connect this browser from your account',
    };
  }
  if (state.pausedUntil > now) {
    return {
      text: 'II',
      color: BADGE_COLORS.muted,
      title: `Media Diet — paused until ${timeText(state.pausedUntil)}${alsoGoals}`,
    };
  }
  if (state.queueLength > 0) {
    const pages = `${state.queueLength} page${state.queueLength === 1 ? '' : 's'}`;
    return {
      text: state.queueLength > 99 ? '99+' : String(state.queueLength),
      color: BADGE_COLORS.accent,
      title: `Media Diet — ${pages} waiting to be sent${alsoGoals}`,
    };
  }
  if (goals) return { text: '!', color: BADGE_COLORS.goal, title: `Media Diet — ${goals}` };
  return { text: '', color: BADGE_COLORS.accent, title: 'Media Diet' };
}

/** Shows the current state on the toolbar button; schedules a refresh for when a pause ends. */
export async function updateBadge(ctx: BackgroundContext): Promise<Badge> {
  const [apiKey, settings, queue, goals] = await Promise.all([
    ctx.store.get('apiKey'),
    ctx.store.settings(),
    ctx.store.get('queue'),
    currentGoalAlerts(ctx),
  ]);
  const now = ctx.now();
  const badge = badgeFor(
    { connected: Boolean(apiKey), pausedUntil: settings.pausedUntil, queueLength: queue?.length ?? 0, goals },
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
