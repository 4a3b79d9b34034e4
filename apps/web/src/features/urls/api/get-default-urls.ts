import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@mediadiet/contract/routes';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/**
 * `GET /api/extension/disabled` (accepts the session, docs/decisions/001) → the default protected
 * websites grouped by category (`urls.defaults`). They rarely change, so they stay fresh for the session.
 */
export async function getDefaultUrls(signal?: AbortSignal) {
  const { urls } = await apiRequest(api.extensionDisabled, { signal });
  return urls.defaults;
}

export function getDefaultUrlsQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.urlsDisabled,
    queryFn: ({ signal }) => getDefaultUrls(signal),
    staleTime: Infinity,
    retry: 1,
  });
}

export function useDefaultUrls() {
  return useQuery(getDefaultUrlsQueryOptions());
}
