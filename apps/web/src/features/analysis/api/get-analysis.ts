import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@mediadiet/contract/routes';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** `GET /api/analysis/get/:id` → one of the user's analyses (404 when it is not theirs or does not exist). */
export async function getAnalysis(id: string, signal?: AbortSignal) {
  const { analysis } = await apiRequest(api.analysisGet, { params: { id }, signal });
  return analysis;
}

/**
 * The whole analysis. The history holds only what its cards show (RecentAnalysis), so a detail opened from a
 * card is fetched — unless this cache already has it in full: an analysis that arrived live
 * (`analysis_created`, lib/analysis-cache.ts) or was opened before.
 */
export function getAnalysisQueryOptions(id: string) {
  return queryOptions({
    queryKey: queryKeys.analysisDetail(id),
    queryFn: ({ signal }) => getAnalysis(id, signal),
    // An analysis never changes once scored.
    staleTime: Infinity,
  });
}

/** Nothing is asked without an id. */
export function useAnalysis(id: string) {
  return useQuery({ ...getAnalysisQueryOptions(id), enabled: id.trim() !== '' });
}
