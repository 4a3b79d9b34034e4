import { queryOptions, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { Analysis } from '@mediadiet/contract/analysis';
import { api } from '@mediadiet/contract/routes';
import { apiRequest } from '@/lib/api-client';
import type { RecentAnalysesCache } from '@/lib/analysis-cache';
import { queryKeys } from '@/lib/query-keys';

/** `GET /api/analysis/get/:id` → one of the user's analyses (404 when it is not theirs or does not exist). */
export async function getAnalysis(id: string, signal?: AbortSignal) {
  const { analysis } = await apiRequest(api.analysisGet, { params: { id }, signal });
  return analysis;
}

/** An analysis the loaded history already holds (opening a history card needs no request). */
function fromHistory(queryClient: QueryClient, id: string): Analysis | undefined {
  const recent = queryClient.getQueryData<RecentAnalysesCache>(queryKeys.analysisRecent);
  for (const page of recent?.pages ?? []) {
    const found = page.results.find((analysis) => analysis.id === id);
    if (found) return found;
  }
  return undefined;
}

export function getAnalysisQueryOptions(id: string, queryClient?: QueryClient) {
  return queryOptions({
    queryKey: queryKeys.analysisDetail(id),
    queryFn: ({ signal }) => getAnalysis(id, signal),
    initialData: queryClient ? () => fromHistory(queryClient, id) : undefined,
    // An analysis never changes once scored.
    staleTime: Infinity,
  });
}

/** Nothing is asked without an id. */
export function useAnalysis(id: string) {
  const queryClient = useQueryClient();
  return useQuery({ ...getAnalysisQueryOptions(id, queryClient), enabled: id.trim() !== '' });
}
