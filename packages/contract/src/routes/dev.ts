import { OutboxQuerySchema, OutboxResponseSchema } from '../dev';
import { defineContract, defineRoute } from '../http';

/** Development tools (registered only in development and test). */
export const devContract = defineContract({
  devOutbox: defineRoute({
    operationId: 'devOutbox',
    method: 'GET',
    path: '/dev/outbox',
    summary: 'Development outbox (only without SMTP)',
    tag: 'dev',
    auth: 'none',
    query: OutboxQuerySchema,
    response: OutboxResponseSchema,
  }),
});
