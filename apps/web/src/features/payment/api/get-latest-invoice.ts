import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@mediadiet/contract/routes';
import { apiRequest } from '@/lib/api-client';
import { paymentKeys } from '@/features/payment/api/keys';

/** `GET /api/payment/invoice` → the latest invoice, or null. */
export async function getLatestInvoice(signal?: AbortSignal) {
  const { invoice } = await apiRequest(api.paymentInvoice, { signal });
  return invoice;
}

export function getLatestInvoiceQueryOptions() {
  return queryOptions({
    queryKey: paymentKeys.latestInvoice,
    queryFn: ({ signal }) => getLatestInvoice(signal),
  });
}

export function useLatestInvoice() {
  return useQuery(getLatestInvoiceQueryOptions());
}
