import { OVERAGE_RATE_TOKENS } from '@mediadiet/contract/constants';
import { includedTokens, isPaidPlan, type PlanConfig } from '../../config/plans.ts';

/**
 * The metering rules (decision 050), pure and in integers:
 * - a period's allowance is the plan's included tokens (includedAnalyses × 200);
 * - beyond it, overage costs `overageRateCents` per 10 000 tokens, rounded up to the cent;
 * - a touch point is accepted while the overage cost after it stays within the cap; with integer cents
 *   that is `tokens ≤ included + floor(cap × 10 000 / rate)`;
 * - the free plan has no overage: it stops at its included touch points and tokens.
 */

export interface UsageLimits {
  /** Most tokens the period may hold. */
  maxTokens: number;
  /** Most touch points the period may hold (only the free plan counts them). */
  maxTouchpoints: number;
}

/** Large enough to mean "no limit", small enough for a bigint parameter and exact JS arithmetic. */
export const UNLIMITED = Number.MAX_SAFE_INTEGER;

/** Whether usage beyond the included tokens is sold (paid plans with an overage rate). */
function hasOverage(plan: PlanConfig): boolean {
  return isPaidPlan(plan) && plan.overageRateCents > 0;
}

export function usageLimits(plan: PlanConfig, overageLimitCents: number): UsageLimits {
  const included = includedTokens(plan);
  if (!hasOverage(plan)) {
    return { maxTokens: included, maxTouchpoints: plan.includedAnalyses };
  }
  const overageTokens = Math.floor((overageLimitCents * OVERAGE_RATE_TOKENS) / plan.overageRateCents);
  return { maxTokens: included + overageTokens, maxTouchpoints: UNLIMITED };
}

/**
 * The terms of `usageLimits` for a statement that applies them to subscriptions it reads itself (the ingest's
 * one statement, decision 098): the accepting statuses and, per plan, the included tokens, the most touch
 * points and the overage rate (0: no overage); with a cap of C cents the SQL allows included +
 * floor(C × overageRateTokens ÷ rate) tokens, as `usageLimits` does. A test holds the two to the same decisions.
 */
export interface AllowanceTerms {
  /** The subscription statuses that accept touch points. */
  accepting: readonly string[];
  plans: readonly {
    plan: string;
    includedTokens: number;
    maxTouchpoints: number;
    overageRateCents: number;
  }[];
  overageRateTokens: number;
}

export function allowanceTerms(
  plans: Record<string, PlanConfig>,
  accepting: readonly string[],
): AllowanceTerms {
  return {
    accepting,
    plans: Object.entries(plans).map(([plan, config]) => {
      const base = usageLimits(config, 0);
      return {
        plan,
        includedTokens: base.maxTokens,
        maxTouchpoints: base.maxTouchpoints,
        overageRateCents: hasOverage(config) ? config.overageRateCents : 0,
      };
    }),
    overageRateTokens: OVERAGE_RATE_TOKENS,
  };
}

/** Overage owed for a period, cents, never above the cap. */
export function overageCents(plan: PlanConfig, tokensUsed: number, overageLimitCents: number): number {
  if (plan.overageRateCents <= 0) return 0;
  const over = Math.max(0, tokensUsed - includedTokens(plan));
  const cost = Math.ceil((over * plan.overageRateCents) / OVERAGE_RATE_TOKENS);
  return Math.min(cost, overageLimitCents);
}

/**
 * Proration of a plan change at `now` inside [start, end): credit for the unused time of the old plan,
 * charge for the remaining time of the new one, both rounded to the cent (decision 051).
 */
export function proration(
  oldAmountCents: number,
  newAmountCents: number,
  period: { start: Date; end: Date },
  now: Date,
): { creditCents: number; chargeCents: number } {
  const total = period.end.getTime() - period.start.getTime();
  const remaining = Math.min(total, Math.max(0, period.end.getTime() - now.getTime()));
  if (total <= 0) return { creditCents: 0, chargeCents: 0 };
  return {
    creditCents: Math.round((oldAmountCents * remaining) / total),
    chargeCents: Math.round((newAmountCents * remaining) / total),
  };
}

/** `date` plus one calendar month (UTC), the day clamped to the month's length (31 Jan → 28/29 Feb). */
export function addMonth(date: Date): Date {
  const y = date.getUTCFullYear();
  const m = date.getUTCMonth() + 1;
  const lastDay = new Date(Date.UTC(y, m + 1, 0)).getUTCDate();
  const result = new Date(date);
  result.setUTCDate(1);
  result.setUTCFullYear(y, m, Math.min(date.getUTCDate(), lastDay));
  return result;
}

export const toUnix = (date: Date): number => Math.floor(date.getTime() / 1000);
