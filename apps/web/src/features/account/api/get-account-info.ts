import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@mediadiet/contract/routes';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** `GET /api/account/info` → the signed-in user. Refetched on `update_user_{id}` (lib/socket.ts). */
export async function getAccountInfo(signal?: AbortSignal) {
  const { user } = await apiRequest(api.accountInfo, { signal });
  return user;
}

export function accountInfoQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.accountInfo,
    queryFn: ({ signal }) => getAccountInfo(signal),
  });
}

export function useAccountInfo() {
  return useQuery(accountInfoQueryOptions());
}
