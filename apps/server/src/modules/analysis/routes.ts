import { parseInsightsPeriod, parseTrendPeriod } from '@mediadiet/contract/insights';
import { analysisDeletedEvent, type AnalysisDeletedPayload } from '@mediadiet/contract/realtime';
import { contract } from '@mediadiet/contract/routes';
import type { FastifyInstance } from 'fastify';
import { requireAuth } from '../../http/auth-context.ts';
import { implement } from '../../http/route.ts';
import type { AnalysisService } from './service.ts';

/**
 * History and insights (spec §2, §7; decision 071): GET /api/analysis/recent (paged, with window totals),
 * GET /api/analysis/get/:id, GET /api/analysis/insights (the current month in the account's zone) and
 * GET /api/analysis/insights/:month/:year (`month` 1–12 or 'all' for the whole year),
 * GET /api/analysis/trends?period=YYYY-MM|YYYY (the verdict trend, issue 29),
 * GET /api/analysis/pages?period=…&page=&verdict=&category=&site= (the period's analysed pages, issue 29), and
 * DELETE /api/analysis/:id ("Forget this page", decision 116).
 */
export default function analysisRoutes(
  app: FastifyInstance,
  analysis: AnalysisService,
  /** Drops the user's kept pages and insights on every instance (plugin.ts). */
  changed: (userId: string) => void,
) {
  implement(app, contract.analysis, {
    // The history and the insights answer bytes the service serialised with the route's response schema and
    // keeps a moment per user and query (decision 071, 143): a repeated call reads no database, serialises and
    // encodes nothing.
    analysisRecent: (request) => analysis.recentResponse(requireAuth(request).userId, request.query),

    analysisGet: async (request) => ({
      success: true as const,
      analysis: await analysis.get(requireAuth(request).userId, request.params.id),
    }),

    analysisInsights: (request) => analysis.insightsResponse(requireAuth(request).userId),

    analysisInsightsPeriod: (request) =>
      analysis.insightsResponse(requireAuth(request).userId, parseInsightsPeriod(request.params)),

    analysisTrends: (request) =>
      analysis.trendsResponse(requireAuth(request).userId, parseTrendPeriod(request.query.period)),

    analysisPages: (request) => {
      const { period, page, verdict, category, site } = request.query;
      return analysis.pages(
        requireAuth(request).userId,
        parseTrendPeriod(period),
        { verdict, category, site },
        page === undefined ? 1 : Number(page),
      );
    },

    // Forgotten in one transaction; the user's kept pages and insights are dropped on every instance, then every
    // tab of the user (on any instance) drops it and refetches.
    analysisDelete: async (request) => {
      const { userId } = requireAuth(request);
      await analysis.forget(userId, request.params.id);
      changed(userId);
      const id = request.params.id.toLowerCase();
      const payload: AnalysisDeletedPayload = { userId, id };
      app.emitToUser(userId, analysisDeletedEvent(userId), payload);
      return { success: true as const, id };
    },
  });
}
