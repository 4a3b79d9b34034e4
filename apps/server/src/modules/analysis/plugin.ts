import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { PerUserCache } from '../../lib/per-user-cache.ts';
import { RecentPagesCache } from './recent-cache.ts';
import registerAnalysisRoutes from './routes.ts';
import { createAnalysisService, type AnalysisService } from './service.ts';

/** Insights answers (a few KB each) kept per user and period; another instance's analyses show within the TTL. */
export const INSIGHTS_CACHE_TTL_MS = 2_000;
export const INSIGHTS_CACHE_MAX_ENTRIES = 1_000;

declare module 'fastify' {
  interface FastifyInstance {
    /** Answers of GET /api/analysis/recent kept a moment per user and query (decision 071). */
    recentAnalysesCache: RecentPagesCache;
    /** Answers of GET /api/analysis/insights(/:month/:year) kept a moment per user and period. */
    insightsCache: PerUserCache<Buffer>;
    /** History, analysis detail, insights and "Forget this page". */
    analysis: AnalysisService;
  }
}

/**
 * The analysis module (spec §2 History, Analysis detail, Insights; decision 071): its service, its routes and
 * the history's and the insights' response caches, with what keeps them honest. Every analysis the
 * touch-point worker stores (the `onAnalysisStored` hook, run before `analysis_created_{userId}` is emitted)
 * and every page forgotten (before `analysis_deleted_{userId}`) first drops that user's kept pages and
 * insights here, so the refetch the event may trigger reads the change. The other instances are told through
 * the cluster's broadcast before the event is emitted (same Redis connection, so they drop the pages before
 * their sockets get the event); without Redis, or while it is down, they see the change within the caches'
 * TTL (2 s).
 */
export default fp(
  function analysis(app: FastifyInstance) {
    const cache = new RecentPagesCache();
    const insights = new PerUserCache<Buffer>({
      ttlMs: INSIGHTS_CACHE_TTL_MS,
      maxEntries: INSIGHTS_CACHE_MAX_ENTRIES,
    });
    app.decorate('recentAnalysesCache', cache);
    app.decorate('insightsCache', insights);
    const invalidate = (userId: string) => {
      cache.invalidate(userId);
      insights.invalidate(userId);
    };
    const tellOthers = (userId: string) => void app.cluster.broadcast({ kind: 'recent-analyses', userId });
    /** The user's analyses changed: drop what this instance keeps, and tell the others. */
    const changed = (userId: string) => {
      invalidate(userId);
      tellOthers(userId);
    };
    app.cluster.on('recent-analyses', ({ userId }) => invalidate(userId));
    app.touchpoints.onAnalysisStored((userId) => changed(userId));

    const service = createAnalysisService({
      db: app.db,
      clock: app.clock,
      recentCache: cache,
      insightsCache: insights,
      usage: app.usage,
      touchpoints: app.touchpoints.ingest,
      timeZone: (userId) => app.users.timeZone(userId),
      tellOthers,
    });
    app.decorate('analysis', service);
    registerAnalysisRoutes(app, service, changed);
  },
  { name: 'analysis', dependencies: ['db', 'socket', 'cluster', 'users', 'billing', 'touchpoints', 'auth'] },
);
