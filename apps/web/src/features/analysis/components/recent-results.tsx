import type { RecentAnalysesResponse, RecentAnalysis } from '@mediadiet/contract/analysis';
import { messages } from '@mediadiet/contract/messages';
import { Button } from '@/components/ui/button';
import { AnalysisCard } from '@/features/analysis/components/analysis-card';
import { useAnalysisHref } from '@/features/analysis/hooks/use-analysis-href';
import { useProgressiveList } from '@/features/analysis/hooks/use-progressive-list';
import { formatCount } from '@/features/analysis/utils/format';
import { Term } from '@/components/ui/term';

export interface RecentResultsProps {
  analyses: RecentAnalysis[];
  totals: RecentAnalysesResponse['totals'];
  hasMore: boolean;
  loadingMore: boolean;
  loadMoreFailed: boolean;
  onLoadMore: () => void;
}

/** The two window totals (whole 7 days, whatever is loaded), the analysis cards, and "Load more". */
export function RecentResults({
  analyses,
  totals,
  hasMore,
  loadingMore,
  loadMoreFailed,
  onLoadMore,
}: RecentResultsProps) {
  const hrefOf = useAnalysisHref();
  const shown = useProgressiveList(analyses);
  return (
    <div className="flex flex-col gap-6">
      <dl className="grid grid-cols-2 gap-3 sm:gap-4 lg:max-w-2xl">
        <Term look="stat" label={messages.history.touchpointsStat} value={formatCount(totals.touchpoints)} />
        <Term look="stat" label={messages.history.tokensStat} value={formatCount(totals.tokens)} />
      </dl>
      <ul aria-label="Recent analyses" className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {shown.map((analysis) => (
          <AnalysisCard key={analysis.id} analysis={analysis} href={hrefOf(analysis.id)} />
        ))}
      </ul>
      {loadMoreFailed ? (
        <p role="alert" className="text-sm text-danger">
          {messages.loading.analysisHistory}
        </p>
      ) : null}
      {hasMore ? (
        <div className="flex justify-center print:hidden">
          <Button variant="secondary" onClick={onLoadMore} loading={loadingMore}>
            Load more
          </Button>
        </div>
      ) : null}
    </div>
  );
}
