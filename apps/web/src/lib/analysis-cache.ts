import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import type { Analysis, RecentAnalysesResponse } from '@mediadiet/contract/analysis';
import { queryKeys } from '@/lib/query-keys';

/** The cached shape of the recent-analyses infinite query (features/analysis/api/get-recent-analyses.ts). */
export type RecentAnalysesCache = InfiniteData<RecentAnalysesResponse, string | undefined>;

/**
 * Puts an analysis the server has just finished into the history without refetching every loaded page:
 * newest first on the first page, window totals counted up; an analysis already listed is left alone.
 * Returns the new cache value, or the old one unchanged.
 */
export function prependRecentAnalysis(
  cache: RecentAnalysesCache | undefined,
  analysis: Analysis,
): RecentAnalysesCache | undefined {
  const [first, ...rest] = cache?.pages ?? [];
  if (!cache || !first) return cache;
  if (cache.pages.some((page) => page.results.some((item) => item.id === analysis.id))) return cache;
  const page: RecentAnalysesResponse = {
    ...first,
    results: [analysis, ...first.results],
    totals: {
      touchpoints: first.totals.touchpoints + 1,
      tokens: first.totals.tokens + analysis.tokens,
    },
  };
  return { ...cache, pages: [page, ...rest] };
}

/**
 * A new analysis arrived over the socket (`analysis_created_{userId}`): it appears in the history at once
 * (or the history loads, when nothing is cached yet), the detail cache learns it, and every insights query
 * refetches (the period's trends, top domains and month list may have changed).
 */
export function applyAnalysisCreated(queryClient: QueryClient, analysis: Analysis): void {
  const cached = queryClient.getQueryData<RecentAnalysesCache>(queryKeys.analysisRecent);
  if (cached?.pages.length) {
    queryClient.setQueryData<RecentAnalysesCache>(queryKeys.analysisRecent, (current) =>
      prependRecentAnalysis(current, analysis),
    );
  } else {
    void queryClient.invalidateQueries({ queryKey: queryKeys.analysisRecent });
  }
  queryClient.setQueryData(queryKeys.analysisDetail(analysis.id), analysis);
  void queryClient.invalidateQueries({ queryKey: queryKeys.insights });
}
