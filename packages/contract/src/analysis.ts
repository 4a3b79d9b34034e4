import * as z from 'zod';
import {
  CATEGORIES,
  CATEGORY_IDS,
  CategoryIdSchema,
  ClassificationSchema,
  type CategoryId,
} from './categories';
import { IdSchema, IsoDateTimeSchema, successWith } from './common';
import { AnalysisModeSchema } from './enums';
import { CARD_MAX_CATEGORIES_PER_CLASS, RECENT_PAGE_MAX, RECENT_WINDOW_DAYS } from './constants';
import { messages } from './messages';

export { AnalysisModeSchema, type AnalysisMode } from './enums';

/**
 * One category's figures in an analysis (spec §3). Field names are the spec's (PascalCase).
 * BaseScore 0–100 (shown as percent with 3 decimals); PosteriorProbability 0–1; EffectiveN is the
 * effective number of evidence units behind the score.
 */
export const CategoryScoreSchema = z.object({
  BaseScore: z.number().min(0).max(100),
  Classification: ClassificationSchema,
  BayesFactor: z.number().nonnegative(),
  PosteriorProbability: z.number().min(0).max(1),
  EffectiveN: z.number().nonnegative(),
});
export type CategoryScore = z.infer<typeof CategoryScoreSchema>;

/** Scores for all 14 categories, keyed by category id (`joy`, `anger`, …; display names in CATEGORIES). */
export const CategoryScoresSchema = z.record(CategoryIdSchema, CategoryScoreSchema);
export type CategoryScores = z.infer<typeof CategoryScoresSchema>;

/** Whole-text figures: how strongly the text leans pro versus mal, and how sure we are (spec §3). */
export const ClassificationAnalysisSchema = z.object({
  correlationCoefficient: z.number().min(-1).max(1),
  bayesFactor: z.number().nonnegative(),
  posteriorProbability: z.number().min(0).max(1),
});
export type ClassificationAnalysis = z.infer<typeof ClassificationAnalysisSchema>;

/**
 * What a page leaves a reader with, in one word (analyzer 2.0.0, decision 125): the analyzer's `verdict`, the one
 * or two categories that drive it (none for neutral) and the calibrated probability that a reader would agree.
 */
export const VERDICTS = ['uplifting', 'neutral', 'mixed', 'draining'] as const;
export const VerdictSchema = z.enum(VERDICTS);
export type Verdict = z.infer<typeof VerdictSchema>;
export const VerdictDriversSchema = z.array(CategoryIdSchema).max(2);
export const VerdictConfidenceSchema = z.number().min(0).max(1);

/** The scorer's output for one text: what the analyzer returns and a device-mode extension uploads. */
export const AnalysisScoresSchema = z.object({
  tokens: z.number().int().nonnegative(),
  categoryScores: CategoryScoresSchema,
  classificationAnalysis: ClassificationAnalysisSchema,
  /** -1 (harmful) … +1 (good). */
  valence: z.number().min(-1).max(1).optional(),
  /** 0–100; the Overall Impact badge reads it (≥70 high, ≥40 medium). */
  overallScore: z.number().min(0).max(100).optional(),
  modelVersion: z.string().optional(),
  /** Analyzer 2.0.0 and later; absent from older analyses and other scorers. */
  verdict: VerdictSchema.optional(),
  drivers: VerdictDriversSchema.optional(),
  confidence: VerdictConfidenceSchema.optional(),
});
export type AnalysisScores = z.infer<typeof AnalysisScoresSchema>;

/** One analysed touch point (spec §3): where and when it was read, its scores, and how it was scored. */
export const AnalysisSchema = z.object({
  id: IdSchema,
  url: z.string(),
  title: z.string().optional(),
  createdAt: IsoDateTimeSchema,
  ...AnalysisScoresSchema.shape,
  mode: AnalysisModeSchema.optional(),
});
export type Analysis = z.infer<typeof AnalysisSchema>;

// ── GET /api/analysis/recent ───────────────────────────────────────────────────────────────────────
export const RecentAnalysesQuerySchema = z.object({
  /** Window in days, default RECENT_WINDOW_DAYS (7). */
  days: z.coerce.number().int().min(1).max(366).optional(),
  /** Page size, default RECENT_PAGE_SIZE (24), at most RECENT_PAGE_MAX (200). */
  limit: z.coerce.number().int().min(1).max(RECENT_PAGE_MAX).optional(),
  /** Keyset cursor: the `nextCursor` of the previous page (older analyses follow). */
  cursor: z.string().min(1).max(200).optional(),
});
export type RecentAnalysesQuery = z.infer<typeof RecentAnalysesQuerySchema>;

/**
 * One history card's analysis (spec §2: the recent analyses "with what the cards need"): the Analysis
 * without `modelVersion`, and with `categoryScores` cut to the card's categories — the top
 * CARD_MAX_CATEGORIES_PER_CLASS pro and mal by BaseScore (`topCategories`, made by `toRecentAnalysis`). It keeps
 * the page's `title` (when known) and its `verdict`, `drivers` and `confidence` (when the analysis has a verdict:
 * older analyses and other scorers have none), which the card leads with.
 * An Analysis is also a valid RecentAnalysis (the live socket payload is put into the history as it is);
 * the detail fetches the whole analysis (`GET /api/analysis/get/:id`).
 */
export const RecentAnalysisSchema = AnalysisSchema.omit({ categoryScores: true, modelVersion: true }).extend({
  categoryScores: z.partialRecord(CategoryIdSchema, CategoryScoreSchema),
});
export type RecentAnalysis = z.infer<typeof RecentAnalysisSchema>;

/**
 * Newest first, one page at a time (designed: the spec's `{results}` plus paging and window totals, so a
 * heavy reader's week is not one multi-megabyte answer). Each result is a RecentAnalysis (what a card
 * shows). `totals` always cover the whole window — the 'Touchpoints (last 7 days)' and 'Tokens Used
 * (last 7 days)' cards — whatever the page. `nextCursor` is null on the last page.
 */
export const RecentAnalysesResponseSchema = successWith({
  results: z.array(RecentAnalysisSchema),
  totals: z.object({
    touchpoints: z.number().int().nonnegative(),
    tokens: z.number().int().nonnegative(),
  }),
  nextCursor: z.string().nullable(),
});
export type RecentAnalysesResponse = z.infer<typeof RecentAnalysesResponseSchema>;

// ── GET /api/analysis/get/:id ──────────────────────────────────────────────────────────────────────
export const AnalysisParamsSchema = z.object({ id: IdSchema });
export type AnalysisParams = z.infer<typeof AnalysisParamsSchema>;

/** Designed (spec: "not shown beyond the analysis entity"): `{success, analysis}`; 404 when not the caller's. */
export const AnalysisResponseSchema = successWith({
  analysis: AnalysisSchema,
});
export type AnalysisResponse = z.infer<typeof AnalysisResponseSchema>;

/**
 * DELETE /api/analysis/:id ("Forget this page", decision 116): the analysis, its touch point, its usage and
 * its share of every rollup are gone; answers the id forgotten. 404 when not the caller's.
 */
export const ForgetAnalysisResponseSchema = successWith({
  id: IdSchema,
});
export type ForgetAnalysisResponse = z.infer<typeof ForgetAnalysisResponseSchema>;

// ── Rules ──────────────────────────────────────────────────────────────────────────────────────────

/** `pro` is pro; anything else is treated as mal (spec §3). */
export function isPro(classification: string): boolean {
  return classification === 'pro';
}

export interface RankedCategory {
  id: CategoryId;
  name: string;
  score: CategoryScore;
}

/**
 * The categories an analysis card shows (spec §2): the top `limit` pro and top `limit` mal categories by
 * BaseScore, highest first. Classification is read from the score (falling back to the category's own).
 */
export function topCategories(
  scores: Partial<Record<CategoryId, CategoryScore>>,
  limit: number,
): { pro: RankedCategory[]; mal: RankedCategory[] } {
  const ranked: RankedCategory[] = [];
  for (const id of CATEGORY_IDS) {
    const score = scores[id];
    if (score) ranked.push({ id, name: CATEGORIES[id].name, score });
  }
  ranked.sort((a, b) => b.score.BaseScore - a.score.BaseScore);
  return {
    pro: ranked.filter((c) => isPro(c.score.Classification)).slice(0, limit),
    mal: ranked.filter((c) => !isPro(c.score.Classification)).slice(0, limit),
  };
}

/**
 * The history card's view of an analysis (RecentAnalysisSchema): everything but `modelVersion`, with only
 * the card's categories (the top CARD_MAX_CATEGORIES_PER_CLASS pro and mal, as `topCategories` ranks them).
 */
export function toRecentAnalysis(analysis: Analysis | RecentAnalysis): RecentAnalysis {
  const { pro, mal } = topCategories(analysis.categoryScores, CARD_MAX_CATEGORIES_PER_CLASS);
  const categoryScores: Partial<Record<CategoryId, CategoryScore>> = {};
  for (const category of [...pro, ...mal]) categoryScores[category.id] = category.score;
  return {
    id: analysis.id,
    url: analysis.url,
    ...(analysis.title === undefined ? {} : { title: analysis.title }),
    createdAt: analysis.createdAt,
    tokens: analysis.tokens,
    categoryScores,
    classificationAnalysis: analysis.classificationAnalysis,
    ...(analysis.valence === undefined ? {} : { valence: analysis.valence }),
    ...(analysis.overallScore === undefined ? {} : { overallScore: analysis.overallScore }),
    ...(analysis.mode === undefined ? {} : { mode: analysis.mode }),
    ...(analysis.verdict === undefined ? {} : { verdict: analysis.verdict }),
    ...(analysis.drivers === undefined ? {} : { drivers: analysis.drivers }),
    ...(analysis.confidence === undefined ? {} : { confidence: analysis.confidence }),
  };
}

/**
 * A verdict in words, led by its name and followed by what drives it (category display names, in running
 * text): "Mostly draining — anger and fear", "Uplifting — hope", "Neutral — nothing strongly felt". A verdict
 * without drivers is its name alone.
 */
export function verdictText(verdict: Verdict, drivers: readonly CategoryId[] = []): string {
  const words = messages.verdict;
  if (verdict === 'neutral') return `${words.names.neutral} — ${words.nothingFelt}`;
  const felt = drivers.map((id) => CATEGORIES[id].name.toLowerCase());
  return felt.length === 0 ? words.names[verdict] : `${words.names[verdict]} — ${felt.join(' and ')}`;
}

/** A cut-off date for the recent window: now minus `days` (default 7). */
export function recentWindowStart(now: Date = new Date(), days: number = RECENT_WINDOW_DAYS): Date {
  return new Date(now.getTime() - days * 24 * 60 * 60 * 1000);
}
