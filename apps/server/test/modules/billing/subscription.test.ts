import type { SubscriptionResponse } from '@mediadiet/contract/subscription';
import { messages } from '@mediadiet/contract/messages';
import { PricingResponseSchema } from '@mediadiet/contract/payment';
import {
  PlansResponseSchema,
  SubscriptionInfoResponseSchema,
  SubscriptionResponseSchema,
  WizardShownResponseSchema,
} from '@mediadiet/contract/subscription';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { invoices, subscriptions } from '../../../src/db/schema.ts';
import { DAY } from '../../../src/lib/clock.ts';
import { CARDS, call, cardId, confirmCard, customer, subscribed } from '../../helpers/billing.ts';
import { signIn, testClock } from '../../helpers/builders.ts';
import { recordEmits, type Emitted } from '../../helpers/extension.ts';
import { sharedTestApp } from '../../helpers/test-app.ts';
import { usageOracle } from '../../helpers/usage.ts';

const clock = testClock(new Date('2025-03-01T12:00:00.000Z'));
const events: Emitted[] = [];
const userUpdates = (userId: string) => events.filter((e) => e.event === `update_user_${userId}`).length;

const t = sharedTestApp({ clock, setup: recordEmits(events) });

const unix = (d: Date) => Math.floor(d.getTime() / 1000);

describe('plans and pricing', () => {
  it('GET /api/subscription/plans answers free, basic and premium', async () => {
    const { token } = await customer(t);
    const body = PlansResponseSchema.parse((await call(t, token, 'GET', '/api/subscription/plans')).json());
    expect(Object.keys(body.plans).sort()).toEqual(['basic', 'free', 'premium']);
    expect(body.plans.free).toMatchObject({ name: 'Free', amount: 0, includedAnalyses: 50, overageRate: 0, trialDays: 0 });
    expect(body.plans.basic).toMatchObject({ name: 'Basic', amount: 499, interval: 'month', includedAnalyses: 1000, overageRate: 0.03, trialDays: 10 });
    // A touch point is a page of up to 2,000 tokens (decision 114).
    expect(body.plans.basic.includedTokens).toBe(2_000_000);
    expect(body.plans.free.includedTokens).toBe(100_000);
    expect(body.plans.premium).toMatchObject({ name: 'Premium', amount: 999, includedAnalyses: 2500, overageRate: 0.02, includedTokens: 5_000_000 });
    expect(body.plans.premium.benefits.length).toBeGreaterThan(2);
  });

  it('GET /api/pricing answers the overage tiers of basic and premium', async () => {
    const { token } = await customer(t);
    const body = PricingResponseSchema.parse((await call(t, token, 'GET', '/api/pricing')).json());
    expect(body.data.pricing.basic[0]).toEqual({ amount: 5, tokens: 1_666_666, analyses: 833 });
    expect(body.data.pricing.premium.map((tier) => tier.amount)).toContain(1000);
  });

  it('needs a session', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/subscription' })).statusCode).toBe(401);
  });
});

describe('create', () => {
  it('GET /api/subscription without one answers subscription null', async () => {
    const { token } = await customer(t);
    const body = SubscriptionInfoResponseSchema.parse((await call(t, token, 'GET', '/api/subscription')).json());
    expect(body).toEqual({ success: true, subscription: null, count: 0, tokensUsed: 0, currentPeriodStart: null, nextBilling: null });
  });

  it('a first paid plan starts a 10-day trial, once per user; sets hasHadFreeTrial and the wizard flag', async () => {
    const { userId, ...rest } = await subscribed(t, 'premium');
    let token = rest.token;
    const info = SubscriptionInfoResponseSchema.parse((await call(t, token, 'GET', '/api/subscription')).json());
    expect(info.subscription).toMatchObject({ plan: 'premium', status: 'trialing', trialEnd: unix(new Date(clock().getTime() + 10 * DAY)) });
    expect(info.nextBilling).toBe(info.subscription!.trialEnd);
    const user = await t.app.users.findById(userId);
    expect(user!.state).toEqual({ hasHadFreeTrial: true, shouldShowExtensionWizard: true });
    expect(user!.stripe).toMatchObject({ provider: 'local', defaultPaymentMethodId: expect.any(String) as unknown });
    // No charge during the trial.
    expect(await t.db.select().from(invoices).where(eq(invoices.userId, userId))).toHaveLength(0);

    // Cancel and let it end, then subscribe again: no second trial, charged at once.
    await call(t, token, 'POST', '/api/subscription/cancel');
    clock.advance(11 * DAY);
    token = await signIn(t, userId);
    await t.app.billing.sweep!.runOnce();
    const again = await call(t, token, 'POST', '/api/subscription/create', { plan: 'basic', paymentMethodId: await cardId(t, token) });
    expect(again.statusCode).toBe(200);
    expect(SubscriptionResponseSchema.parse(again.json()).subscription).toMatchObject({ plan: 'basic', status: 'active', trialEnd: null });
    const paid = await t.db.select().from(invoices).where(eq(invoices.userId, userId));
    expect(paid).toEqual([expect.objectContaining({ amountCents: 499, status: 'paid' })]);
  });

  it('the free plan is active at once, with no trial and no charge, but still needs a card', async () => {
    const { token, userId } = await subscribed(t, 'free');
    const info = SubscriptionInfoResponseSchema.parse((await call(t, token, 'GET', '/api/subscription')).json());
    expect(info.subscription).toMatchObject({ plan: 'free', status: 'active', trialEnd: null, overageLimit: 0, overageRate: 0 });
    expect((await t.app.users.findById(userId))!.state.hasHadFreeTrial).toBe(false);
    const noCard = await call(t, (await customer(t)).token, 'POST', '/api/subscription/create', { plan: 'free', paymentMethodId: 'pm_local_nope' });
    expect(noCard.statusCode).toBe(404);
    expect(noCard.json()).toEqual({ success: false, error: messages.server.paymentMethodNotFound });
  });

  it.each([
    [CARDS.declined, messages.server.cardDeclined],
    [CARDS.insufficientFunds, messages.server.cardInsufficientFunds],
  ])('card %s is refused with a clear message and no subscription', async (number, message) => {
    const { token, userId } = await customer(t);
    const response = await confirmCard(t, token, number);
    expect(response.statusCode).toBe(402);
    expect(response.json()).toEqual({ success: false, error: message });
    const info = (await call(t, token, 'GET', '/api/subscription')).json<{ subscription: unknown }>();
    expect(info.subscription).toBeNull();
    expect(await t.db.select().from(subscriptions).where(eq(subscriptions.userId, userId))).toHaveLength(0);
  });

  it('a card whose charge fails leaves no subscription when the first period is charged', async () => {
    const { token, userId } = await customer(t);
    await t.app.users.update(userId, { hasHadFreeTrial: true });
    const paymentMethodId = await cardId(t, token, CARDS.chargeFails);
    const response = await call(t, token, 'POST', '/api/subscription/create', { plan: 'basic', paymentMethodId });
    expect(response.statusCode).toBe(402);
    expect(response.json()).toEqual({ success: false, error: messages.server.cardDeclined });
    expect(await t.db.select().from(subscriptions).where(eq(subscriptions.userId, userId))).toHaveLength(0);
    expect(await t.db.select().from(invoices).where(eq(invoices.userId, userId))).toHaveLength(0);
  });

  it.each([
    [{ number: '4242424242424241' }, 400, messages.server.cardNumberInvalid],
    [{ expYear: 2024 }, 400, messages.server.cardExpired],
    [{ expYear: 2025, expMonth: 2 }, 400, messages.server.cardExpired],
    [{ cvc: '1234' }, 400, messages.server.cardCvcInvalid],
    [{ number: '4111111111111111' }, 400, messages.server.cardNotTestCard],
  ])('validates Luhn, expiry and CVC: %o', async (change, status, error) => {
    const { token } = await customer(t);
    const { number, ...rest } = change as { number?: string; expYear?: number; expMonth?: number; cvc?: string };
    const response = await confirmCard(t, token, number ?? CARDS.success, rest);
    expect(response.statusCode).toBe(status);
    expect(response.json()).toEqual({ success: false, error });
  });

  it('a setup intent is used once and only by its owner', async () => {
    const a = await customer(t);
    const b = await customer(t);
    const intent = (await call(t, a.token, 'POST', '/api/payment/intent')).json<{ clientSecret: string; provider: string; data: { clientSecret: string } }>();
    expect(intent.provider).toBe('local');
    expect(intent.data.clientSecret).toBe(intent.clientSecret);
    const card = { number: CARDS.success, expMonth: 12, expYear: 2030, cvc: '123' };
    const stolen = await call(t, b.token, 'POST', '/api/payment/local/confirm-setup', { clientSecret: intent.clientSecret, card });
    expect(stolen.statusCode).toBe(400);
    const first = await call(t, a.token, 'POST', '/api/payment/local/confirm-setup', { clientSecret: intent.clientSecret, card });
    expect(first.statusCode).toBe(200);
    const replay = await call(t, a.token, 'POST', '/api/payment/local/confirm-setup', { clientSecret: intent.clientSecret, card });
    expect(replay.json()).toEqual({ success: false, error: messages.server.setupIntentInvalid });
  });

  it('a double-clicked Subscribe creates one subscription', async () => {
    const { token, userId } = await customer(t);
    const paymentMethodId = await cardId(t, token);
    const responses = await Promise.all(
      Array.from({ length: 5 }, () => call(t, token, 'POST', '/api/subscription/create', { plan: 'basic', paymentMethodId })),
    );
    expect(responses.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);
    const ids = new Set(responses.map((r) => r.json<{ subscription: { id: string } }>().subscription.id));
    expect(ids.size).toBe(1);
    expect(await t.db.select().from(subscriptions).where(eq(subscriptions.userId, userId))).toHaveLength(1);
    // A different plan later is a conflict, not a second subscription.
    const other = await call(t, token, 'POST', '/api/subscription/create', { plan: 'premium', paymentMethodId });
    expect(other.statusCode).toBe(409);
    expect(other.json()).toEqual({ success: false, error: messages.server.subscriptionExists });
  });
});

describe('change, cancel, reactivate', () => {
  it('changing plan mid-period charges the prorated difference at once', async () => {
    const { userId, ...rest } = await customer(t);
    let token = rest.token;
    await t.app.users.update(userId, { hasHadFreeTrial: true });
    const paymentMethodId = await cardId(t, token);
    await call(t, token, 'POST', '/api/subscription/create', { plan: 'basic', paymentMethodId });
    const [sub] = await t.db.select().from(subscriptions).where(eq(subscriptions.userId, userId));
    const total = sub!.currentPeriodEnd.getTime() - sub!.currentPeriodStart.getTime();
    clock.advance(total / 2);
    token = await signIn(t, userId);
    const response = await call(t, token, 'POST', '/api/subscription/update', { planId: 'premium' });
    expect(response.statusCode).toBe(200);
    expect(response.json<SubscriptionResponse>().subscription).toMatchObject({ plan: 'premium', status: 'active', tokensLimit: 5_000_000 });
    const history = (await call(t, token, 'GET', '/api/payment/history')).json<{ invoices: { amount: number; description: string }[] }>();
    expect(history.invoices[0]).toMatchObject({ amount: Math.round(999 / 2) - Math.round(499 / 2), description: expect.stringContaining('prorated') as unknown });

    // Downgrade applies immediately too; the unused difference becomes a credit, the invoice is $0.
    const down = await call(t, token, 'POST', '/api/subscription/update', { planId: 'basic' });
    expect(down.json<SubscriptionResponse>().subscription.plan).toBe('basic');
    const [after] = await t.db.select().from(subscriptions).where(eq(subscriptions.userId, userId));
    expect(after!.creditCents).toBeGreaterThan(0);
    const same = await call(t, token, 'POST', '/api/subscription/update', { planId: 'basic' });
    expect(same.json()).toEqual({ success: false, error: messages.server.samePlan });
  });

  it('a Free user who never had a trial upgrades into the 10-day trial the banner offers: nothing charged now', async () => {
    const { token, userId } = await subscribed(t, 'free');
    const response = await call(t, token, 'POST', '/api/subscription/update', { planId: 'basic' });
    expect(response.statusCode).toBe(200);
    const { subscription } = SubscriptionResponseSchema.parse(response.json());
    const now = unix(clock());
    expect(subscription).toMatchObject({ plan: 'basic', status: 'trialing', currentPeriodStart: now, cancelAt: null });
    expect(subscription.trialEnd).toBe(now + 10 * 86_400);
    expect(subscription.currentPeriodEnd).toBe(subscription.trialEnd);
    expect(await t.db.select().from(invoices).where(eq(invoices.userId, userId))).toHaveLength(0);
    expect((await t.app.users.findById(userId))!.state.hasHadFreeTrial).toBe(true);

    // The trial is given once: back to Free and up again is charged at once (prorated).
    expect((await call(t, token, 'POST', '/api/subscription/update', { planId: 'free' })).statusCode).toBe(200);
    const again = SubscriptionResponseSchema.parse(
      (await call(t, token, 'POST', '/api/subscription/update', { planId: 'premium' })).json(),
    );
    expect(again.subscription.plan).toBe('premium');
    expect(again.subscription.trialEnd).toBe(subscription.trialEnd);
  });

  it('a Free user who already had a trial is charged the prorated difference at once', async () => {
    const who = await customer(t);
    await t.app.users.update(who.userId, { hasHadFreeTrial: true });
    const paymentMethodId = await cardId(t, who.token);
    await call(t, who.token, 'POST', '/api/subscription/create', { plan: 'free', paymentMethodId });
    const { subscription } = SubscriptionResponseSchema.parse(
      (await call(t, who.token, 'POST', '/api/subscription/update', { planId: 'basic' })).json(),
    );
    expect(subscription).toMatchObject({ plan: 'basic', status: 'active', trialEnd: null });
    const charged = await t.db.select().from(invoices).where(eq(invoices.userId, who.userId));
    expect(charged).toHaveLength(1);
    expect(charged[0]!.amountCents).toBe(499);
  });

  it('every change, cancel and reactivation pushes update_user_{id}, so other open tabs refresh', async () => {
    const { token, userId } = await subscribed(t, 'basic');
    const before = userUpdates(userId);
    await call(t, token, 'POST', '/api/subscription/update', { planId: 'premium' });
    expect(userUpdates(userId)).toBe(before + 1);
    await call(t, token, 'POST', '/api/subscription/cancel');
    expect(userUpdates(userId)).toBe(before + 2);
    await call(t, token, 'POST', '/api/subscription/reactivate');
    expect(userUpdates(userId)).toBe(before + 3);
    await call(t, token, 'PATCH', '/api/subscription/overage', { amount: 10 });
    expect(userUpdates(userId)).toBe(before + 4);
  });

  it('cancel schedules the end at the period end; reactivate undoes it', async () => {
    const { token } = await subscribed(t, 'basic');
    const cancel = SubscriptionResponseSchema.parse((await call(t, token, 'POST', '/api/subscription/cancel')).json());
    expect(cancel.subscription.status).toBe('scheduled_cancelation');
    expect(cancel.subscription.cancelAt).toBe(cancel.subscription.currentPeriodEnd);
    const info = SubscriptionInfoResponseSchema.parse((await call(t, token, 'GET', '/api/subscription')).json());
    expect(info.nextBilling).toBeNull();
    const reactivate = SubscriptionResponseSchema.parse((await call(t, token, 'POST', '/api/subscription/reactivate')).json());
    expect(reactivate.subscription).toMatchObject({ status: 'trialing', cancelAt: null });
    const twice = await call(t, token, 'POST', '/api/subscription/reactivate');
    expect(twice.statusCode).toBe(409);
  });

  it('without a subscription, change/cancel/reactivate/overage answer 404', async () => {
    const { token } = await customer(t);
    for (const [method, url, body] of [
      ['POST', '/api/subscription/update', { planId: 'basic' }],
      ['POST', '/api/subscription/cancel', undefined],
      ['POST', '/api/subscription/reactivate', undefined],
      ['PATCH', '/api/subscription/overage', { amount: 5 }],
    ] as const) {
      const response = await call(t, token, method, url, body);
      expect(response.statusCode, url).toBe(404);
      expect(response.json()).toEqual({ success: false, error: messages.server.subscriptionNotFound });
    }
  });

  it('PATCH /api/subscription/chrome marks the wizard shown', async () => {
    const { token } = await subscribed(t, 'free');
    const body = WizardShownResponseSchema.parse((await call(t, token, 'PATCH', '/api/subscription/chrome')).json());
    expect(body.user.state.shouldShowExtensionWizard).toBe(false);
  });
});

describe('renewal sweep (fake clock)', () => {
  /** Just past the 10-day trial. */
  const PAST_TRIAL = 10 * DAY + 1000;

  /** A new session of the user (the earlier one has idled out by the clock's time), then the renewal sweep. */
  async function signInAndSweep(userId: string): Promise<string> {
    const token = await signIn(t, userId);
    await t.app.billing.sweep!.runOnce();
    return token;
  }

  const subscriptionOf = async (token: string) =>
    SubscriptionInfoResponseSchema.parse((await call(t, token, 'GET', '/api/subscription')).json()).subscription;
  const invoicesOf = (userId: string) => t.db.select().from(invoices).where(eq(invoices.userId, userId));

  it('ends a trial with an invoice and a new period', async () => {
    const { userId } = await subscribed(t, 'premium');
    clock.advance(PAST_TRIAL);
    const active = (await subscriptionOf(await signInAndSweep(userId)))!;
    expect(active.status).toBe('active');
    expect(await invoicesOf(userId)).toEqual([expect.objectContaining({ amountCents: 999, status: 'paid' })]);
    // And the month after: a renewal invoice, the period moves on.
    clock.set(new Date(active.currentPeriodEnd * 1000 + 1000));
    const renewed = (await subscriptionOf(await signInAndSweep(userId)))!;
    expect(renewed.currentPeriodStart).toBe(active.currentPeriodEnd);
    expect(await invoicesOf(userId)).toHaveLength(2);
  });

  it('a failed renewal makes the subscription past_due; a new card settles it', async () => {
    const { userId } = await subscribed(t, 'basic', CARDS.chargeFails);
    clock.advance(PAST_TRIAL);
    const token = await signInAndSweep(userId);
    expect((await subscriptionOf(token))!.status).toBe('past_due');
    expect((await invoicesOf(userId))[0]).toMatchObject({ status: 'failed', amountCents: 499 });
    expect(await usageOracle(t.app).canAccept(userId, 10)).toEqual({ ok: false, statusCode: 402, message: messages.server.subscriptionPastDue });
    const change = await call(t, token, 'POST', '/api/subscription/update', { planId: 'premium' });
    expect(change.statusCode).toBe(409);

    const good = await cardId(t, token);
    const updated = await call(t, token, 'POST', '/api/payment/update', { paymentMethodId: good });
    expect(updated.statusCode).toBe(200);
    expect((await subscriptionOf(token))!.status).toBe('active');
    expect((await invoicesOf(userId))[0]).toMatchObject({ status: 'paid' });
  });

  it('past_due at the next period end is canceled', async () => {
    const { userId } = await subscribed(t, 'basic', CARDS.chargeFails);
    clock.advance(PAST_TRIAL);
    await signInAndSweep(userId);
    clock.advance(32 * DAY);
    expect(await subscriptionOf(await signInAndSweep(userId))).toBeNull();
  });

  it('a scheduled cancelation ends at the period end (canceled), access until then', async () => {
    const { userId, token } = await subscribed(t, 'basic');
    await call(t, token, 'POST', '/api/subscription/cancel');
    clock.advance(5 * DAY);
    await signInAndSweep(userId);
    expect(await usageOracle(t.app).canAccept(userId, 100)).toEqual({ ok: true });
    clock.advance(6 * DAY);
    const later = await signInAndSweep(userId);
    const [row] = await t.db.select().from(subscriptions).where(eq(subscriptions.userId, userId));
    expect(row).toMatchObject({ status: 'canceled', endedAt: expect.any(Date) as unknown });
    expect(await invoicesOf(userId)).toHaveLength(0);
    expect((await call(t, later, 'GET', '/api/subscription')).json<SubscriptionResponse>().subscription).toBeNull();
  });

  it('two sweeps at once settle each period once', async () => {
    const { userId } = await subscribed(t, 'basic');
    clock.advance(PAST_TRIAL);
    expect(await signIn(t, userId)).toBeTruthy();
    await Promise.all([t.app.billing.sweep!.runOnce(), t.app.billing.sweep!.runOnce()]);
    expect(await invoicesOf(userId)).toHaveLength(1);
  });
});
