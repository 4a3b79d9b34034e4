import { analysisCreatedEvent } from '@mediadiet/contract/realtime';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { RecentPagesCache } from '../modules/analysis/recent-cache.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Answers of GET /api/analysis/recent kept a moment per user and query (decision 071). */
    recentAnalysesCache: RecentPagesCache;
  }
}

/**
 * The history's response cache, and what keeps it honest: every `analysis_created_{userId}` this instance
 * emits (the touch-point worker does, after the analysis is committed) first drops that user's kept pages,
 * so the refetch it may trigger reads the new analysis. The other instances are told through the cluster's
 * broadcast before the event is emitted (same Redis connection, so they drop the pages before their sockets
 * get the event); without Redis, or while it is down, they see the analysis within the cache's TTL (2 s).
 */
export default fp(
  function analysisCache(app: FastifyInstance) {
    const cache = new RecentPagesCache();
    app.decorate('recentAnalysesCache', cache);

    const emit = app.emitToUser.bind(app);
    app.emitToUser = (userId, event, payload) => {
      if (event === analysisCreatedEvent(userId)) {
        cache.invalidate(userId);
        app.cluster.broadcast({ kind: 'recent-analyses', userId });
      }
      emit(userId, event, payload);
    };
    app.cluster.on('recent-analyses', ({ userId }) => cache.invalidate(userId));
  },
  { name: 'analysis-cache', dependencies: ['socket', 'cluster'] },
);
