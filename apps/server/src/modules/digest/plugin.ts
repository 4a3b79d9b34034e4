import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { intervalRun, runWhileOpen, type IntervalRun } from '../../lib/interval-run.ts';
import registerDigestRoutes from './routes.ts';
import { createDigestService, type DigestService, type RunResult } from './service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The weekly letter: composing, the schedule, send-now and unsubscribe (decision 158). */
    digest: DigestService & {
      /** The schedule's timer (started with the app when WEEKLY_LETTER_INTERVAL_MS > 0). */
      schedule: LetterSchedule;
    };
  }
}

/** The weekly letters' runs at the clock's time. */
export type LetterSchedule = IntervalRun<RunResult>;

/**
 * The weekly-letter module (issue 29, decision 158): its service, the schedule that runs it every
 * WEEKLY_LETTER_INTERVAL_MS on the instances that run jobs, and POST /api/digest/send and
 * POST|GET /api/digest/unsubscribe (routes.ts). It reads the week through the analysis and goals services and the
 * letter setting through the users and billing ones; its table (`weekly_letters`) goes with the account.
 */
export default fp(
  function digest(app: FastifyInstance) {
    const service = createDigestService({
      db: app.db,
      clock: app.clock,
      mailer: app.mailer,
      hasher: app.hasher,
      users: app.users,
      subscriptions: app.billing.subscriptions,
      analysis: app.analysis,
      goals: app.goals,
      config: { publicUrl: app.config.publicUrl, serviceName: app.config.serviceName },
      log: app.log.child({ module: 'digest' }),
    });

    const schedule: LetterSchedule = intervalRun(
      () => service.runDue(),
      (error: unknown) => app.log.error({ err: error }, 'weekly letters: the run failed'),
    );

    app.decorate('digest', { ...service, schedule });
    runWhileOpen(app, schedule, app.config.weeklyLetterIntervalMs);
    registerDigestRoutes(app, service);
  },
  {
    name: 'digest',
    dependencies: ['db', 'mail', 'rate-limit', 'users', 'auth', 'billing', 'analysis', 'goals'],
  },
);
