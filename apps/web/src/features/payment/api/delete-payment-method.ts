import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@mediadiet/contract/routes';
import { apiRequest } from '@/lib/api-client';
import { paymentKeys } from '@/features/payment/api/keys';

/** `DELETE /api/payment/methods/{id}` → the cards that remain. */
export async function deletePaymentMethod(id: string) {
  const { data } = await apiRequest(api.paymentMethodsDelete, { params: { id } });
  return data.paymentMethods;
}

export function useDeletePaymentMethod() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePaymentMethod,
    onSuccess: async (paymentMethods) => {
      queryClient.setQueryData(paymentKeys.methods, paymentMethods);
      // The default card may have changed with it.
      await queryClient.invalidateQueries({ queryKey: paymentKeys.current });
    },
  });
}
