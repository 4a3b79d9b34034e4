import { useId, useState } from 'react';
import { Controller } from 'react-hook-form';
import { VerifyRequestSchema, type VerifyResponse } from '@mediadiet/contract/auth';
import { messages } from '@mediadiet/contract/messages';
import { Button } from '@/components/ui/button';
import { FieldError } from '@/components/ui/text-field';
import { notify } from '@/lib/toast';
import { requestPin, verifyPin } from '@/features/auth/api/sign-in';
import { LinkButton } from '@/features/auth/components/link-button';
import { PinInput } from '@/features/auth/components/pin-input';
import { StepForm } from '@/features/auth/components/step-form';
import { useStepForm } from '@/features/auth/hooks/use-step-form';

const PinFormSchema = VerifyRequestSchema.pick({ pin: true });

export interface VerifyFormProps {
  email: string;
  focusOnMount: boolean;
  /** The variant with terms/privacy links also offers 'Resend PIN' (docs/decisions/021). */
  showResend: boolean;
  onVerified: (session: VerifyResponse) => void;
  onChangeEmail: () => void;
}

/** Verify state: the 6-digit PIN → `POST /auth/verify` → session. A failure shows the server's text. */
export function VerifyForm({ email, focusOnMount, showResend, onVerified, onChangeEmail }: VerifyFormProps) {
  const pinId = useId();
  const hintId = `${pinId}-hint`;
  const errorId = `${pinId}-error`;
  const [resending, setResending] = useState(false);
  const {
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useStepForm(PinFormSchema, { pin: '' }, { field: 'pin', onMount: focusOnMount });

  const onSubmit = handleSubmit(async ({ pin }) => {
    const result = await verifyPin({ email, pin });
    if (result.ok) {
      onVerified(result.data);
      return;
    }
    const message = result.error.trim() || messages.auth.noResponse;
    notify.error(message);
    setError('pin', { type: 'server', message }, { shouldFocus: true });
  });

  const resend = async () => {
    setResending(true);
    const result = await requestPin({ email });
    setResending(false);
    if (result.ok) notify.success(messages.success.pinSent);
    else notify.error(result.error.trim() || messages.auth.requestPinFailed);
  };

  const pinError = errors.pin?.message;
  return (
    <StepForm label="Verify PIN" onSubmit={onSubmit}>
      <div className="flex flex-col gap-1.5">
        <label htmlFor={pinId} className="text-sm font-medium text-ink">
          6-digit PIN
        </label>
        <p id={hintId} className="sr-only">
          Sent to {email}. Digits only.
        </p>
        <Controller
          control={control}
          name="pin"
          render={({ field }) => (
            <PinInput
              id={pinId}
              name={field.name}
              ref={field.ref}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              invalid={Boolean(pinError)}
              describedBy={pinError ? `${hintId} ${errorId}` : hintId}
              disabled={isSubmitting}
            />
          )}
        />
        <FieldError id={errorId} message={pinError} />
      </div>
      <Button type="submit" size="lg" fullWidth loading={isSubmitting}>
        {messages.auth.verifyPin}
      </Button>
      <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 text-sm">
        <LinkButton tone="muted" onClick={onChangeEmail}>
          ← Use a different e-mail
        </LinkButton>
        {showResend ? (
          <LinkButton onClick={() => void resend()} disabled={resending} aria-busy={resending || undefined}>
            {messages.auth.resendPin}
          </LinkButton>
        ) : null}
      </div>
    </StepForm>
  );
}
