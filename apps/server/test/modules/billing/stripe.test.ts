import type { SubscriptionResponse } from '@mediadiet/contract/subscription';
import { messages } from '@mediadiet/contract/messages';
import { SubscriptionInfoResponseSchema, SubscriptionResponseSchema } from '@mediadiet/contract/subscription';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, customer } from '../../helpers/billing.ts';
import { startStripeFake, type StripeFake } from '../../helpers/stripe-fake.ts';
import { createTestApp, type TestApp } from '../../helpers/test-app.ts';

const WEBHOOK_SECRET = 'whsec_test_secret_for_media_diet';
let fake: StripeFake;
let t: TestApp;
const signer = new Stripe('sk_test_signer');

beforeAll(async () => {
  fake = await startStripeFake();
  t = await createTestApp({
    env: { STRIPE_SECRET_KEY: 'sk_test_fake', STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET, STRIPE_API_BASE: fake.url },
  });
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

/** Intent (creates the customer), then a card as Stripe.js confirmCardSetup leaves it: attached to the customer. */
async function stripeCard(token: string, userId: string, options?: Parameters<StripeFake['createCard']>[1]) {
  const intent = await call(t, token, 'POST', '/api/payment/intent');
  expect(intent.json()).toMatchObject({ success: true, provider: 'stripe', clientSecret: expect.stringMatching(/^seti_.*_secret_/) as unknown });
  const user = await t.app.users.findById(userId);
  return { customerId: user!.stripe!.customerId, paymentMethodId: fake.createCard(user!.stripe!.customerId, options) };
}

async function stripeSubscriber(plan: 'free' | 'basic' | 'premium' = 'basic') {
  const who = await customer(t);
  const { paymentMethodId, customerId } = await stripeCard(who.token, who.userId);
  const response = await call(t, who.token, 'POST', '/api/subscription/create', { plan, paymentMethodId });
  expect(response.statusCode, response.body).toBe(200);
  const subscription = SubscriptionResponseSchema.parse(response.json()).subscription;
  const providerId = (await t.app.users.findById(who.userId))!.stripe!.subscriptionId!;
  return { ...who, paymentMethodId, customerId, subscription, providerId };
}

function sendEvent(event: { id: string; type: string; object: Record<string, unknown> }, options: { secret?: string; timestamp?: number } = {}) {
  const payload = JSON.stringify({ id: event.id, object: 'event', type: event.type, created: Math.floor(Date.now() / 1000), data: { object: event.object } });
  const header = signer.webhooks.generateTestHeaderString({
    payload,
    secret: options.secret ?? WEBHOOK_SECRET,
    ...(options.timestamp ? { timestamp: options.timestamp } : {}),
  });
  return t.app.inject({ method: 'POST', url: '/api/payment/webhook', headers: { 'stripe-signature': header, 'content-type': 'application/json' }, payload });
}

const status = async (token: string) =>
  SubscriptionInfoResponseSchema.parse((await call(t, token, 'GET', '/api/subscription')).json()).subscription?.status ?? null;

describe('Stripe adapter against the local fake', () => {
  it('creates customer, trial subscription and lists cards; every create carries an idempotency key', async () => {
    const { token, subscription } = await stripeSubscriber('premium');
    expect(subscription).toMatchObject({ plan: 'premium', status: 'trialing' });
    const methods = (await call(t, token, 'GET', '/api/payment/methods')).json<{ data: { paymentMethods: unknown[] } }>();
    expect(methods.data.paymentMethods).toEqual([expect.objectContaining({ brand: 'visa', last4: '4242', isDefault: true })]);
    const creates = fake.requests.filter((r) => r.method === 'POST' && /^\/v1\/(customers|setup_intents|subscriptions|products)$/.test(r.path));
    expect(creates.length).toBeGreaterThan(3);
    expect(creates.every((r) => r.idempotencyKey)).toBe(true);
    const created = fake.requests.find((r) => r.path === '/v1/subscriptions' && r.method === 'POST');
    expect(created!.params).toMatchObject({ trial_period_days: '10', payment_behavior: 'error_if_incomplete' });
  });

  it('a declined card leaves no subscription and answers Stripe’s message', async () => {
    const who = await customer(t);
    await t.app.users.update(who.userId, { hasHadFreeTrial: true });
    const { paymentMethodId } = await stripeCard(who.token, who.userId, { declineCharges: true });
    const response = await call(t, who.token, 'POST', '/api/subscription/create', { plan: 'basic', paymentMethodId });
    expect(response.statusCode).toBe(402);
    expect(response.json()).toEqual({ success: false, error: 'Your card was declined.' });
    expect(await status(who.token)).toBeNull();
  });

  it("another customer's card is 404; local confirm-setup is disabled", async () => {
    const owner = await stripeSubscriber('free');
    const other = await customer(t);
    await call(t, other.token, 'POST', '/api/payment/intent');
    const response = await call(t, other.token, 'POST', '/api/subscription/create', { plan: 'free', paymentMethodId: owner.paymentMethodId });
    expect(response.statusCode).toBe(404);
    const local = await call(t, other.token, 'POST', '/api/payment/local/confirm-setup', {
      clientSecret: 'x',
      card: { number: '4242424242424242', expMonth: 12, expYear: 2030, cvc: '123' },
    });
    expect(local.json()).toEqual({ success: false, error: messages.server.localProviderDisabled });
  });

  it('change plan, cancel, reactivate and invoices go through Stripe', async () => {
    const who = await customer(t);
    await t.app.users.update(who.userId, { hasHadFreeTrial: true });
    const { paymentMethodId } = await stripeCard(who.token, who.userId);
    await call(t, who.token, 'POST', '/api/subscription/create', { plan: 'basic', paymentMethodId });
    const changed = await call(t, who.token, 'POST', '/api/subscription/update', { planId: 'premium' });
    expect(changed.json<SubscriptionResponse>().subscription).toMatchObject({ plan: 'premium', status: 'active' });
    const update = fake.requests.filter((r) => r.method === 'POST' && /^\/v1\/subscriptions\/sub_/.test(r.path)).pop();
    expect(update!.params).toMatchObject({ proration_behavior: 'always_invoice' });
    expect(update!.idempotencyKey).toBeTruthy();
    const cancel = await call(t, who.token, 'POST', '/api/subscription/cancel');
    expect(cancel.json<SubscriptionResponse>().subscription).toMatchObject({ status: 'scheduled_cancelation', cancelAt: expect.any(Number) as unknown });
    const reactivate = await call(t, who.token, 'POST', '/api/subscription/reactivate');
    expect(reactivate.json<SubscriptionResponse>().subscription).toMatchObject({ status: 'active', cancelAt: null });
    const history = (await call(t, who.token, 'GET', '/api/payment/history')).json<{ invoices: { amount: number; invoice_pdf: string }[] }>();
    expect(history.invoices.length).toBe(2);
    expect(history.invoices.every((i) => i.invoice_pdf.startsWith('https://'))).toBe(true);
  });
});

describe('Stripe webhook', () => {
  it('rejects a wrong, missing or expired signature', async () => {
    const { providerId } = await stripeSubscriber();
    const event = { id: 'evt_bad_sig', type: 'customer.subscription.updated', object: { id: providerId, object: 'subscription' } };
    expect((await sendEvent(event, { secret: 'whsec_wrong' })).statusCode).toBe(400);
    const expired = await sendEvent(event, { timestamp: Math.floor(Date.now() / 1000) - 301 });
    expect(expired.statusCode).toBe(400);
    expect(expired.json()).toEqual({ success: false, error: messages.server.webhookSignatureInvalid });
    const none = await t.app.inject({ method: 'POST', url: '/api/payment/webhook', headers: { 'content-type': 'application/json' }, payload: '{}' });
    expect(none.statusCode).toBe(400);
    const fresh = await sendEvent(event, { timestamp: Math.floor(Date.now() / 1000) - 200 });
    expect(fresh.statusCode).toBe(200);
  });

  it('applies the re-fetched state, and a duplicate event id only once', async () => {
    const { token, providerId } = await stripeSubscriber();
    fake.setSubscription(providerId, { status: 'past_due' });
    const event = { id: 'evt_dup_1', type: 'invoice.payment_failed', object: { id: 'in_x', object: 'invoice', parent: { subscription_details: { subscription: providerId } } } };
    expect((await sendEvent(event)).json()).toEqual({ received: true, duplicate: false });
    expect(await status(token)).toBe('past_due');
    // Stripe recovers; the same event replayed does nothing.
    fake.setSubscription(providerId, { status: 'active' });
    expect((await sendEvent(event)).json()).toEqual({ received: true, duplicate: true });
    expect(await status(token)).toBe('past_due');
  });

  it('out-of-order events converge on Stripe’s current state', async () => {
    const { token, userId, providerId } = await stripeSubscriber();
    fake.setSubscription(providerId, { status: 'active', cancel_at_period_end: true });
    const older = { id: 'evt_order_1', type: 'customer.subscription.updated', object: { id: providerId, object: 'subscription', status: 'trialing' } };
    fake.setSubscription(providerId, { status: 'canceled' });
    const newer = { id: 'evt_order_2', type: 'customer.subscription.deleted', object: { id: providerId, object: 'subscription', status: 'canceled' } };
    await sendEvent(newer);
    await sendEvent(older);
    expect(await status(token)).toBeNull();
    const rows = await t.app.billing.subscriptions.info(userId);
    expect(rows.subscription).toBeNull();
  });
});
