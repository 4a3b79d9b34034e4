import { useId, useImperativeHandle, useState, type ChangeEvent, type Ref } from 'react';
import { FlaskConical } from 'lucide-react';
import { messages } from '@mediadiet/contract/messages';
import { TextField } from '@/components/ui/text-field';
import { confirmLocalSetup } from '@/features/payment/api/confirm-local-setup';
import type { CardFormHandle } from '@/features/payment/components/card-form';
import {
  cardMessages,
  digitsOnly,
  formatCardNumber,
  formatExpiry,
  parseExpiry,
  validateCardNumber,
  validateCvc,
  validateExpiry,
} from '@/features/payment/utils/card-validation';

type Field = 'number' | 'expiry' | 'cvc';
type Errors = Partial<Record<Field, string>>;

interface FieldSpec {
  label: string;
  name: string;
  autoComplete: string;
  placeholder: string;
  maxLength?: number;
  /** What the field keeps of what is typed into it. */
  format: (typed: string) => string;
}

const FIELDS: Record<Field, FieldSpec> = {
  number: {
    label: 'Card number',
    name: 'cardnumber',
    autoComplete: 'cc-number',
    placeholder: '1234 1234 1234 1234',
    format: formatCardNumber,
  },
  expiry: {
    label: 'Expiry (MM/YY)',
    name: 'exp-date',
    autoComplete: 'cc-exp',
    placeholder: 'MM/YY',
    maxLength: 5,
    format: formatExpiry,
  },
  cvc: {
    label: 'CVC',
    name: 'cvc',
    autoComplete: 'cc-csc',
    placeholder: '123',
    maxLength: 4,
    format: (typed) => digitsOnly(typed).slice(0, 4),
  },
};

function validate(values: Record<Field, string>): Errors {
  const errors: Errors = {
    number: validateCardNumber(values.number),
    expiry: validateExpiry(values.expiry),
    cvc: validateCvc(values.cvc),
  };
  return Object.fromEntries(Object.entries(errors).filter(([, v]) => v));
}

/**
 * The built-in test-mode card form (no Stripe key configured): card number, expiry MM/YY and CVC, checked
 * here (Luhn, not expired, 3–4 digits) and confirmed with `POST /api/payment/local/confirm-setup`.
 */
export function LocalCardFields({
  ref,
  disabled,
}: {
  ref: Ref<CardFormHandle>;
  disabled?: boolean | undefined;
}) {
  const hintId = useId();
  const [values, setValues] = useState<Record<Field, string>>({ number: '', expiry: '', cvc: '' });
  const [errors, setErrors] = useState<Errors>({});

  useImperativeHandle(
    ref,
    () => ({
      provider: 'local' as const,
      check() {
        const found = validate(values);
        setErrors(found);
        return Object.keys(found).length === 0 ? { ok: true } : { ok: false };
      },
      async confirmSetup(clientSecret) {
        const expiry = parseExpiry(values.expiry);
        const firstError = Object.values(validate(values))[0];
        if (firstError || !expiry) return { error: firstError ?? cardMessages.expiryInvalid };
        const result = await confirmLocalSetup({
          clientSecret,
          card: {
            number: digitsOnly(values.number),
            expMonth: expiry.month,
            expYear: expiry.year,
            cvc: values.cvc.trim(),
          },
        });
        if (!result.ok) return { error: result.error };
        if (!result.data.paymentMethodId) return { error: messages.billing.noPaymentMethod };
        return { paymentMethodId: result.data.paymentMethodId };
      },
    }),
    [values],
  );

  const set = (field: Field, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    // A corrected field loses its message; the others keep theirs until the next submit.
    if (errors[field]) setErrors((current) => ({ ...current, [field]: undefined }));
  };
  /** The props of the (numeric) text field of `field`: its attributes, value, formatting on change and error. */
  const cardField = (field: Field) => {
    const { format, ...attributes } = FIELDS[field];
    return {
      ...attributes,
      inputMode: 'numeric' as const,
      value: values[field],
      onChange: (event: ChangeEvent<HTMLInputElement>) => set(field, format(event.target.value)),
      error: errors[field],
    };
  };

  return (
    <fieldset className="flex flex-col gap-4" disabled={disabled} aria-describedby={hintId}>
      <legend className="sr-only">Card details</legend>
      <div
        id={hintId}
        className="flex gap-3 rounded-xl border border-warning/30 bg-warning-soft px-4 py-3 text-sm text-warning"
      >
        <FlaskConical aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
        <div>
          <p className="font-semibold">{messages.billing.testModeNotice}</p>
          <p className="mt-0.5 text-ink-muted">
            Use 4242 4242 4242 4242 (succeeds), 4000 0000 0000 0002 (declined) or 4000 0000 0000 9995
            (insufficient funds), with any future date and any CVC.
          </p>
        </div>
      </div>
      <TextField {...cardField('number')} />
      <div className="grid grid-cols-2 gap-4">
        <TextField {...cardField('expiry')} />
        <TextField {...cardField('cvc')} />
      </div>
    </fieldset>
  );
}
