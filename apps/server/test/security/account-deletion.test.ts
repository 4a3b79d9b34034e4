import { messages } from '@mediadiet/contract/messages';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { subscriptions, trialMarkers, users } from '../../src/db/schema.ts';
import { CARDS, call, cardId, customer } from '../helpers/billing.ts';
import { buildUser, signIn } from '../helpers/builders.ts';
import { startStripeFake, type StripeFake } from '../helpers/stripe-fake.ts';
import { createTestApp, sharedTestApp, type TestApp } from '../helpers/test-app.ts';

/**
 * Deleting an account ends its billing at the payment provider first, and leaves only keyed hashes behind so
 * the same e-mail or card cannot start a second free trial (issue 26, finding 11; decision 103).
 */

const deleteAccount = (t: TestApp, token: string, confirmEmail: string) =>
  t.app.inject({ method: 'DELETE', url: '/api/account', headers: { authorization: `Bearer ${token}` }, payload: { confirmEmail } });

async function userNamed(t: TestApp, email: string) {
  const user = await buildUser(t, { email });
  return { userId: user.id, token: await signIn(t, user.id), email };
}

const create = (t: TestApp, token: string, plan: string, paymentMethodId: string) =>
  call(t, token, 'POST', '/api/subscription/create', { plan, paymentMethodId });

describe('with the test-mode provider', () => {
  const t = sharedTestApp();

  it('a deleted account that had a trial cannot start a second one with the same e-mail', async () => {
    const first = await userNamed(t, 'Trial.Once@example.com');
    const card = await cardId(t, first.token, CARDS.success);
    const trial = await create(t, first.token, 'basic', card);
    expect(trial.json()).toMatchObject({ subscription: { status: 'trialing' } });
    expect((await deleteAccount(t, first.token, first.email)).statusCode).toBe(200);
    expect(await t.db.select().from(users).where(eq(users.id, first.userId))).toEqual([]);
    // Only keyed hashes stay: neither the address nor the card number.
    const markers = await t.db.select().from(trialMarkers);
    expect(markers.map((m) => m.kind).sort()).toEqual(['card', 'email']);
    expect(JSON.stringify(markers)).not.toMatch(/trial\.once|4242/i);

    // Back with the same address (other case) and another card: no second trial, nothing charged.
    const again = await userNamed(t, 'trial.once@EXAMPLE.com');
    const otherCard = await cardId(t, again.token, CARDS.mastercard);
    const refused = await create(t, again.token, 'premium', otherCard);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ success: false, error: messages.server.trialAlreadyUsed });
    expect(await t.db.select().from(subscriptions).where(eq(subscriptions.userId, again.userId))).toEqual([]);
    // The account now offers the plans without a trial; subscribing then starts (and charges) at once.
    expect((await t.app.users.findById(again.userId))!.state.hasHadFreeTrial).toBe(true);
    const paid = await create(t, again.token, 'premium', otherCard);
    expect(paid.statusCode).toBe(200);
    expect(paid.json()).toMatchObject({ subscription: { status: 'active', trialEnd: null } });
  });

  it('nor with the same card under another e-mail; a new e-mail and card still get their trial', async () => {
    const first = await userNamed(t, 'card.owner@example.com');
    const card = await cardId(t, first.token, CARDS.visaDebit);
    expect((await create(t, first.token, 'premium', card)).json()).toMatchObject({ subscription: { status: 'trialing' } });
    expect((await deleteAccount(t, first.token, first.email)).statusCode).toBe(200);

    const sameCard = await userNamed(t, 'someone.else@example.com');
    const refused = await create(t, sameCard.token, 'basic', await cardId(t, sameCard.token, CARDS.visaDebit));
    expect(refused.statusCode).toBe(409);
    expect(refused.json<{ error: string }>().error).toBe(messages.server.trialAlreadyUsed);

    const fresh = await userNamed(t, 'brand.new@example.com');
    const trial = await create(t, fresh.token, 'basic', await cardId(t, fresh.token, CARDS.mastercard));
    expect(trial.json()).toMatchObject({ subscription: { status: 'trialing' } });
  });

  it('an account that never had a trial leaves nothing behind', async () => {
    const before = (await t.db.select().from(trialMarkers)).length;
    const who = await customer(t);
    await create(t, who.token, 'free', await cardId(t, who.token));
    const email = (await t.app.users.findById(who.userId))!.email;
    expect((await deleteAccount(t, who.token, email)).statusCode).toBe(200);
    expect((await t.db.select().from(trialMarkers)).length).toBe(before);
  });
});

describe('with Stripe', () => {
  let fake: StripeFake;
  let t: TestApp;
  beforeAll(async () => {
    fake = await startStripeFake();
    t = await createTestApp({ env: { STRIPE_SECRET_KEY: 'sk_test_fake', STRIPE_WEBHOOK_SECRET: 'whsec_x', STRIPE_API_BASE: fake.url } });
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  async function stripeSubscriber(email: string) {
    const who = await userNamed(t, email);
    expect((await call(t, who.token, 'POST', '/api/payment/intent')).statusCode).toBe(200);
    const customerId = (await t.app.users.findById(who.userId))!.stripe!.customerId;
    const paymentMethodId = fake.createCard(customerId, { fingerprint: `fp_${email}` });
    const created = await create(t, who.token, 'basic', paymentMethodId);
    expect(created.statusCode, created.body).toBe(200);
    const providerId = (await t.app.users.findById(who.userId))!.stripe!.subscriptionId!;
    return { ...who, customerId, providerId };
  }

  it('cancels the subscription and deletes the customer before the rows go', async () => {
    const who = await stripeSubscriber('stripe.leaver@example.com');
    expect(fake.subscriptions.get(who.providerId)!.status).toBe('trialing');
    fake.requests.length = 0;
    const response = await deleteAccount(t, who.token, who.email);
    expect(response.statusCode).toBe(200);
    const calls = fake.requests.map((r) => `${r.method} ${r.path}`);
    expect(calls).toContain(`DELETE /v1/subscriptions/${who.providerId}`);
    expect(calls).toContain(`DELETE /v1/customers/${who.customerId}`);
    expect(calls.indexOf(`DELETE /v1/subscriptions/${who.providerId}`)).toBeLessThan(
      calls.indexOf(`DELETE /v1/customers/${who.customerId}`),
    );
    expect(fake.subscriptions.get(who.providerId)!.status).toBe('canceled');
    expect(fake.customers.has(who.customerId)).toBe(false);
    expect(await t.db.select().from(users).where(eq(users.id, who.userId))).toEqual([]);
  });

  it('when the provider fails, the deletion fails with a clear message and nothing is lost', async () => {
    const who = await stripeSubscriber('stripe.stayer@example.com');
    fake.failing.add('DELETE customers/:id');
    try {
      const response = await deleteAccount(t, who.token, who.email);
      expect(response.statusCode).toBe(502);
      expect(response.json()).toEqual({ success: false, error: messages.server.accountDeletionProviderFailed });
    } finally {
      fake.failing.delete('DELETE customers/:id');
    }
    // Still there: the account, its subscription row, the session.
    expect(await t.db.select().from(users).where(eq(users.id, who.userId))).toHaveLength(1);
    expect(await t.db.select().from(subscriptions).where(eq(subscriptions.userId, who.userId))).toHaveLength(1);
    expect((await call(t, who.token, 'GET', '/api/account')).statusCode).toBe(200);
    expect(fake.customers.has(who.customerId)).toBe(true);
    // A retry once the provider answers completes it.
    expect((await deleteAccount(t, who.token, who.email)).statusCode).toBe(200);
    expect(fake.customers.has(who.customerId)).toBe(false);
  });

  it('remembers the Stripe card of a trial, so another account cannot trial with it', async () => {
    const first = await stripeSubscriber('stripe.trial@example.com');
    expect((await deleteAccount(t, first.token, first.email)).statusCode).toBe(200);
    const next = await userNamed(t, 'stripe.other@example.com');
    expect((await call(t, next.token, 'POST', '/api/payment/intent')).statusCode).toBe(200);
    const customerId = (await t.app.users.findById(next.userId))!.stripe!.customerId;
    const sameCard = fake.createCard(customerId, { fingerprint: 'fp_stripe.trial@example.com' });
    const refused = await create(t, next.token, 'basic', sameCard);
    expect(refused.statusCode).toBe(409);
    expect(refused.json<{ error: string }>().error).toBe(messages.server.trialAlreadyUsed);
  });
});
