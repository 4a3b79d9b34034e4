import { useQuery } from '@tanstack/react-query';
import { PLAN_IDS, type Plan } from '@mediadiet/contract/subscription';
import { api } from '@mediadiet/contract/routes';
import { routeQuery } from '@/lib/api-query';
import { subscriptionKeys } from '@/features/subscription/api/keys';

/** `GET /api/subscription/plans` → the plans in the order free, basic, premium. */
const plansQuery = routeQuery(
  api.subscriptionPlans,
  subscriptionKeys.plans,
  ({ plans }): Plan[] => PLAN_IDS.flatMap((id) => (plans[id] ? [plans[id]] : [])),
  { staleTime: 5 * 60_000 },
);

export const usePlans = () => useQuery(plansQuery);
