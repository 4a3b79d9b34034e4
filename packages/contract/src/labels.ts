import * as z from 'zod';
import { VerdictSchema } from './analysis';
import { CategoryIdSchema } from './categories';
import { IsoDateTimeSchema, successWith } from './common';
import { DayKeySchema } from './mood';

/**
 * Link labels (issue 30, decision 159): the extension labels search results and headlines on the device. The
 * server never sees a labelled link; it hands the extension what it needs to label well (the person's
 * sensitivities and their own verdicts of pages they read) and keeps counts of labels shown and opened, by
 * verdict and day, for Insights.
 */

/** The most pages `GET /api/labels/context` returns (the newest first), and how far back it looks. */
export const LABEL_CONTEXT_MAX_PAGES = 2000;
export const LABEL_CONTEXT_DAYS = 90;
/** The most days one `PUT /api/labels/counts` carries, and the largest count of one verdict on one day. */
export const LABEL_COUNTS_MAX_DAYS = 62;
export const LABEL_COUNT_MAX = 100_000;

/** A page the person read and its stored verdict: on the device, the label of a link to exactly this URL. */
export const LabelVisitedPageSchema = z.object({
  url: z.string(),
  verdict: VerdictSchema,
  drivers: z.array(CategoryIdSchema).max(2),
});
export type LabelVisitedPage = z.infer<typeof LabelVisitedPageSchema>;

/**
 * GET /api/labels/context (extension key): the Premium personality profile's sensitivities (0–1 per category;
 * null without Premium or without a profile) and the person's own verdicts of the pages they read lately.
 */
export const LabelContextResponseSchema = successWith({
  sensitivities: z.record(CategoryIdSchema, z.number().min(0).max(1)).nullable(),
  visited: z.array(LabelVisitedPageSchema).max(LABEL_CONTEXT_MAX_PAGES),
});
export type LabelContextResponse = z.infer<typeof LabelContextResponseSchema>;

const CountSchema = z.number().int().min(0).max(LABEL_COUNT_MAX);

/** How many labels of each verdict. */
export const VerdictCountsSchema = z.object({ uplifting: CountSchema, neutral: CountSchema, mixed: CountSchema, draining: CountSchema });
export type VerdictCounts = z.infer<typeof VerdictCountsSchema>;

/** One day's totals on one browser: labels shown and labelled links opened, by verdict. Counts only, no URLs. */
export const LabelDayCountsSchema = z.object({ day: DayKeySchema, shown: VerdictCountsSchema, opened: VerdictCountsSchema });
export type LabelDayCounts = z.infer<typeof LabelDayCountsSchema>;

/**
 * PUT /api/labels/counts (extension key): the browser's running totals for the days given. A day's totals replace
 * what that browser sent for it before, so a retry never counts twice and two browsers never overwrite each other.
 */
export const LabelCountsRequestSchema = z.object({
  days: z.array(LabelDayCountsSchema).min(1).max(LABEL_COUNTS_MAX_DAYS),
});
export type LabelCountsRequest = z.infer<typeof LabelCountsRequestSchema>;

/** The answer to `PUT /api/labels/counts`: how many days' totals were stored. */
export const LabelCountsResponseSchema = successWith({ days: z.number() });
export type LabelCountsResponse = z.infer<typeof LabelCountsResponseSchema>;

// ── Insights (decision 160) ─────────────────────────────────────────────────────────────────────────

/** How many weeks `GET /api/labels/insights` lists (the current one and the eleven before it, at most). */
export const LABEL_INSIGHT_WEEKS = 12;
/** The days each figure compares: the last 28 days, and the 28 days before the first day of labels. */
export const LABEL_COMPARE_DAYS = 28;
/** Labels shown, of draining results and of the others, before figure (a) says anything. */
export const LABEL_OPENED_MIN_SHOWN = 20;
/** Pages with a verdict, before labels and since, before figure (b) says anything. */
export const LABEL_BEFORE_MIN_PAGES = 10;

/** A total over days and browsers (not capped as one browser's day is). */
const TotalSchema = z.number().int().min(0);
export const VerdictTotalsSchema = z.object({
  uplifting: TotalSchema,
  neutral: TotalSchema,
  mixed: TotalSchema,
  draining: TotalSchema,
});
export type VerdictTotals = z.infer<typeof VerdictTotalsSchema>;

/** One week (Monday to Sunday of the account's days, named by its Monday): labels shown and opened, by verdict. */
export const LabelWeekSchema = z.object({
  week: DayKeySchema,
  shown: VerdictTotalsSchema,
  opened: VerdictTotalsSchema,
});
export type LabelWeek = z.infer<typeof LabelWeekSchema>;

/** Days `from`…`to`, both included (`YYYY-MM-DD`). */
export const DaySpanSchema = z.object({ from: DayKeySchema, to: DayKeySchema });
export type DaySpan = z.infer<typeof DaySpanSchema>;

/**
 * Figure (a), over the last LABEL_COMPARE_DAYS days: how much less often draining results were opened than the
 * others, `value` = 1 − (openedDraining ÷ shownDraining) ÷ (openedOther ÷ shownOther). Negative when draining
 * results were opened more often. Null with a `reason` when either shown count is below LABEL_OPENED_MIN_SHOWN
 * (`few_labels`) or no other result was opened (`no_other_opened`). `sentence` says what may be said.
 */
export const LabelOpenedFigureSchema = z.object({
  span: DaySpanSchema,
  shownDraining: TotalSchema,
  openedDraining: TotalSchema,
  shownOther: TotalSchema,
  openedOther: TotalSchema,
  value: z.number().max(1).nullable(),
  reason: z.enum(['few_labels', 'no_other_opened']).nullable(),
  sentence: z.string(),
});
export type LabelOpenedFigure = z.infer<typeof LabelOpenedFigureSchema>;

/** The person's pages with a verdict in a span of days, and the draining ones among them. */
export const ReadingSpanSchema = z.object({ span: DaySpanSchema, pages: TotalSchema, draining: TotalSchema });
export type ReadingSpan = z.infer<typeof ReadingSpanSchema>;

/**
 * Figure (b), "than before labels": the draining share of the pages read in the LABEL_COMPARE_DAYS days before
 * the first day of labels (`before`) and in the last LABEL_COMPARE_DAYS days from that day on (`after`);
 * `change` = afterShare ÷ beforeShare − 1. Null figures with `reason` `few_pages` unless both spans hold at least
 * LABEL_BEFORE_MIN_PAGES pages (and `change` null when nothing before was draining).
 */
export const LabelBeforeFigureSchema = z.object({
  before: ReadingSpanSchema,
  after: ReadingSpanSchema,
  beforeShare: z.number().min(0).max(1).nullable(),
  afterShare: z.number().min(0).max(1).nullable(),
  change: z.number().nullable(),
  reason: z.enum(['few_pages']).nullable(),
  sentence: z.string(),
});
export type LabelBeforeFigure = z.infer<typeof LabelBeforeFigureSchema>;

/**
 * GET /api/labels/insights (session): `since` is the first day with labels shown (null: labels never shown, and
 * then no weeks and no figures); `weeks` the weeks from the one `since` falls in, at most the last
 * LABEL_INSIGHT_WEEKS, oldest first, summed over the person's browsers; `today` the account's today.
 */
export const LabelInsightsResponseSchema = successWith({
  today: DayKeySchema,
  since: DayKeySchema.nullable(),
  weeks: z.array(LabelWeekSchema).max(LABEL_INSIGHT_WEEKS),
  opened: LabelOpenedFigureSchema.nullable(),
  beforeLabels: LabelBeforeFigureSchema.nullable(),
});
export type LabelInsightsResponse = z.infer<typeof LabelInsightsResponseSchema>;

/** One browser's totals of one day as the account export holds them (`browser`: the paired extension's id). */
export const ExportedLabelDaySchema = z.object({
  day: DayKeySchema,
  browser: z.string(),
  shown: VerdictCountsSchema,
  opened: VerdictCountsSchema,
  updatedAt: IsoDateTimeSchema,
});
export type ExportedLabelDay = z.infer<typeof ExportedLabelDaySchema>;
