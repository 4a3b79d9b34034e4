import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@mediadiet/contract/routes';
import { apiRequest } from '@/lib/api-client';
import { subscriptionKeys } from '@/features/subscription/api/keys';

/** `GET /api/subscription` → `{subscription | null, count, tokensUsed, currentPeriodStart, nextBilling}`. */
export async function getSubscription(signal?: AbortSignal) {
  const { success: _success, ...info } = await apiRequest(api.subscriptionGet, { signal });
  return info;
}

export type SubscriptionInfo = Awaited<ReturnType<typeof getSubscription>>;

export function getSubscriptionQueryOptions() {
  return queryOptions({
    queryKey: subscriptionKeys.info,
    queryFn: ({ signal }) => getSubscription(signal),
  });
}

export function useSubscription() {
  return useQuery(getSubscriptionQueryOptions());
}
