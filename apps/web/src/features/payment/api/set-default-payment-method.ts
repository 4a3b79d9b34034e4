import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@mediadiet/contract/routes';
import { apiRequest } from '@/lib/api-client';
import { paymentKeys } from '@/features/payment/api/keys';

/** `POST /api/payment/methods/default` {paymentMethodId} → the cards after the change. */
export async function setDefaultPaymentMethod(paymentMethodId: string) {
  const { data } = await apiRequest(api.paymentMethodsSetDefault, { body: { paymentMethodId } });
  return data.paymentMethods;
}

export function useSetDefaultPaymentMethod() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setDefaultPaymentMethod,
    onSuccess: async (paymentMethods) => {
      queryClient.setQueryData(paymentKeys.methods, paymentMethods);
      await queryClient.invalidateQueries({ queryKey: paymentKeys.current });
    },
  });
}
