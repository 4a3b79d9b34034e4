import * as z from 'zod';
import { successWith } from './common';
import { messages } from './messages';
import { DomainSchema } from './urls';

/**
 * Reading goals (issue 29, decision 152): what a person wants of their reading week, and how the current
 * week or day measures up. The server stores the list whole and answers each goal with its progress.
 */

/** The three kinds: a cap on the week's share of draining pages, a daily cap per site, a weekly floor of uplifting pages. */
export const GOAL_KINDS = ['draining_share', 'site_daily', 'uplifting_weekly'] as const;
export const GoalKindSchema = z.enum(GOAL_KINDS);
export type GoalKind = z.infer<typeof GoalKindSchema>;

/** At most this many goals per person. */
export const MAX_GOALS = 10;
/** Bounds of a goal's target: a percentage for the draining share, a number of pages for the others. */
export const GOAL_PERCENT_MAX = 100;
export const GOAL_PAGES_MAX = 500;

const target = (max: number, error: string) =>
  z.number({ error }).int({ error }).min(1, { error }).max(max, { error });

export const DrainingShareGoalSchema = z.object({
  kind: z.literal('draining_share'),
  /** Keep draining pages under this share (%) of the week's scored pages. */
  target: target(GOAL_PERCENT_MAX, messages.goals.percentRange),
});
export const SiteDailyGoalSchema = z.object({
  kind: z.literal('site_daily'),
  /** At most this many pages a day from `site` (the domain or any subdomain of it). */
  target: target(GOAL_PAGES_MAX, messages.goals.pagesRange),
  site: DomainSchema,
});
export const UpliftingWeeklyGoalSchema = z.object({
  kind: z.literal('uplifting_weekly'),
  /** At least this many uplifting pages a week. */
  target: target(GOAL_PAGES_MAX, messages.goals.pagesRange),
});

/** One goal as a person sets it. */
export const GoalSchema = z.discriminatedUnion('kind', [
  DrainingShareGoalSchema,
  SiteDailyGoalSchema,
  UpliftingWeeklyGoalSchema,
]);
export type Goal = z.infer<typeof GoalSchema>;

/** The key that may appear once in a list: the kind, and the site for a daily site goal. */
export function goalKey(goal: Goal): string {
  return goal.kind === 'site_daily' ? `site_daily:${goal.site}` : goal.kind;
}

/** PUT /api/goals: the whole list (an empty one removes every goal). */
export const PutGoalsRequestSchema = z.object({
  goals: z
    .array(GoalSchema)
    .max(MAX_GOALS, { error: messages.goals.tooMany(MAX_GOALS) })
    .superRefine((goals, ctx) => {
      const seen = new Set<string>();
      goals.forEach((goal, index) => {
        const key = goalKey(goal);
        if (seen.has(key)) {
          ctx.addIssue({
            code: 'custom',
            path: goal.kind === 'site_daily' ? [index, 'site'] : [index, 'kind'],
            message:
              goal.kind === 'site_daily'
                ? messages.goals.duplicateSite(goal.site)
                : messages.goals.duplicateKind(goal.kind),
          });
        }
        seen.add(key);
      });
    }),
});
export type PutGoalsRequest = z.infer<typeof PutGoalsRequestSchema>;

/**
 * How a goal stands in its current period: `on_track`, `at_risk` (about to break, see decision 152),
 * `broken` (a cap exceeded), `met` (a floor reached).
 */
export const GOAL_STATUSES = ['on_track', 'at_risk', 'broken', 'met'] as const;
export const GoalStatusSchema = z.enum(GOAL_STATUSES);
export type GoalStatus = z.infer<typeof GoalStatusSchema>;

export const GoalProgressSchema = z.object({
  /** 'week' (Monday to Sunday) or 'day'. */
  period: z.enum(['week', 'day']),
  /** The period's value in the goal's unit: a whole percentage (draining share) or a number of pages. */
  current: z.number().int().min(0),
  target: z.number().int().min(1),
  /** Pages the value is computed from (the week's scored pages for the draining share). */
  pages: z.number().int().min(0),
  status: GoalStatusSchema,
  /** One plain sentence: "Draining pages: 18 % of this week (goal: under 25 %)". */
  sentence: z.string(),
});
export type GoalProgress = z.infer<typeof GoalProgressSchema>;

export const GoalWithProgressSchema = z.object({ goal: GoalSchema, progress: GoalProgressSchema });
export type GoalWithProgress = z.infer<typeof GoalWithProgressSchema>;

/** GET and PUT /api/goals: the list in the order it was set, each goal with its progress. */
export const GoalsResponseSchema = successWith({ goals: z.array(GoalWithProgressSchema) });
export type GoalsResponse = z.infer<typeof GoalsResponseSchema>;
