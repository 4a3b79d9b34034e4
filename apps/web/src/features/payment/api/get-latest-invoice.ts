import { useQuery } from '@tanstack/react-query';
import { api } from '@mediadiet/contract/routes';
import { routeQuery } from '@/lib/api-query';
import { paymentKeys } from '@/features/payment/api/keys';

/** `GET /api/payment/invoice` → the latest invoice, or null. */
const latestInvoiceQuery = routeQuery(api.paymentInvoice, paymentKeys.latestInvoice, (body) => body.invoice);

export const useLatestInvoice = () => useQuery(latestInvoiceQuery);
