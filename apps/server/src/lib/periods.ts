import { DAY } from './clock.ts';

/**
 * The calendar periods a person's reading is counted in: today and this week (Monday to Sunday), as
 * half-open instants [from, to). Cut in UTC for now; the time zone is a parameter so the per-account zone
 * (issue 29) changes this one place, not its callers.
 */
export type PeriodTimeZone = 'UTC';

export interface ReadingPeriods {
  day: { from: Date; to: Date };
  week: { from: Date; to: Date };
  /** Whole days of the week gone before today: 0 on Monday … 6 on Sunday. */
  daysBeforeToday: number;
}

export function readingPeriods(now: Date, timeZone: PeriodTimeZone = 'UTC'): ReadingPeriods {
  void timeZone;
  const dayStart = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  // getUTCDay: Sunday 0 … Saturday 6; the week starts on Monday.
  const daysBeforeToday = (now.getUTCDay() + 6) % 7;
  const weekStart = dayStart - daysBeforeToday * DAY;
  return {
    day: { from: new Date(dayStart), to: new Date(dayStart + DAY) },
    week: { from: new Date(weekStart), to: new Date(weekStart + 7 * DAY) },
    daysBeforeToday,
  };
}
