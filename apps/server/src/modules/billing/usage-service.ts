import { messages } from '@mediadiet/contract/messages';
import type { PlanId } from '@mediadiet/contract/subscription';
import { isPaidPlan, PLAN_CONFIG, planConfig } from '../../config/plans.ts';
import type { Db } from '../../db/database.ts';
import { allowanceTerms, usageLimits, type AllowanceTerms } from './metering.ts';
import * as repo from './repository.ts';
import type { SubscriptionRow, UsageRow } from './repository.ts';

/**
 * Usage metering (decision 050): `app.usage`. Ingest checks the allowance inside its insert (`terms`, decision
 * 098); the touch-point worker records the usage of a stored batch (`tryRecordBatchIn`); "Forget this page"
 * releases it (`releaseIn`). Refusals carry HTTP 402 and a catalogue message (`refusal`). The one-item forms the
 * batch is checked against are test code (test/helpers/usage.ts).
 */

export type UsageDecision = { ok: true } | { ok: false; statusCode: 402; message: string };

export interface UsageService {
  /**
   * Touch points of any users, inside the caller's transaction, with exactly the decisions of a check-and-add
   * of each in the given order, in three statements whatever the batch holds: the users' live
   * subscriptions, their usage rows locked in user-id order (so concurrent batches never deadlock), and the
   * accepted amounts added.
   */
  tryRecordBatchIn(tx: Db, items: readonly { userId: string; tokens: number }[]): Promise<UsageDecision[]>;
  /**
   * A forgotten page's usage, inside the caller's transaction: out of the period it was billed in (`billedAt`)
   * while that period is the latest; a closed period keeps its figures (decision 116).
   */
  releaseIn(tx: Db, userId: string, tokens: number, billedAt: Date): Promise<void>;
  /** The current period's usage (zeros without a live subscription). */
  current(userId: string): Promise<UsageRow & { periodStart: Date | null }>;
  /** The allowance for a statement that checks it itself (the ingest's, decision 098). */
  readonly terms: AllowanceTerms;
  /** The refusal of a user whose live subscription (or none) did not let a touch point in. */
  refusal(subscription: Pick<SubscriptionRow, 'status' | 'plan'> | null): UsageDecision & { ok: false };
}

/** Subscription statuses that accept touch points. */
export const ACCEPTING_STATUSES: ReadonlySet<string> = new Set(['active', 'trialing', 'scheduled_cancelation']);
const ACCEPTING = ACCEPTING_STATUSES;

function refusal(row: Pick<SubscriptionRow, 'status' | 'plan'> | null): UsageDecision & { ok: false } {
  if (!row) return { ok: false, statusCode: 402, message: messages.server.subscriptionRequired };
  if (row.status === 'past_due') return { ok: false, statusCode: 402, message: messages.server.subscriptionPastDue };
  const plan = planConfig(row.plan as PlanId);
  return {
    ok: false,
    statusCode: 402,
    message: isPaidPlan(plan) ? messages.server.usageLimitReached : messages.server.freeLimitReached,
  };
}

export function createUsageService(deps: { db: Db }): UsageService {
  const { db } = deps;
  const tokensOf = (tokens: number) => Math.max(0, Math.round(tokens));

  const limitsOf = (row: Pick<SubscriptionRow, 'plan' | 'overageLimitCents'>) =>
    usageLimits(planConfig(row.plan as PlanId), row.overageLimitCents);

  return {
    terms: allowanceTerms(PLAN_CONFIG, [...ACCEPTING]),
    refusal,

    releaseIn: (tx, userId, tokens, billedAt) => repo.releaseUsage(tx, userId, tokensOf(tokens), billedAt),

    async tryRecordBatchIn(tx, items) {
      if (items.length === 0) return [];
      const userIds = [...new Set(items.map((item) => item.userId))];
      // The usage read here is not locked yet: only the subscriptions are used; the locked read follows.
      const found = await repo.findLiveSubscriptionUsages(tx, userIds);
      const subscriptionOf = (userId: string) => found.get(userId)?.subscription ?? null;
      const metered = userIds.flatMap((userId) => {
        const row = subscriptionOf(userId);
        return row && ACCEPTING.has(row.status) ? [{ userId, row, limits: limitsOf(row) }] : [];
      });
      const locked = await repo.lockUsageRows(
        tx,
        metered.map(({ userId, row }) => ({ userId, periodStart: row.currentPeriodStart })),
      );
      // Under the locks nothing else changes these rows: each decision sees the usage plus the ones accepted
      // before it, as consecutive conditional adds would.
      const running = new Map(
        metered.map(({ userId, row, limits }) => [
          userId,
          { row, limits, usage: locked.get(userId) ?? { tokens: 0, touchpoints: 0 }, added: { tokens: 0, touchpoints: 0 } },
        ]),
      );
      const decisions = items.map(({ userId, tokens }): UsageDecision => {
        const user = running.get(userId);
        if (!user) return refusal(subscriptionOf(userId));
        const amount = tokensOf(tokens);
        const fits =
          user.usage.tokens + user.added.tokens + amount <= user.limits.maxTokens &&
          user.usage.touchpoints + user.added.touchpoints + 1 <= user.limits.maxTouchpoints;
        if (!fits) return refusal(user.row);
        user.added.tokens += amount;
        user.added.touchpoints += 1;
        return { ok: true };
      });
      await repo.addToLockedUsage(
        tx,
        [...running].flatMap(([userId, { row, added }]) =>
          added.touchpoints === 0 ? [] : [{ userId, periodStart: row.currentPeriodStart, ...added }],
        ),
      );
      return decisions;
    },

    async current(userId) {
      const row = await repo.findLiveSubscription(db, userId);
      if (!row) return { tokens: 0, touchpoints: 0, periodStart: null };
      return { ...(await repo.readUsage(db, userId, row.currentPeriodStart)), periodStart: row.currentPeriodStart };
    },
  };
}
