import type { QueryClient } from '@tanstack/react-query';
import { announceUserChanged } from '@/lib/session';
import { subscriptionKeys } from '@/features/subscription/api/keys';

/**
 * After a plan change, a cancelation or a reactivation: the other tabs hear that the user changed, and the
 * subscription is refetched (the mutation stays pending until it is).
 */
export function applySubscriptionChange(queryClient: QueryClient) {
  announceUserChanged(queryClient);
  return queryClient.invalidateQueries({ queryKey: subscriptionKeys.info });
}
