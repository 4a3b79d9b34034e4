import * as z from 'zod';
import { VerdictSchema } from './analysis';
import { CategoryIdSchema } from './categories';
import { successWith } from './common';
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
