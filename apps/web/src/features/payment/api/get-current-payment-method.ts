import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@mediadiet/contract/routes';
import { apiRequest } from '@/lib/api-client';
import { paymentKeys } from '@/features/payment/api/keys';

/** `GET /api/payment/current` → the default card, or null. */
export async function getCurrentPaymentMethod(signal?: AbortSignal) {
  const { paymentMethod } = await apiRequest(api.paymentCurrent, { signal });
  return paymentMethod;
}

export function getCurrentPaymentMethodQueryOptions() {
  return queryOptions({
    queryKey: paymentKeys.current,
    queryFn: ({ signal }) => getCurrentPaymentMethod(signal),
  });
}

export function useCurrentPaymentMethod() {
  return useQuery(getCurrentPaymentMethodQueryOptions());
}
