import { useSearchParams } from 'react-router';
import { BarChart3, Printer } from 'lucide-react';
import type { InsightsResponse } from '@mediadiet/contract/insights';
import { messages } from '@mediadiet/contract/messages';
import type { QuestionnaireState } from '@mediadiet/contract/questionnaire';
import { Button } from '@/components/ui/button';
import { CardDescription, CardTitle, IconCard } from '@/components/ui/card';
import { PageSpinner } from '@/components/ui/spinner';
import { lazyModule, useLazyModuleState } from '@/lib/lazy-module';
import { useInsights, type Period } from '@/features/analysis/api/get-insights';
import { LoadError, QueryFallback } from '@/components/ui/load-error';
import {
  InsightsProcessingCard,
  UnlockInsightsCard,
} from '@/features/analysis/components/insights-gate-cards';
import { PeriodPicker } from '@/features/analysis/components/period-picker';
import {
  insightsGate,
  PAGES_PARAMS,
  parsePeriodParam,
  PERIOD_PARAM,
  periodLabel,
  periodParam,
  responsePeriod,
} from '@/features/analysis/utils/insights';

/**
 * A period's insights (the donut, the verdict trend, Top Domains, the pages list, the printed summary): fetched
 * with the first insights that have a month of data, so an account without any, or whose insights are gated,
 * never loads that code (decision 166). The dashboard's loading block waits for it on arrival (no layout shift).
 */
const insightsContent = lazyModule(() => import('@/features/analysis/components/insights-content'));
const CONTENT_LABEL = 'The insights';

/** Whether these insights have a period to show (and so need the content's code). */
export const hasInsightsContent = (insights: InsightsResponse | undefined): boolean =>
  (insights?.directories.length ?? 0) > 0;

/**
 * The insights content's code for `insights` (fetched when they have a period to show): what the dashboard's
 * loading block waits for, so the section arrives whole.
 */
export function useInsightsContentCode(insights: InsightsResponse | undefined) {
  return useLazyModuleState(insightsContent, hasInsightsContent(insights), CONTENT_LABEL);
}

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
  const code = useInsightsContentCode(base.data);
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
      {shown && code.loaded ? (
        <code.loaded.InsightsContent
          insights={shown}
          reader={reader}
          periodName={shownName}
          stale={chosen.isPlaceholderData}
          current={responsePeriod(base.data)}
        />
      ) : null}
      {shown && !code.loaded ? (
        code.failed ? (
          <LoadError title={messages.loading.insights} onRetry={code.retry} />
        ) : (
          <PageSpinner className="min-h-40" />
        )
      ) : null}
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
