import { api } from '@mediadiet/contract/routes';
import { apiRequest } from '@/lib/api-client';
import { useCacheMutation } from '@/lib/api-query';
import { applySubscriptionChange } from '@/features/subscription/api/subscription-change';

/** `POST /api/subscription/cancel`: cancels at the end of the period (status scheduled_cancelation). */
export const cancelSubscription = async () => (await apiRequest(api.subscriptionCancel)).subscription;

export const useCancelSubscription = () => useCacheMutation(cancelSubscription, applySubscriptionChange);
