import { queryOptions, useQuery } from '@tanstack/react-query';
import { PLAN_IDS, type Plan } from '@mediadiet/contract/subscription';
import { api } from '@mediadiet/contract/routes';
import { apiRequest } from '@/lib/api-client';
import { subscriptionKeys } from '@/features/subscription/api/keys';

/** `GET /api/subscription/plans` → the plans in the order free, basic, premium. */
export async function getPlans(signal?: AbortSignal): Promise<Plan[]> {
  const { plans } = await apiRequest(api.subscriptionPlans, { signal });
  return PLAN_IDS.flatMap((id) => (plans[id] ? [plans[id]] : []));
}

export function getPlansQueryOptions() {
  return queryOptions({
    queryKey: subscriptionKeys.plans,
    queryFn: ({ signal }) => getPlans(signal),
    staleTime: 5 * 60_000,
  });
}

export function usePlans() {
  return useQuery(getPlansQueryOptions());
}
