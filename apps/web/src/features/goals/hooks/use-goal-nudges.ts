import { useEffect } from 'react';
import type { GoalWithProgress } from '@mediadiet/contract/goals';
import { usePreferences } from '@/lib/preferences';
import { readItem, writeItem } from '@/lib/storage';
import { DEFAULT_TIME_ZONE } from '@/lib/time-zones';
import { notify } from '@/lib/toast';
import {
  dueNudges,
  GOAL_NUDGES_STORAGE_KEY,
  nudgeDay,
  parseShownNudges,
} from '@/features/goals/utils/nudges';

/**
 * Nudges the person when a goal is at risk or over its limit: on load and after every live update of the
 * goals (a new page counted), one warning toast per goal per day, remembered across reloads and tabs.
 */
export function useGoalNudges(goals: readonly GoalWithProgress[] | undefined): void {
  // The account's day: waits for its zone (UTC if it cannot be read).
  const preferences = usePreferences();
  const timeZone = preferences.data?.timeZone ?? (preferences.isError ? DEFAULT_TIME_ZONE : undefined);
  useEffect(() => {
    if (!goals || timeZone === undefined) return;
    const today = nudgeDay(new Date(), timeZone);
    const { due, next } = dueNudges(goals, parseShownNudges(readItem(GOAL_NUDGES_STORAGE_KEY)), today);
    if (due.length === 0) return;
    writeItem(GOAL_NUDGES_STORAGE_KEY, JSON.stringify(next));
    // toastId: a second run of this effect (StrictMode) shows the same toast once.
    for (const nudge of due) notify.warning(nudge.message, { toastId: `goal-nudge-${nudge.key}-${today}` });
  }, [goals, timeZone]);
}
