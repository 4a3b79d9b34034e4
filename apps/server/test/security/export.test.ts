import { AccountExportResponseSchema } from '@mediadiet/contract/account';
import { describe, expect, it } from 'vitest';
import { call, cardId, customer } from '../helpers/billing.ts';
import { bearer } from '../helpers/builders.ts';
import { pair, postTouchpoint, touchpoint } from '../helpers/extension.ts';
import { buildAnswers, submit } from '../helpers/questionnaire.ts';
import { sharedTestApp } from '../helpers/test-app.ts';

/**
 * The account export holds everything kept about the caller (GDPR Art. 15/20; issue 26, finding 12): the
 * subscription, invoices, cards (brand, last 4, expiry), paired extensions, sessions, usage per period and the
 * questionnaire's answers and profile — never a full card number, a token or a hash.
 */

const t = sharedTestApp({ env: { AUTH_RATE_LIMIT_PER_IP: '1000' } });

describe('GET /api/account/export', () => {
  it('has every section, filled, for a user who has them', async () => {
    const who = await customer(t);
    // No trial: the plan is charged at once, so there is an invoice.
    await t.app.users.update(who.userId, { hasHadFreeTrial: true });
    const paymentMethodId = await cardId(t, who.token);
    const created = await call(t, who.token, 'POST', '/api/subscription/create', { plan: 'premium', paymentMethodId });
    expect(created.statusCode).toBe(200);
    const apiKey = await pair(t, who.token);
    expect((await postTouchpoint(t, apiKey, touchpoint())).statusCode).toBe(202);
    await t.app.touchpoints.worker.drain();
    expect((await submit(t, who.token, buildAnswers())).statusCode).toBe(200);
    await t.app.questionnaire.worker.drain();

    const response = await t.app.inject({ method: 'GET', url: '/api/account/export', headers: bearer(who.token) });
    expect(response.statusCode).toBe(200);
    const data = AccountExportResponseSchema.parse(response.json());

    expect(data.subscription).toMatchObject({ plan: 'premium', status: 'active' });
    expect(data.invoices.length).toBeGreaterThan(0);
    expect(data.invoices[0]).toMatchObject({ status: 'paid', amount: 999 });
    expect(data.paymentMethods).toEqual([
      expect.objectContaining({ id: paymentMethodId, brand: 'visa', last4: '4242', expMonth: expect.any(Number) as unknown }),
    ]);
    expect(data.extensions).toEqual([expect.objectContaining({ id: expect.any(String) as unknown, revokedAt: null })]);
    expect(data.sessions!.length).toBeGreaterThan(0);
    expect(data.usagePeriods).toEqual([expect.objectContaining({ touchpoints: 1, tokens: expect.any(Number) as unknown })]);
    expect(data.usagePeriods![0]!.tokens).toBeGreaterThan(0);
    expect(data.analyses).toHaveLength(1);
    expect(data.answers).not.toBeNull();
    expect(data.personalization).not.toBeNull();

    const raw = response.body;
    expect(raw).not.toContain('4242424242424242');
    expect(raw).not.toContain(apiKey);
    expect(raw).not.toContain(who.token);
    expect(raw).not.toMatch(/key_?hash|token_?hash|fingerprint/i);
  });
});
