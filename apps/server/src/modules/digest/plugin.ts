import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
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

export interface LetterSchedule {
  /** One run at the clock's time (joins a run in flight). */
  runOnce(): Promise<RunResult>;
  start(intervalMs: number): void;
  stop(): Promise<void>;
}

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

    let timer: NodeJS.Timeout | undefined;
    let running: Promise<RunResult> | undefined;
    const runOnce = () => (running ??= service.runDue().finally(() => (running = undefined)));
    const schedule: LetterSchedule = {
      runOnce,
      start(intervalMs) {
        if (timer || intervalMs <= 0) return;
        timer = setInterval(() => {
          if (running) return;
          runOnce().catch((error: unknown) =>
            app.log.error({ err: error }, 'weekly letters: the run failed'),
          );
        }, intervalMs);
        timer.unref();
      },
      async stop() {
        clearInterval(timer);
        timer = undefined;
        await running?.catch(() => {});
      },
    };

    app.decorate('digest', { ...service, schedule });
    const intervalMs = app.config.weeklyLetterIntervalMs;
    if (intervalMs > 0) {
      app.addHook('onReady', (done) => {
        schedule.start(intervalMs);
        done();
      });
    }
    app.addHook('preClose', async () => {
      await schedule.stop();
    });
    registerDigestRoutes(app, service);
  },
  {
    name: 'digest',
    dependencies: ['db', 'mail', 'rate-limit', 'users', 'auth', 'billing', 'analysis', 'goals'],
  },
);
