import type { PlanId } from '@mediadiet/contract/subscription';
import type { FastifyInstance } from 'fastify';
import { planConfig } from '../../src/config/plans.ts';
import type { Db } from '../../src/db/database.ts';
import { httpError } from '../../src/http/errors.ts';
import { usageLimits } from '../../src/modules/billing/metering.ts';
import * as repo from '../../src/modules/billing/repository.ts';
import type { SubscriptionRow, UsageRow } from '../../src/modules/billing/repository.ts';
import { ACCEPTING_STATUSES, type UsageDecision } from '../../src/modules/billing/usage-service.ts';

/**
 * Usage metering one touch point at a time: the oracles the batch path (`app.usage.tryRecordBatchIn`, what the
 * worker uses) is checked against, and set-up helpers. Test code only: production meters in batches.
 * - `canAccept`: would one more touch point of `tokens` stay within the plan and cap?
 * - `record`: adds it unconditionally (atomic; concurrent records sum exactly).
 * - `tryRecord` / `tryRecordIn`: check and add in one statement.
 */
export function usageOracle(app: Pick<FastifyInstance, 'db' | 'usage'>) {
  const { db } = app;
  const tokensOf = (tokens: number) => Math.max(0, Math.round(tokens));
  const limitsOf = (row: Pick<SubscriptionRow, 'plan' | 'overageLimitCents'>) =>
    usageLimits(planConfig(row.plan as PlanId), row.overageLimitCents);
  const accepting = (row: SubscriptionRow | null) => (row && ACCEPTING_STATUSES.has(row.status) ? row : null);

  const oracle = {
    async canAccept(userId: string, tokens: number): Promise<UsageDecision> {
      const live = (await repo.findLiveSubscriptionUsages(db, [userId])).get(userId);
      const row = live?.subscription ?? null;
      if (!live || !row || !ACCEPTING_STATUSES.has(row.status)) return app.usage.refusal(row);
      const limits = limitsOf(row);
      const fits =
        live.usage.tokens + tokensOf(tokens) <= limits.maxTokens && live.usage.touchpoints + 1 <= limits.maxTouchpoints;
      return fits ? { ok: true } : app.usage.refusal(row);
    },
    /** Throws the 402 of `canAccept` when refused. */
    async assertCanAccept(userId: string, tokens: number): Promise<void> {
      const decision = await oracle.canAccept(userId, tokens);
      if (!decision.ok) throw httpError(decision.statusCode, decision.message);
    },
    async record(userId: string, tokens: number): Promise<UsageRow | null> {
      const row = accepting(await repo.findLiveSubscription(db, userId));
      if (!row) return null;
      return repo.addUsage(db, userId, row.currentPeriodStart, tokensOf(tokens));
    },
    tryRecord: (userId: string, tokens: number) => oracle.tryRecordIn(db, userId, tokens),
    async tryRecordIn(tx: Db, userId: string, tokens: number): Promise<UsageDecision & { usage?: UsageRow }> {
      const row = await repo.findLiveSubscription(tx, userId);
      if (!row || !ACCEPTING_STATUSES.has(row.status)) return app.usage.refusal(row);
      const usage = await repo.addUsage(tx, userId, row.currentPeriodStart, tokensOf(tokens), limitsOf(row));
      return usage ? { ok: true, usage } : app.usage.refusal(row);
    },
  };
  return oracle;
}
