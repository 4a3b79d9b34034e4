import { OVERAGE_RATE_TOKENS, FREE_TRIAL_DAYS, TOKENS_PER_TOUCHPOINT } from '@mediadiet/contract/constants';
import type { PricingTier, Pricing } from '@mediadiet/contract/payment';
import { planName, type Plan, type PlanId, type Plans } from '@mediadiet/contract/subscription';

/**
 * The one place plans and overage tiers are configured (README "Plans and billing", decision 050).
 * Money is integer cents here; the API shows the contract's units (plan amounts in cents, rates and
 * caps in dollars).
 *
 * Sizing (decision 114): a touch point is a page of up to 2,000 tokens (`TOKENS_PER_TOUCHPOINT`, about 1,500
 * words: a median news article is one, a long report several). Every allowance is stated in touch points and
 * converted with that figure; overage is priced just above the plan's own price per token.
 */
export { TOKENS_PER_TOUCHPOINT };

export interface PlanConfig {
  id: PlanId;
  /** Price per interval, cents. */
  amountCents: number;
  interval: 'month';
  /** Touch points included per period. */
  includedAnalyses: number;
  /** Overage price in cents per 10 000 tokens beyond the allowance; 0 = no overage (free plan). */
  overageRateCents: number;
  trialDays: number;
  benefits: string[];
  /** Monthly overage caps the user may choose, whole dollars (0 = no overage is always allowed too). */
  overageTiersDollars: number[];
}

export const PLAN_CONFIG: Record<PlanId, PlanConfig> = {
  free: {
    id: 'free',
    amountCents: 0,
    interval: 'month',
    includedAnalyses: 50,
    overageRateCents: 0,
    trialDays: 0,
    benefits: [
      '50 touch points a month',
      'Recent analyses and monthly insights',
      'Ignored sites',
      'Usage beyond the allowance (overage)',
      'Yearly insights and top domains',
      'Personality questionnaire and tuning',
    ],
    overageTiersDollars: [],
  },
  basic: {
    id: 'basic',
    amountCents: 499,
    interval: 'month',
    includedAnalyses: 1_000,
    // $4.99 buys 2M tokens (≈ $0.025 per 10k); overage $0.03 per 10k (about 5 touch points).
    overageRateCents: 3,
    trialDays: FREE_TRIAL_DAYS,
    benefits: [
      '1,000 touch points a month',
      'Recent analyses, monthly and yearly insights',
      'Top domains and trends',
      'Optional overage with a monthly cap you choose',
    ],
    overageTiersDollars: [5, 10, 25, 50, 100],
  },
  premium: {
    id: 'premium',
    amountCents: 999,
    interval: 'month',
    includedAnalyses: 2_500,
    // $9.99 buys 5M tokens (≈ $0.02 per 10k); overage $0.02 per 10k.
    overageRateCents: 2,
    trialDays: FREE_TRIAL_DAYS,
    benefits: [
      '2,500 touch points a month',
      'Everything in Basic',
      'Personality questionnaire and snapshot',
      'Scores tuned to your personality',
      'Lower overage rate, caps up to $1,000',
    ],
    overageTiersDollars: [10, 25, 50, 100, 250, 500, 1000],
  },
};

export function planConfig(id: PlanId): PlanConfig {
  return PLAN_CONFIG[id];
}

export function includedTokens(plan: PlanConfig): number {
  return plan.includedAnalyses * TOKENS_PER_TOUCHPOINT;
}

export function isPaidPlan(plan: PlanConfig): boolean {
  return plan.amountCents > 0;
}

/** The contract's Plan (spec §3). */
export function toPlan(plan: PlanConfig): Plan {
  return {
    id: plan.id,
    name: planName(plan.id),
    amount: plan.amountCents,
    interval: plan.interval,
    includedAnalyses: plan.includedAnalyses,
    includedTokens: includedTokens(plan),
    overageRate: plan.overageRateCents / 100,
    benefits: [...plan.benefits],
    trialDays: plan.trialDays,
  };
}

export function allPlans(): Plans {
  return {
    free: toPlan(PLAN_CONFIG.free),
    basic: toPlan(PLAN_CONFIG.basic),
    premium: toPlan(PLAN_CONFIG.premium),
  };
}

/** What a cap of `dollars` buys at the plan's overage rate. */
export function pricingTier(plan: PlanConfig, dollars: number): PricingTier {
  const tokens = plan.overageRateCents > 0 ? Math.floor((dollars * 100 * OVERAGE_RATE_TOKENS) / plan.overageRateCents) : 0;
  return { amount: dollars, tokens, analyses: Math.floor(tokens / TOKENS_PER_TOUCHPOINT) };
}

export function pricing(): Pricing {
  return {
    basic: PLAN_CONFIG.basic.overageTiersDollars.map((d) => pricingTier(PLAN_CONFIG.basic, d)),
    premium: PLAN_CONFIG.premium.overageTiersDollars.map((d) => pricingTier(PLAN_CONFIG.premium, d)),
  };
}
