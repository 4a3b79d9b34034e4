import { useId } from 'react';
import type { Trends } from '@mediadiet/contract/insights';
import { messages } from '@mediadiet/contract/messages';
import type { Period } from '@/features/analysis/api/get-insights';
import { useVerdictTrend } from '@/features/analysis/api/get-verdict-trend';
import { TrendsDonut } from '@/features/analysis/components/trends-donut';
import { formatInsightScore } from '@/features/analysis/utils/format';
import { legendGroups, totalScore, trendSlices } from '@/features/analysis/utils/insights';
import { periodLeaning } from '@/features/analysis/utils/verdict-trend';

/**
 * Trends (spec §2): the donut of the period's category averages with the 'Total Score' in its centre, and
 * beside it the same values as a legend grouped pro, then mal, each from the strongest category down (the
 * chart's text alternative). Over the figure the centre leads with the period's leaning in words ("Mostly
 * neutral", from the verdict trend's tally, which the panel below loads too); a line under the chart says what
 * the figure means. The donut is a small SVG drawn with the panel (docs/decisions/074-svg-donut.md).
 */
export function TrendsPanel({
  trends,
  period,
  periodName,
}: {
  trends: Trends;
  period: Period;
  periodName: string;
}) {
  const legendId = useId();
  const slices = trendSlices(trends);
  const total = totalScore(slices);
  const tally = useVerdictTrend(period).data?.total;
  const leaning = tally ? periodLeaning(tally) : null;
  if (total === null) return <p className="text-sm text-ink-muted">{messages.insights.emptyPeriod}</p>;
  return (
    <figure className="grid items-center gap-8 rounded-2xl border border-line bg-surface p-5 shadow-card sm:p-8 md:grid-cols-[minmax(0,18rem)_1fr] print:grid-cols-[7cm_1fr] print:shadow-none">
      <div className="flex min-w-0 flex-col gap-3">
        <div className="relative mx-auto aspect-square w-full max-w-[18rem] print:w-[7cm]">
          <TrendsDonut slices={slices} label={`Donut chart of average category scores, ${periodName}`} />
          <div className="pointer-events-none absolute inset-[22%] flex flex-col items-center justify-center text-center">
            {leaning ? (
              <p data-testid="period-leaning" data-verdict={leaning.verdict} className="mb-2 leading-tight">
                <span className="block text-lg font-semibold text-ink">
                  {messages.insights.leaning[leaning.verdict]}
                </span>
                <span className="block text-xs text-ink-muted">
                  {messages.insights.leaningShare(leaning.percent)}
                </span>
              </p>
            ) : null}
            <span className="text-xs font-medium tracking-wide text-ink-muted uppercase">
              {messages.insights.totalScore}
            </span>
            <span
              data-testid="total-score"
              className={
                leaning
                  ? 'text-xl font-semibold tracking-tight text-ink tabular-nums'
                  : 'text-3xl font-semibold tracking-tight text-ink tabular-nums'
              }
            >
              {formatInsightScore(total)}
            </span>
          </div>
        </div>
        <p className="mx-auto max-w-[22rem] text-center text-xs text-ink-muted">
          {messages.insights.totalScoreHelp}
        </p>
      </div>
      <figcaption className="min-w-0">
        <p className="text-sm font-medium text-ink">{messages.insights.legendTitle}</p>
        <div className="mt-3 grid gap-5 sm:grid-cols-2">
          {legendGroups(slices).map((group) => (
            <div key={group.classification} data-classification={group.classification} className="min-w-0">
              <p
                id={`${legendId}-${group.classification}`}
                className="text-xs font-semibold tracking-wide text-ink-muted uppercase"
              >
                {group.title}
              </p>
              <ul aria-labelledby={`${legendId}-${group.classification}`} className="mt-2 grid gap-y-2">
                {group.slices.map((slice) => (
                  <li
                    key={slice.id}
                    data-classification={slice.classification}
                    className="flex items-center gap-2.5 text-sm"
                  >
                    <span
                      aria-hidden="true"
                      className="size-3 shrink-0 rounded-full ring-1 ring-ink/10"
                      style={{ backgroundColor: slice.color }}
                    />
                    <span className="min-w-0 flex-1 truncate text-ink print:whitespace-normal">
                      {slice.name}
                      <span className="sr-only"> ({slice.classification})</span>
                    </span>
                    <span className="shrink-0 text-ink-muted tabular-nums">
                      {formatInsightScore(slice.value)}
                    </span>
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </div>
      </figcaption>
    </figure>
  );
}
