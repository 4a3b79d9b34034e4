import { messages } from '@mediadiet/contract/messages';
import {
  CurrentPaymentMethodResponseSchema,
  InvoiceHistoryResponseSchema,
  InvoiceResponseSchema,
  PaymentMethodsResponseSchema,
} from '@mediadiet/contract/payment';
import { describe, expect, it } from 'vitest';
import { CARDS, call, cardId, customer, subscribed } from '../../helpers/billing.ts';
import { sharedTestApp } from '../../helpers/test-app.ts';

const t = sharedTestApp();

const methods = async (token: string) =>
  PaymentMethodsResponseSchema.parse((await call(t, token, 'GET', '/api/payment/methods')).json()).data.paymentMethods;

describe('payment methods', () => {
  it('without a customer: no cards, no current card, no invoices', async () => {
    const { token } = await customer(t);
    expect(await methods(token)).toEqual([]);
    expect((await call(t, token, 'GET', '/api/payment/current')).json()).toEqual({ success: true, paymentMethod: null });
    expect((await call(t, token, 'GET', '/api/payment/history')).json()).toEqual({ success: true, invoices: [] });
    expect((await call(t, token, 'GET', '/api/payment/invoice')).json()).toEqual({ success: true, invoice: null });
  });

  it('add (update), list, default, update-payment-method, delete', async () => {
    const { token, paymentMethodId: first } = await subscribed(t, 'basic');
    expect(await methods(token)).toEqual([
      { id: first, brand: 'visa', last4: '4242', expMonth: 12, expYear: 2030, isDefault: true },
    ]);
    const second = await cardId(t, token, CARDS.mastercard);
    // Confirmed but not yet attached: not listed.
    expect(await methods(token)).toHaveLength(1);
    const added = CurrentPaymentMethodResponseSchema.parse((await call(t, token, 'POST', '/api/payment/update', { paymentMethodId: second })).json());
    expect(added.paymentMethod).toMatchObject({ id: second, brand: 'mastercard', last4: '4444', isDefault: true });
    expect((await methods(token)).filter((m) => m.isDefault).map((m) => m.id)).toEqual([second]);

    const back = PaymentMethodsResponseSchema.parse((await call(t, token, 'POST', '/api/payment/methods/default', { paymentMethodId: first })).json());
    expect(back.data.paymentMethods.find((m) => m.isDefault)!.id).toBe(first);
    const current = CurrentPaymentMethodResponseSchema.parse((await call(t, token, 'GET', '/api/payment/current')).json());
    expect(current.paymentMethod!.id).toBe(first);

    // The subscription's card cannot be deleted; the other can.
    const inUse = await call(t, token, 'DELETE', `/api/payment/methods/${first}`);
    expect(inUse.statusCode).toBe(409);
    expect(inUse.json()).toEqual({ success: false, error: messages.server.defaultCardInUse });
    const switched = await call(t, token, 'POST', '/api/payment/update-payment-method', { paymentMethodId: second });
    expect(CurrentPaymentMethodResponseSchema.parse(switched.json()).paymentMethod!.id).toBe(second);
    const deleted = PaymentMethodsResponseSchema.parse((await call(t, token, 'DELETE', `/api/payment/methods/${first}`)).json());
    expect(deleted.data.paymentMethods.map((m) => m.id)).toEqual([second]);
  });

  it("another user's card is 404 everywhere", async () => {
    const owner = await subscribed(t, 'free');
    const { token } = await subscribed(t, 'free');
    for (const [method, url, body] of [
      ['POST', '/api/payment/methods/default', { paymentMethodId: owner.paymentMethodId }],
      ['POST', '/api/payment/update', { paymentMethodId: owner.paymentMethodId }],
      ['POST', '/api/payment/update-payment-method', { paymentMethodId: owner.paymentMethodId }],
      ['DELETE', `/api/payment/methods/${owner.paymentMethodId}`, undefined],
    ] as const) {
      const response = await call(t, token, method, url, body);
      expect(response.statusCode, url).toBe(404);
      expect(response.json()).toEqual({ success: false, error: messages.server.paymentMethodNotFound });
    }
    expect(await methods(owner.token)).toHaveLength(1);
  });
});

describe('invoices', () => {
  it('history, latest, by id, and the PDF — owner only', async () => {
    const { token, userId } = await customer(t);
    await t.app.users.update(userId, { hasHadFreeTrial: true });
    await call(t, token, 'POST', '/api/subscription/create', { plan: 'premium', paymentMethodId: await cardId(t, token) });
    const history = InvoiceHistoryResponseSchema.parse((await call(t, token, 'GET', '/api/payment/history')).json());
    expect(history.invoices).toHaveLength(1);
    const [invoice] = history.invoices;
    expect(invoice).toMatchObject({ amount: 999, status: 'paid', invoice_pdf: `/api/payment/invoices/${invoice!.id}/pdf` });
    expect(invoice!.description).toContain('Test mode — no real charges');
    const latest = InvoiceResponseSchema.parse((await call(t, token, 'GET', '/api/payment/invoice')).json());
    expect(latest.invoice).toEqual(invoice);
    const byId = InvoiceResponseSchema.parse((await call(t, token, 'GET', `/api/payment/invoice?id=${invoice!.id}`)).json());
    expect(byId.invoice).toEqual(invoice);

    const pdf = await call(t, token, 'GET', invoice!.invoice_pdf!);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 4).toString()).toBe('%PDF');

    const stranger = await customer(t);
    expect((await call(t, stranger.token, 'GET', invoice!.invoice_pdf!)).statusCode).toBe(404);
    const other = await call(t, stranger.token, 'GET', `/api/payment/invoice?id=${invoice!.id}`);
    expect(other.statusCode).toBe(404);
    expect(other.json()).toEqual({ success: false, error: messages.server.invoiceNotFound });
  });
});
