import type { InsightsPeriod } from '@mediadiet/contract/insights';
import { addDays, dayOf, dayRange, mondayOf } from '../../lib/days.ts';

/**
 * Where the insights and the verdict trend cut days, weeks and months: calendar months and years, and weeks
 * Monday to Sunday, in the account's time zone (decisions 154, 155). A period named by the client
 * (`2026-11`, `2026`) is that month or year on the person's own calendar.
 */

/** A period as calendar days [fromDay, toDay) and as instants [from, to) in the account's zone. */
export interface PeriodRange {
  from: Date;
  to: Date;
  /** The period's first day and the day after its last (`YYYY-MM-DD`): what the rollups are keyed by. */
  fromDay: string;
  toDay: string;
}

const monthDay = (yy: number, mm: number) =>
  `${String(yy).padStart(4, '0')}-${String(mm).padStart(2, '0')}-01`;

/** The calendar days of a period, [from, to): a month, or a whole year. No time zone involved. */
export function periodDays(period: InsightsPeriod): { from: string; to: string } {
  if (period.scope === 'year') return { from: monthDay(period.yy, 1), to: monthDay(period.yy + 1, 1) };
  return {
    from: monthDay(period.yy, period.mm),
    to: period.mm === 12 ? monthDay(period.yy + 1, 1) : monthDay(period.yy, period.mm + 1),
  };
}

/** The period's days, and the instants they begin and end in `timeZone`. */
export function periodRange(period: InsightsPeriod, timeZone: string): PeriodRange {
  const days = periodDays(period);
  return { ...dayRange(days.from, days.to, timeZone), fromDay: days.from, toDay: days.to };
}

/** The calendar month `now` falls in, in `timeZone`. */
export function currentMonth(now: Date, timeZone: string): InsightsPeriod {
  const [yy, mm] = dayOf(now, timeZone).split('-').map(Number);
  return { scope: 'month', mm: mm!, yy: yy! };
}

/** The period before: the previous calendar month (December of the year before January), or the previous year. */
export function previousPeriod(period: InsightsPeriod): InsightsPeriod {
  if (period.scope === 'year') return { scope: 'year', mm: null, yy: period.yy - 1 };
  return period.mm === 1
    ? { scope: 'month', mm: 12, yy: period.yy - 1 }
    : { scope: 'month', mm: period.mm - 1, yy: period.yy };
}

/** A trend bucket's days (`YYYY-MM-DD`): `start` names it, `from`…`to` (inclusive) are the days it counts. */
export interface BucketDays {
  start: string;
  from: string;
  to: string;
}

/**
 * The trend's buckets of a period, in order: for a month every week (Monday to Sunday) that overlaps it, each
 * counting only its days inside the month; for a year its twelve months. `unit` is the SQL `date_trunc` field
 * whose value is a bucket's `start` (`week` truncates to the Monday, as ISO weeks begin). Calendar days only:
 * the rollups they are read from are already cut in the account's zone.
 */
export function trendBuckets(period: InsightsPeriod): { unit: 'week' | 'month'; buckets: BucketDays[] } {
  const { from, to } = periodDays(period);
  const last = addDays(to, -1);
  if (period.scope === 'year') {
    const buckets = Array.from({ length: 12 }, (_, i) => {
      const month = periodDays({ scope: 'month', mm: i + 1, yy: period.yy });
      return { start: month.from, from: month.from, to: addDays(month.to, -1) };
    });
    return { unit: 'month', buckets };
  }
  const buckets: BucketDays[] = [];
  // Back to the Monday of the week the month begins in.
  let monday = mondayOf(from);
  while (monday < to) {
    const sunday = addDays(monday, 6);
    buckets.push({
      start: monday,
      from: monday < from ? from : monday,
      to: sunday > last ? last : sunday,
    });
    monday = addDays(monday, 7);
  }
  return { unit: 'week', buckets };
}
