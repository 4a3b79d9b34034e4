import type { RecentAnalysesResponse, RecentAnalysis } from '@mediadiet/contract/analysis';
import { messages } from '@mediadiet/contract/messages';
import { Button } from '@/components/ui/button';
import { AnalysisCard } from '@/features/analysis/components/analysis-card';
import { useAnalysisHref } from '@/features/analysis/hooks/use-analysis-href';
import { useProgressiveList } from '@/features/analysis/hooks/use-progressive-list';
import { formatCount } from '@/features/analysis/utils/format';

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
        <Stat label={messages.history.touchpointsStat} value={formatCount(totals.touchpoints)} />
        <Stat label={messages.history.tokensStat} value={formatCount(totals.tokens)} />
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

function Stat({ label, value }: { label: string; value: string }) {
  return (
    <div className="flex flex-col-reverse justify-end gap-1 rounded-2xl border border-line bg-surface p-4 shadow-card sm:p-5">
      <dd className="text-2xl font-semibold tracking-tight text-ink tabular-nums sm:text-3xl">{value}</dd>
      <dt className="text-xs font-medium text-ink-muted sm:text-sm">{label}</dt>
    </div>
  );
}
