import { useQuery } from '@tanstack/react-query';
import { api } from '@mediadiet/contract/routes';
import { routeQuery } from '@/lib/api-query';
import { subscriptionKeys } from '@/features/subscription/api/keys';

/** `GET /api/pricing` → the overage tiers of the Basic and Premium plans (Usage Limits). */
const pricingQuery = routeQuery(api.pricingGet, subscriptionKeys.pricing, (body) => body.data.pricing, {
  staleTime: 5 * 60_000,
});

export const usePricing = () => useQuery(pricingQuery);
