import { randomUUID } from 'node:crypto';
import { messages } from '@mediadiet/contract/messages';
import type { Invoice, PaymentMethod } from '@mediadiet/contract/payment';
import { PlanIdSchema, planName, type PlanId } from '@mediadiet/contract/subscription';
import Stripe from 'stripe';
import { planConfig } from '../../../config/plans.ts';
import type { Config } from '../../../config.ts';
import type { SubscriptionRow } from '../repository.ts';
import {
  PaymentError,
  type PaymentProvider,
  type ProviderContext,
  type ProviderSubscription,
  type StoredStatus,
} from './provider.ts';

/**
 * The Stripe adapter (official SDK): customers, SetupIntents for cards, subscriptions with trials and
 * prorated plan changes, invoices. Every create carries an idempotency key. Stripe renews and ends
 * trials itself; our `subscriptions` row mirrors what it reports (API answers and webhooks).
 */

export function createStripeClient(config: NonNullable<Config['stripe']>): Stripe {
  const options: ConstructorParameters<typeof Stripe>[1] = { maxNetworkRetries: 1, timeout: 20_000 };
  if (config.apiBase) {
    const url = new URL(config.apiBase);
    options.host = url.hostname;
    options.port = Number(url.port || (url.protocol === 'https:' ? 443 : 80));
    options.protocol = url.protocol === 'http:' ? 'http' : 'https';
  }
  return new Stripe(config.secretKey, options);
}

export const productIdFor = (plan: PlanId) => `mediadiet_${plan}`;

/** A Stripe object id from a field that is an id or an expanded object. */
function idOf(value: string | { id: string } | null | undefined): string | null {
  if (!value) return null;
  return typeof value === 'string' ? value : value.id;
}

/** Our view of a Stripe subscription. */
export function toProviderSubscription(sub: Stripe.Subscription): ProviderSubscription {
  const item = sub.items.data[0];
  const legacy = sub as unknown as { current_period_start?: number; current_period_end?: number };
  const start = item?.current_period_start ?? legacy.current_period_start ?? sub.start_date;
  const end = item?.current_period_end ?? legacy.current_period_end ?? sub.start_date;
  const plan = PlanIdSchema.safeParse(sub.metadata?.plan);
  let status: StoredStatus;
  switch (sub.status) {
    case 'active':
    case 'trialing':
      status = sub.cancel_at_period_end || sub.cancel_at ? 'scheduled_cancelation' : sub.status === 'active' ? 'active' : 'trialing';
      break;
    case 'canceled':
    case 'incomplete_expired':
      status = 'canceled';
      break;
    default:
      status = 'past_due';
  }
  return {
    providerSubscriptionId: sub.id,
    plan: plan.success ? plan.data : 'basic',
    status,
    currentPeriodStart: new Date(start * 1000),
    currentPeriodEnd: new Date(end * 1000),
    trialEnd: sub.trial_end ? new Date(sub.trial_end * 1000) : null,
    cancelAt: sub.cancel_at ? new Date(sub.cancel_at * 1000) : sub.cancel_at_period_end ? new Date(end * 1000) : null,
    paymentMethodId: idOf(sub.default_payment_method),
  };
}

function toInvoice(invoice: Stripe.Invoice): Invoice {
  const statusMap: Record<string, Invoice['status']> = {
    draft: 'pending',
    open: 'open',
    paid: 'paid',
    void: 'void',
    uncollectible: 'failed',
  };
  return {
    id: invoice.id ?? '',
    amount: invoice.total ?? invoice.amount_due ?? 0,
    date: invoice.created,
    status: statusMap[invoice.status ?? 'open'] ?? 'open',
    invoice_pdf: invoice.invoice_pdf ?? null,
    ...(invoice.description ? { description: invoice.description } : {}),
  };
}

/** The subscription an invoice belongs to (API 2025+: under `parent.subscription_details`). */
export function invoiceSubscriptionId(invoice: Stripe.Invoice): string | null {
  const fromParent = invoice.parent?.subscription_details?.subscription;
  const legacy = (invoice as unknown as { subscription?: string | { id: string } | null }).subscription;
  return idOf(fromParent ?? legacy ?? null);
}

/** Maps Stripe's errors: card errors keep Stripe's message (402), a missing object is 404, the rest 502. */
async function call<T>(work: () => Promise<T>, notFoundMessage: string = messages.server.notFound): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof PaymentError) throw error;
    if (error instanceof Stripe.errors.StripeCardError) {
      throw new PaymentError(402, error.message || messages.server.cardDeclined);
    }
    if (error instanceof Stripe.errors.StripeError && error.statusCode === 404) {
      throw new PaymentError(404, notFoundMessage);
    }
    if (error instanceof Stripe.errors.StripeInvalidRequestError) {
      throw new PaymentError(400, error.message || messages.server.paymentProviderError);
    }
    throw new PaymentError(502, messages.server.paymentProviderError);
  }
}

export interface StripeProvider extends PaymentProvider {
  readonly id: 'stripe';
  readonly stripe: Stripe;
}

export function createStripeProvider(deps: { stripe: Stripe }): StripeProvider {
  const { stripe } = deps;
  const products = new Map<PlanId, Promise<string>>();

  /** Our product per plan, created once (fixed ids, so every instance finds the same one). */
  const ensureProduct = (plan: PlanId) => {
    let pending = products.get(plan);
    if (!pending) {
      const id = productIdFor(plan);
      pending = stripe.products
        .retrieve(id)
        .then((p) => p.id)
        .catch(async (error: unknown) => {
          if (!(error instanceof Stripe.errors.StripeError) || error.statusCode !== 404) throw error;
          const created = await stripe.products.create(
            { id, name: `Media Diet ${planName(plan)}` },
            { idempotencyKey: `product-${id}` },
          );
          return created.id;
        });
      pending.catch(() => products.delete(plan));
      products.set(plan, pending);
    }
    return pending;
  };

  const priceData = async (plan: PlanId) => {
    const config = planConfig(plan);
    return {
      currency: 'usd',
      product: await ensureProduct(plan),
      unit_amount: config.amountCents,
      recurring: { interval: config.interval },
    } satisfies Stripe.SubscriptionCreateParams.Item.PriceData;
  };

  const ownedCard = async (ctx: ProviderContext, paymentMethodId: string) => {
    const pm = await call(() => stripe.paymentMethods.retrieve(paymentMethodId), messages.server.paymentMethodNotFound);
    const owner = idOf(pm.customer);
    if (owner !== null && owner !== ctx.customerId) throw new PaymentError(404, messages.server.paymentMethodNotFound);
    return pm;
  };

  const defaultCardId = async (ctx: ProviderContext) => {
    const customer = await call(() => stripe.customers.retrieve(ctx.customerId));
    if ('deleted' in customer && customer.deleted) return null;
    return idOf((customer as Stripe.Customer).invoice_settings?.default_payment_method);
  };

  const toMethod = (pm: Stripe.PaymentMethod, defaultId: string | null): PaymentMethod => ({
    id: pm.id,
    brand: pm.card?.brand ?? 'card',
    last4: pm.card?.last4 ?? '0000',
    expMonth: pm.card?.exp_month ?? 1,
    expYear: pm.card?.exp_year ?? 2000,
    isDefault: pm.id === defaultId,
  });

  const provider: StripeProvider = {
    id: 'stripe',
    stripe,

    async createCustomer({ userId, email, name }) {
      const customer = await call(() =>
        stripe.customers.create({ email, name, metadata: { userId } }, { idempotencyKey: `customer-${userId}` }),
      );
      return customer.id;
    },

    async createSetupIntent(ctx) {
      const intent = await call(() =>
        stripe.setupIntents.create(
          { customer: ctx.customerId, usage: 'off_session', metadata: { userId: ctx.userId } },
          { idempotencyKey: `setup-intent-${randomUUID()}` },
        ),
      );
      if (!intent.client_secret) throw new PaymentError(502, messages.server.paymentProviderError);
      return { clientSecret: intent.client_secret };
    },

    async attachPaymentMethod(ctx, paymentMethodId) {
      let pm = await ownedCard(ctx, paymentMethodId);
      if (!pm.customer) {
        pm = await call(() => stripe.paymentMethods.attach(paymentMethodId, { customer: ctx.customerId }));
      }
      await call(() =>
        stripe.customers.update(ctx.customerId, { invoice_settings: { default_payment_method: paymentMethodId } }),
      );
      return toMethod(pm, paymentMethodId);
    },

    async listPaymentMethods(ctx) {
      const [list, defaultId] = await Promise.all([
        call(() => stripe.paymentMethods.list({ customer: ctx.customerId, type: 'card', limit: 100 })),
        defaultCardId(ctx),
      ]);
      return list.data.map((pm) => toMethod(pm, defaultId));
    },

    async setDefaultPaymentMethod(ctx, paymentMethodId) {
      const pm = await ownedCard(ctx, paymentMethodId);
      if (!pm.customer) throw new PaymentError(404, messages.server.paymentMethodNotFound);
      await call(() =>
        stripe.customers.update(ctx.customerId, { invoice_settings: { default_payment_method: paymentMethodId } }),
      );
    },

    async detachPaymentMethod(ctx, paymentMethodId) {
      const pm = await ownedCard(ctx, paymentMethodId);
      if (!pm.customer) throw new PaymentError(404, messages.server.paymentMethodNotFound);
      await call(() => stripe.paymentMethods.detach(paymentMethodId));
    },

    async createSubscription(ctx, input) {
      await provider.attachPaymentMethod(ctx, input.paymentMethodId);
      const price = await call(() => priceData(input.plan));
      const sub = await call(() =>
        stripe.subscriptions.create(
          {
            customer: ctx.customerId,
            items: [{ price_data: price }],
            default_payment_method: input.paymentMethodId,
            ...(input.trialDays > 0 ? { trial_period_days: input.trialDays } : {}),
            payment_behavior: 'error_if_incomplete',
            metadata: { userId: ctx.userId, plan: input.plan, subscriptionId: input.subscriptionId },
          },
          { idempotencyKey: input.idempotencyKey },
        ),
      );
      return toProviderSubscription(sub);
    },

    async changePlan(ctx, row, plan, idempotencyKey, trialDays = 0) {
      const id = requireProviderId(row);
      const current = await call(() => stripe.subscriptions.retrieve(id));
      const item = current.items.data[0];
      const price = await call(() => priceData(plan));
      const sub = await call(() =>
        stripe.subscriptions.update(
          id,
          {
            items: [{ ...(item ? { id: item.id } : {}), price_data: price }],
            // A first trial (decision 120) starts now and charges nothing; otherwise prorate at once.
            ...(trialDays > 0
              ? {
                  trial_end: Math.floor(ctx.now.getTime() / 1000) + trialDays * 86_400,
                  proration_behavior: 'none' as const,
                }
              : { proration_behavior: 'always_invoice' as const }),
            metadata: { plan },
          },
          { idempotencyKey },
        ),
      );
      return toProviderSubscription(sub);
    },

    async setCancelAtPeriodEnd(_ctx, row, cancel) {
      const sub = await call(() =>
        stripe.subscriptions.update(requireProviderId(row), { cancel_at_period_end: cancel }),
      );
      return toProviderSubscription(sub);
    },

    async setSubscriptionPaymentMethod(_ctx, row, paymentMethodId) {
      const sub = await call(() =>
        stripe.subscriptions.update(requireProviderId(row), { default_payment_method: paymentMethodId }),
      );
      return toProviderSubscription(sub);
    },

    async listInvoices(ctx) {
      const list = await call(() => stripe.invoices.list({ customer: ctx.customerId, limit: 50 }));
      return list.data.map(toInvoice).sort((a, b) => b.date - a.date);
    },

    async getInvoice(ctx, invoiceId) {
      try {
        const invoice = await call(() => stripe.invoices.retrieve(invoiceId));
        return idOf(invoice.customer) === ctx.customerId ? toInvoice(invoice) : null;
      } catch (error) {
        if (error instanceof PaymentError && error.statusCode === 404) return null;
        throw error;
      }
    },

    async cardFingerprint(ctx, paymentMethodId) {
      return (await ownedCard(ctx, paymentMethodId)).card?.fingerprint ?? null;
    },

    async cardFingerprints(ctx) {
      const list = await unlessGone(() =>
        call(() => stripe.paymentMethods.list({ customer: ctx.customerId, type: 'card', limit: 100 })),
      );
      return (list?.data ?? []).flatMap((pm) => (pm.card?.fingerprint ? [pm.card.fingerprint] : []));
    },

    async closeCustomer(ctx, row) {
      // Cancelled now, not at period end: nothing renews or is charged after the account is gone.
      if (row?.providerSubscriptionId && row.status !== 'canceled') {
        const id = row.providerSubscriptionId;
        await unlessGone(() => call(() => stripe.subscriptions.cancel(id)));
      }
      await unlessGone(() => call(() => stripe.customers.del(ctx.customerId)));
    },
  };
  return provider;
}

/** A provider call whose object may already be gone (a retried deletion): null instead of a 404. */
async function unlessGone<T>(work: () => Promise<T>): Promise<T | null> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof PaymentError && error.statusCode === 404) return null;
    throw error;
  }
}

function requireProviderId(row: SubscriptionRow): string {
  if (!row.providerSubscriptionId) throw new PaymentError(409, messages.server.subscriptionNotFound);
  return row.providerSubscriptionId;
}
