import { analysisCreatedEvent, analysisDeletedEvent } from '@mediadiet/contract/realtime';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { PerUserCache } from '../lib/per-user-cache.ts';
import { RecentPagesCache } from '../modules/analysis/recent-cache.ts';

/** Insights answers (a few KB each) kept per user and period; another instance's analyses show within the TTL. */
export const INSIGHTS_CACHE_TTL_MS = 2_000;
export const INSIGHTS_CACHE_MAX_ENTRIES = 1_000;

declare module 'fastify' {
  interface FastifyInstance {
    /** Answers of GET /api/analysis/recent kept a moment per user and query (decision 071). */
    recentAnalysesCache: RecentPagesCache;
    /** Answers of GET /api/analysis/insights(/:month/:year) kept a moment per user and period. */
    insightsCache: PerUserCache<Buffer>;
  }
}

/**
 * The history's and the insights' response caches, and what keeps them honest: every
 * `analysis_created_{userId}` or `analysis_deleted_{userId}` this instance emits (the touch-point worker does,
 * after the analysis is committed; "Forget this page" does, after the analysis is removed) first drops that user's kept pages and insights,
 * so the refetch it may trigger reads the new analysis. The other instances are told through the cluster's
 * broadcast before the event is emitted (same Redis connection, so they drop the pages before their sockets
 * get the event); without Redis, or while it is down, they see the analysis within the cache's TTL (2 s).
 */
export default fp(
  function analysisCache(app: FastifyInstance) {
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

    const emit = app.emitToUser.bind(app);
    app.emitToUser = (userId, event, payload) => {
      if (event === analysisCreatedEvent(userId) || event === analysisDeletedEvent(userId)) {
        invalidate(userId);
        app.cluster.broadcast({ kind: 'recent-analyses', userId });
      }
      emit(userId, event, payload);
    };
    app.cluster.on('recent-analyses', ({ userId }) => invalidate(userId));
  },
  { name: 'analysis-cache', dependencies: ['socket', 'cluster'] },
);
