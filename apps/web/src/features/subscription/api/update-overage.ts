import { api } from '@mediadiet/contract/routes';
import { apiRequest } from '@/lib/api-client';
import { useCacheMutation } from '@/lib/api-query';
import { subscriptionKeys } from '@/features/subscription/api/keys';

/** `PATCH /api/subscription/overage` {amount}: the monthly overage cap in dollars. */
export const updateOverage = async (amount: number) =>
  (await apiRequest(api.subscriptionOverage, { body: { amount } })).subscription;

export const useUpdateOverage = () =>
  useCacheMutation(updateOverage, (queryClient) =>
    queryClient.invalidateQueries({ queryKey: subscriptionKeys.info }),
  );
