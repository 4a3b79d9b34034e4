import type { Analysis } from '@mediadiet/contract/analysis';
import { analysisCreatedEvent, type AnalysisCreatedPayload } from '@mediadiet/contract/realtime';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createScorer, type ClosableScorer, type Scorer } from '../analysis/scorer.ts';
import { withProfiles } from '../questionnaire/profile-scorer.ts';
import { createIngestService, type IngestService } from './ingest.ts';
import registerTouchpointRoutes from './routes.ts';
import { createTouchpointWorker, type TouchpointWorker, type TouchpointWorkerOptions } from './worker.ts';

/** Told of a user's new analysis after it is committed, before `analysis_created_{userId}` is emitted. */
export type AnalysisStoredHook = (userId: string, analysis: Analysis) => void;

declare module 'fastify' {
  interface FastifyInstance {
    touchpoints: {
      ingest: IngestService;
      worker: TouchpointWorker;
      /** Requests this instance is serving now, as the worker counts them (0 when it does not need to). */
      requestsInFlight(): number;
      /**
       * Adds a hook run for every analysis the worker stores, after the commit and before the socket event
       * (the analysis module drops the user's kept history and insights there, so the refetch the event
       * triggers reads the new analysis).
       */
      onAnalysisStored(hook: AnalysisStoredHook): void;
      /** A committed analysis: runs the stored hooks, then emits `analysis_created_{userId}` (what the worker does). */
      announceStored(userId: string, analysis: Analysis): void;
    };
  }
}

export interface TouchpointsPluginOptions {
  /** Scores text (tests inject one). Default: from `config.analyzer`. */
  scorer?: Scorer;
  /** Worker tuning (tests shorten the backoff). */
  workerOptions?: Partial<TouchpointWorkerOptions>;
}

/**
 * The touch-point module (decision 061): ingest (POST /api/extension/touchpoints, routes.ts), its queue (the
 * `touchpoints` table, repository.ts) and the durable worker that scores and stores analyses (worker.ts). The
 * worker starts with the app unless TOUCHPOINT_WORKER=off (tests call `app.touchpoints.worker.runOnce()`), and
 * stops before the database closes.
 */
export default fp<TouchpointsPluginOptions>(
  async function touchpoints(app: FastifyInstance, options) {
    // The offline analyzer runs on TOUCHPOINT_ANALYZE_THREADS worker threads (decision 061).
    const baseScorer =
      options.scorer ?? (await createScorer(app.config.analyzer, {
        threads: app.config.touchpointWorker.analyzeThreads,
        nice: app.config.touchpointWorker.analyzeNice,
      }));
    // Personalised: each page is scored against its user's profile (decision 081); the pages of a claimed batch
    // share one profile read.
    const scorer = withProfiles(baseScorer, app.questionnaire.profiles);
    // Requests being served now: the worker's sign to yield (decision 095). Counted only where a worker runs
    // beside the API and may yield; the response's 'close' comes once, sent or aborted.
    const { yieldRequests, yieldPauseMs } = app.config.touchpointWorker;
    let inFlight = 0;
    const release = () => {
      inFlight--;
    };
    if (app.config.touchpointWorker.enabled && yieldRequests > 0) {
      app.addHook('onRequest', (request, reply, done) => {
        inFlight++;
        reply.raw.once('close', release);
        done();
      });
    }
    const storedHooks: AnalysisStoredHook[] = [];
    const announceStored = (userId: string, analysis: Analysis) => {
      for (const hook of storedHooks) hook(userId, analysis);
      const payload: AnalysisCreatedPayload = { userId, analysis };
      app.emitToUser(userId, analysisCreatedEvent(userId), payload);
    };
    const worker = createTouchpointWorker({
      db: app.db,
      usage: app.usage,
      scorer,
      log: app.log.child({ job: 'touchpoint-worker' }),
      onStored: announceStored,
      busy: () => yieldRequests > 0 && inFlight >= yieldRequests,
      onPass: (result) => {
        app.metrics.jobFailures('touchpoints', 'retried', result.retried);
        app.metrics.jobFailures('touchpoints', 'failed', result.failed);
        app.metrics.jobsDone('touchpoints', result.done);
      },
      options: {
        staleMs: app.config.touchpointWorker.staleMs,
        backoffMs: app.config.touchpointWorker.backoffMs,
        busyPauseMs: yieldPauseMs,
        ...options.workerOptions,
      },
    });
    const ingest = createIngestService({
      db: app.db,
      usage: app.usage,
      publicUrl: app.config.publicUrl,
      clock: app.clock,
      onQueued: () => worker.notify(),
      singleConnection: app.database.kind === 'pglite',
    });
    app.decorate('touchpoints', {
      ingest,
      worker,
      requestsInFlight: () => inFlight,
      onAnalysisStored: (hook: AnalysisStoredHook) => void storedHooks.push(hook),
      announceStored,
    });
    registerTouchpointRoutes(app, ingest);

    if (app.config.touchpointWorker.enabled) {
      app.addHook('onReady', (done) => {
        worker.start();
        // The analyzer threads load now, not when the first page arrives: after a deploy the pages queued
        // meanwhile are analysed at once instead of seconds later.
        if (!options.scorer) void (baseScorer as ClosableScorer).warm?.();
        done();
      });
    }
    app.addHook('preClose', async () => {
      await worker.stop();
    });
    app.addHook('onClose', async () => {
      if (!options.scorer) await (baseScorer as ClosableScorer).close();
    });
  },
  { name: 'touchpoints', dependencies: ['db', 'auth', 'socket', 'billing', 'questionnaire', 'metrics'] },
);
