import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@mediadiet/contract/routes';
import { apiRequest } from '@/lib/api-client';
import { paymentKeys } from '@/features/payment/api/keys';

/**
 * `POST /api/payment/update` {paymentMethodId}: attaches a card just confirmed with the provider and makes
 * it the default.
 */
export async function attachPaymentMethod(paymentMethodId: string) {
  const { paymentMethod } = await apiRequest(api.paymentUpdate, { body: { paymentMethodId } });
  return paymentMethod;
}

export function useAttachPaymentMethod() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: attachPaymentMethod,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: paymentKeys.all }),
  });
}
