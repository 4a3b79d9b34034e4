import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@mediadiet/contract/routes';
import { apiRequest } from '@/lib/api-client';
import { paymentKeys } from '@/features/payment/api/keys';

/** `GET /api/payment/methods` → the saved cards (`data.paymentMethods`). */
export async function getPaymentMethods(signal?: AbortSignal) {
  const { data } = await apiRequest(api.paymentMethodsList, { signal });
  return data.paymentMethods;
}

export function getPaymentMethodsQueryOptions() {
  return queryOptions({
    queryKey: paymentKeys.methods,
    queryFn: ({ signal }) => getPaymentMethods(signal),
  });
}

export function usePaymentMethods() {
  return useQuery(getPaymentMethodsQueryOptions());
}
