import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { insightsPeriodParams, type InsightsPeriod } from '@mediadiet/contract/insights';
import { api } from '@mediadiet/contract/routes';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { loadPolicy } from '@/features/analysis/api/load-policy';

/** A month (`mm` 1–12) or a whole year (`mm` null). */
export type Period = Pick<InsightsPeriod, 'mm' | 'yy'>;

/**
 * `GET /api/analysis/insights` (period null: the current month in the account's time zone) or
 * `GET /api/analysis/insights/:month/:year` (`month` 'all' for a whole year).
 */
export function getInsights(period: Period | null, signal?: AbortSignal) {
  // Up to 100 results, the trends and every top domain: built by the server from this schema, not re-parsed.
  if (!period) return apiRequest(api.analysisInsights, { signal, validate: false });
  return apiRequest(api.analysisInsightsPeriod, {
    params: insightsPeriodParams(period),
    signal,
    validate: false,
  });
}

export function getInsightsQueryOptions(period: Period | null) {
  return queryOptions({
    queryKey: queryKeys.insightsPeriod(period),
    queryFn: ({ signal }) => getInsights(period, signal),
    ...loadPolicy,
  });
}

/**
 * Insights for a period. While another period loads, the previous one stays on screen
 * (`isPlaceholderData`), so the period buttons and the content do not jump.
 */
export function useInsights(period: Period | null, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...getInsightsQueryOptions(period), enabled, placeholderData: keepPreviousData });
}
