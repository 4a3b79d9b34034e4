import { PinRequestSchema } from '@mediadiet/contract/auth';
import { messages } from '@mediadiet/contract/messages';
import { Button } from '@/components/ui/button';
import { notify } from '@/lib/toast';
import { requestPin } from '@/features/auth/api/sign-in';
import { LinkButton } from '@/features/auth/components/link-button';
import { EmailField, StepForm } from '@/features/auth/components/step-form';
import { useStepForm } from '@/features/auth/hooks/use-step-form';

export interface LoginFormProps {
  defaultEmail: string;
  /** Move focus to the e-mail field when the form appears (a step change, not the first page load). */
  focusOnMount: boolean;
  onPinSent: (email: string) => void;
  onRegister: () => void;
  onBack: () => void;
}

/** Login state: e-mail → `POST /auth/pin` → 'PIN sent! Check your email.' → verify state. */
export function LoginForm({ defaultEmail, focusOnMount, onPinSent, onRegister, onBack }: LoginFormProps) {
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useStepForm(PinRequestSchema, { email: defaultEmail }, { field: 'email', onMount: focusOnMount });

  const onSubmit = handleSubmit(async ({ email }) => {
    const result = await requestPin({ email });
    if (result.ok) {
      notify.success(messages.success.pinSent);
      onPinSent(email);
      return;
    }
    const message = result.error.trim() || messages.auth.requestPinFailed;
    notify.error(message);
    setError('email', { type: 'server', message }, { shouldFocus: true });
  });

  return (
    <StepForm label="Sign in with e-mail" onSubmit={onSubmit}>
      <EmailField error={errors.email?.message} {...register('email')} />
      <Button type="submit" size="lg" fullWidth loading={isSubmitting}>
        {messages.auth.sendPin}
      </Button>
      <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 text-sm">
        <LinkButton tone="muted" onClick={onBack}>
          ← Other ways to sign in
        </LinkButton>
        <LinkButton onClick={onRegister}>New here? Register</LinkButton>
      </div>
    </StepForm>
  );
}
