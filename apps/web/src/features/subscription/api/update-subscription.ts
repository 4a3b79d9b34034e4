import { api } from '@mediadiet/contract/routes';
import type { PlanId } from '@mediadiet/contract/subscription';
import { apiRequest } from '@/lib/api-client';
import { useCacheMutation } from '@/lib/api-query';
import { applySubscriptionChange } from '@/features/subscription/api/subscription-change';

/** `POST /api/subscription/update` {planId}: change plan, effective immediately. */
export const updateSubscription = async (planId: PlanId) =>
  (await apiRequest(api.subscriptionUpdate, { body: { planId } })).subscription;

export const useUpdateSubscription = () => useCacheMutation(updateSubscription, applySubscriptionChange);
