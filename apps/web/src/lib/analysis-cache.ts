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
    // A load of the history in flight (the refetch after a reconnect) may have read before this analysis was
    // stored; its answer would replace the history that now lists it. It is asked again instead: the load in
    // flight is cancelled, and the server stores an analysis before it announces it.
    if (queryClient.isFetching({ queryKey: queryKeys.analysisRecent, exact: true }) > 0) {
      void queryClient.invalidateQueries({ queryKey: queryKeys.analysisRecent, exact: true, refetchType: 'all' });
    }
  } else {
    void queryClient.invalidateQueries({ queryKey: queryKeys.analysisRecent });
  }
  queryClient.setQueryData(queryKeys.analysisDetail(analysis.id), analysis);
  void queryClient.invalidateQueries({ queryKey: queryKeys.insights });
  // The goals' progress counts this page.
  void queryClient.invalidateQueries({ queryKey: queryKeys.goals });
}

/** The history without one analysis: off whichever page holds it, the window totals counted down. */
export function removeRecentAnalysis(
  cache: RecentAnalysesCache | undefined,
  id: string,
): RecentAnalysesCache | undefined {
  if (!cache) return cache;
  const gone = cache.pages.flatMap((page) => page.results).find((item) => item.id === id);
  if (!gone) return cache;
  const pages = cache.pages.map((page, index) => {
    const results = page.results.filter((item) => item.id !== id);
    if (index !== 0) return results.length === page.results.length ? page : { ...page, results };
    return {
      ...page,
      results,
      totals: {
        touchpoints: Math.max(0, page.totals.touchpoints - 1),
        tokens: Math.max(0, page.totals.tokens - gone.tokens),
      },
    };
  });
  return { ...cache, pages };
}

/**
 * An analysis was forgotten ("Forget this page", here or in another tab: `analysis_deleted_{userId}`): it
 * leaves the history at once, the history and every insights query refetch (their figures no longer count
 * it), and its detail is dropped from the cache.
 */
export function applyAnalysisDeleted(queryClient: QueryClient, id: string): void {
  queryClient.setQueryData<RecentAnalysesCache>(queryKeys.analysisRecent, (current) =>
    removeRecentAnalysis(current, id),
  );
  void queryClient.invalidateQueries({ queryKey: queryKeys.analysisRecent });
  void queryClient.invalidateQueries({ queryKey: queryKeys.insights });
  void queryClient.invalidateQueries({ queryKey: queryKeys.goals });
  // A detail still on screen keeps its data until it closes (then the cache lets it go).
  const detail = queryClient.getQueryCache().find({ queryKey: queryKeys.analysisDetail(id), exact: true });
  if (detail && detail.getObserversCount() === 0)
    queryClient.removeQueries({ queryKey: detail.queryKey, exact: true });
}
