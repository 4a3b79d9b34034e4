import { DAY } from '../../lib/clock.ts';
import { addDays, dayOf, minutesOfDay, mondayOf, weekdayOf } from '../../lib/days.ts';

/**
 * The weeks of the weekly letter (decision 158), in the person's time zone: the letter of a week is about the
 * last full week (Monday to Sunday) before it, and its scheduled copy is due from Monday 07:00 local time until
 * the week ends. Days are cut by lib/days.ts (`dayOf`, `addDays`); the queries cut instants with the same
 * helpers (`startOfDay`), so a week is always whole local days, whatever the offset or daylight saving.
 */

/** The hour (local) from which the Monday letter goes. */
export const LETTER_HOUR = 7;

/** A week: Monday `from` up to the next Monday `to` (excluded), in the zone's days; `key` its ISO week. */
export interface LetterWeek {
  key: string;
  from: string;
  to: string;
}

/** The ISO week (`2026-W47`) of the week starting on the Monday `monday`. */
export function isoWeekKey(monday: string): string {
  // The ISO week's year is its Thursday's; the week number counts Thursdays from that year's first.
  const thursday = new Date(`${addDays(monday, 3)}T00:00:00.000Z`);
  const year = thursday.getUTCFullYear();
  const week = 1 + Math.floor((thursday.getTime() - Date.UTC(year, 0, 1)) / DAY / 7);
  return `${year}-W${String(week).padStart(2, '0')}`;
}

/** The week an ISO week key names (the inverse of `isoWeekKey`); null for anything else. */
export function weekOfKey(key: string): LetterWeek | null {
  const match = /^(\d{4})-W(\d{2})$/.exec(key);
  if (!match) return null;
  const [year, week] = [Number(match[1]), Number(match[2])];
  // 4 January is always in week 1; its week's Monday starts week 1.
  const jan4 = new Date(Date.UTC(year, 0, 4));
  const firstMonday = addDays(jan4.toISOString().slice(0, 10), -((jan4.getUTCDay() + 6) % 7));
  const from = addDays(firstMonday, (week - 1) * 7);
  if (week < 1 || isoWeekKey(from) !== key) return null;
  return { key, from, to: addDays(from, 7) };
}

/** The week the letter sent at `now` is about: the last full week before the one `now` falls in, in `timeZone`. */
export function letterWeek(now: Date, timeZone: string): LetterWeek {
  const from = addDays(mondayOf(dayOf(now, timeZone)), -7);
  return { key: isoWeekKey(from), from, to: addDays(from, 7) };
}

/** Whether the scheduled letter of the week `now` falls in is due: from Monday 07:00 local time on. */
export function scheduledLetterDue(now: Date, timeZone: string): boolean {
  return weekdayOf(dayOf(now, timeZone)) > 0 || minutesOfDay(now, timeZone) >= LETTER_HOUR * 60;
}

const dayMonth = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
const dayOnly = new Intl.DateTimeFormat('en-US', { day: 'numeric', timeZone: 'UTC' });

/** A week's days for people: "Nov 16–22", "Nov 30 – Dec 6". */
export function weekLabel(week: Pick<LetterWeek, 'from'>): string {
  const first = new Date(`${week.from}T00:00:00.000Z`);
  const last = new Date(`${addDays(week.from, 6)}T00:00:00.000Z`);
  return first.getUTCMonth() === last.getUTCMonth()
    ? `${dayMonth.format(first)}–${dayOnly.format(last)}`
    : `${dayMonth.format(first)} – ${dayMonth.format(last)}`;
}
