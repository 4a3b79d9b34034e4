/** Query keys of the subscription feature. `all` is the prefix every subscription query shares. */
export const subscriptionKeys = {
  all: ['subscription'] as const,
  info: ['subscription', 'info'] as const,
  plans: ['subscription', 'plans'] as const,
  pricing: ['subscription', 'pricing'] as const,
};
