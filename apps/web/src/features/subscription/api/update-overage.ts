import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@mediadiet/contract/routes';
import { apiRequest } from '@/lib/api-client';
import { subscriptionKeys } from '@/features/subscription/api/keys';

/** `PATCH /api/subscription/overage` {amount}: the monthly overage cap in dollars. */
export async function updateOverage(amount: number) {
  const { subscription } = await apiRequest(api.subscriptionOverage, { body: { amount } });
  return subscription;
}

export function useUpdateOverage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateOverage,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: subscriptionKeys.info }),
  });
}
