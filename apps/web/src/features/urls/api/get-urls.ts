import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@mediadiet/contract/routes';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** `GET /api/account/urls` → the user's ignored sites (`urls.current`). */
export async function getUrls(signal?: AbortSignal): Promise<string[]> {
  const { urls } = await apiRequest(api.accountUrlsList, { signal });
  return urls.current;
}

export function getUrlsQueryOptions() {
  return queryOptions({ queryKey: queryKeys.urls, queryFn: ({ signal }) => getUrls(signal) });
}

export function useUrls() {
  return useQuery(getUrlsQueryOptions());
}
