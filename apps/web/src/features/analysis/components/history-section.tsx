import { messages } from '@mediadiet/contract/messages';
import { useRecentAnalyses } from '@/features/analysis/api/get-recent-analyses';
import { HistoryEmptyState } from '@/features/analysis/components/history-empty-state';
import { QueryFallback } from '@/components/ui/load-error';
import { OnboardingCard } from '@/features/analysis/components/onboarding-card';
import { RecentResults } from '@/features/analysis/components/recent-results';

export interface HistorySectionProps {
  /** Extension installed and connected, and the user's extension status on (the route knows). */
  extensionReady: boolean;
  /** Premium with the questionnaire NOT_STARTED: the onboarding card adds the survey step. */
  showSurveyStep: boolean;
  surveyHref: string;
}

/**
 * The History (recent analyses) view (spec §2), in this order: a spinner until the first page arrives, the
 * error text if it failed, the onboarding card while the extension is not ready, the all-set-up empty
 * state, or the recent results.
 */
export function HistorySection({ extensionReady, showSurveyStep, surveyHref }: HistorySectionProps) {
  return (
    <section aria-labelledby="history-title" className="print:hidden">
      <div className="mb-4">
        <h3 id="history-title" className="text-xl font-semibold tracking-tight text-ink">
          History
        </h3>
        <p className="mt-1 text-sm text-ink-muted">
          The touch points your browser extension analysed this week.
        </p>
      </div>
      <HistoryBody extensionReady={extensionReady} showSurveyStep={showSurveyStep} surveyHref={surveyHref} />
    </section>
  );
}

function HistoryBody({ extensionReady, showSurveyStep, surveyHref }: HistorySectionProps) {
  const query = useRecentAnalyses();
  if (!query.data) return <QueryFallback query={query} title={messages.loading.analysisHistory} />;
  if (!extensionReady) return <OnboardingCard showSurveyStep={showSurveyStep} surveyHref={surveyHref} />;

  const pages = query.data.pages;
  // A live arrival and a later page never overlap (keyset paging), but a duplicate must not break the list.
  const seen = new Set<string>();
  const analyses = pages
    .flatMap((page) => page.results)
    .filter((analysis) => !seen.has(analysis.id) && Boolean(seen.add(analysis.id)));
  const totals = pages[0]?.totals ?? { touchpoints: 0, tokens: 0 };
  if (analyses.length === 0) return <HistoryEmptyState />;

  return (
    <RecentResults
      analyses={analyses}
      totals={totals}
      hasMore={query.hasNextPage}
      loadingMore={query.isFetchingNextPage}
      loadMoreFailed={query.isFetchNextPageError}
      onLoadMore={() => void query.fetchNextPage()}
    />
  );
}
