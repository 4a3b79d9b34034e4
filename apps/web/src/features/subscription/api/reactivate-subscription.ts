import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@mediadiet/contract/routes';
import { apiRequest } from '@/lib/api-client';
import { announceUserChanged } from '@/lib/session';
import { subscriptionKeys } from '@/features/subscription/api/keys';

/** `POST /api/subscription/reactivate`: undoes a scheduled cancelation. */
export async function reactivateSubscription() {
  const { subscription } = await apiRequest(api.subscriptionReactivate);
  return subscription;
}

export function useReactivateSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reactivateSubscription,
    onSuccess: () => {
      announceUserChanged(queryClient);
      return queryClient.invalidateQueries({ queryKey: subscriptionKeys.info });
    },
  });
}
