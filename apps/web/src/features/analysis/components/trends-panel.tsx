import type { Trends } from '@mediadiet/contract/insights';
import { messages } from '@mediadiet/contract/messages';
import { TrendsDonut } from '@/features/analysis/components/trends-donut';
import { formatInsightScore } from '@/features/analysis/utils/format';
import { totalScore, trendSlices } from '@/features/analysis/utils/insights';

/**
 * Trends (spec §2): the donut of the period's category averages with the 'Total Score' in its centre, and
 * beside it the same values as a list (the chart's text alternative, and its legend). The donut is a small
 * SVG drawn with the panel (docs/decisions/074-svg-donut.md): no chart library, nothing to wait for.
 */
export function TrendsPanel({ trends, periodName }: { trends: Trends; periodName: string }) {
  const slices = trendSlices(trends);
  const total = totalScore(slices);
  if (total === null) return <p className="text-sm text-ink-muted">{messages.insights.emptyPeriod}</p>;
  return (
    <figure className="grid items-center gap-8 rounded-2xl border border-line bg-surface p-5 shadow-card sm:p-8 md:grid-cols-[minmax(0,18rem)_1fr] print:grid-cols-[7cm_1fr] print:shadow-none">
      <div className="relative mx-auto aspect-square w-full max-w-[18rem] print:w-[7cm]">
        <TrendsDonut slices={slices} label={`Donut chart of average category scores, ${periodName}`} />
        <div className="pointer-events-none absolute inset-0 flex flex-col items-center justify-center text-center">
          <span className="text-xs font-medium tracking-wide text-ink-muted uppercase">
            {messages.insights.totalScore}
          </span>
          <span
            data-testid="total-score"
            className="text-3xl font-semibold tracking-tight text-ink tabular-nums"
          >
            {formatInsightScore(total)}
          </span>
        </div>
      </div>
      <figcaption className="min-w-0">
        <p className="text-sm font-medium text-ink">Average score per category</p>
        <ul aria-label="Average score per category" className="mt-3 grid gap-x-6 gap-y-2 sm:grid-cols-2">
          {slices.map((slice) => (
            <li
              key={slice.id}
              data-classification={slice.classification}
              className="flex items-center gap-2.5 text-sm"
            >
              <span
                aria-hidden="true"
                className="size-3 shrink-0 rounded-full"
                style={{ backgroundColor: slice.color }}
              />
              <span className="min-w-0 flex-1 truncate text-ink print:whitespace-normal">
                {slice.name}
                <span className="sr-only"> ({slice.classification})</span>
              </span>
              <span className="shrink-0 text-ink-muted tabular-nums">{formatInsightScore(slice.value)}</span>
            </li>
          ))}
        </ul>
      </figcaption>
    </figure>
  );
}
