import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@mediadiet/contract/routes';
import type { PlanId } from '@mediadiet/contract/subscription';
import { apiRequest } from '@/lib/api-client';
import { announceUserChanged } from '@/lib/session';
import { subscriptionKeys } from '@/features/subscription/api/keys';

/** `POST /api/subscription/update` {planId}: change plan, effective immediately. */
export async function updateSubscription(planId: PlanId) {
  const { subscription } = await apiRequest(api.subscriptionUpdate, { body: { planId } });
  return subscription;
}

export function useUpdateSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSubscription,
    onSuccess: () => {
      announceUserChanged(queryClient);
      return queryClient.invalidateQueries({ queryKey: subscriptionKeys.info });
    },
  });
}
