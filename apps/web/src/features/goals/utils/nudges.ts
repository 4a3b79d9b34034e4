import { goalKey, type GoalWithProgress } from '@mediadiet/contract/goals';
import { messages } from '@mediadiet/contract/messages';
import { dayIn } from '@/lib/time-zones';

/**
 * The goal nudge (decision 152): a goal at risk or over its limit raises one toast a day. What was shown is
 * kept in localStorage under this key: goal key → the day it was last shown.
 */
export const GOAL_NUDGES_STORAGE_KEY = 'goal_nudges';

/**
 * The day a nudge counts against: the calendar day in the account's time zone, as the server cuts goal periods
 * (decision 155); in the browser's zone when none is given.
 */
export const nudgeDay = (now: Date, timeZone?: string) => dayIn(now, timeZone);

/** The nudge's words for a goal at risk or broken. */
export function nudgeMessage({ goal, progress }: GoalWithProgress): string {
  switch (goal.kind) {
    case 'draining_share':
      return messages.goals.drainingNudge(progress.current, goal.target);
    case 'site_daily':
      return messages.goals.siteNudge(goal.site, progress.current, goal.target);
    case 'uplifting_weekly':
      return messages.goals.upliftingNudge(progress.current, goal.target);
  }
}

export type ShownNudges = Record<string, string>;

export function parseShownNudges(stored: string | null): ShownNudges {
  if (!stored) return {};
  try {
    const value: unknown = JSON.parse(stored);
    if (!value || typeof value !== 'object' || Array.isArray(value)) return {};
    return Object.fromEntries(
      Object.entries(value).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
    );
  } catch {
    return {};
  }
}

/**
 * The nudges due today: goals at risk or broken whose nudge was not shown today. Answers them with the
 * record to keep (today's entries only, so the record never grows).
 */
export function dueNudges(
  goals: readonly GoalWithProgress[],
  shown: ShownNudges,
  today: string,
): { due: { key: string; message: string }[]; next: ShownNudges } {
  const next: ShownNudges = Object.fromEntries(Object.entries(shown).filter(([, day]) => day === today));
  const due: { key: string; message: string }[] = [];
  for (const item of goals) {
    if (item.progress.status !== 'at_risk' && item.progress.status !== 'broken') continue;
    const key = goalKey(item.goal);
    if (next[key] === today) continue;
    next[key] = today;
    due.push({ key, message: nudgeMessage(item) });
  }
  return { due, next };
}
