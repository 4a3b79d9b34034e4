import { api } from '@mediadiet/contract/routes';
import { apiRequest } from '@/lib/api-client';
import { useCacheMutation } from '@/lib/api-query';
import { paymentKeys } from '@/features/payment/api/keys';

/**
 * `POST /api/payment/update` {paymentMethodId}: attaches a card just confirmed with the provider and makes
 * it the default.
 */
export const attachPaymentMethod = async (paymentMethodId: string) =>
  (await apiRequest(api.paymentUpdate, { body: { paymentMethodId } })).paymentMethod;

export const useAttachPaymentMethod = () =>
  useCacheMutation(attachPaymentMethod, (queryClient) =>
    queryClient.invalidateQueries({ queryKey: paymentKeys.all }),
  );
