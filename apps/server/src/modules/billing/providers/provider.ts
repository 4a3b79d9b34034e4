import type { Invoice, PaymentMethod, PaymentProviderId } from '@mediadiet/contract/payment';
import type { PlanId } from '@mediadiet/contract/subscription';
import type { Db } from '../../../db/database.ts';
import type { SubscriptionRow } from '../repository.ts';

/**
 * One interface over the payment providers (ARCHITECTURE "Payments"): `local` (test mode, everything in
 * our database) and `stripe`. The subscription and payment services call only this. Every method gets
 * the caller's transaction (`tx`): the local provider writes in it, so a failed step rolls back
 * everything; the Stripe provider makes HTTP calls (with idempotency keys) and writes nothing.
 */

export interface ProviderContext {
  tx: Db;
  userId: string;
  email: string;
  /** The provider's customer id (created by `ensureCustomer`). */
  customerId: string;
  now: Date;
}

/** Statuses we keep; the spec's `free` status is never stored (a free-plan subscription is `active`). */
export type StoredStatus = 'active' | 'trialing' | 'scheduled_cancelation' | 'past_due' | 'canceled';

/** A subscription as the provider reports it. */
export interface ProviderSubscription {
  providerSubscriptionId: string | null;
  plan: PlanId;
  status: StoredStatus;
  currentPeriodStart: Date;
  currentPeriodEnd: Date;
  trialEnd: Date | null;
  cancelAt: Date | null;
  paymentMethodId: string | null;
}

export interface CreateSubscriptionInput {
  /** Our subscription id (the row is inserted after the provider answers). */
  subscriptionId: string;
  plan: PlanId;
  paymentMethodId: string;
  trialDays: number;
  /** Stable per (user, attempt): a retried create after a crash finds the same provider object. */
  idempotencyKey: string;
}

/** A failure the caller can act on (declined card, unknown card): answered with its status and message. */
export class PaymentError extends Error {
  override name = 'PaymentError';
  constructor(
    readonly statusCode: 400 | 402 | 404 | 409 | 502,
    message: string,
  ) {
    super(message);
  }
}

export interface PaymentProvider {
  readonly id: PaymentProviderId;
  /** Creates the provider's customer for a user who has none; returns its id. */
  createCustomer(input: { tx: Db; userId: string; email: string; name: string }): Promise<string>;
  createSetupIntent(ctx: ProviderContext): Promise<{ clientSecret: string }>;
  /** Attaches a confirmed card to the customer (idempotent) and answers it. 404 when it is not the user's. */
  attachPaymentMethod(ctx: ProviderContext, paymentMethodId: string): Promise<PaymentMethod>;
  listPaymentMethods(ctx: ProviderContext): Promise<PaymentMethod[]>;
  setDefaultPaymentMethod(ctx: ProviderContext, paymentMethodId: string): Promise<void>;
  detachPaymentMethod(ctx: ProviderContext, paymentMethodId: string): Promise<void>;
  createSubscription(ctx: ProviderContext, input: CreateSubscriptionInput): Promise<ProviderSubscription>;
  /**
   * Changes plan immediately, with proration (decision 051). With `trialDays` > 0 (a move from Free by a
   * user who never had a trial, decision 120) nothing is charged: the new plan starts a trial of that many
   * days as a new period.
   */
  changePlan(
    ctx: ProviderContext,
    subscription: SubscriptionRow,
    plan: PlanId,
    idempotencyKey: string,
    trialDays?: number,
  ): Promise<ProviderSubscription>;
  /** Cancel at period end (true) or undo it (false). */
  setCancelAtPeriodEnd(ctx: ProviderContext, subscription: SubscriptionRow, cancel: boolean): Promise<ProviderSubscription>;
  /** The card the subscription charges; a past-due subscription is retried with it. */
  setSubscriptionPaymentMethod(ctx: ProviderContext, subscription: SubscriptionRow, paymentMethodId: string): Promise<ProviderSubscription>;
  listInvoices(ctx: ProviderContext): Promise<Invoice[]>;
  getInvoice(ctx: ProviderContext, invoiceId: string): Promise<Invoice | null>;
  /** The card's fingerprint (the same card number always gives the same value), or null when unknown. */
  cardFingerprint(ctx: ProviderContext, paymentMethodId: string): Promise<string | null>;
  /** Fingerprints of every card the customer holds ([] once the customer is gone). */
  cardFingerprints(ctx: ProviderContext): Promise<string[]>;
  /**
   * Account deletion (decision 103): ends the subscription at once (no renewal, no further charge) and deletes
   * the provider's customer. Idempotent: what is already gone is skipped. Throws when the provider fails.
   */
  closeCustomer(ctx: ProviderContext, subscription: SubscriptionRow | null): Promise<void>;
}
