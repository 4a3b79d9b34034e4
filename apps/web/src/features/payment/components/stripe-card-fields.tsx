import { useImperativeHandle, useState, type Ref } from 'react';
import { CardElement, Elements, useElements, useStripe } from '@stripe/react-stripe-js';
import type { Stripe, StripeCardElementOptions } from '@stripe/stripe-js';
import { loadStripe } from '@stripe/stripe-js/pure';
import { messages } from '@mediadiet/contract/messages';
import { FieldError } from '@/components/ui/text-field';
import type { CardFormHandle } from '@/features/payment/components/card-form';

const INCOMPLETE = 'Your card details are incomplete.';

// Stripe.js loads once per publishable key, the first time a card form is shown (`pure`: not on import).
const loaders = new Map<string, Promise<Stripe | null>>();
function getStripe(publishableKey: string): Promise<Stripe | null> {
  let loader = loaders.get(publishableKey);
  if (!loader) {
    loader = loadStripe(publishableKey);
    loaders.set(publishableKey, loader);
  }
  return loader;
}

const cardOptions: StripeCardElementOptions = {
  hidePostalCode: true,
  style: {
    base: {
      color: '#1d2725',
      fontSize: '16px',
      fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
      '::placeholder': { color: '#7a8582' },
    },
    invalid: { color: '#b42318', iconColor: '#b42318' },
  },
};

interface Props {
  ref: Ref<CardFormHandle>;
  publishableKey: string;
  disabled?: boolean | undefined;
}

/** Stripe Elements' CardElement (postal code hidden) behind `CardFormHandle`. Loaded lazily by CardForm. */
export default function StripeCardForm({ ref, publishableKey, disabled }: Props) {
  return (
    <Elements stripe={getStripe(publishableKey)}>
      <StripeCardFields ref={ref} disabled={disabled} />
    </Elements>
  );
}

function StripeCardFields({ ref, disabled }: { ref: Ref<CardFormHandle>; disabled?: boolean | undefined }) {
  const stripe = useStripe();
  const elements = useElements();
  const [complete, setComplete] = useState(false);
  const [error, setError] = useState<string | undefined>();

  useImperativeHandle(
    ref,
    () => ({
      provider: 'stripe' as const,
      check() {
        if (!stripe || !elements) return { ok: false, error: messages.billing.providerNotInitialized };
        if (!elements.getElement(CardElement))
          return { ok: false, error: messages.billing.cardElementNotFound };
        if (!complete) {
          setError((current) => current ?? INCOMPLETE);
          return { ok: false };
        }
        return { ok: true };
      },
      async confirmSetup(clientSecret, billing) {
        if (!stripe || !elements) return { error: messages.billing.providerNotInitialized };
        const card = elements.getElement(CardElement);
        if (!card) return { error: messages.billing.cardElementNotFound };
        try {
          const result = await stripe.confirmCardSetup(clientSecret, {
            payment_method: { card, billing_details: billing.email ? { email: billing.email } : {} },
          });
          if (result.error) return { error: result.error.message ?? messages.billing.processPaymentFailed };
          const method = result.setupIntent.payment_method;
          const paymentMethodId = typeof method === 'string' ? method : method?.id;
          if (!paymentMethodId) return { error: messages.billing.noPaymentMethod };
          return { paymentMethodId };
        } catch {
          return { error: messages.billing.processPaymentFailed };
        }
      },
    }),
    [stripe, elements, complete],
  );

  return (
    <div className="flex flex-col gap-1.5">
      <span id="stripe-card-label" className="text-sm font-medium text-ink">
        Card details
      </span>
      <div
        role="group"
        aria-labelledby="stripe-card-label"
        className="rounded-xl border border-line-strong bg-surface px-3.5 py-3 focus-within:border-accent"
      >
        <CardElement
          options={{ ...cardOptions, disabled: disabled ?? false }}
          onChange={(event) => {
            setComplete(event.complete);
            setError(event.error?.message);
          }}
        />
      </div>
      <FieldError id="stripe-card-error" message={error} />
    </div>
  );
}
