import {
  AnalysisParamsSchema,
  AnalysisResponseSchema,
  ForgetAnalysisResponseSchema,
  RecentAnalysesQuerySchema,
  RecentAnalysesResponseSchema,
} from '../analysis';
import {
  InsightsPeriodParamsSchema,
  InsightsResponseSchema,
  VerdictTrendQuerySchema,
  VerdictTrendResponseSchema,
} from '../insights';
import { defineContract, defineRoute } from '../http';

/** History, analysis detail, insights, the verdict trend and "Forget this page". */
export const analysisContract = defineContract({
  analysisRecent: defineRoute({
    operationId: 'analysisRecent',
    method: 'GET',
    path: '/api/analysis/recent',
    specPath: '/api/analysis/recent',
    summary: 'Analyses of the last 7 days, newest first',
    tag: 'analysis',
    auth: 'session',
    query: RecentAnalysesQuerySchema,
    response: RecentAnalysesResponseSchema,
  }),
  analysisGet: defineRoute({
    operationId: 'analysisGet',
    method: 'GET',
    path: '/api/analysis/get/:id',
    specPath: '/api/analysis/get/{id}',
    summary: 'One analysis',
    tag: 'analysis',
    auth: 'session',
    params: AnalysisParamsSchema,
    response: AnalysisResponseSchema,
  }),
  analysisInsights: defineRoute({
    operationId: 'analysisInsights',
    method: 'GET',
    path: '/api/analysis/insights',
    specPath: '/api/analysis/insights',
    summary: 'Insights for the current month (UTC)',
    tag: 'analysis',
    auth: 'session',
    response: InsightsResponseSchema,
  }),
  analysisInsightsPeriod: defineRoute({
    operationId: 'analysisInsightsPeriod',
    method: 'GET',
    path: '/api/analysis/insights/:month/:year',
    specPath: '/api/analysis/insights/{month}/{year}',
    summary: "Insights for one month, or a whole year with month 'all'",
    tag: 'analysis',
    auth: 'session',
    params: InsightsPeriodParamsSchema,
    response: InsightsResponseSchema,
  }),
  analysisTrends: defineRoute({
    operationId: 'analysisTrends',
    method: 'GET',
    path: '/api/analysis/trends',
    summary:
      'Share of uplifting, neutral, mixed and draining pages per week of a month or per month of a year, with the previous period',
    tag: 'analysis',
    auth: 'session',
    query: VerdictTrendQuerySchema,
    response: VerdictTrendResponseSchema,
  }),
  analysisDelete: defineRoute({
    operationId: 'analysisDelete',
    method: 'DELETE',
    path: '/api/analysis/:id',
    summary: "Forget one page: its analysis, usage and share of the insights (404 when not the caller's)",
    tag: 'analysis',
    auth: 'session',
    params: AnalysisParamsSchema,
    response: ForgetAnalysisResponseSchema,
  }),
});
