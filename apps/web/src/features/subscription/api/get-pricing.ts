import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@mediadiet/contract/routes';
import { apiRequest } from '@/lib/api-client';
import { subscriptionKeys } from '@/features/subscription/api/keys';

/** `GET /api/pricing` → the overage tiers of the Basic and Premium plans (Usage Limits). */
export async function getPricing(signal?: AbortSignal) {
  const { data } = await apiRequest(api.pricingGet, { signal });
  return data.pricing;
}

export function getPricingQueryOptions() {
  return queryOptions({
    queryKey: subscriptionKeys.pricing,
    queryFn: ({ signal }) => getPricing(signal),
    staleTime: 5 * 60_000,
  });
}

export function usePricing() {
  return useQuery(getPricingQueryOptions());
}
