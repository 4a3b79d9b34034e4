import { useQuery } from '@tanstack/react-query';
import { api } from '@mediadiet/contract/routes';
import { routeQuery } from '@/lib/api-query';
import { paymentKeys } from '@/features/payment/api/keys';

/** `GET /api/payment/current` → the default card, or null. */
const currentPaymentMethodQuery = routeQuery(
  api.paymentCurrent,
  paymentKeys.current,
  (body) => body.paymentMethod,
);

export const useCurrentPaymentMethod = () => useQuery(currentPaymentMethodQuery);
