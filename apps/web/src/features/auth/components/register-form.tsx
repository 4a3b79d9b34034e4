import { RegisterRequestSchema } from '@mediadiet/contract/auth';
import { isDuplicateError, messages } from '@mediadiet/contract/messages';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';
import { notify } from '@/lib/toast';
import { registerAccount } from '@/features/auth/api/sign-in';
import { LinkButton } from '@/features/auth/components/link-button';
import { EmailField, StepForm } from '@/features/auth/components/step-form';
import { useStepForm } from '@/features/auth/hooks/use-step-form';

export interface RegisterFormProps {
  defaultEmail: string;
  focusOnMount: boolean;
  onRegistered: (email: string) => void;
  /** The e-mail is already registered: go to the login state with it filled in. */
  onAlreadyRegistered: (email: string) => void;
  onLogin: () => void;
}

/**
 * Register state (spec §2, §5, §8): name + e-mail → `POST /auth/register` (which also sends the PIN).
 * A 'duplicate' error switches to login; any other error is shown, or 'Registration failed. Please try
 * again.'; an exception gives 'An unexpected error occurred. Please try again later.'
 */
export function RegisterForm({
  defaultEmail,
  focusOnMount,
  onRegistered,
  onAlreadyRegistered,
  onLogin,
}: RegisterFormProps) {
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useStepForm(
    RegisterRequestSchema,
    { name: '', email: defaultEmail },
    { field: 'name', onMount: focusOnMount },
  );

  const onSubmit = handleSubmit(async (values) => {
    let result: Awaited<ReturnType<typeof registerAccount>>;
    try {
      result = await registerAccount(values);
    } catch {
      notify.error(messages.auth.unexpected);
      return;
    }
    if (result.ok) {
      notify.success(messages.success.registration);
      onRegistered(values.email);
      return;
    }
    if (isDuplicateError(result.error)) {
      notify.error(messages.auth.duplicateEmail);
      onAlreadyRegistered(values.email);
      return;
    }
    const message = result.error.trim() || messages.auth.registrationFailedRetry;
    notify.error(message);
    setError('root.server', { type: 'server', message });
  });

  return (
    <StepForm label="Register" onSubmit={onSubmit}>
      <TextField label="Name" autoComplete="name" error={errors.name?.message} {...register('name')} />
      <EmailField error={errors.email?.message} {...register('email')} />
      <p
        role="alert"
        data-testid="register-error"
        className={
          errors.root?.server ? 'rounded-xl bg-danger-soft px-4 py-3 text-sm text-danger' : 'sr-only'
        }
      >
        {errors.root?.server?.message}
      </p>
      <Button type="submit" size="lg" fullWidth loading={isSubmitting}>
        Register
      </Button>
      <p className="text-center text-sm text-ink-muted">
        Already registered? <LinkButton onClick={onLogin}>Sign in</LinkButton>
      </p>
    </StepForm>
  );
}
