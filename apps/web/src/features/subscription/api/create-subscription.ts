import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@mediadiet/contract/routes';
import { messages } from '@mediadiet/contract/messages';
import {
  isAcceptedNewSubscriptionStatus,
  type CreateSubscriptionRequest,
} from '@mediadiet/contract/subscription';
import { apiRequest } from '@/lib/api-client';
import { announceUserChanged } from '@/lib/session';
import { queryKeys } from '@/lib/query-keys';
import { subscriptionKeys } from '@/features/subscription/api/keys';

export class InvalidSubscriptionStatusError extends Error {
  override readonly name = 'InvalidSubscriptionStatusError';
  constructor() {
    super(messages.billing.invalidStatus);
  }
}

/**
 * `POST /api/subscription/create` {plan, paymentMethodId}. A subscription that comes back with a status
 * other than active or trialing is refused (spec §4): it rejects with 'Subscription creation failed -
 * invalid status'.
 */
export async function createSubscription(body: CreateSubscriptionRequest) {
  const { subscription } = await apiRequest(api.subscriptionCreate, { body });
  if (!isAcceptedNewSubscriptionStatus(subscription.status)) throw new InvalidSubscriptionStatusError();
  return subscription;
}

export function useCreateSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createSubscription,
    // The subscription changed, and so did the user (stripe ids, hasHadFreeTrial).
    onSuccess: () => announceUserChanged(queryClient),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: subscriptionKeys.info }),
        queryClient.invalidateQueries({ queryKey: queryKeys.accountInfo }),
      ]),
  });
}
