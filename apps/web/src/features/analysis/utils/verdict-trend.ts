import { VERDICTS, type Verdict } from '@mediadiet/contract/analysis';
import type {
  VerdictShares,
  VerdictTally,
  VerdictTrendBucket,
  VerdictTrendResponse,
} from '@mediadiet/contract/insights';
import { messages } from '@mediadiet/contract/messages';
import type { Period } from '@/features/analysis/api/get-insights';
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
 * Shares as whole percents that add up to 100 (largest remainder: the verdicts whose rounding lost the most get
 * the missing points), so a bar, its table row and the sentence agree. Null without shares.
 */
export function wholePercents(shares: VerdictShares | null): Record<Verdict, number> | null {
  if (!shares) return null;
  const exact = VERDICTS.map((verdict) => ({ verdict, value: shares[verdict] * 100 }));
  const floors = exact.map((e) => ({ ...e, whole: Math.floor(e.value + 1e-9) }));
  let missing = 100 - floors.reduce((n, e) => n + e.whole, 0);
  const byRemainder = [...floors].sort((a, b) => b.value - b.whole - (a.value - a.whole));
  for (const entry of byRemainder) {
    if (missing <= 0) break;
    entry.whole += 1;
    missing -= 1;
  }
  return Object.fromEntries(floors.map((e) => [e.verdict, e.whole])) as Record<Verdict, number>;
}

/**
 * The period's leaning (the donut's centre, the printed summary): the verdict most of its pages with a verdict
 * carry, with its share in the whole percents the trend states (`wholePercents`), so the leaning, the trend's
 * sentences and its table never disagree by a point. On a tie the heavier verdict leads (draining, then mixed,
 * then uplifting, then neutral), so a tie is never softened. Null without a page with a verdict.
 */
export function periodLeaning(tally: VerdictTally): { verdict: Verdict; percent: number } | null {
  const percents = tally.classified === 0 ? null : wholePercents(tally.shares);
  if (!percents) return null;
  const byWeight: Verdict[] = ['draining', 'mixed', 'uplifting', 'neutral'];
  let lead: Verdict = byWeight[0]!;
  for (const verdict of byWeight) if (tally.counts[verdict] > tally.counts[lead]) lead = verdict;
  return { verdict: lead, percent: percents[lead] };
}

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
  const now = wholePercents(trend.total.shares);
  const before = wholePercents(trend.previous.shares);
  if (!now || !before) return null;
  const name = messages.trend.verdicts[verdict];
  const from = before[verdict];
  const to = now[verdict];
  if (to < from) return messages.trend.fell(name, from, to, when);
  if (to > from) return messages.trend.rose(name, from, to, when);
  return messages.trend.stayed(name, to, when);
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
