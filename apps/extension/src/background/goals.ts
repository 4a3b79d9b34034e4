import { goalKey, type GoalWithProgress } from '@mediadiet/contract/goals';
import type { GoalAlert } from '../storage-keys';
import type { BackgroundContext } from './context';

/**
 * The reading goals the extension shows (decision 157): the toolbar badge says when a goal is at risk or over its
 * limit, and the popup names it. The server decides the status (decision 152); the extension only asks when it is
 * likely to have changed: shortly after pages were sent, when the popup opens or a page's result arrives there,
 * when the extension is paired, and every hour (a new day or week, and the weekly pace, change with time alone).
 */

/** Every hour while the browser runs. */
export const GOALS_ALARM = 'mediadiet-goals';
export const GOALS_PERIOD_MINUTES = 60;
/**
 * Once after pages were sent, this long after the first of them, so the server has analysed them (seconds as a
 * rule): however many pages go meanwhile, one call. Chromium's alarms fire 30 s after they are set at the soonest.
 */
export const GOALS_AFTER_SEND_ALARM = 'mediadiet-goals-after-send';
export const GOALS_AFTER_SEND_MS = 30_000;
/** An unforced refresh within this long of the last answer asks nothing (the popup opened twice). */
export const GOALS_MIN_INTERVAL_MS = 10_000;
/** What the server said longer ago than this is not shown: the refreshes failed (offline), and it may be wrong. */
export const GOALS_MAX_AGE_MS = 2 * 3600_000;

/** The goals at risk or over their limit, in the server's words: over first, then at risk, each in list order. */
export function goalAlerts(goals: readonly GoalWithProgress[]): GoalAlert[] {
  const alert = (status: GoalAlert['status']) =>
    goals
      .filter((g) => g.progress.status === status)
      .map((g) => ({ key: goalKey(g.goal), status, sentence: g.progress.sentence }));
  return [...alert('broken'), ...alert('at_risk')];
}

/** The alerts to show now: none when not connected or when the last answer is too old. */
export async function currentGoalAlerts(ctx: BackgroundContext): Promise<GoalAlert[]> {
  const [apiKey, goals] = await Promise.all([ctx.store.get('apiKey'), ctx.store.get('goals')]);
  if (!apiKey || !goals || ctx.now() - goals.fetchedAt > GOALS_MAX_AGE_MS) return [];
  return goals.alerts;
}

/**
 * GET /api/goals with the key, and keep the alerts (the badge follows the stored value). Not connected, or the
 * key refused: nothing kept. Unreachable or refused for another reason: the last answer stays until it is too
 * old to show.
 */
export async function refreshGoals(ctx: BackgroundContext, force = false): Promise<void> {
  const apiKey = await ctx.store.get('apiKey');
  if (!apiKey) {
    await ctx.store.remove('goals');
    return;
  }
  const last = await ctx.store.get('goals');
  if (!force && last && ctx.now() - last.fetchedAt < GOALS_MIN_INTERVAL_MS) return;
  const res = await ctx.api.goals(apiKey);
  if (res.ok) {
    // The key may have gone (disconnect, another account) while the call ran: keep nothing for it.
    if ((await ctx.store.get('apiKey')) !== apiKey) return;
    await ctx.store.set({ goals: { alerts: goalAlerts(res.data.goals), fetchedAt: ctx.now() } });
  } else if (res.status === 401) {
    await ctx.store.remove('goals');
  }
}

/**
 * Pages were just sent: ask about the goals once, a little later (GOALS_AFTER_SEND_MS). An ask already scheduled
 * stays as it is, so a stream of pages never postpones it.
 */
export async function refreshGoalsAfterSend(ctx: BackgroundContext): Promise<void> {
  if (await ctx.browser.alarms.get?.(GOALS_AFTER_SEND_ALARM)) return;
  await ctx.browser.alarms.create(GOALS_AFTER_SEND_ALARM, { when: ctx.now() + GOALS_AFTER_SEND_MS });
}
