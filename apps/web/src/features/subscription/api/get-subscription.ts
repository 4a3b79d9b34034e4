import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequestLazy } from '@/lib/api-lazy';
import { subscriptionKeys } from '@/features/subscription/api/keys';

/** `GET /api/subscription` → `{subscription | null, count, tokensUsed, currentPeriodStart, nextBilling}`. */
export async function getSubscription(signal?: AbortSignal) {
  // The header asks for it on every signed-in page: the route table loads with the call (lib/api-client.ts).
  const { success: _success, ...info } = await apiRequestLazy('subscriptionGet', { signal });
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
