import type { InsightsPeriod } from '@mediadiet/contract/insights';
import { DEFAULT_TIME_ZONE } from '../../lib/days.ts';

/**
 * Where the insights and the verdict trend cut days, weeks and months: one home, so that when an account
 * carries its own time zone (issue 29) the zone is passed here and every cut follows. Today every account is
 * read in UTC: periods are UTC calendar months and years, weeks run Monday to Sunday in UTC.
 */
export const CUT_ZONE = DEFAULT_TIME_ZONE;

/** [from, to) of a period: a UTC calendar month, or a whole UTC year. */
export function periodRange(period: InsightsPeriod): { from: Date; to: Date } {
  if (period.scope === 'year') {
    return { from: new Date(Date.UTC(period.yy, 0, 1)), to: new Date(Date.UTC(period.yy + 1, 0, 1)) };
  }
  return {
    from: new Date(Date.UTC(period.yy, period.mm - 1, 1)),
    to: new Date(Date.UTC(period.yy, period.mm, 1)),
  };
}

/** The UTC calendar month `now` falls in. */
export function currentMonth(now: Date): InsightsPeriod {
  return { scope: 'month', mm: now.getUTCMonth() + 1, yy: now.getUTCFullYear() };
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

const DAY_MS = 86_400_000;
const dayText = (date: Date) => date.toISOString().slice(0, 10);

/**
 * The trend's buckets of a period, in order: for a month every week (Monday to Sunday) that overlaps it, each
 * counting only its days inside the month; for a year its twelve months. `unit` is the SQL `date_trunc` field
 * whose value is a bucket's `start` (`week` truncates to the Monday, as ISO weeks begin).
 */
export function trendBuckets(period: InsightsPeriod): { unit: 'week' | 'month'; buckets: BucketDays[] } {
  const { from, to } = periodRange(period);
  const last = new Date(to.getTime() - DAY_MS);
  if (period.scope === 'year') {
    const buckets = Array.from({ length: 12 }, (_, i) => {
      const start = new Date(Date.UTC(period.yy, i, 1));
      return {
        start: dayText(start),
        from: dayText(start),
        to: dayText(new Date(Date.UTC(period.yy, i + 1, 0))),
      };
    });
    return { unit: 'month', buckets };
  }
  const buckets: BucketDays[] = [];
  // getUTCDay: 0 Sunday … 6 Saturday; days back to that week's Monday.
  let monday = new Date(from.getTime() - ((from.getUTCDay() + 6) % 7) * DAY_MS);
  while (monday < to) {
    const sunday = new Date(monday.getTime() + 6 * DAY_MS);
    buckets.push({
      start: dayText(monday),
      from: dayText(monday < from ? from : monday),
      to: dayText(sunday > last ? last : sunday),
    });
    monday = new Date(monday.getTime() + 7 * DAY_MS);
  }
  return { unit: 'week', buckets };
}
