import { GoalSchema, type Goal, type GoalWithProgress } from '@mediadiet/contract/goals';
import type { Clock } from '../../lib/clock.ts';
import { readingPeriods } from '../../lib/days.ts';
import type { AnalysisService } from '../analysis/service.ts';
import { goalProgress } from './progress.ts';
import * as repo from './repository.ts';

/**
 * A person's reading goals and how the current week and day measure up (issue 29, decision 152): today and this
 * week (Monday to Sunday) on the person's own calendar, cut in the account's time zone (decision 155).
 */
export interface GoalsService {
  /** The goals as set, in order (the account export). */
  list(userId: string): Promise<Goal[]>;
  /** The goals, each with its progress this week or today. */
  withProgress(userId: string): Promise<GoalWithProgress[]>;
  /** Replaces the list whole (already validated by the contract). */
  replace(userId: string, goals: readonly Goal[]): Promise<void>;
}

export function createGoalsService(deps: {
  db: Parameters<typeof repo.listGoals>[0];
  clock: Clock;
  analysis: Pick<AnalysisService, 'tally'>;
  /** The zone the user's days and weeks are cut in (users `timeZone`). */
  timeZone: (userId: string) => Promise<string>;
}): GoalsService {
  const { db, clock, analysis, timeZone } = deps;

  const list = async (userId: string): Promise<Goal[]> =>
    // Rows were validated on the way in; parsing keeps the types honest.
    (await repo.listGoals(db, userId)).map((row) =>
      GoalSchema.parse(row.site === null ? { kind: row.kind, target: row.target } : row),
    );

  return {
    list,

    async withProgress(userId) {
      const goals = await list(userId);
      if (goals.length === 0) return [];
      const periods = readingPeriods(clock(), await timeZone(userId));
      const [week, today] = await Promise.all([
        analysis.tally(userId, periods.week),
        analysis.tally(userId, periods.day),
      ]);
      const pages = {
        weekVerdicts: week.verdicts,
        todayHosts: today.hosts,
        daysBeforeToday: periods.daysBeforeToday,
      };
      return goals.map((goal) => ({ goal, progress: goalProgress(goal, pages) }));
    },

    replace: (userId, goals) => repo.replaceGoals(db, userId, goals),
  };
}
