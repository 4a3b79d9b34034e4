import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import registerGoalsRoutes from './routes.ts';
import { createGoalsService, type GoalsService } from './service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Reading goals and their progress (the account export reads them too). */
    goals: GoalsService;
  }
}

/**
 * The reading-goals module: its service and GET/PUT /api/goals (routes.ts). Progress is counted from the
 * analysis module's stored verdicts and hosts, through its service. The goals go with the account (the
 * table's owner key cascades).
 */
export default fp(
  function goals(app: FastifyInstance) {
    const service = createGoalsService({ db: app.db, clock: app.clock, analysis: app.analysis });
    app.decorate('goals', service);
    registerGoalsRoutes(app, service);
  },
  { name: 'goals', dependencies: ['db', 'auth', 'analysis'] },
);
