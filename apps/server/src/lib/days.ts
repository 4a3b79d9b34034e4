import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { DAY } from './clock.ts';

/**
 * Calendar days and weeks: the one place that cuts instants into days (`YYYY-MM-DD`), today and this week
 * (mood check-ins and the reading they are compared with, the reading goals) and the zone the insights' months
 * are cut in (modules/analysis/periods.ts). Everything is cut in UTC for now; the helpers take the time zone (an
 * IANA name) so that a per-account zone only has to be passed in.
 */
export const DEFAULT_TIME_ZONE = 'UTC';

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    formatters.set(timeZone, f);
  }
  return f;
}

/** The day an instant falls on in `timeZone`. */
export function dayOf(instant: Date, timeZone: string = DEFAULT_TIME_ZONE): string {
  const parts = formatter(timeZone).formatToParts(instant);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}`;
}

/** The day `delta` days after `day` (before, when negative); calendar arithmetic, no time zone involved. */
export function addDays(day: string, delta: number): string {
  const at = new Date(`${day}T00:00:00.000Z`);
  at.setUTCDate(at.getUTCDate() + delta);
  return at.toISOString().slice(0, 10);
}

/** The same cut inside a query: the `date` a timestamptz column falls on in `timeZone`. */
export function dayOfSql(column: SQLWrapper, timeZone: string = DEFAULT_TIME_ZONE): SQL<string> {
  return sql<string>`to_char((${column} AT TIME ZONE ${timeZone})::date, 'YYYY-MM-DD')`;
}

/** The first instant of `day` in `timeZone`, for range conditions that can use an index. */
export function startOfDaySql(day: string, timeZone: string = DEFAULT_TIME_ZONE): SQL<Date> {
  return sql<Date>`(${day}::date::timestamp AT TIME ZONE ${timeZone})`;
}

export interface ReadingPeriods {
  day: { from: Date; to: Date };
  week: { from: Date; to: Date };
  /** Whole days of the week gone before today: 0 on Monday … 6 on Sunday. */
  daysBeforeToday: number;
}

/**
 * Today and this week (Monday to Sunday) as half-open instants [from, to): the periods the reading goals count.
 * UTC only for now (`timeZone` must be 'UTC'); the per-account zone changes this function, not its callers.
 */
export function readingPeriods(
  now: Date,
  timeZone: typeof DEFAULT_TIME_ZONE = DEFAULT_TIME_ZONE,
): ReadingPeriods {
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
