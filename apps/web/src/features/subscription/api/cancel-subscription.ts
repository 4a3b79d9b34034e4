import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@mediadiet/contract/routes';
import { apiRequest } from '@/lib/api-client';
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
    onSuccess: () => queryClient.invalidateQueries({ queryKey: subscriptionKeys.info }),
  });
}
