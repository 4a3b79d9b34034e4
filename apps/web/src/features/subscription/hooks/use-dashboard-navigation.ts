import { useSubscription } from '@/features/subscription/api/get-subscription';
import {
  dashboardNavigation,
  type DashboardNavigation,
} from '@/features/subscription/components/subscription-nav-state';

/**
 * The dashboard's navigation state from the subscription query (see subscription-nav-state.ts). Pair it
 * with `isNavigationVisible(nav, view)` and `resolveDashboardView(nav, view)`.
 */
export function useDashboardNavigation(): DashboardNavigation {
  const { isPending, isError, data } = useSubscription();
  return dashboardNavigation({ isPending, isError, data });
}
