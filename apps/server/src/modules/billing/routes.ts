import { messages } from '@mediadiet/contract/messages';
import { contract } from '@mediadiet/contract/routes';
import type { FastifyInstance } from 'fastify';
import { allPlans, pricing } from '../../config/plans.ts';
import { notFound } from '../../http/errors.ts';
import { implement } from '../../http/route.ts';
import { requireSession } from '../../http/auth-context.ts';
import { renderInvoicePdf } from './invoice-pdf.ts';
import * as repo from './repository.ts';

/** `/api/subscription*`, `/api/payment*`, `/api/pricing` (spec §7) and the invoice PDF. Services: plugin.ts. */
export default function billingRoutes(app: FastifyInstance) {
  const { subscriptions, payments } = app.billing;
  const ok = true as const;
  const userOf = (request: Parameters<typeof requireSession>[0]) => requireSession(request).userId;
  /** `{ success: true, <key>: value }`: most billing answers are one value under its own key. */
  const answer = async <K extends string, V>(key: K, value: Promise<V>) =>
    ({ success: ok, [key]: await value }) as { success: true } & { [P in K]: V };

  implement(app, contract.subscription, {
    subscriptionGet: (request) => subscriptions.info(userOf(request)),
    subscriptionCreate: (request) =>
      answer(
        'subscription',
        subscriptions.create(userOf(request), request.body.plan, request.body.paymentMethodId),
      ),
    subscriptionUpdate: (request) =>
      answer('subscription', subscriptions.changePlan(userOf(request), request.body.planId)),
    subscriptionCancel: (request) => answer('subscription', subscriptions.cancel(userOf(request))),
    subscriptionReactivate: (request) => answer('subscription', subscriptions.reactivate(userOf(request))),
    subscriptionOverage: (request) =>
      answer('subscription', subscriptions.setOverageLimit(userOf(request), request.body.amount)),
    subscriptionWizardShown: (request) => answer('user', subscriptions.markWizardShown(userOf(request))),
    subscriptionPlans: () => Promise.resolve({ success: ok, plans: allPlans() }),
  });

  implement(app, contract.payment, {
    pricingGet: () => Promise.resolve({ success: ok, data: { pricing: pricing() } }),
    paymentIntent: (request) => payments.createSetupIntent(userOf(request)),
    paymentLocalConfirmSetup: async (request) => ({
      success: ok,
      ...(await payments.localConfirmSetup(userOf(request), request.body)),
    }),
    paymentUpdate: (request) =>
      answer('paymentMethod', payments.addCard(userOf(request), request.body.paymentMethodId)),
    paymentUpdatePaymentMethod: (request) =>
      answer('paymentMethod', payments.useCard(userOf(request), request.body.paymentMethodId)),
    paymentMethodsList: async (request) => ({
      success: ok,
      data: { paymentMethods: await payments.listCards(userOf(request)) },
    }),
    paymentMethodsSetDefault: async (request) => {
      const userId = userOf(request);
      await payments.useCard(userId, request.body.paymentMethodId);
      return { success: ok, data: { paymentMethods: await payments.listCards(userId) } };
    },
    paymentMethodsDelete: async (request) => ({
      success: ok,
      data: { paymentMethods: await payments.deleteCard(userOf(request), request.params.id) },
    }),
    paymentCurrent: (request) => answer('paymentMethod', payments.currentCard(userOf(request))),
    paymentHistory: (request) => answer('invoices', payments.history(userOf(request))),
    paymentInvoice: (request) => answer('invoice', payments.invoice(userOf(request), request.query.id)),

    paymentInvoicePdf: async (request, reply) => {
      const userId = userOf(request);
      const invoice = await repo.findInvoice(app.db, userId, request.params.id);
      if (!invoice) throw notFound(messages.server.invoiceNotFound);
      const user = await app.users.findById(userId);
      const pdf = await renderInvoicePdf(invoice, {
        serviceName: app.config.serviceName,
        email: user?.email ?? '',
      });
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `inline; filename="invoice-${invoice.id}.pdf"`)
        .header('cache-control', 'private, no-store')
        .send(pdf);
    },
  });
}
