import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@mediadiet/contract/routes';
import { apiRequest } from '@/lib/api-client';
import { announceUserChanged } from '@/lib/session';
import { subscriptionKeys } from '@/features/subscription/api/keys';

/** `POST /api/subscription/cancel`: cancels at the end of the period (status scheduled_cancelation). */
export async function cancelSubscription() {
  const { subscription } = await apiRequest(api.subscriptionCancel);
  return subscription;
}

export function useCancelSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelSubscription,
    onSuccess: () => {
      announceUserChanged(queryClient);
      return queryClient.invalidateQueries({ queryKey: subscriptionKeys.info });
    },
  });
}
