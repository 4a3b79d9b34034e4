import * as z from 'zod';
import { CentsSchema, DollarsSchema, IdSchema, UnixSecondsSchema, successWith } from './common';

/**
 * Payment methods, invoices, card setup and pricing (spec §3, §7). Every call answers `success: true`
 * on success and ErrorResponse (`success: false, error`) on failure.
 */

/** Which adapter serves payments: the real provider or the built-in test mode ("no real charges"). */
export const PaymentProviderIdSchema = z.enum(['stripe', 'local']);
export type PaymentProviderId = z.infer<typeof PaymentProviderIdSchema>;

export const PaymentMethodSchema = z.object({
  id: IdSchema,
  brand: z.string(),
  last4: z.string().regex(/^\d{4}$/),
  expMonth: z.number().int().min(1).max(12),
  expYear: z.number().int().min(2000).max(9999),
  isDefault: z.boolean(),
});
export type PaymentMethod = z.infer<typeof PaymentMethodSchema>;

export const INVOICE_STATUSES = ['paid', 'pending', 'failed', 'open', 'void'] as const;
export const InvoiceStatusSchema = z.enum(INVOICE_STATUSES);
export type InvoiceStatus = z.infer<typeof InvoiceStatusSchema>;

/** An invoice (spec §3): amount in cents, date in unix seconds, `invoice_pdf` a link (null if none). */
export const InvoiceSchema = z.object({
  id: IdSchema,
  amount: CentsSchema,
  date: UnixSecondsSchema,
  status: InvoiceStatusSchema,
  invoice_pdf: z.string().nullable(),
  description: z.string().optional(),
});
export type Invoice = z.infer<typeof InvoiceSchema>;

/** A Usage Limits tier (spec §3): `amount` dollars of overage buys about `tokens` tokens / `analyses` touch points. */
export const PricingTierSchema = z.object({
  amount: DollarsSchema,
  tokens: z.number().int().nonnegative(),
  analyses: z.number().int().nonnegative(),
});
export type PricingTier = z.infer<typeof PricingTierSchema>;

export const PricingSchema = z.object({
  basic: z.array(PricingTierSchema),
  premium: z.array(PricingTierSchema),
});
export type Pricing = z.infer<typeof PricingSchema>;

// ── Calls ──────────────────────────────────────────────────────────────────────────────────────────

/** POST /api/payment/methods/default, /api/payment/update, /api/payment/update-payment-method */
export const PaymentMethodIdRequestSchema = z.object({ paymentMethodId: z.string().min(1) });
export type PaymentMethodIdRequest = z.infer<typeof PaymentMethodIdRequestSchema>;

/** DELETE /api/payment/methods/:id */
export const PaymentMethodParamsSchema = z.object({ id: IdSchema });
export type PaymentMethodParams = z.infer<typeof PaymentMethodParamsSchema>;

/** GET /api/payment/methods */
export const PaymentMethodsResponseSchema = successWith({
  data: z.object({ paymentMethods: z.array(PaymentMethodSchema) }),
});
export type PaymentMethodsResponse = z.infer<typeof PaymentMethodsResponseSchema>;

/** DELETE /api/payment/methods/:id, POST /api/payment/methods/default: the list after the change. */
export const PaymentMethodsChangedResponseSchema = PaymentMethodsResponseSchema;
export type PaymentMethodsChangedResponse = PaymentMethodsResponse;

/**
 * POST /api/payment/intent: a card-setup intent. `clientSecret` is at the top level and under `data`
 * (spec §7: both are read). `provider` tells the web client which card form confirms it.
 */
export const SetupIntentResponseSchema = successWith({
  clientSecret: z.string().min(1),
  provider: PaymentProviderIdSchema,
  data: z.object({ clientSecret: z.string().min(1) }),
});
export type SetupIntentResponse = z.infer<typeof SetupIntentResponseSchema>;

/** GET /api/payment/current; POST /api/payment/update and /update-payment-method answer it too. */
export const CurrentPaymentMethodResponseSchema = successWith({
  paymentMethod: PaymentMethodSchema.nullable(),
});
export type CurrentPaymentMethodResponse = z.infer<typeof CurrentPaymentMethodResponseSchema>;

/** GET /api/payment/history: newest first. */
export const InvoiceHistoryResponseSchema = successWith({
  invoices: z.array(InvoiceSchema),
});
export type InvoiceHistoryResponse = z.infer<typeof InvoiceHistoryResponseSchema>;

/** GET /api/payment/invoice (designed): the latest invoice, or the one named by `id`; null when none. */
export const InvoiceQuerySchema = z.object({ id: IdSchema.optional() });
export type InvoiceQuery = z.infer<typeof InvoiceQuerySchema>;

export const InvoiceResponseSchema = successWith({
  invoice: InvoiceSchema.nullable(),
});
export type InvoiceResponse = z.infer<typeof InvoiceResponseSchema>;

/** GET /api/pricing */
export const PricingResponseSchema = successWith({
  data: z.object({ pricing: PricingSchema }),
});
export type PricingResponse = z.infer<typeof PricingResponseSchema>;

// ── Local test-mode provider (additional route) ────────────────────────────────────────────────────

/**
 * POST /api/payment/local/confirm-setup: what Stripe.js `confirmCardSetup` does, for the built-in test
 * provider. Only the well-known test card numbers are accepted; nothing is charged. Disabled (404) when
 * the real provider is configured.
 */
export const LocalConfirmSetupRequestSchema = z.object({
  clientSecret: z.string().min(1),
  card: z.object({
    number: z.string().regex(/^[\d ]{12,23}$/),
    expMonth: z.number().int().min(1).max(12),
    expYear: z.number().int().min(2000).max(9999),
    cvc: z.string().regex(/^\d{3,4}$/),
  }),
});
export type LocalConfirmSetupRequest = z.infer<typeof LocalConfirmSetupRequestSchema>;

export const LocalConfirmSetupResponseSchema = successWith({
  paymentMethodId: IdSchema,
});
export type LocalConfirmSetupResponse = z.infer<typeof LocalConfirmSetupResponseSchema>;

/** The test card numbers the local provider knows (the provider's well-known ones). */
export const LOCAL_TEST_CARDS = {
  success: '4242424242424242',
  visaDebit: '4000056655665556',
  mastercard: '5555555555554444',
  declined: '4000000000000002',
  insufficientFunds: '4000000000009995',
  /** Saved without trouble, but every later charge (renewal, trial end, proration) is declined. */
  chargeFails: '4000000000000341',
} as const;

/** GET /api/payment/invoices/:id/pdf (additional route): the invoice as a PDF (owner only). */
export const InvoicePdfParamsSchema = z.object({ id: IdSchema });
export type InvoicePdfParams = z.infer<typeof InvoicePdfParamsSchema>;

/**
 * Whether a card number (digits only) is 12–19 digits long and carries a valid Luhn checksum. Shared by the
 * local test-mode provider on the server and the test card form in the web client.
 */
export function luhnValid(digits: string): boolean {
  if (!/^\d{12,19}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}
