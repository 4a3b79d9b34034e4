import { parseInsightsPeriod } from '@mediadiet/contract/insights';
import { analysisDeletedEvent, type AnalysisDeletedPayload } from '@mediadiet/contract/realtime';
import { api, extraApi } from '@mediadiet/contract/routes';
import type { FastifyInstance } from 'fastify';
import { registerRoute } from '../../http/route.ts';
import { requireAuth } from '../../plugins/auth.ts';
import { createAnalysisService } from './service.ts';

/**
 * History and insights (spec §2, §7; decision 071): GET /api/analysis/recent (paged, with window totals),
 * GET /api/analysis/get/:id, GET /api/analysis/insights (current UTC month) and
 * GET /api/analysis/insights/:month/:year (`month` 1–12 or 'all' for the whole year), and
 * DELETE /api/analysis/:id ("Forget this page", decision 116).
 */
export default function analysisRoutes(app: FastifyInstance) {
  const analysis = createAnalysisService({
    db: app.db,
    clock: app.clock,
    recentCache: app.recentAnalysesCache,
    insightsCache: app.insightsCache,
    usage: app.usage,
  });
  const json = 'application/json; charset=utf-8';

  // The answer is JSON made by the service (decision 071): the cards cut from each analysis' stored API view,
  // joined — and kept a moment per user and query as bytes, so a repeated call reads no database, serialises
  // and encodes nothing. The route keeps the contract's schema for the docs; tests parse every answer with it.
  registerRoute(app, api.analysisRecent, async (request, reply) => {
    const body = await analysis.recentResponse(requireAuth(request).userId, request.query);
    return reply.type(json).send(body);
  });

  registerRoute(app, api.analysisGet, async (request) => ({
    success: true as const,
    analysis: await analysis.get(requireAuth(request).userId, request.params.id),
  }));

  // Insights the same way, kept per user and period (the same invalidation as the history's).
  registerRoute(app, api.analysisInsights, async (request, reply) =>
    reply.type(json).send(await analysis.insightsResponse(requireAuth(request).userId)),
  );

  // Forgotten in one transaction; then every tab of the user (on any instance) drops it and refetches. The
  // event also drops the user's kept pages and insights on every instance (plugins/analysis-cache.ts).
  registerRoute(app, extraApi.analysisDelete, async (request) => {
    const { userId } = requireAuth(request);
    await analysis.forget(userId, request.params.id);
    const id = request.params.id.toLowerCase();
    const payload: AnalysisDeletedPayload = { userId, id };
    app.emitToUser(userId, analysisDeletedEvent(userId), payload);
    return { success: true as const, id };
  });

  registerRoute(app, api.analysisInsightsPeriod, async (request, reply) =>
    reply
      .type(json)
      .send(
        await analysis.insightsResponse(requireAuth(request).userId, parseInsightsPeriod(request.params)),
      ),
  );
}
