import { z } from 'zod';
import { CategoryIdSchema, ClassificationSchema } from './categories';
import { IdSchema, IsoDateTimeSchema, successWith } from './common';

/** One analysed page in an insights period (spec §3). `overall_score` is 0–100 (shown with 1 decimal). */
export const InsightSummarySchema = z.object({
  id: IdSchema,
  url: z.string(),
  createdAt: IsoDateTimeSchema,
  overall_score: z.number().min(0).max(100),
});
export type InsightSummary = z.infer<typeof InsightSummarySchema>;

/** A category in the trends donut. `name` is the category id; the display name comes from CATEGORIES. */
export const TrendCategorySchema = z.object({
  name: CategoryIdSchema,
  classification: ClassificationSchema,
});
export type TrendCategory = z.infer<typeof TrendCategorySchema>;

/** Trends: the categories and the period's average BaseScore (0–100) per category id. */
export const TrendsSchema = z.object({
  categories: z.array(TrendCategorySchema),
  metadata: z.object({
    averageScores: z.partialRecord(CategoryIdSchema, z.number().min(0).max(100)),
  }),
});
export type Trends = z.infer<typeof TrendsSchema>;

/** Top Domains table row: averageScore is the mean overall score 0–100. */
export const TopDomainSchema = z.object({
  domain: z.string(),
  averageScore: z.number().min(0).max(100),
  visitCount: z.number().int().nonnegative(),
});
export type TopDomain = z.infer<typeof TopDomainSchema>;

/** A month that has data: `mm` 1–12, `yy` the full year (2025). */
export const InsightDirectorySchema = z.object({
  mm: z.number().int().min(1).max(12),
  yy: z.number().int().min(2000).max(9999),
});
export type InsightDirectory = z.infer<typeof InsightDirectorySchema>;

/**
 * GET /api/analysis/insights and /api/analysis/insights/:month/:year (spec §3 "insights response").
 * Designed where the spec is silent:
 * - `scope` says whether the figures cover one month or a whole year; for a year `currMM` is null.
 * - `directories` lists every month that has analyses, newest first (the time-period buttons).
 * - `results` are the newest INSIGHT_RESULTS_LIMIT (100) of the period; `totalResults` counts all of them.
 *   Trends and top domains always cover the whole period. Periods are calendar months in UTC.
 */
export const InsightsResponseSchema = successWith({
  scope: z.enum(['month', 'year']),
  results: z.array(InsightSummarySchema),
  totalResults: z.number().int().nonnegative(),
  trends: TrendsSchema,
  topDomains: z.array(TopDomainSchema),
  directories: z.array(InsightDirectorySchema),
  currMM: z.number().int().min(1).max(12).nullable(),
  currYY: z.number().int().min(2000).max(9999),
  /**
   * The analyzer versions (base, e.g. "2.0.0"; "llm:<model>" for the LLM back end) that made the period's
   * analyses, oldest first. More than one: the period mixes scales, and the app says so.
   */
  modelVersions: z.array(z.string()).optional(),
});
export type InsightsResponse = z.infer<typeof InsightsResponseSchema>;

/** The `month` path segment for a whole year. */
export const WHOLE_YEAR = 'all';

/**
 * Path params of /api/analysis/insights/:month/:year. `month` is 1–12 (leading zero allowed) or `all` for
 * the whole year; `year` is four digits. Kept as strings (no transform) so the schema maps to JSON Schema;
 * use `parseInsightsPeriod` to read them.
 */
export const InsightsPeriodParamsSchema = z.object({
  month: z.string().regex(/^(0?[1-9]|1[0-2]|all)$/, { error: 'month must be 1-12 or "all"' }),
  year: z.string().regex(/^\d{4}$/, { error: 'year must have four digits' }),
});
export type InsightsPeriodParams = z.infer<typeof InsightsPeriodParamsSchema>;

export type InsightsPeriod =
  { scope: 'month'; mm: number; yy: number } | { scope: 'year'; mm: null; yy: number };

export function parseInsightsPeriod(params: InsightsPeriodParams): InsightsPeriod {
  const yy = Number(params.year);
  if (params.month === WHOLE_YEAR) return { scope: 'year', mm: null, yy };
  return { scope: 'month', mm: Number(params.month), yy };
}

/** Path params for a period: `insightsPeriodParams({mm: 1, yy: 2025})` → {month: '1', year: '2025'}. */
export function insightsPeriodParams(period: { mm: number | null; yy: number }): InsightsPeriodParams {
  return { month: period.mm === null ? WHOLE_YEAR : String(period.mm), year: String(period.yy) };
}

/** The base of a stored `modelVersion`: "mediadiet-affect-2.0.0+eb895624" → "2.0.0"; anything else as it is. */
export function modelBaseVersion(modelVersion: string): string {
  const m = /^mediadiet-affect-([^+]+)(?:\+.*)?$/.exec(modelVersion);
  return m ? m[1]! : modelVersion;
}

/** The distinct base versions of stored model versions, in version order (numeric parts compared as numbers). */
export function modelBaseVersions(modelVersions: readonly string[]): string[] {
  const bases = [...new Set(modelVersions.map(modelBaseVersion))];
  return bases.sort((a, b) => a.localeCompare(b, 'en', { numeric: true }));
}
