import type { QueryClient } from '@tanstack/react-query';
import type { PaymentMethod } from '@mediadiet/contract/payment';
import { paymentKeys } from '@/features/payment/api/keys';

/**
 * After removing a card or choosing the default one: the answer's cards replace the cached list, and the
 * default card, which may have changed with it, is refetched.
 */
export function applyPaymentMethodsChange(queryClient: QueryClient, paymentMethods: PaymentMethod[]) {
  queryClient.setQueryData(paymentKeys.methods, paymentMethods);
  return queryClient.invalidateQueries({ queryKey: paymentKeys.current });
}
