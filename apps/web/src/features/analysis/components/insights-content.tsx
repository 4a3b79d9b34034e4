import type { InsightsResponse } from '@mediadiet/contract/insights';
import { messages } from '@mediadiet/contract/messages';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { cn } from '@/lib/cn';
import { periodParam, responsePeriod } from '@/features/analysis/utils/insights';
import type { Period } from '@/features/analysis/api/get-insights';
import { InsightPages } from '@/features/analysis/components/insight-pages';
import { PrintedSummary } from '@/features/analysis/components/printed-summary';
import { TopDomainsTable } from '@/features/analysis/components/top-domains-table';
import { TrendsPanel } from '@/features/analysis/components/trends-panel';
import { VerdictTrendPanel } from '@/features/analysis/components/verdict-trend-panel';

/**
 * A period's insights (spec §2 "Insights screen"): the printed summary, Trends (the donut and the verdict trend) /
 * Top Domains, and the period's analysed pages. Its code is fetched with the first insights that have a month of
 * data (insights-section.tsx): an account without any, or whose insights are gated, never loads it (decision 166).
 */
export function InsightsContent({
  insights,
  reader,
  periodName,
  stale,
  current,
}: {
  insights: InsightsResponse;
  reader: string | undefined;
  periodName: string;
  stale: boolean;
  /** The current month (the server's), for "this month" in the trend's words. */
  current: Period;
}) {
  const period = responsePeriod(insights);
  return (
    <div
      aria-busy={stale || undefined}
      className={cn('flex flex-col gap-6 transition-opacity', stale && 'opacity-60')}
    >
      <PrintedSummary reader={reader} period={period} current={current} topDomains={insights.topDomains} />
      {(insights.modelVersions?.length ?? 0) > 1 ? (
        <p role="note" className="rounded-2xl border border-line bg-sunken p-4 text-sm text-ink-muted">
          {messages.insights.mixedModels((insights.modelVersions ?? []).join(', '))}
        </p>
      ) : null}
      <Tabs defaultValue="trends">
        <TabsList aria-label="Insights view" className="max-w-xs print:hidden">
          <TabsTrigger value="trends">{messages.insights.trends}</TabsTrigger>
          <TabsTrigger value="domains">{messages.insights.topDomains}</TabsTrigger>
        </TabsList>
        {/* Both panels stay mounted so the printed report (Export PDF) has the chart and the table. */}
        <TabsContent value="trends" forceMount data-print-panel className="data-[state=inactive]:hidden">
          <h4 className="mb-3 hidden text-lg font-semibold text-ink print:block">
            {messages.insights.trends}
          </h4>
          <TrendsPanel trends={insights.trends} period={period} periodName={periodName} />
          <VerdictTrendPanel period={period} current={current} />
        </TabsContent>
        <TabsContent value="domains" forceMount data-print-panel className="data-[state=inactive]:hidden">
          <h4 className="mb-3 hidden text-lg font-semibold text-ink print:block">
            {messages.insights.topDomains}
          </h4>
          <TopDomainsTable
            domains={insights.topDomains}
            caption={`${messages.insights.topDomains}, ${periodName}`}
          />
        </TabsContent>
      </Tabs>
      <InsightPages
        key={periodParam(period)}
        period={period}
        sites={insights.topDomains.map((domain) => domain.domain)}
      />
    </div>
  );
}
