import { useQuery } from '@tanstack/react-query';
import { api } from '@mediadiet/contract/routes';
import { routeQuery } from '@/lib/api-query';
import { paymentKeys } from '@/features/payment/api/keys';

/** `GET /api/payment/history` → invoices, newest first. */
const invoiceHistoryQuery = routeQuery(api.paymentHistory, paymentKeys.history, (body) => body.invoices);

export const useInvoiceHistory = () => useQuery(invoiceHistoryQuery);
