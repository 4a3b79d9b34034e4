import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createTouchpointWorker, type TouchpointWorker, type TouchpointWorkerOptions } from '../jobs/touchpoint-worker.ts';
import { createScorer, type ClosableScorer, type Scorer } from '../modules/analysis/scorer.ts';
import { createExtensionKeyService, type ExtensionKeyService } from '../modules/extension/keys.ts';
import { createIngestService, type IngestService } from '../modules/extension/ingest.ts';
import { createProfileLookup, withProfiles } from '../modules/questionnaire/profile-scorer.ts';

declare module 'fastify' {
  interface FastifyInstance {
    extensionKeys: ExtensionKeyService;
    touchpoints: {
      ingest: IngestService;
      worker: TouchpointWorker;
      /** Requests this instance is serving now, as the worker counts them (0 when it does not need to). */
      requestsInFlight(): number;
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
 * The extension's credentials and the touch-point pipeline: the apiKey service (registered as the
 * extension key verifier), the ingest service and the durable worker. The worker starts with the app
 * unless TOUCHPOINT_WORKER=off (tests call `app.touchpoints.worker.runOnce()`), and stops before the
 * database closes.
 */
export default fp<TouchpointsPluginOptions>(
  async function touchpoints(app: FastifyInstance, options) {
    const keys = createExtensionKeyService({
      db: app.db,
      hasher: app.hasher,
      clock: app.clock,
      onRevoked: (userId) => app.cluster.broadcast({ kind: 'forget-user-keys', userId }),
    });
    app.decorate('extensionKeys', keys);
    app.registerExtensionKeyVerifier((apiKey) => keys.verify(apiKey), { forgetUser: (userId) => keys.forgetUser(userId) });

    // The offline analyzer runs on TOUCHPOINT_ANALYZE_THREADS worker threads (decision 061).
    const baseScorer =
      options.scorer ?? (await createScorer(app.config.analyzer, {
        threads: app.config.touchpointWorker.analyzeThreads,
        nice: app.config.touchpointWorker.analyzeNice,
      }));
    // Personalised: each page is scored against its user's profile (decision 081); the pages of a claimed batch
    // share one profile read.
    const scorer = withProfiles(baseScorer, createProfileLookup(app.db));
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
    const worker = createTouchpointWorker({
      db: app.db,
      usage: app.usage,
      scorer,
      log: app.log.child({ job: 'touchpoint-worker' }),
      emitToUser: (...args) => app.emitToUser(...args),
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
    app.decorate('touchpoints', { ingest, worker, requestsInFlight: () => inFlight });

    if (app.config.touchpointWorker.enabled) {
      app.addHook('onReady', (done) => {
        worker.start();
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
  { name: 'touchpoints', dependencies: ['db', 'auth', 'socket', 'payments', 'cluster', 'metrics'] },
);
