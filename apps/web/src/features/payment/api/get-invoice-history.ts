import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@mediadiet/contract/routes';
import { apiRequest } from '@/lib/api-client';
import { paymentKeys } from '@/features/payment/api/keys';

/** `GET /api/payment/history` → invoices, newest first. */
export async function getInvoiceHistory(signal?: AbortSignal) {
  const { invoices } = await apiRequest(api.paymentHistory, { signal });
  return invoices;
}

export function getInvoiceHistoryQueryOptions() {
  return queryOptions({
    queryKey: paymentKeys.history,
    queryFn: ({ signal }) => getInvoiceHistory(signal),
  });
}

export function useInvoiceHistory({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...getInvoiceHistoryQueryOptions(), enabled });
}
