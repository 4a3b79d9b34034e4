import { serviceModule } from '../../lib/service-module.ts';
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
export default serviceModule(
  'goals',
  ['db', 'users', 'auth', 'rate-limit', 'analysis'],
  (app) =>
    createGoalsService({
      db: app.db,
      clock: app.clock,
      analysis: app.analysis,
      timeZone: (userId) => app.users.timeZone(userId),
    }),
  registerGoalsRoutes,
);
