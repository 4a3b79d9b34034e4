import * as z from 'zod';
import { CentsSchema, DollarsSchema, UnixSecondsSchema, successWith } from './common';
import { PlanIdSchema, SubscriptionStatusSchema, type PlanId, type SubscriptionStatus } from './enums';
import { UserSchema } from './user';

export {
  PLAN_IDS,
  PlanIdSchema,
  SUBSCRIPTION_STATUSES,
  SubscriptionStatusSchema,
  type PlanId,
  type SubscriptionStatus,
} from './enums';

// ── Status labels (spec §4) ────────────────────────────────────────────────────────────────────────
export interface SubscriptionStatusInfo {
  label: string;
  message: string;
}

export const SUBSCRIPTION_STATUS_INFO: Record<SubscriptionStatus, SubscriptionStatusInfo> = {
  active: { label: 'Active', message: 'Your subscription is active.' },
  trialing: {
    label: 'Free Trial',
    message: 'You are on a free trial. Your card is charged when the trial ends unless you cancel.',
  },
  scheduled_cancelation: {
    label: 'Scheduled to Cancel',
    message: 'Your subscription is cancelled and stays active until the end of the current billing period.',
  },
  past_due: { label: 'Past Due', message: 'Your last payment failed. Please update your payment method.' },
  canceled: { label: 'Canceled', message: 'Your subscription has ended. Choose a plan to start again.' },
  free: { label: 'Free', message: 'You are on the free plan.' },
};

/** Label and message for any status string; unknown statuses display as free (spec §4). */
export function subscriptionStatusInfo(status: string | null | undefined): SubscriptionStatusInfo {
  const parsed = SubscriptionStatusSchema.safeParse(status);
  return SUBSCRIPTION_STATUS_INFO[parsed.success ? parsed.data : 'free'];
}

/** A new subscription is accepted only with one of these statuses (spec §4). */
export const ACCEPTED_NEW_SUBSCRIPTION_STATUSES = [
  'active',
  'trialing',
] as const satisfies readonly SubscriptionStatus[];
export function isAcceptedNewSubscriptionStatus(status: string): boolean {
  return (ACCEPTED_NEW_SUBSCRIPTION_STATUSES as readonly string[]).includes(status);
}

/** Statuses that show the Analysis list on the Overview tab (spec §2). */
export const LIVE_SUBSCRIPTION_STATUSES = [
  'active',
  'trialing',
  'scheduled_cancelation',
] as const satisfies readonly SubscriptionStatus[];

/** The display name of a plan is its capitalised id (spec §3). */
export function planName(id: PlanId): string {
  return id.charAt(0).toUpperCase() + id.slice(1);
}

// ── Entities ───────────────────────────────────────────────────────────────────────────────────────

/**
 * A subscription (spec §3). Dates are unix seconds. `tokensLimit`: tokens included per period;
 * `overageRate`: dollars per 10 000 tokens beyond it; `overageLimit`: the user's monthly overage cap in
 * dollars (0 = no overage allowed).
 */
export const SubscriptionSchema = z.object({
  id: z.string(),
  plan: PlanIdSchema,
  status: SubscriptionStatusSchema,
  cancelAt: UnixSecondsSchema.nullable(),
  currentPeriodStart: UnixSecondsSchema,
  currentPeriodEnd: UnixSecondsSchema,
  trialEnd: UnixSecondsSchema.nullable(),
  tokensLimit: z.number().int().nonnegative(),
  overageRate: DollarsSchema,
  overageLimit: DollarsSchema,
});
export type Subscription = z.infer<typeof SubscriptionSchema>;

/** A plan (spec §3). `amount` in cents per `interval`; `overageRate` in dollars per 10 000 tokens. */
export const PlanSchema = z.object({
  id: PlanIdSchema,
  name: z.string(),
  amount: CentsSchema,
  interval: z.enum(['month', 'year']),
  includedAnalyses: z.number().int().nonnegative(),
  includedTokens: z.number().int().nonnegative(),
  overageRate: DollarsSchema,
  benefits: z.array(z.string()),
  trialDays: z.number().int().nonnegative(),
});
export type Plan = z.infer<typeof PlanSchema>;

/** Plans keyed by id (spec §3). */
export const PlansSchema = z.record(PlanIdSchema, PlanSchema);
export type Plans = z.infer<typeof PlansSchema>;

// ── Calls ──────────────────────────────────────────────────────────────────────────────────────────

/**
 * GET /api/subscription. `subscription` null = no subscription. `count`: touch points analysed in the
 * current period; `tokensUsed`: tokens used in it; `currentPeriodStart` and `nextBilling` unix seconds
 * (null without a subscription, `nextBilling` null when cancellation is scheduled).
 */
export const SubscriptionInfoResponseSchema = successWith({
  subscription: SubscriptionSchema.nullable(),
  count: z.number().int().nonnegative(),
  tokensUsed: z.number().int().nonnegative(),
  currentPeriodStart: UnixSecondsSchema.nullable(),
  nextBilling: UnixSecondsSchema.nullable(),
});
export type SubscriptionInfoResponse = z.infer<typeof SubscriptionInfoResponseSchema>;

/** `{success, subscription}` — create, update, cancel, reactivate, overage. */
export const SubscriptionResponseSchema = successWith({
  subscription: SubscriptionSchema,
});
export type SubscriptionResponse = z.infer<typeof SubscriptionResponseSchema>;

/** POST /api/subscription/create: a card is required even for the free plan (spec §4). */
export const CreateSubscriptionRequestSchema = z.object({
  plan: PlanIdSchema,
  paymentMethodId: z.string().min(1),
});
export type CreateSubscriptionRequest = z.infer<typeof CreateSubscriptionRequestSchema>;

/** POST /api/subscription/update: change plan, effective immediately. */
export const UpdateSubscriptionRequestSchema = z.object({ planId: PlanIdSchema });
export type UpdateSubscriptionRequest = z.infer<typeof UpdateSubscriptionRequestSchema>;

/** PATCH /api/subscription/overage: the monthly overage cap in dollars (one of the pricing tier amounts, or 0). */
export const OverageRequestSchema = z.object({ amount: DollarsSchema });
export type OverageRequest = z.infer<typeof OverageRequestSchema>;

/** GET /api/subscription/plans */
export const PlansResponseSchema = successWith({ plans: PlansSchema });
export type PlansResponse = z.infer<typeof PlansResponseSchema>;

/** PATCH /api/subscription/chrome: marks the extension wizard shown; answers the updated user. */
export const WizardShownResponseSchema = successWith({ user: UserSchema });
export type WizardShownResponse = z.infer<typeof WizardShownResponseSchema>;
