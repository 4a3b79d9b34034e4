import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { trendPeriodText } from '@mediadiet/contract/insights';
import { extraApi } from '@mediadiet/contract/routes';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import type { Period } from '@/features/analysis/api/get-insights';
import { loadPolicy } from '@/features/analysis/api/load-policy';

/** `GET /api/analysis/trends?period=2025-02` (a month, weekly) or `?period=2025` (a year, monthly). */
export function getVerdictTrend(period: Period, signal?: AbortSignal) {
  return apiRequest(extraApi.analysisTrends, { query: { period: trendPeriodText(period) }, signal });
}

export function getVerdictTrendQueryOptions(period: Period) {
  return queryOptions({
    queryKey: queryKeys.insightsTrend(period),
    queryFn: ({ signal }) => getVerdictTrend(period, signal),
    ...loadPolicy,
  });
}

/** The verdict trend of a period; while another period loads, the previous one stays on screen. */
export function useVerdictTrend(period: Period) {
  return useQuery({ ...getVerdictTrendQueryOptions(period), placeholderData: keepPreviousData });
}
