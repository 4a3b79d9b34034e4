import { useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Lock } from 'lucide-react';
import { messages } from '@mediadiet/contract/messages';
import { Button } from '@/components/ui/button';
import { notify } from '@/lib/toast';
import { createSetupIntent } from '@/features/payment/api/create-setup-intent';
import { CardForm, type CardFormHandle } from '@/features/payment/components/card-form';

export interface CardSetupFormProps {
  /** The submit button's text ('Secure Account', 'Start Subscription', 'Add Card', …). */
  submitLabel: string;
  /** The account e-mail, sent to the provider as billing detail and shown above the card. */
  email?: string | undefined;
  /** The plan flow needs an e-mail (spec §5); without one nothing is sent. */
  requireEmail?: boolean;
  /** Further preconditions (the plan flow: a selected plan). False → nothing is sent. */
  canSubmit?: boolean;
  /**
   * Runs with the confirmed card's id (create the subscription, attach the card). Resolve with a text to
   * show in the form when that step failed (toast it yourself), or nothing on success.
   */
  onConfirmed: (paymentMethodId: string) => Promise<string | undefined>;
  /** Told when a submission starts and ends (e.g. to keep a modal from closing meanwhile). */
  onPendingChange?: (pending: boolean) => void;
  /** Extra content between the card fields and the button. */
  children?: ReactNode;
  secondaryAction?: ReactNode;
}

/**
 * A card form that ends with a confirmed card: checks the fields, `POST /api/payment/intent`, confirms
 * the setup with the provider (CardForm: Stripe Elements or the local test form), then hands the payment
 * method id to `onConfirmed`. One submission at a time: a second click while one runs sends nothing.
 */
export function CardSetupForm({
  submitLabel,
  email,
  requireEmail = false,
  canSubmit = true,
  onConfirmed,
  onPendingChange,
  children,
  secondaryAction,
}: CardSetupFormProps) {
  const cardRef = useRef<CardFormHandle>(null);
  const busy = useRef(false);
  const [pending, setPending] = useState(false);
  const [formError, setFormError] = useState<string | undefined>();

  const setBusy = (value: boolean) => {
    busy.current = value;
    setPending(value);
    onPendingChange?.(value);
  };

  const fail = (inline: string, toast: string = inline) => {
    setFormError(inline);
    notify.error(toast);
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy.current) return;
    if (!canSubmit || (requireEmail && !email)) return;
    const card = cardRef.current;
    if (!card) return fail(messages.billing.providerNotInitialized);
    const check = card.check();
    if (!check.ok) {
      if (check.error) fail(check.error);
      return;
    }

    setBusy(true);
    setFormError(undefined);
    try {
      const intent = await createSetupIntent();
      if (!intent.ok) return fail(intent.error, messages.billing.setupPaymentFailed);
      if (intent.provider !== card.provider) return fail(messages.billing.providerNotInitialized);

      const confirmed = await card.confirmSetup(intent.clientSecret, { email });
      if ('error' in confirmed) return fail(confirmed.error);

      const failure = await onConfirmed(confirmed.paymentMethodId);
      if (failure) setFormError(failure);
    } catch {
      fail(messages.billing.processPaymentFailed);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="flex flex-col gap-5">
      {email ? (
        <p className="text-sm text-ink-muted">
          Account e-mail: <span className="font-medium wrap-anywhere text-ink">{email}</span>
        </p>
      ) : null}
      <CardForm ref={cardRef} disabled={pending} />
      {children}
      {formError ? (
        <p role="alert" className="rounded-xl bg-danger-soft px-4 py-3 text-sm text-danger">
          {formError}
        </p>
      ) : null}
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:items-center sm:justify-between">
        <p className="flex items-center gap-1.5 text-xs text-ink-muted">
          <Lock aria-hidden="true" className="size-3.5 shrink-0" />
          {messages.billing.securedByProvider}
        </p>
        <div className="flex flex-col-reverse gap-3 sm:flex-row">
          {secondaryAction}
          <Button type="submit" loading={pending} disabled={!canSubmit || (requireEmail && !email)}>
            {submitLabel}
          </Button>
        </div>
      </div>
    </form>
  );
}
