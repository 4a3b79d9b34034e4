import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import registerAccountRoutes from './routes.ts';
import { createAccountService } from './service.ts';

/**
 * The account module: read it, export everything held about it, delete it (routes.ts). It owns no table; it
 * reads and closes through the other modules' services, so it is registered after them.
 */
export default fp(
  function account(app: FastifyInstance) {
    const service = createAccountService({
      users: app.users,
      sessions: app.sessions,
      analysis: app.analysis,
      urls: app.urls,
      goals: app.goals,
      mood: app.mood,
      labels: app.labels,
      questionnaire: app.questionnaire.service,
      extensionKeys: app.extensionKeys,
      subscriptions: app.billing.subscriptions,
      clock: app.clock,
      payments: app.billing.payments,
      closure: app.billing.closure,
    });
    registerAccountRoutes(app, service);
  },
  {
    name: 'account',
    dependencies: ['users', 'auth', 'analysis', 'urls', 'goals', 'questionnaire', 'extension', 'billing', 'mood', 'labels'],
  },
);
