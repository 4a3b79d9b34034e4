import { useId, useState } from 'react';
import type { VerdictTally, VerdictTrendResponse } from '@mediadiet/contract/insights';
import { messages } from '@mediadiet/contract/messages';
import { Button } from '@/components/ui/button';
import { QueryFallback } from '@/components/ui/load-error';
import { cn } from '@/lib/cn';
import type { Period } from '@/features/analysis/api/get-insights';
import { useVerdictTrend } from '@/features/analysis/api/get-verdict-trend';
import { VerdictTrendChart, VerdictTrendLegend } from '@/features/analysis/components/verdict-trend-chart';
import { formatCount } from '@/features/analysis/utils/format';
import { periodLabel } from '@/features/analysis/utils/insights';
import {
  bucketCountedDays,
  bucketLabel,
  changeSentences,
  emptyTrendText,
  previousName,
  TREND_VERDICTS,
  trendWhen,
  wholePercents,
} from '@/features/analysis/utils/verdict-trend';
import { ScrollingTable } from '@/components/ui/scrolling-table';

/**
 * The verdict trend of the shown period (issue 29): the change against the previous period in words, the
 * share of uplifting / neutral / mixed / draining pages per week (per month for a year) as stacked bars with a
 * legend, and the same numbers as a table behind "Show as table". Loads on its own: a
 * spinner, "Try again" after a failure, and the empty text when the period has no pages.
 */
export function VerdictTrendPanel({ period, current }: { period: Period; current: Period | null }) {
  const trend = useVerdictTrend(period);
  const titleId = useId();
  return (
    <section
      aria-labelledby={titleId}
      className="mt-6 rounded-2xl border border-line bg-surface p-5 shadow-card sm:p-8 print:break-inside-avoid print:shadow-none"
    >
      <h4 id={titleId} className="font-semibold text-ink">
        {messages.trend.title}
      </h4>
      <div className="mt-3">
        {trend.data ? (
          <TrendBody trend={trend.data} period={period} current={current} stale={trend.isPlaceholderData} />
        ) : (
          <QueryFallback query={trend} title={messages.trend.loadError} />
        )}
      </div>
    </section>
  );
}

function TrendBody({
  trend,
  period,
  current,
  stale,
}: {
  trend: VerdictTrendResponse;
  period: Period;
  current: Period | null;
  stale: boolean;
}) {
  const [showTable, setShowTable] = useState(false);
  const tableId = useId();
  const periodName = periodLabel(period);
  if (trend.total.classified === 0) {
    return <p className="text-sm text-ink-muted">{emptyTrendText(trend)}</p>;
  }
  const when = trendWhen(period, current);
  const sentences = changeSentences(trend, when);
  const unitWord = trend.bucket === 'week' ? 'week' : 'month';
  return (
    <div aria-busy={stale || undefined} className={cn('flex flex-col gap-4', stale && 'opacity-60')}>
      <div className="text-sm text-ink">
        {sentences.length > 0 ? (
          sentences.map((sentence) => <p key={sentence}>{`${sentence}.`}</p>)
        ) : (
          <p>{messages.trend.noPrevious(previousName(trend, { year: 'number' }))}</p>
        )}
      </div>
      <VerdictTrendChart
        buckets={trend.buckets}
        unit={trend.bucket}
        label={`Stacked bars: the share of uplifting, neutral, mixed and draining pages per ${unitWord}, ${periodName}. The numbers are in the table.`}
      />
      <VerdictTrendLegend />
      {trend.excluded > 0 ? (
        <p className="text-xs text-ink-muted">
          {messages.trend.excluded(trend.excluded, formatCount(trend.excluded))}
        </p>
      ) : null}
      <div className="print:hidden">
        <Button
          variant="secondary"
          size="sm"
          aria-expanded={showTable}
          aria-controls={tableId}
          onClick={() => setShowTable((shown) => !shown)}
        >
          {showTable ? messages.trend.hideTable : messages.trend.showTable}
        </Button>
      </div>
      {showTable ? (
        <div id={tableId}>
          <TrendTable trend={trend} periodName={periodName} />
        </div>
      ) : null}
    </div>
  );
}

const cellClass = 'px-3 py-2 text-right tabular-nums whitespace-nowrap';

function TallyCells({ tally }: { tally: VerdictTally }) {
  const percents = wholePercents(tally.shares);
  return (
    <>
      {TREND_VERDICTS.map((verdict) => (
        <td key={verdict} className={cellClass}>
          {percents ? `${percents[verdict]} % (${formatCount(tally.counts[verdict])})` : '–'}
        </td>
      ))}
      <td className={cellClass}>{formatCount(tally.classified)}</td>
    </>
  );
}

/** The chart's numbers: per bucket, each verdict's whole percent and page count; then the period and the one before. */
function TrendTable({ trend, periodName }: { trend: VerdictTrendResponse; periodName: string }) {
  const first = trend.bucket === 'week' ? messages.trend.weekOf : messages.trend.month;
  return (
    <ScrollingTable
      caption={`Share of pages per verdict, ${periodName} (pages in brackets)`}
      className="print:overflow-visible"
    >
      <thead className="border-b border-line bg-canvas/60 text-xs text-ink-muted">
        <tr>
          <th scope="col" className="px-3 py-2 font-semibold">
            {first}
          </th>
          {TREND_VERDICTS.map((verdict) => (
            <th key={verdict} scope="col" className="px-3 py-2 text-right font-semibold">
              {messages.trend.verdicts[verdict]}
            </th>
          ))}
          <th scope="col" className="px-3 py-2 text-right font-semibold">
            {messages.trend.pages}
          </th>
        </tr>
      </thead>
      <tbody className="divide-y divide-line text-ink">
        {trend.buckets.map((bucket) => (
          <tr key={bucket.start}>
            <th scope="row" className="px-3 py-2 font-medium whitespace-nowrap">
              {bucketLabel(bucket, trend.bucket)}
              {trend.bucket === 'week' && bucketCountedDays(bucket) ? (
                <span className="block text-xs font-normal text-ink-muted">{bucketCountedDays(bucket)}</span>
              ) : null}
            </th>
            <TallyCells tally={bucket} />
          </tr>
        ))}
      </tbody>
      <tfoot className="border-t border-line text-ink">
        <tr>
          <th scope="row" className="px-3 py-2 font-semibold">
            {`${messages.trend.total} (${periodName})`}
          </th>
          <TallyCells tally={trend.total} />
        </tr>
        <tr>
          <th scope="row" className="px-3 py-2 font-medium whitespace-nowrap text-ink-muted">
            {previousName(trend)}
          </th>
          <TallyCells tally={trend.previous} />
        </tr>
      </tfoot>
    </ScrollingTable>
  );
}
