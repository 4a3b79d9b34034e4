import { useId } from 'react';
import {
  parseTrendPeriod,
  trendPeriodText,
  type TopDomain,
  type VerdictTrendResponse,
} from '@mediadiet/contract/insights';
import { messages } from '@mediadiet/contract/messages';
import type { Period } from '@/features/analysis/api/get-insights';
import { useVerdictTrend } from '@/features/analysis/api/get-verdict-trend';
import { mergeTopDomains } from '@/features/analysis/components/top-domains-table';
import { usePrintDate } from '@/features/analysis/hooks/use-print-date';
import { formatCount, formatLongDate } from '@/features/analysis/utils/format';
import { periodLongName } from '@/features/analysis/utils/insights';
import {
  changeSentences,
  emptyTrendText,
  periodLeaning,
  TREND_VERDICTS,
  trendWhen,
  wholePercents,
} from '@/features/analysis/utils/verdict-trend';
import { VerdictSwatch } from '@/features/analysis/components/verdict-trend-chart';

/** How many of the period's most visited sites the summary names (Top Domains in the details lists them all). */
export const SUMMARY_TOP_SITES = 5;

const subheading = 'text-xs font-semibold tracking-wide text-ink-muted uppercase';

/**
 * The first page of the printed report (Export PDF, issue 29): who it is for, the period, the day it was
 * printed, the period's verdict in words with its whole percents, the change against the period before, and the
 * most visited sites; the details (Trends, the verdict trend, Top Domains, the analysed pages) start on the next
 * page. Built from what the Insights view has loaded (the period's insights and its verdict trend). Printed
 * only: `display: none` on screen, so assistive technology never meets it twice.
 */
export function PrintedSummary({
  reader,
  period,
  current,
  topDomains,
}: {
  /** The reader's name, or e-mail without one. */
  reader: string | undefined;
  period: Period;
  /** The current month (the server's), for "this month" in the trend's words. */
  current: Period;
  topDomains: TopDomain[];
}) {
  const titleId = useId();
  const feltId = useId();
  const sitesId = useId();
  const printed = usePrintDate();
  const trend = useVerdictTrend(period);
  // While another period loads, the query keeps the previous period's trend: never print it as this one's.
  const shown = trend.data?.period === trendPeriodText(period) ? trend.data : undefined;
  const sites = mergeTopDomains(topDomains).slice(0, SUMMARY_TOP_SITES);
  return (
    <section
      aria-labelledby={titleId}
      data-testid="printed-summary"
      className="hidden break-after-page text-ink print:block"
    >
      <h4 id={titleId} className="text-lg font-semibold">
        {messages.report.summaryTitle}
      </h4>
      <dl className="mt-3 grid grid-cols-[max-content_1fr] gap-x-6 gap-y-1 text-sm">
        {reader ? (
          <>
            <dt className="text-ink-muted">{messages.report.preparedFor}</dt>
            <dd className="font-medium [overflow-wrap:anywhere]">{reader}</dd>
          </>
        ) : null}
        <dt className="text-ink-muted">{messages.report.period}</dt>
        <dd className="font-medium">{periodLongName(period)}</dd>
        <dt className="text-ink-muted">{messages.report.generated}</dt>
        <dd className="font-medium">{formatLongDate(printed)}</dd>
      </dl>

      <div className="mt-8 rounded-2xl border border-line p-6">
        <h5 id={feltId} className={subheading}>
          {messages.report.feltTitle}
        </h5>
        {shown ? (
          <SummaryVerdict trend={shown} period={period} current={current} labelledBy={feltId} />
        ) : (
          <p className="mt-2 text-sm text-ink-muted">
            {trend.isError ? messages.trend.loadError : messages.report.stillLoading}
          </p>
        )}
      </div>

      <div className="mt-8">
        <h5 id={sitesId} className={subheading}>
          {messages.report.topSitesTitle}
        </h5>
        {sites.length === 0 ? (
          <p className="mt-2 text-sm text-ink-muted">{messages.insights.emptyPeriod}</p>
        ) : (
          <ol aria-labelledby={sitesId} className="mt-2 divide-y divide-line border-y border-line text-sm">
            {sites.map((site, index) => (
              <li key={site.domain} className="flex items-baseline gap-3 py-2">
                <span className="w-5 shrink-0 text-right text-ink-muted tabular-nums">{index + 1}.</span>
                <span className="min-w-0 flex-1 font-medium [overflow-wrap:anywhere]">{site.domain}</span>
                <span className="shrink-0 text-ink-muted tabular-nums">
                  {messages.report.visits(site.visitCount, formatCount(site.visitCount))}
                </span>
              </li>
            ))}
          </ol>
        )}
      </div>

      <p className="mt-8 text-xs text-ink-muted">{messages.report.detailsFollow}</p>
    </section>
  );
}

/** The period's leaning, each verdict's whole percent, and the change against the period before, in words. */
function SummaryVerdict({
  trend,
  period,
  current,
  labelledBy,
}: {
  trend: VerdictTrendResponse;
  period: Period;
  current: Period;
  /** The heading the verdicts' shares are listed under. */
  labelledBy: string;
}) {
  const leaning = periodLeaning(trend.total);
  const percents = wholePercents(trend.total.shares);
  if (!leaning || !percents) {
    return <p className="mt-2 text-sm text-ink">{emptyTrendText(trend)}</p>;
  }
  const when = trendWhen(period, current, periodLongName);
  const sentences = changeSentences(trend, when);
  const previous = parseTrendPeriod(trend.previous.period);
  const classified = trend.total.classified;
  return (
    <>
      <p data-testid="summary-verdict" data-verdict={leaning.verdict} className="mt-2 text-3xl font-semibold">
        {messages.insights.leaning[leaning.verdict]}
      </p>
      <p className="mt-1 text-sm text-ink-muted">
        {messages.report.leaningOf(leaning.percent, classified, formatCount(classified))}
      </p>
      <ul aria-labelledby={labelledBy} className="mt-4 grid grid-cols-4 gap-3 text-sm">
        {TREND_VERDICTS.map((verdict) => (
          <li key={verdict} className="flex items-center gap-2">
            <VerdictSwatch verdict={verdict} className="size-3" />
            <span>
              {messages.trend.verdicts[verdict]}{' '}
              <span className="font-semibold tabular-nums">{`${percents[verdict]} %`}</span>
            </span>
          </li>
        ))}
      </ul>
      {trend.excluded > 0 ? (
        <p className="mt-2 text-xs text-ink-muted">
          {messages.trend.excluded(trend.excluded, formatCount(trend.excluded))}
        </p>
      ) : null}
      <h5 className={`${subheading} mt-6`}>
        {messages.report.changeTitle(periodLongName({ mm: previous.mm, yy: previous.yy }))}
      </h5>
      <div className="mt-2 text-base">
        {sentences.length > 0 ? (
          sentences.map((sentence) => <p key={sentence}>{`${sentence}.`}</p>)
        ) : (
          <p>{messages.trend.noPrevious(periodLongName({ mm: previous.mm, yy: previous.yy }))}</p>
        )}
      </div>
    </>
  );
}
