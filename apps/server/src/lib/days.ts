import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';

/**
 * Calendar days, the one place that cuts instants into days (`YYYY-MM-DD`) for day-keyed features (mood
 * check-ins and the reading they are compared with). Days are cut in UTC for now; every helper takes the time
 * zone (an IANA name) so that a per-account zone only has to be passed in.
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
