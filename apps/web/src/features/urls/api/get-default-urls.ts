import { useQuery } from '@tanstack/react-query';
import { api } from '@mediadiet/contract/routes';
import { routeQuery } from '@/lib/api-query';
import { queryKeys } from '@/lib/query-keys';

/**
 * `GET /api/extension/disabled` (accepts the session, docs/decisions/001) → the default protected
 * websites grouped by category (`urls.defaults`). They rarely change, so they stay fresh for the session.
 */
const defaultUrlsQuery = routeQuery(
  api.extensionDisabled,
  queryKeys.urlsDisabled,
  (body) => body.urls.defaults,
  {
    staleTime: Infinity,
    retry: 1,
  },
);

export const useDefaultUrls = () => useQuery(defaultUrlsQuery);
