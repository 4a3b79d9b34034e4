import { analyze } from '@mediadiet/analyzer';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createProfileLookup, type ProfileFor } from './profile-scorer.ts';
import { registerQuestionnaireRoutes } from './routes.ts';
import type { AnalyzeText } from './scoring.ts';
import { createQuestionnaireService, type QuestionnaireService } from './service.ts';
import { createQuestionnaireWorker, type QuestionnaireWorker, type QuestionnaireWorkerOptions } from './worker.ts';

declare module 'fastify' {
  interface FastifyInstance {
    questionnaire: {
      service: QuestionnaireService;
      worker: QuestionnaireWorker;
      /** Users' personality profiles, for scoring pages against them (the touch-point worker). */
      profiles: ProfileFor;
    };
  }
}

export interface QuestionnairePluginOptions {
  /** Scores text answers. Default: the offline analyzer's `analyze`. */
  analyzeText?: AnalyzeText;
  workerOptions?: Partial<QuestionnaireWorkerOptions>;
}

/**
 * The questionnaire (issue #8, decision 081): its routes, its service and the durable worker that turns
 * answers into the personality profile. The worker starts with the app unless QUESTIONNAIRE_WORKER=off
 * (tests call `app.questionnaire.worker.runOnce()` / `drain()`) and stops before the database closes.
 */
export default fp<QuestionnairePluginOptions>(
  function questionnaire(app: FastifyInstance, options) {
    const worker = createQuestionnaireWorker({
      db: app.db,
      users: app.users,
      analyzeText: options.analyzeText ?? ((text) => analyze({ text })),
      log: app.log.child({ job: 'questionnaire-worker' }),
      emitToUser: (...args) => app.emitToUser(...args),
      onPass: (result) => {
        app.metrics.jobFailures('questionnaire', 'retried', result.retried);
        app.metrics.jobFailures('questionnaire', 'failed', result.failed);
        app.metrics.jobsDone('questionnaire', result.completed);
      },
      ...(options.workerOptions ? { options: options.workerOptions } : {}),
    });
    const service = createQuestionnaireService({
      db: app.db,
      users: app.users,
      subscriptions: app.billing.subscriptions,
      clock: app.clock,
      delayMs: app.config.questionnaire.delayMs,
      onQueued: () => worker.notify(),
    });
    app.decorate('questionnaire', { service, worker, profiles: createProfileLookup(app.db) });
    registerQuestionnaireRoutes(app, service);

    if (app.config.questionnaire.workerEnabled) {
      app.addHook('onReady', (done) => {
        worker.start();
        done();
      });
    }
    app.addHook('preClose', async () => {
      await worker.stop();
    });
  },
  { name: 'questionnaire', dependencies: ['db', 'users', 'auth', 'socket', 'billing', 'metrics'] },
);
