/** Query keys of the payment feature. `all` is the prefix every payment query shares. */
export const paymentKeys = {
  all: ['payment'] as const,
  methods: ['payment', 'methods'] as const,
  current: ['payment', 'current'] as const,
  latestInvoice: ['payment', 'invoice', 'latest'] as const,
  history: ['payment', 'history'] as const,
};
