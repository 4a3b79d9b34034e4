import { messages } from '@mediadiet/contract/messages';
import { api, extraApi } from '@mediadiet/contract/routes';
import type { FastifyInstance } from 'fastify';
import { allPlans, pricing } from '../../config/plans.ts';
import { notFound } from '../../http/errors.ts';
import { registerRoute } from '../../http/route.ts';
import { requireSession } from '../../plugins/auth.ts';
import { renderInvoicePdf } from './invoice-pdf.ts';
import * as repo from './repository.ts';

/** `/api/subscription*`, `/api/payment*`, `/api/pricing` (spec §7) and the invoice PDF. Services: plugins/payments.ts. */
export default function billingRoutes(app: FastifyInstance) {
  const { subscriptions, payments } = app.billing;
  const ok = true as const;
  const userOf = (request: Parameters<typeof requireSession>[0]) => requireSession(request).userId;

  // ── subscription ───────────────────────────────────────────────────────────────────────────────
  registerRoute(app, api.subscriptionGet, (request) => subscriptions.info(userOf(request)));
  registerRoute(app, api.subscriptionCreate, async (request) => ({
    success: ok,
    subscription: await subscriptions.create(userOf(request), request.body.plan, request.body.paymentMethodId),
  }));
  registerRoute(app, api.subscriptionUpdate, async (request) => ({
    success: ok,
    subscription: await subscriptions.changePlan(userOf(request), request.body.planId),
  }));
  registerRoute(app, api.subscriptionCancel, async (request) => ({
    success: ok,
    subscription: await subscriptions.cancel(userOf(request)),
  }));
  registerRoute(app, api.subscriptionReactivate, async (request) => ({
    success: ok,
    subscription: await subscriptions.reactivate(userOf(request)),
  }));
  registerRoute(app, api.subscriptionOverage, async (request) => ({
    success: ok,
    subscription: await subscriptions.setOverageLimit(userOf(request), request.body.amount),
  }));
  registerRoute(app, api.subscriptionWizardShown, async (request) => ({
    success: ok,
    user: await subscriptions.markWizardShown(userOf(request)),
  }));
  registerRoute(app, api.subscriptionPlans, () => Promise.resolve({ success: ok, plans: allPlans() }));
  registerRoute(app, api.pricingGet, () => Promise.resolve({ success: ok, data: { pricing: pricing() } }));

  // ── payment ────────────────────────────────────────────────────────────────────────────────────
  registerRoute(app, api.paymentIntent, (request) => payments.createSetupIntent(userOf(request)));
  registerRoute(app, extraApi.paymentLocalConfirmSetup, async (request) => ({
    success: ok,
    ...(await payments.localConfirmSetup(userOf(request), request.body)),
  }));
  registerRoute(app, api.paymentUpdate, async (request) => ({
    success: ok,
    paymentMethod: await payments.addCard(userOf(request), request.body.paymentMethodId),
  }));
  registerRoute(app, api.paymentUpdatePaymentMethod, async (request) => ({
    success: ok,
    paymentMethod: await payments.useCard(userOf(request), request.body.paymentMethodId),
  }));
  registerRoute(app, api.paymentMethodsList, async (request) => ({
    success: ok,
    data: { paymentMethods: await payments.listCards(userOf(request)) },
  }));
  registerRoute(app, api.paymentMethodsSetDefault, async (request) => {
    const userId = userOf(request);
    await payments.useCard(userId, request.body.paymentMethodId);
    return { success: ok, data: { paymentMethods: await payments.listCards(userId) } };
  });
  registerRoute(app, api.paymentMethodsDelete, async (request) => ({
    success: ok,
    data: { paymentMethods: await payments.deleteCard(userOf(request), request.params.id) },
  }));
  registerRoute(app, api.paymentCurrent, async (request) => ({
    success: ok,
    paymentMethod: await payments.currentCard(userOf(request)),
  }));
  registerRoute(app, api.paymentHistory, async (request) => ({
    success: ok,
    invoices: await payments.history(userOf(request)),
  }));
  registerRoute(app, api.paymentInvoice, async (request) => ({
    success: ok,
    invoice: await payments.invoice(userOf(request), request.query.id),
  }));

  registerRoute(app, extraApi.paymentInvoicePdf, async (request, reply) => {
    const userId = userOf(request);
    const invoice = await repo.findInvoice(app.db, userId, request.params.id);
    if (!invoice) throw notFound(messages.server.invoiceNotFound);
    const user = await app.users.findById(userId);
    const pdf = await renderInvoicePdf(invoice, { serviceName: app.config.serviceName, email: user?.email ?? '' });
    return reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', `inline; filename="invoice-${invoice.id}.pdf"`)
      .header('cache-control', 'private, no-store')
      .send(pdf);
  });
}
