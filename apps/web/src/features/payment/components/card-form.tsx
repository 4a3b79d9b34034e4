import { lazy, Suspense, type Ref } from 'react';
import type { PaymentProviderId } from '@mediadiet/contract/payment';
import { Spinner } from '@/components/ui/spinner';
import { env } from '@/config/env';
import { LocalCardFields } from '@/features/payment/components/local-card-fields';

/** What confirming a card setup gives: the provider's payment method id, or a text to show the user. */
export type CardSetupResult = { paymentMethodId: string } | { error: string };

/** Whether the form may be submitted: `error` is a provider problem to toast; none → field messages shown. */
export type CardCheck = { ok: true } | { ok: false; error?: string };

/**
 * The one interface both card forms implement (docs/decisions/040-card-form.md). The parent creates the
 * setup intent; the card data stays inside the form.
 */
export interface CardFormHandle {
  /** Which provider confirms this form's setups. It must match the one the setup intent names. */
  readonly provider: PaymentProviderId;
  /** Provider ready and fields complete? Shows field messages; false means nothing should be sent. */
  check(): CardCheck;
  /** Confirms the setup intent with the provider (Stripe.js `confirmCardSetup`, or the local test provider). */
  confirmSetup(clientSecret: string, billing: { email?: string | undefined }): Promise<CardSetupResult>;
}

export interface CardFormProps {
  ref: Ref<CardFormHandle>;
  disabled?: boolean;
}

const StripeCardForm = lazy(() => import('@/features/payment/components/stripe-card-fields'));

/**
 * The card fields: Stripe Elements' CardElement (postal code hidden) when a publishable key is configured,
 * otherwise the local test card form. Both expose `CardFormHandle` through `ref`.
 */
export function CardForm({ ref, disabled }: CardFormProps) {
  const publishableKey = env.stripePublishableKey;
  if (!publishableKey) return <LocalCardFields ref={ref} disabled={disabled} />;
  return (
    <Suspense fallback={<Spinner label="Loading the card form" />}>
      <StripeCardForm ref={ref} publishableKey={publishableKey} disabled={disabled} />
    </Suspense>
  );
}
