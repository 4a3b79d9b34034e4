import { serviceModule } from '../../lib/service-module.ts';
import registerMoodRoutes from './routes.ts';
import { createMoodService, type MoodService } from './service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Mood check-ins (the account export reads them too). */
    mood: MoodService;
  }
}

/**
 * The mood module: daily check-ins and their relation to the previous day's reading (the analysis module's
 * per-day verdicts). Its rows go with the account (ON DELETE CASCADE on users).
 */
export default serviceModule(
  'mood',
  ['db', 'users', 'auth', 'rate-limit', 'analysis'],
  (app) =>
    createMoodService({
      db: app.db,
      clock: app.clock,
      analysis: app.analysis,
      timeZone: (userId) => app.users.timeZone(userId),
    }),
  registerMoodRoutes,
);
