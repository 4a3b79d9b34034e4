import { api } from '@mediadiet/contract/routes';
import { apiRequest } from '@/lib/api-client';
import { useCacheMutation } from '@/lib/api-query';
import { applySubscriptionChange } from '@/features/subscription/api/subscription-change';

/** `POST /api/subscription/reactivate`: undoes a scheduled cancelation. */
export const reactivateSubscription = async () => (await apiRequest(api.subscriptionReactivate)).subscription;

export const useReactivateSubscription = () =>
  useCacheMutation(reactivateSubscription, applySubscriptionChange);
