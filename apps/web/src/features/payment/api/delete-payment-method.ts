import { api } from '@mediadiet/contract/routes';
import { apiRequest } from '@/lib/api-client';
import { useCacheMutation } from '@/lib/api-query';
import { applyPaymentMethodsChange } from '@/features/payment/api/payment-methods-change';

/** `DELETE /api/payment/methods/{id}` → the cards that remain. */
export const deletePaymentMethod = async (id: string) =>
  (await apiRequest(api.paymentMethodsDelete, { params: { id } })).data.paymentMethods;

export const useDeletePaymentMethod = () => useCacheMutation(deletePaymentMethod, applyPaymentMethodsChange);
