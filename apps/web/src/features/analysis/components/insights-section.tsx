import { useSearchParams } from 'react-router';
import { BarChart3, Printer } from 'lucide-react';
import type { InsightsResponse } from '@mediadiet/contract/insights';
import { messages } from '@mediadiet/contract/messages';
import type { QuestionnaireState } from '@mediadiet/contract/questionnaire';
import { Button } from '@/components/ui/button';
import { CardDescription, CardTitle, IconCard } from '@/components/ui/card';
import { PageSpinner } from '@/components/ui/spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { cn } from '@/lib/cn';
import { useInsights, type Period } from '@/features/analysis/api/get-insights';
import { InsightPages, PAGES_PARAMS } from '@/features/analysis/components/insight-pages';
import { LoadError, QueryFallback } from '@/components/ui/load-error';
import {
  InsightsProcessingCard,
  UnlockInsightsCard,
} from '@/features/analysis/components/insights-gate-cards';
import { PeriodPicker } from '@/features/analysis/components/period-picker';
import { PrintedSummary } from '@/features/analysis/components/printed-summary';
import { TopDomainsTable } from '@/features/analysis/components/top-domains-table';
import { TrendsPanel } from '@/features/analysis/components/trends-panel';
import { VerdictTrendPanel } from '@/features/analysis/components/verdict-trend-panel';
import {
  insightsGate,
  parsePeriodParam,
  PERIOD_PARAM,
  periodLabel,
  periodParam,
  responsePeriod,
} from '@/features/analysis/utils/insights';

export interface InsightsSectionProps {
  isPremium: boolean;
  questionnaireState: QuestionnaireState | undefined;
  /** Where the unlock button leads (the Personality view). */
  questionnaireHref: string;
  /** Whom the printed report is for: the reader's name, or e-mail without one. */
  reader?: string;
}

/**
 * The Insights section (spec §2 "Insights screen"): gated for premium users whose questionnaire is not
 * started or still processing; otherwise the period buttons, Export PDF, Trends / Top Domains and the
 * period's analysed pages (paged and filterable, insight-pages.tsx). Printed (Export PDF), it is a report: a
 * page of summary (printed-summary.tsx), then the details.
 */
export function InsightsSection({
  isPremium,
  questionnaireState,
  questionnaireHref,
  reader,
}: InsightsSectionProps) {
  const gate = insightsGate(isPremium, questionnaireState);
  return (
    <section aria-labelledby="insights-title" className="flex flex-col gap-4">
      <div>
        <h3 id="insights-title" className="text-xl font-semibold tracking-tight text-ink print:text-2xl">
          Monthly insights
        </h3>
        <p className="mt-1 text-sm text-ink-muted print:hidden">
          How this month, or any month, has felt so far.
        </p>
      </div>
      {gate === 'unlock' ? <UnlockInsightsCard questionnaireHref={questionnaireHref} /> : null}
      {gate === 'processing' ? <InsightsProcessingCard /> : null}
      {gate === 'open' ? <InsightsBody reader={reader} /> : null}
    </section>
  );
}

/** The requested period lives in the address (`?period=2025-01`), so it survives opening a detail and Back. */
function usePeriodParam(): [Period | null, (period: Period) => void] {
  const [params, setParams] = useSearchParams();
  const period = parsePeriodParam(params.get(PERIOD_PARAM));
  const setPeriod = (next: Period) =>
    void setParams(
      (prev) => {
        const out = new URLSearchParams(prev);
        out.set(PERIOD_PARAM, periodParam(next));
        // Another period's list starts on its first page (its filters stay).
        out.delete(PAGES_PARAMS.page);
        return out;
      },
      { replace: true },
    );
  return [period, setPeriod];
}

function InsightsBody({ reader }: { reader: string | undefined }) {
  const [requested, setPeriod] = usePeriodParam();
  // The current month's answer carries the month list; the chosen period's answer fills the content.
  const base = useInsights(null);
  const chosen = useInsights(requested);
  if (!base.data) return <QueryFallback query={base} title={messages.loading.insights} />;
  if (base.data.directories.length === 0) return <InsightsEmptyState />;

  const selected = requested ?? responsePeriod(base.data);
  const shown = chosen.data;
  const shownName = shown ? periodLabel(responsePeriod(shown)) : periodLabel(selected);
  return (
    <div className="flex flex-col gap-5">
      {/* Printed while the period loads; otherwise the printed summary names it. */}
      {shown ? null : <p className="hidden text-sm text-ink-muted print:block">{shownName}</p>}
      <div className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between print:hidden">
        <PeriodPicker
          directories={base.data.directories}
          selected={selected}
          loading={chosen.isFetching || base.isFetching}
          onSelect={setPeriod}
        />
        <Button variant="secondary" size="sm" className="shrink-0 self-start" onClick={() => window.print()}>
          <Printer aria-hidden="true" className="size-4" />
          {messages.insights.exportPdf}
        </Button>
      </div>
      {chosen.isError && !shown ? (
        <LoadError
          title={messages.loading.insightsError(chosen.error.message)}
          onRetry={() => void chosen.refetch()}
        />
      ) : null}
      {!shown && chosen.isPending ? <PageSpinner className="min-h-40" /> : null}
      {shown ? (
        <InsightsContent
          insights={shown}
          reader={reader}
          periodName={shownName}
          stale={chosen.isPlaceholderData}
          current={responsePeriod(base.data)}
        />
      ) : null}
    </div>
  );
}

function InsightsContent({
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

function InsightsEmptyState() {
  return (
    <IconCard icon={<BarChart3 className="size-5" />} className="max-w-3xl">
      <CardTitle as="h4" className="pt-1.5">
        {messages.insights.emptyTitle}
      </CardTitle>
      <CardDescription>
        Your monthly trends, top domains and analysed pages appear here once your first touch points have been
        scored.
      </CardDescription>
    </IconCard>
  );
}
