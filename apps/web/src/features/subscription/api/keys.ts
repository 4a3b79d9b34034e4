import { queryKeys } from '@/lib/query-keys';

/**
 * Query keys of the subscription feature. `all` is the prefix every subscription query shares; it is the
 * shared `queryKeys.subscription`, which the real-time and cross-tab refresh (lib/) invalidate.
 */
export const subscriptionKeys = {
  all: queryKeys.subscription,
  info: ['subscription', 'info'] as const,
  plans: ['subscription', 'plans'] as const,
  pricing: ['subscription', 'pricing'] as const,
};
