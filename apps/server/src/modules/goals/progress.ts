import type { Verdict } from '@mediadiet/contract/analysis';
import { isHostCovered } from '@mediadiet/contract/urls';
import type { Goal, GoalProgress, GoalStatus } from '@mediadiet/contract/goals';
import { messages } from '@mediadiet/contract/messages';

/**
 * A goal's progress in its current period, from the period's pages (decision 152). Pure: the numbers in, the
 * status and its sentence out.
 */

/** The draining share is judged from this many scored pages of the week on; fewer say too little. */
export const MIN_PAGES_TO_JUDGE_SHARE = 5;
/** A draining share this many points (or fewer) under the cap is at risk. */
export const SHARE_RISK_MARGIN = 5;
/** A site's count at this share of the daily cap (or more, up to the cap) is at risk: 4 / 5 = 80 %. */
const SITE_RISK_NUMERATOR = 4;
const SITE_RISK_DENOMINATOR = 5;
/** The uplifting floor is compared with its pro-rata pace from Thursday on (after three whole days). */
export const UPLIFTING_PACE_FROM_DAY = 3;

export interface PeriodPages {
  /** The week's pages by verdict (pages without a verdict are not counted). */
  weekVerdicts: Record<Verdict, number>;
  /** Today's pages by host. */
  todayHosts: readonly { host: string; pages: number }[];
  /** Whole days of the week gone before today: 0 on Monday … 6 on Sunday. */
  daysBeforeToday: number;
}

export function goalProgress(goal: Goal, pages: PeriodPages): GoalProgress {
  switch (goal.kind) {
    case 'draining_share': {
      const scored = Object.values(pages.weekVerdicts).reduce((sum, n) => sum + n, 0);
      const draining = pages.weekVerdicts.draining;
      // Floored, so a share shown as 24 % is under a 25 % cap and one shown as 25 % is not.
      const share = scored === 0 ? 0 : Math.floor((100 * draining) / scored);
      let status: GoalStatus = 'on_track';
      if (scored >= MIN_PAGES_TO_JUDGE_SHARE) {
        // Compared exactly (integers), not through the floored share.
        if (100 * draining >= goal.target * scored) status = 'broken';
        else if (100 * draining >= (goal.target - SHARE_RISK_MARGIN) * scored) status = 'at_risk';
      }
      return {
        period: 'week',
        current: share,
        target: goal.target,
        pages: scored,
        status,
        sentence: messages.goals.drainingSentence(share, goal.target),
      };
    }
    case 'site_daily': {
      const count = pages.todayHosts
        .filter((h) => isHostCovered(h.host, goal.site))
        .reduce((sum, h) => sum + h.pages, 0);
      let status: GoalStatus = 'on_track';
      if (count > goal.target) status = 'broken';
      else if (count * SITE_RISK_DENOMINATOR >= goal.target * SITE_RISK_NUMERATOR) status = 'at_risk';
      return {
        period: 'day',
        current: count,
        target: goal.target,
        pages: count,
        status,
        sentence: messages.goals.siteSentence(goal.site, count, goal.target),
      };
    }
    case 'uplifting_weekly': {
      const uplifting = pages.weekVerdicts.uplifting;
      let status: GoalStatus = 'on_track';
      if (uplifting >= goal.target) status = 'met';
      // Behind the pace: fewer than target × days gone / 7 (compared exactly, in integers).
      else if (
        pages.daysBeforeToday >= UPLIFTING_PACE_FROM_DAY &&
        7 * uplifting < goal.target * pages.daysBeforeToday
      )
        status = 'at_risk';
      return {
        period: 'week',
        current: uplifting,
        target: goal.target,
        pages: uplifting,
        status,
        sentence: messages.goals.upliftingSentence(uplifting, goal.target),
      };
    }
  }
}
