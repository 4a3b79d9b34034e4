import { randomUUID } from 'node:crypto';
import { messages } from '@mediadiet/contract/messages';
import type { Invoice, LocalConfirmSetupRequest, PaymentMethod } from '@mediadiet/contract/payment';
import { planName, type PlanId } from '@mediadiet/contract/subscription';
import { planConfig } from '../../../config/plans.ts';
import type { Db } from '../../../db/database.ts';
import { DAY } from '../../../lib/clock.ts';
import { randomToken, type KeyedHasher } from '../../../lib/crypto.ts';
import { checkTestCard } from '../cards.ts';
import { addMonth, overageCents, proration, toUnix } from '../metering.ts';
import * as repo from '../repository.ts';
import type { InvoiceRow, PaymentMethodRow, SubscriptionRow } from '../repository.ts';
import {
  PaymentError,
  type CreateSubscriptionInput,
  type PaymentProvider,
  type ProviderContext,
  type ProviderSubscription,
} from './provider.ts';

/**
 * The local test-mode provider: customers, cards, setup intents, subscriptions and invoices live in our
 * database; nothing is ever charged ("Test mode — no real charges"). Only the provider's well-known test
 * card numbers are accepted (cards.ts). Periods are renewed and trials ended by the billing sweep
 * (`settleDuePeriod`).
 */

export const TEST_MODE_NOTICE = 'Test mode — no real charges';
const SETUP_INTENT_LIFE_MS = 60 * 60 * 1000;

export function invoicePdfPath(invoiceId: string): string {
  return `/api/payment/invoices/${encodeURIComponent(invoiceId)}/pdf`;
}

export function toContractInvoice(row: InvoiceRow): Invoice {
  return {
    id: row.id,
    amount: row.amountCents,
    date: toUnix(row.createdAt),
    status: row.status as Invoice['status'],
    invoice_pdf: invoicePdfPath(row.id),
    description: `${row.description} (${TEST_MODE_NOTICE})`,
  };
}

export function toContractPaymentMethod(row: PaymentMethodRow): PaymentMethod {
  return {
    id: row.id,
    brand: row.brand,
    last4: row.last4,
    expMonth: row.expMonth,
    expYear: row.expYear,
    isDefault: row.isDefault,
  };
}

type Line = { description: string; amountCents: number };

const fmtDate = (d: Date) => d.toISOString().slice(0, 10);

export interface LocalProvider extends PaymentProvider {
  readonly id: 'local';
  /** POST /api/payment/local/confirm-setup: the stand-in for Stripe.js confirmCardSetup. */
  confirmSetup(tx: Db, userId: string, request: LocalConfirmSetupRequest, now: Date): Promise<{ paymentMethodId: string }>;
  /** The billing sweep: closes the ended period of a claimed subscription (renew, end trial, cancel). */
  settleDuePeriod(tx: Db, subscription: SubscriptionRow, now: Date): Promise<SubscriptionRow>;
}

export function createLocalProvider(deps: { hasher: KeyedHasher }): LocalProvider {
  const { hasher } = deps;
  const secretHash = (clientSecret: string) => hasher.hash('setup-intent', clientSecret);

  /** Charges the lines to a card: an invoice, paid or failed (a test card never moves real money). */
  async function charge(
    tx: Db,
    input: {
      userId: string;
      subscriptionId: string;
      paymentMethodId: string | null;
      description: string;
      lines: Line[];
      period: { start: Date; end: Date } | null;
      now: Date;
    },
  ): Promise<InvoiceRow> {
    const amount = Math.max(0, input.lines.reduce((sum, line) => sum + line.amountCents, 0));
    const card = input.paymentMethodId ? await repo.findPaymentMethod(tx, input.userId, input.paymentMethodId) : null;
    const paid = amount === 0 || (card !== null && card.chargeBehavior === 'succeeds');
    return repo.insertInvoice(tx, {
      id: `in_local_${randomToken(16)}`,
      userId: input.userId,
      subscriptionId: input.subscriptionId,
      amountCents: amount,
      status: paid ? 'paid' : 'failed',
      description: input.description,
      lines: input.lines,
      periodStart: input.period?.start ?? null,
      periodEnd: input.period?.end ?? null,
      paymentMethodId: input.paymentMethodId,
      createdAt: input.now,
      paidAt: paid ? input.now : null,
    });
  }

  const stateOf = (row: SubscriptionRow, patch: Partial<ProviderSubscription> = {}): ProviderSubscription => ({
    providerSubscriptionId: row.providerSubscriptionId,
    plan: row.plan as PlanId,
    status: row.status as ProviderSubscription['status'],
    currentPeriodStart: row.currentPeriodStart,
    currentPeriodEnd: row.currentPeriodEnd,
    trialEnd: row.trialEnd,
    cancelAt: row.cancelAt,
    paymentMethodId: row.paymentMethodId,
    ...patch,
  });

  async function requireCard(ctx: ProviderContext, paymentMethodId: string): Promise<PaymentMethodRow> {
    const card = await repo.findPaymentMethod(ctx.tx, ctx.userId, paymentMethodId);
    if (!card) throw new PaymentError(404, messages.server.paymentMethodNotFound);
    return card;
  }

  const provider: LocalProvider = {
    id: 'local',

    createCustomer() {
      return Promise.resolve(`cus_local_${randomUUID().replace(/-/g, '').slice(0, 24)}`);
    },

    async createSetupIntent(ctx) {
      const id = `seti_local_${randomToken(16)}`;
      const clientSecret = `${id}_secret_${randomToken(24)}`;
      await repo.insertSetupIntent(ctx.tx, {
        id,
        userId: ctx.userId,
        clientSecretHash: secretHash(clientSecret),
        status: 'requires_payment_method',
        createdAt: ctx.now,
        expiresAt: new Date(ctx.now.getTime() + SETUP_INTENT_LIFE_MS),
      });
      return { clientSecret };
    },

    async confirmSetup(tx, userId, request, now) {
      const hash = secretHash(request.clientSecret);
      if (!(await repo.findOpenSetupIntent(tx, userId, hash, now))) {
        throw new PaymentError(400, messages.server.setupIntentInvalid);
      }
      const outcome = checkTestCard(request.card, now);
      if (!outcome.ok) throw new PaymentError(outcome.status, outcome.message);
      const id = `pm_local_${randomToken(16)}`;
      await repo.insertPaymentMethod(tx, {
        id,
        userId,
        brand: outcome.brand,
        last4: outcome.last4,
        expMonth: request.card.expMonth,
        expYear: request.card.expYear,
        fingerprint: hasher.hash('card-fingerprint', outcome.digits),
        chargeBehavior: outcome.chargeBehavior,
        createdAt: now,
      });
      if (!(await repo.completeSetupIntent(tx, userId, hash, id, now))) {
        throw new PaymentError(400, messages.server.setupIntentInvalid);
      }
      return { paymentMethodId: id };
    },

    async attachPaymentMethod(ctx, paymentMethodId) {
      await requireCard(ctx, paymentMethodId);
      await repo.attachPaymentMethod(ctx.tx, ctx.userId, paymentMethodId, ctx.now);
      await repo.setDefaultPaymentMethod(ctx.tx, ctx.userId, paymentMethodId);
      return toContractPaymentMethod(await requireCard(ctx, paymentMethodId));
    },

    async listPaymentMethods(ctx) {
      return (await repo.listAttachedPaymentMethods(ctx.tx, ctx.userId)).map(toContractPaymentMethod);
    },

    async setDefaultPaymentMethod(ctx, paymentMethodId) {
      const card = await requireCard(ctx, paymentMethodId);
      if (!card.attachedAt) throw new PaymentError(404, messages.server.paymentMethodNotFound);
      await repo.setDefaultPaymentMethod(ctx.tx, ctx.userId, paymentMethodId);
    },

    async detachPaymentMethod(ctx, paymentMethodId) {
      await requireCard(ctx, paymentMethodId);
      await repo.deletePaymentMethod(ctx.tx, ctx.userId, paymentMethodId);
    },

    async createSubscription(ctx, input: CreateSubscriptionInput) {
      const plan = planConfig(input.plan);
      await provider.attachPaymentMethod(ctx, input.paymentMethodId);
      if (input.trialDays > 0) {
        const end = new Date(ctx.now.getTime() + input.trialDays * DAY);
        return {
          providerSubscriptionId: null,
          plan: input.plan,
          status: 'trialing',
          currentPeriodStart: ctx.now,
          currentPeriodEnd: end,
          trialEnd: end,
          cancelAt: null,
          paymentMethodId: input.paymentMethodId,
        };
      }
      const end = addMonth(ctx.now);
      if (plan.amountCents > 0) {
        const invoice = await charge(ctx.tx, {
          userId: ctx.userId,
          subscriptionId: input.subscriptionId,
          paymentMethodId: input.paymentMethodId,
          description: `${planName(plan.id)} plan`,
          lines: [{ description: `${planName(plan.id)} plan, ${fmtDate(ctx.now)} – ${fmtDate(end)}`, amountCents: plan.amountCents }],
          period: { start: ctx.now, end },
          now: ctx.now,
        });
        // Thrown inside the caller's transaction: the invoice and everything else roll back.
        if (invoice.status !== 'paid') throw new PaymentError(402, messages.server.cardDeclined);
      }
      return {
        providerSubscriptionId: null,
        plan: input.plan,
        status: 'active',
        currentPeriodStart: ctx.now,
        currentPeriodEnd: end,
        trialEnd: null,
        cancelAt: null,
        paymentMethodId: input.paymentMethodId,
      };
    },

    async changePlan(ctx, sub, planId, _idempotencyKey, trialDays = 0) {
      if (trialDays > 0) {
        // From Free to a paid plan, never trialled: the trial starts now as a new period; no charge.
        const end = new Date(ctx.now.getTime() + trialDays * DAY);
        return stateOf(sub, {
          plan: planId,
          status: 'trialing',
          currentPeriodStart: ctx.now,
          currentPeriodEnd: end,
          trialEnd: end,
          cancelAt: null,
        });
      }
      if (sub.status === 'trialing' || (sub.trialEnd && sub.trialEnd > ctx.now)) {
        // During the trial nothing is charged: the trial simply continues on the new plan.
        return stateOf(sub, { plan: planId });
      }
      const from = planConfig(sub.plan as PlanId);
      const to = planConfig(planId);
      const { creditCents, chargeCents } = proration(
        from.amountCents,
        to.amountCents,
        { start: sub.currentPeriodStart, end: sub.currentPeriodEnd },
        ctx.now,
      );
      const lines: Line[] = [
        { description: `Unused time on ${planName(from.id)} after ${fmtDate(ctx.now)}`, amountCents: -creditCents },
        { description: `Remaining time on ${planName(to.id)} until ${fmtDate(sub.currentPeriodEnd)}`, amountCents: chargeCents },
      ];
      const net = chargeCents - creditCents - sub.creditCents;
      if (sub.creditCents > 0) lines.push({ description: 'Credit from earlier changes', amountCents: -sub.creditCents });
      const invoice = await charge(ctx.tx, {
        userId: ctx.userId,
        subscriptionId: sub.id,
        paymentMethodId: sub.paymentMethodId,
        description: `Change from ${planName(from.id)} to ${planName(to.id)} (prorated)`,
        lines,
        period: { start: ctx.now, end: sub.currentPeriodEnd },
        now: ctx.now,
      });
      if (invoice.status !== 'paid') throw new PaymentError(402, messages.server.cardDeclined);
      const credit = Math.max(0, -net);
      await repo.updateSubscription(ctx.tx, sub.id, { creditCents: credit, updatedAt: ctx.now });
      return stateOf(sub, { plan: planId });
    },

    setCancelAtPeriodEnd(ctx, sub, cancel) {
      if (cancel) return Promise.resolve(stateOf(sub, { status: 'scheduled_cancelation', cancelAt: sub.currentPeriodEnd }));
      const trialing = sub.trialEnd !== null && sub.trialEnd > ctx.now;
      return Promise.resolve(stateOf(sub, { status: trialing ? 'trialing' : 'active', cancelAt: null }));
    },

    async setSubscriptionPaymentMethod(ctx, sub, paymentMethodId) {
      await requireCard(ctx, paymentMethodId);
      if (sub.status !== 'past_due') return stateOf(sub, { paymentMethodId });
      // Past due: retry the failed invoice with the new card.
      const failed = await repo.latestFailedInvoice(ctx.tx, sub.id);
      const card = await requireCard(ctx, paymentMethodId);
      if (failed && card.chargeBehavior !== 'succeeds') return stateOf(sub, { paymentMethodId });
      if (failed) await repo.markInvoicePaid(ctx.tx, failed.id, paymentMethodId, ctx.now);
      return stateOf(sub, { paymentMethodId, status: 'active' });
    },

    async listInvoices(ctx) {
      return (await repo.listInvoices(ctx.tx, ctx.userId)).map(toContractInvoice);
    },

    async getInvoice(ctx, invoiceId) {
      const row = await repo.findInvoice(ctx.tx, ctx.userId, invoiceId);
      return row ? toContractInvoice(row) : null;
    },

    async cardFingerprint(ctx, paymentMethodId) {
      return (await repo.findPaymentMethod(ctx.tx, ctx.userId, paymentMethodId))?.fingerprint ?? null;
    },

    cardFingerprints(ctx) {
      return repo.listCardFingerprints(ctx.tx, ctx.userId);
    },

    async closeCustomer(ctx, sub) {
      // Everything lives in our database: the subscription ends now (its rows go with the account).
      if (sub && sub.status !== 'canceled') {
        await repo.updateSubscription(ctx.tx, sub.id, { status: 'canceled', endedAt: ctx.now, cancelAt: ctx.now, updatedAt: ctx.now });
      }
    },

    async settleDuePeriod(tx, sub, now) {
      const plan = planConfig(sub.plan as PlanId);
      const periodEnd = sub.currentPeriodEnd;
      const usage = await repo.readUsage(tx, sub.userId, sub.currentPeriodStart);
      const overage = overageCents(plan, usage.tokens, sub.overageLimitCents);
      const overageLine: Line[] =
        overage > 0
          ? [{ description: `Overage, ${usage.tokens.toLocaleString('en-US')} tokens used in ${fmtDate(sub.currentPeriodStart)} – ${fmtDate(periodEnd)}`, amountCents: overage }]
          : [];

      if (sub.status === 'scheduled_cancelation' || sub.status === 'past_due') {
        if (overageLine.length > 0 && sub.status === 'scheduled_cancelation') {
          await charge(tx, {
            userId: sub.userId,
            subscriptionId: sub.id,
            paymentMethodId: sub.paymentMethodId,
            description: 'Final overage',
            lines: overageLine,
            period: { start: sub.currentPeriodStart, end: periodEnd },
            now,
          });
        }
        return repo.updateSubscription(tx, sub.id, { status: 'canceled', endedAt: periodEnd, updatedAt: now });
      }

      const nextEnd = addMonth(periodEnd);
      const lines: Line[] = [...overageLine];
      if (plan.amountCents > 0) {
        lines.push({ description: `${planName(plan.id)} plan, ${fmtDate(periodEnd)} – ${fmtDate(nextEnd)}`, amountCents: plan.amountCents });
      }
      const gross = lines.reduce((sum, line) => sum + line.amountCents, 0);
      const creditUsed = Math.min(sub.creditCents, gross);
      if (creditUsed > 0) lines.push({ description: 'Credit from plan changes', amountCents: -creditUsed });
      let status: ProviderSubscription['status'] = 'active';
      if (gross > 0) {
        const invoice = await charge(tx, {
          userId: sub.userId,
          subscriptionId: sub.id,
          paymentMethodId: sub.paymentMethodId,
          description: sub.status === 'trialing' ? `${planName(plan.id)} plan (trial ended)` : `${planName(plan.id)} plan renewal`,
          lines,
          period: { start: periodEnd, end: nextEnd },
          now,
        });
        if (invoice.status !== 'paid') status = 'past_due';
      }
      return repo.updateSubscription(tx, sub.id, {
        status,
        currentPeriodStart: periodEnd,
        currentPeriodEnd: nextEnd,
        creditCents: sub.creditCents - creditUsed,
        updatedAt: now,
      });
    },
  };
  return provider;
}
