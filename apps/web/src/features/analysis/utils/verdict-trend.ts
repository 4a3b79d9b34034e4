import { VERDICTS, type Verdict } from '@mediadiet/contract/analysis';
import {
  verdictChangeSentence,
  type VerdictTrendBucket,
  type VerdictTrendResponse,
} from '@mediadiet/contract/insights';
import { messages } from '@mediadiet/contract/messages';
import type { Period } from '@/features/analysis/api/get-insights';
import { formatCount } from '@/features/analysis/utils/format';
import { periodLabel, samePeriod } from '@/features/analysis/utils/insights';

/**
 * How each verdict is drawn in the trend: colours from the Okabe–Ito and Tol palettes, told apart with the
 * common colour-vision deficiencies and by lightness, and two of them also by a stripe pattern, so no verdict
 * depends on colour alone (the legend names them, the table gives the numbers).
 */
export const VERDICT_STYLE: Record<Verdict, { color: string; background: string }> = {
  uplifting: { color: '#0072b2', background: '#0072b2' },
  neutral: { color: '#b8c0bd', background: '#b8c0bd' },
  mixed: {
    color: '#e69f00',
    background: 'repeating-linear-gradient(45deg, #e69f00 0 4px, #f6d38a 4px 7px)',
  },
  draining: {
    color: '#882255',
    background: 'repeating-linear-gradient(-45deg, #882255 0 5px, #5c1639 5px 7px)',
  },
};

/** The verdicts in the order the chart stacks them (top to bottom) and the legend and table list them. */
export const TREND_VERDICTS: readonly Verdict[] = VERDICTS;

/**
 * Shares as whole percents that add up to 100, and the period's leaning (the donut's centre, the printed summary)
 * with its share in those same percents: one home with the weekly letter's, the contract (`insights.ts`).
 */
export { periodLeaning, wholePercents } from '@mediadiet/contract/insights';

/**
 * "this month" / "this year" for the current period, otherwise "in Feb '25" / "in 2024"; `monthName` names a
 * month otherwise (the printed summary writes it out: "in February 2025").
 */
export function trendWhen(
  period: Period,
  current: Period | null,
  monthName: (period: Period) => string = periodLabel,
): string {
  const isCurrent =
    current !== null && (samePeriod(period, current) || (period.mm === null && current.yy === period.yy));
  if (isCurrent) return period.mm === null ? messages.trend.thisYear : messages.trend.thisMonth;
  return `in ${period.mm === null ? period.yy : monthName(period)}`;
}

/**
 * The previous period's name from the trend's `previous.period` text: "Jan '25", and a year as the period
 * buttons name it ("All of 2024") or, in a sentence, as its number ("2024").
 */
export function previousName(
  trend: Pick<VerdictTrendResponse, 'previous'>,
  { year = 'label' }: { year?: 'label' | 'number' } = {},
): string {
  const [yy, mm] = trend.previous.period.split('-');
  if (mm === undefined && year === 'number') return String(yy);
  return periodLabel({ yy: Number(yy), mm: mm === undefined ? null : Number(mm) });
}

/**
 * The change of one verdict's share against the previous period, in words with whole percents ("Draining
 * pages fell from 41 % to 28 % this month"); null when either period has no page with a verdict.
 */
export function changeSentence(
  verdict: Verdict,
  trend: Pick<VerdictTrendResponse, 'total' | 'previous'>,
  when: string,
): string | null {
  return verdictChangeSentence(verdict, trend.total, trend.previous, when);
}

/** The period's change in words: the draining sentence, then the uplifting one, each only where it compares. */
export function changeSentences(
  trend: Pick<VerdictTrendResponse, 'total' | 'previous'>,
  when: string,
): string[] {
  return (['draining', 'uplifting'] as const)
    .map((verdict) => changeSentence(verdict, trend, when))
    .filter((sentence): sentence is string => sentence !== null);
}

/** What the trend says when none of the period's pages has a verdict (none at all, or only older ones). */
export function emptyTrendText(trend: Pick<VerdictTrendResponse, 'excluded'>): string {
  return trend.excluded === 0
    ? messages.trend.empty
    : messages.trend.noVerdicts(trend.excluded, formatCount(trend.excluded));
}

const dayMonth = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
const monthOnly = new Intl.DateTimeFormat('en-US', { month: 'short', timeZone: 'UTC' });

/** A bucket's name: the week's Monday ("Jan 27") or the month ("Jan"). */
export function bucketLabel(bucket: Pick<VerdictTrendBucket, 'start'>, unit: 'week' | 'month'): string {
  const date = new Date(`${bucket.start}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return bucket.start;
  return (unit === 'week' ? dayMonth : monthOnly).format(date);
}

/** A week's bar label in two short lines, day over month ("27", "Jan"); a month's is its name alone. */
export function bucketShortLabel(
  bucket: Pick<VerdictTrendBucket, 'start'>,
  unit: 'week' | 'month',
): { day: string | null; month: string } {
  const date = new Date(`${bucket.start}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return { day: null, month: bucket.start };
  return { day: unit === 'week' ? String(date.getUTCDate()) : null, month: monthOnly.format(date) };
}

/**
 * The days a week counts when the month cuts it ("Nov 1 only", "Jan 27–31"); null for a whole week or month.
 */
export function bucketCountedDays(bucket: Pick<VerdictTrendBucket, 'start' | 'from' | 'to'>): string | null {
  const from = new Date(`${bucket.from}T00:00:00Z`);
  const to = new Date(`${bucket.to}T00:00:00Z`);
  const start = new Date(`${bucket.start}T00:00:00Z`);
  if ([from, to, start].some((d) => Number.isNaN(d.getTime()))) return null;
  const days = Math.round((to.getTime() - from.getTime()) / 86_400_000) + 1;
  if (bucket.from === bucket.start && days >= 7) return null;
  if (bucket.from === bucket.to) return `${dayMonth.format(from)} only`;
  const sameMonth = from.getUTCMonth() === to.getUTCMonth();
  return `${dayMonth.format(from)}–${sameMonth ? to.getUTCDate() : dayMonth.format(to)}`;
}
