import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '@mediadiet/contract/routes';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { loadPolicy } from '@/features/analysis/api/load-policy';

/**
 * `GET /api/analysis/recent?cursor=` → one page of the last 7 days' analyses, newest first, with totals for
 * the whole window and the cursor of the next (older) page (null on the last one).
 */
export function getRecentAnalyses(cursor: string | undefined, signal?: AbortSignal) {
  // A page of full analyses (scores of every category): built by the server from this schema, not re-parsed.
  return apiRequest(api.analysisRecent, { query: { cursor }, signal, validate: false });
}

export function getRecentAnalysesQueryOptions() {
  return infiniteQueryOptions({
    queryKey: queryKeys.analysisRecent,
    queryFn: ({ pageParam, signal }) => getRecentAnalyses(pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    ...loadPolicy,
  });
}

/** The history; new analyses are put in front by the socket (lib/analysis-cache.ts). */
export function useRecentAnalyses() {
  return useInfiniteQuery(getRecentAnalysesQueryOptions());
}
