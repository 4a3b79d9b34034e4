import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { DEFAULT_TIME_ZONE } from '@mediadiet/contract/preferences';
import { DAY } from './clock.ts';

/**
 * Calendar days, weeks and months in a time zone (an IANA name; decisions 154, 155): the one place that cuts
 * instants into days (`YYYY-MM-DD`) and days back into instants. Every cut of a person's reading — the insights'
 * months and years, the trend's weeks, the daily rollups, today and this week of the goals, the mood check-ins'
 * days — is made in the account's zone (`users.time_zone`, 'UTC' until the person sets one).
 *
 * A day is the half-open range of instants [its first instant, the next day's first instant): 23 or 25 hours
 * long when the clocks change inside it. A week runs from Monday's first instant to the next Monday's.
 */
export { DEFAULT_TIME_ZONE };

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/** The wall-clock reading of `instant` in `timeZone`, as numbers. */
function wallClock(instant: number, timeZone: string) {
  const parts = formatter(timeZone).formatToParts(new Date(instant));
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return {
    year: part('year'),
    month: part('month'),
    day: part('day'),
    hour: part('hour'),
    minute: part('minute'),
    second: part('second'),
  };
}

/** How far `timeZone`'s wall clock is ahead of UTC at `instant`, in ms (negative west of Greenwich). */
export function zoneOffset(instant: number, timeZone: string): number {
  const whole = Math.floor(instant / 1000) * 1000;
  const w = wallClock(whole, timeZone);
  return Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second) - whole;
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** The day an instant falls on in `timeZone`. */
export function dayOf(instant: Date, timeZone: string = DEFAULT_TIME_ZONE): string {
  const w = wallClock(instant.getTime(), timeZone);
  return `${pad(w.year, 4)}-${pad(w.month)}-${pad(w.day)}`;
}

/** Minutes since local midnight of `instant` in `timeZone` (the wall clock's hour × 60 + minute). */
export function minutesOfDay(instant: Date, timeZone: string = DEFAULT_TIME_ZONE): number {
  const w = wallClock(instant.getTime(), timeZone);
  return w.hour * 60 + w.minute;
}

/** The day `delta` days after `day` (before, when negative); calendar arithmetic, no time zone involved. */
export function addDays(day: string, delta: number): string {
  const at = new Date(`${day}T00:00:00.000Z`);
  at.setUTCDate(at.getUTCDate() + delta);
  return at.toISOString().slice(0, 10);
}

/** The day of the week of a calendar day: 0 Monday … 6 Sunday (weeks begin on Monday). */
export function weekdayOf(day: string): number {
  return (new Date(`${day}T00:00:00.000Z`).getUTCDay() + 6) % 7;
}

/** The Monday of the week `day` falls in. */
export function mondayOf(day: string): string {
  return addDays(day, -weekdayOf(day));
}

/**
 * The first instant of `day` in `timeZone`: its midnight; where the clocks skip midnight (spring forward at
 * 00:00), the instant they jump; where midnight happens twice (fall back to 00:00), the first of them. So
 * `dayOf(startOfDay(d, z), z) === d` and the instant before it is the day before.
 */
export function startOfDay(day: string, timeZone: string = DEFAULT_TIME_ZONE): Date {
  const midnight = Date.parse(`${day}T00:00:00.000Z`);
  // The offsets a day before and a day after: the local midnight lies between them, and at most one change of
  // the clocks is that close to it.
  const before = midnight - zoneOffset(midnight - DAY, timeZone);
  const after = midnight - zoneOffset(midnight + DAY, timeZone);
  const isMidnight = (t: number) => t + zoneOffset(t, timeZone) === midnight;
  const candidates = [before, after].filter(isMidnight);
  // None: midnight was skipped; the day begins when the clocks jump, which is midnight by the earlier offset.
  return new Date(candidates.length > 0 ? Math.min(...candidates) : before);
}

/** The same cut inside a query: the `date` a timestamptz column falls on in `timeZone` (a bound parameter). */
export function dayOfSql(column: SQLWrapper, timeZone: string = DEFAULT_TIME_ZONE): SQL<string> {
  return sql<string>`to_char((${column} AT TIME ZONE ${timeZone})::date, 'YYYY-MM-DD')`;
}

/**
 * The midnight of `day` in `timeZone` inside a query. PostgreSQL reads a midnight the clocks repeat as the later
 * one: prefer binding `startOfDay(day, timeZone)`, which is the day's first instant in every zone.
 */
export function startOfDaySql(day: string, timeZone: string = DEFAULT_TIME_ZONE): SQL<Date> {
  return sql<Date>`(${day}::date::timestamp AT TIME ZONE ${timeZone})`;
}

/** [from, to) as instants: the first instant of `fromDay` to the first instant of `toDay`, in `timeZone`. */
export function dayRange(fromDay: string, toDay: string, timeZone: string): { from: Date; to: Date } {
  return { from: startOfDay(fromDay, timeZone), to: startOfDay(toDay, timeZone) };
}

export interface ReadingPeriods {
  day: { from: Date; to: Date };
  week: { from: Date; to: Date };
  /** Whole days of the week gone before today: 0 on Monday … 6 on Sunday. */
  daysBeforeToday: number;
  /** Today and this week's Monday as calendar days in the zone (`YYYY-MM-DD`). */
  today: string;
  monday: string;
}

/**
 * Today and this week (Monday to Sunday) in `timeZone` as half-open instants [from, to): the periods the
 * reading goals count. A day or a week the clocks change in is an hour shorter or longer.
 */
export function readingPeriods(now: Date, timeZone: string = DEFAULT_TIME_ZONE): ReadingPeriods {
  const today = dayOf(now, timeZone);
  const daysBeforeToday = weekdayOf(today);
  const monday = addDays(today, -daysBeforeToday);
  return {
    day: dayRange(today, addDays(today, 1), timeZone),
    week: dayRange(monday, addDays(monday, 7), timeZone),
    daysBeforeToday,
    today,
    monday,
  };
}
