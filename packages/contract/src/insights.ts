import * as z from 'zod';
import { VERDICTS, VerdictDriversSchema, VerdictSchema, type Verdict } from './analysis';
import { CategoryIdSchema, ClassificationSchema } from './categories';
import { IdSchema, IsoDateTimeSchema, successWith } from './common';
import { INSIGHT_PAGES_MAX_PAGE } from './constants';
import { messages } from './messages';

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
 *   Trends and top domains always cover the whole period. Periods are calendar months in the account's time
 *   zone (GET /api/account/preferences; decisions 154, 155).
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

// ── GET /api/analysis/trends?period=YYYY-MM|YYYY ────────────────────────────────────────────────────

/**
 * A period in a query (the verdict trend, the analysed pages): `2025-02` (a month, two-digit month) or `2025`
 * (a whole year) — the form the web app keeps in its address. Checked here, so a wrong one is refused with the
 * message below.
 */
const PeriodTextSchema = z.string().regex(/^\d{4}(-(0[1-9]|1[0-2]))?$/, {
  error: 'period must be YYYY-MM (a month, e.g. 2025-02) or YYYY (a whole year, e.g. 2025)',
});

export const VerdictTrendQuerySchema = z.object({ period: PeriodTextSchema });
export type VerdictTrendQuery = z.infer<typeof VerdictTrendQuerySchema>;

/** The period of a trend query: "2025-02" → {scope: 'month', mm: 2, yy: 2025}; "2025" → the whole year. */
export function parseTrendPeriod(period: string): InsightsPeriod {
  const [year, month] = period.split('-');
  const yy = Number(year);
  return month === undefined ? { scope: 'year', mm: null, yy } : { scope: 'month', mm: Number(month), yy };
}

/** A period in the trend's form: {mm: 2, yy: 2025} → "2025-02"; {mm: null, yy: 2025} → "2025". */
export function trendPeriodText(period: { mm: number | null; yy: number }): string {
  return period.mm === null ? String(period.yy) : `${period.yy}-${String(period.mm).padStart(2, '0')}`;
}

const countSchema = z.number().int().nonnegative();
const shareSchema = z.number().min(0).max(1);
/** A calendar day, `YYYY-MM-DD`. */
const DaySchema = z.iso.date();

/** One `value` per verdict (contract `VERDICTS`): the tally's counts and shares. */
function perVerdict<T extends z.ZodType>(value: T) {
  const shape: Record<Verdict, T> = { uplifting: value, neutral: value, mixed: value, draining: value };
  return z.object(shape);
}

/** Pages per verdict (contract `VERDICTS`). */
export const VerdictCountsSchema = perVerdict(countSchema);
export type VerdictCounts = z.infer<typeof VerdictCountsSchema>;

/** Each verdict's share (0–1) of the pages that have a verdict; the four add up to 1. */
export const VerdictSharesSchema = perVerdict(shareSchema);
export type VerdictShares = z.infer<typeof VerdictSharesSchema>;

/**
 * Pages with a verdict, per verdict: `classified` is the sum of `counts`; `shares` is null when it is 0 (no
 * share to state, not "0 %").
 */
export const VerdictTallySchema = z.object({
  counts: VerdictCountsSchema,
  classified: countSchema,
  shares: VerdictSharesSchema.nullable(),
});
export type VerdictTally = z.infer<typeof VerdictTallySchema>;

/** Counts per verdict with their sum and shares (null without a page to share), as the server tallies them. */
export function verdictTally(counts: VerdictCounts): VerdictTally {
  const classified = counts.uplifting + counts.neutral + counts.mixed + counts.draining;
  const share = (n: number) => n / classified;
  return {
    counts,
    classified,
    shares:
      classified === 0
        ? null
        : {
            uplifting: share(counts.uplifting),
            neutral: share(counts.neutral),
            mixed: share(counts.mixed),
            draining: share(counts.draining),
          },
  };
}

/**
 * Shares as whole percents that add up to 100 (largest remainder: the verdicts whose rounding lost the most get
 * the missing points), so a bar, its table row and the sentence agree. Null without shares. The web's trend and
 * the weekly letter both state shares this way.
 */
export function wholePercents(shares: VerdictShares | null): Record<Verdict, number> | null {
  if (!shares) return null;
  const exact = VERDICTS.map((verdict) => ({ verdict, value: shares[verdict] * 100 }));
  const floors = exact.map((e) => ({ ...e, whole: Math.floor(e.value + 1e-9) }));
  let missing = 100 - floors.reduce((n, e) => n + e.whole, 0);
  const byRemainder = [...floors].sort((a, b) => b.value - b.whole - (a.value - a.whole));
  for (const entry of byRemainder) {
    if (missing <= 0) break;
    entry.whole += 1;
    missing -= 1;
  }
  return Object.fromEntries(floors.map((e) => [e.verdict, e.whole])) as Record<Verdict, number>;
}

/**
 * A period's leaning (the donut's centre, the printed summary, the weekly letter's verdict): the verdict most of
 * its pages with a verdict carry, with its share in the whole percents the trend states (`wholePercents`), so the
 * leaning, the trend's sentences and its table never disagree by a point. On a tie the heavier verdict leads
 * (draining, then mixed, then uplifting, then neutral), so a tie is never softened. Null without a page with a
 * verdict.
 */
export function periodLeaning(tally: VerdictTally): { verdict: Verdict; percent: number } | null {
  const percents = tally.classified === 0 ? null : wholePercents(tally.shares);
  if (!percents) return null;
  const byWeight: Verdict[] = ['draining', 'mixed', 'uplifting', 'neutral'];
  let lead: Verdict = byWeight[0]!;
  for (const verdict of byWeight) if (tally.counts[verdict] > tally.counts[lead]) lead = verdict;
  return { verdict: lead, percent: percents[lead] };
}

/**
 * The change of one verdict's share between two tallies, in words with whole percents ("Draining pages fell from
 * 41 % to 28 % this month"); null when either has no page with a verdict. `when` ends the sentence.
 */
export function verdictChangeSentence(
  verdict: Verdict,
  now: Pick<VerdictTally, 'shares'>,
  before: Pick<VerdictTally, 'shares'>,
  when: string,
): string | null {
  const to = wholePercents(now.shares)?.[verdict];
  const from = wholePercents(before.shares)?.[verdict];
  if (to === undefined || from === undefined) return null;
  const name = messages.trend.verdicts[verdict];
  if (to < from) return messages.trend.fell(name, from, to, when);
  if (to > from) return messages.trend.rose(name, from, to, when);
  return messages.trend.stayed(name, to, when);
}

/**
 * One bar of the trend: a week (Monday to Sunday) for a month, a calendar month for a year. `start` names it
 * (the week's Monday, which may lie in the previous month, or the month's first day); `from` and `to` are the
 * first and last day it counts, inside the period. `unknown` counts its pages stored without a verdict.
 */
export const VerdictTrendBucketSchema = VerdictTallySchema.extend({
  start: DaySchema,
  from: DaySchema,
  to: DaySchema,
  unknown: countSchema,
});
export type VerdictTrendBucket = z.infer<typeof VerdictTrendBucketSchema>;

/**
 * GET /api/analysis/trends?period=YYYY-MM|YYYY (issue 29): how the period's pages left their reader, bucket by
 * bucket — weekly for a month (every week that overlaps it, first to last), monthly for a year — with the whole
 * period's tally and the previous period's (the month or year before) to say the change. Pages stored without
 * a verdict (older analyzers, the LLM scorer) are in no share; `excluded` says how many there were. Days,
 * weeks and months are cut as the insights cut them.
 */
export const VerdictTrendResponseSchema = successWith({
  period: z.string(),
  scope: z.enum(['month', 'year']),
  bucket: z.enum(['week', 'month']),
  buckets: z.array(VerdictTrendBucketSchema),
  total: VerdictTallySchema,
  excluded: countSchema,
  previous: VerdictTallySchema.extend({ period: z.string() }),
});
export type VerdictTrendResponse = z.infer<typeof VerdictTrendResponseSchema>;

// ── GET /api/analysis/pages?period=YYYY-MM|YYYY&page=&verdict=&category=&site= ─────────────────────────

/**
 * The analysed pages of a period on the Insights view (issue 29: the whole period reachable, paged and
 * filterable). `page` counts from 1 (INSIGHT_PAGES_PAGE_SIZE rows each); `verdict` keeps the pages with that
 * verdict; `category` those whose verdict that category drives (the verdict line's "— anger and fear");
 * `site` those of that host (as the Top Domains table names it).
 */
export const InsightPagesQuerySchema = z.object({
  period: PeriodTextSchema,
  page: z
    .string()
    .regex(/^[1-9]\d{0,5}$/, { error: 'page must be a whole number from 1' })
    .refine((page) => Number(page) <= INSIGHT_PAGES_MAX_PAGE, {
      error: `page must be at most ${INSIGHT_PAGES_MAX_PAGE}`,
    })
    .optional(),
  verdict: VerdictSchema.optional(),
  category: CategoryIdSchema.optional(),
  site: z
    .string()
    .min(1)
    .max(253)
    .regex(/^[a-z0-9.-]+$/i, { error: 'site must be a host name, e.g. news.example.com' })
    .optional(),
});
export type InsightPagesQuery = z.infer<typeof InsightPagesQuerySchema>;

/** What the list filters by (the query without period and page). */
export type InsightPagesFilters = Pick<InsightPagesQuery, 'verdict' | 'category' | 'site'>;

/**
 * One row of the list: an insight summary (spec §3: id, url, createdAt, overall_score) with the page's host,
 * its title when known and its verdict and drivers when it has them.
 */
export const InsightPageSchema = InsightSummarySchema.extend({
  host: z.string(),
  title: z.string().optional(),
  verdict: VerdictSchema.optional(),
  drivers: VerdictDriversSchema.optional(),
});
export type InsightPage = z.infer<typeof InsightPageSchema>;

/**
 * One page of the period's analysed pages, newest first (ties by id). `total` counts every page that matches
 * the filters; `pageCount` is how many pages of `pageSize` that makes (0 when none match). A page past the
 * last answers no results with the same totals.
 */
export const InsightPagesResponseSchema = successWith({
  period: z.string(),
  results: z.array(InsightPageSchema),
  total: z.number().int().nonnegative(),
  page: z.number().int().min(1),
  pageSize: z.number().int().min(1),
  pageCount: z.number().int().nonnegative(),
});
export type InsightPagesResponse = z.infer<typeof InsightPagesResponseSchema>;
