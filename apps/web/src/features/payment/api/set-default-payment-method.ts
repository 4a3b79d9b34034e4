import { api } from '@mediadiet/contract/routes';
import { apiRequest } from '@/lib/api-client';
import { useCacheMutation } from '@/lib/api-query';
import { applyPaymentMethodsChange } from '@/features/payment/api/payment-methods-change';

/** `POST /api/payment/methods/default` {paymentMethodId} → the cards after the change. */
export const setDefaultPaymentMethod = async (paymentMethodId: string) =>
  (await apiRequest(api.paymentMethodsSetDefault, { body: { paymentMethodId } })).data.paymentMethods;

export const useSetDefaultPaymentMethod = () =>
  useCacheMutation(setDefaultPaymentMethod, applyPaymentMethodsChange);
