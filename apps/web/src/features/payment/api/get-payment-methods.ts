import { useQuery } from '@tanstack/react-query';
import { api } from '@mediadiet/contract/routes';
import { routeQuery } from '@/lib/api-query';
import { paymentKeys } from '@/features/payment/api/keys';

/** `GET /api/payment/methods` → the saved cards (`data.paymentMethods`). */
const paymentMethodsQuery = routeQuery(
  api.paymentMethodsList,
  paymentKeys.methods,
  (body) => body.data.paymentMethods,
);

export const usePaymentMethods = () => useQuery(paymentMethodsQuery);
