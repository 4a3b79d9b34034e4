import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@mediadiet/contract/routes';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/**
 * The signed-in user as `GET /api/account/info` reports it, under the shared key `['account', 'info']`
 * (lib/query-keys.ts; the real-time and cross-tab refresh invalidate it). Features do not import each
 * other, so the subscription page reads it here with the same key and the same cached shape (`User`).
 */
export async function getCurrentUser(signal?: AbortSignal) {
  const { user } = await apiRequest(api.accountInfo, { signal });
  return user;
}

export function getCurrentUserQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.accountInfo,
    queryFn: ({ signal }) => getCurrentUser(signal),
  });
}

export function useCurrentUser() {
  return useQuery(getCurrentUserQueryOptions());
}
