import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { trendPeriodText, type InsightPagesFilters } from '@mediadiet/contract/insights';
import { extraApi } from '@mediadiet/contract/routes';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import type { Period } from '@/features/analysis/api/get-insights';
import { loadPolicy } from '@/features/analysis/api/load-policy';

/**
 * `GET /api/analysis/pages?period=2025-02&page=2&verdict=draining&category=anger&site=news.example.com`: one
 * page of the period's analysed pages, newest first, with the filters' total.
 */
export function getInsightPages(
  period: Period,
  filters: InsightPagesFilters,
  page: number,
  signal?: AbortSignal,
) {
  return apiRequest(extraApi.analysisPages, {
    query: {
      period: trendPeriodText(period),
      ...(page > 1 ? { page: String(page) } : {}),
      ...filters,
    },
    signal,
  });
}

export function getInsightPagesQueryOptions(period: Period, filters: InsightPagesFilters, page: number) {
  return queryOptions({
    queryKey: queryKeys.insightsPages(period, { ...filters, page }),
    queryFn: ({ signal }) => getInsightPages(period, filters, page, signal),
    ...loadPolicy,
  });
}

/** A page of the period's analysed pages; while the next one loads, the shown one stays (no jump). */
export function useInsightPages(period: Period, filters: InsightPagesFilters, page: number) {
  return useQuery({
    ...getInsightPagesQueryOptions(period, filters, page),
    placeholderData: keepPreviousData,
  });
}
