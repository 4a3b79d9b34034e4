import { useId, useState } from 'react';
import { Link } from 'react-router';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { Mail } from 'lucide-react';
import { messages } from '@mediadiet/contract/messages';
import { Button, buttonClasses } from '@/components/ui/button';
import { Card, CardDescription, CardTitle } from '@/components/ui/card';
import { env } from '@/config/env';

/**
 * The sign-in screen's shell (spec §2 "Sign-in screen"): the initial state (Continue with Google /
 * Continue with Email), the e-mail field of the login state, and the register variant (name, e-mail).
 * The sign-in issue connects the forms to POST /auth/pin, /auth/register and /auth/verify and adds the
 * verify (PIN) state; until then a submitted form says plainly that e-mail sign-in is not available yet.
 */
export type SignInMode = 'initial' | 'login' | 'register';

export interface SignInScreenProps {
  initialMode: SignInMode;
}

export function SignInScreen({ initialMode }: SignInScreenProps) {
  const [mode, setMode] = useState<SignInMode>(initialMode);
  const isRegister = mode === 'register';

  return (
    <div className="mx-auto w-full max-w-md px-4 py-10 sm:py-16">
      <Card>
        <CardTitle as="h1" size="lg">
          {isRegister ? 'Create your account' : `Sign in to ${env.serviceName}`}
        </CardTitle>
        <CardDescription>
          {isRegister
            ? 'Tell us your name and e-mail. We will send you a 6-digit PIN to confirm it.'
            : 'Master your media diet: see how what you read online affects how you feel.'}
        </CardDescription>

        <div className="mt-8">
          {mode === 'initial' ? (
            <div className="flex flex-col gap-3">
              <a
                href={`${env.apiBase}/auth/google`}
                className={buttonClasses({ variant: 'secondary', size: 'lg', fullWidth: true })}
              >
                <GoogleMark />
                {messages.auth.continueWithGoogle}
              </a>
              <Button size="lg" fullWidth onClick={() => setMode('login')}>
                <Mail aria-hidden="true" className="size-5" />
                {messages.auth.continueWithEmail}
              </Button>
            </div>
          ) : null}
          {mode === 'login' ? (
            <EmailForm onRegister={() => setMode('register')} onBack={() => setMode('initial')} />
          ) : null}
          {mode === 'register' ? <RegisterForm onLogin={() => setMode('login')} /> : null}
        </div>

        <p className="mt-8 border-t border-line pt-5 text-center text-sm text-ink-muted">
          By continuing you agree to our{' '}
          <Link
            to="/terms"
            className="font-medium text-accent-ink underline underline-offset-2 hover:text-accent"
          >
            {messages.auth.terms}
          </Link>{' '}
          and{' '}
          <Link
            to="/privacy"
            className="font-medium text-accent-ink underline underline-offset-2 hover:text-accent"
          >
            {messages.auth.privacy}
          </Link>
          .
        </p>
      </Card>
    </div>
  );
}

const NOT_YET_AVAILABLE = 'Sign-in by e-mail is not available yet. Please continue with Google for now.';

const EmailFormSchema = z.object({
  email: z.string().trim().min(1, messages.auth.enterEmail).pipe(z.email(messages.auth.invalidEmail)),
});

function EmailForm({ onRegister, onBack }: { onRegister: () => void; onBack: () => void }) {
  const [notice, setNotice] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<z.input<typeof EmailFormSchema>>({
    resolver: zodResolver(EmailFormSchema),
    defaultValues: { email: '' },
  });

  return (
    <form
      noValidate
      onSubmit={(event) => void handleSubmit(() => setNotice(NOT_YET_AVAILABLE))(event)}
      className="flex flex-col gap-4"
    >
      <TextField
        label="Email"
        type="email"
        autoComplete="email"
        error={errors.email?.message}
        {...register('email')}
      />
      {notice ? <FormNotice>{notice}</FormNotice> : null}
      <Button type="submit" size="lg" fullWidth>
        {messages.auth.sendPin}
      </Button>
      <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
        <button
          type="button"
          onClick={onBack}
          className="rounded-md font-medium text-ink-muted hover:text-ink"
        >
          ← Other ways to sign in
        </button>
        <button
          type="button"
          onClick={onRegister}
          className="rounded-md font-medium text-accent-ink hover:text-accent"
        >
          New here? Register
        </button>
      </div>
    </form>
  );
}

const RegisterFormSchema = z.object({
  name: z.string().trim().min(1, messages.auth.nameRequired),
  email: z.string().trim().min(1, messages.auth.emailRequired).pipe(z.email(messages.auth.invalidEmail)),
});

function RegisterForm({ onLogin }: { onLogin: () => void }) {
  const [notice, setNotice] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<z.input<typeof RegisterFormSchema>>({
    resolver: zodResolver(RegisterFormSchema),
    defaultValues: { name: '', email: '' },
  });

  return (
    <form
      noValidate
      onSubmit={(event) => void handleSubmit(() => setNotice(NOT_YET_AVAILABLE))(event)}
      className="flex flex-col gap-4"
    >
      <TextField label="Name" autoComplete="name" error={errors.name?.message} {...register('name')} />
      <TextField
        label="Email"
        type="email"
        autoComplete="email"
        error={errors.email?.message}
        {...register('email')}
      />
      {notice ? <FormNotice>{notice}</FormNotice> : null}
      <Button type="submit" size="lg" fullWidth>
        Register
      </Button>
      <p className="text-center text-sm text-ink-muted">
        Already registered?{' '}
        <button
          type="button"
          onClick={onLogin}
          className="rounded-md font-medium text-accent-ink hover:text-accent"
        >
          Sign in
        </button>
      </p>
    </form>
  );
}

type TextFieldProps = React.ComponentPropsWithRef<'input'> & { label: string; error?: string | undefined };

function TextField({ label, error, className, ...props }: TextFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium text-ink">
        {label}
      </label>
      <input
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        className={
          'h-11 rounded-xl border border-line-strong bg-surface px-3.5 text-base text-ink placeholder:text-ink-muted/70 ' +
          'focus-visible:border-accent aria-invalid:border-danger ' +
          (className ?? '')
        }
        {...props}
      />
      {error ? (
        <p id={errorId} className="text-sm text-danger">
          {error}
        </p>
      ) : null}
    </div>
  );
}

function FormNotice({ children }: { children: React.ReactNode }) {
  return (
    <p role="status" className="rounded-xl bg-warning-soft px-4 py-3 text-sm leading-relaxed text-warning">
      {children}
    </p>
  );
}

function GoogleMark() {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" className="size-5">
      <path
        fill="#4285F4"
        d="M23.5 12.27c0-.79-.07-1.54-.2-2.27H12v4.3h6.45a5.5 5.5 0 0 1-2.4 3.6v3h3.88c2.27-2.09 3.57-5.17 3.57-8.63Z"
      />
      <path
        fill="#34A853"
        d="M12 24c3.24 0 5.95-1.07 7.93-2.9l-3.88-3a7.2 7.2 0 0 1-10.73-3.78H1.32v3.1A12 12 0 0 0 12 24Z"
      />
      <path fill="#FBBC05" d="M5.32 14.32a7.2 7.2 0 0 1 0-4.6v-3.1H1.32a12 12 0 0 0 0 10.8l4-3.1Z" />
      <path
        fill="#EA4335"
        d="M12 4.77c1.76 0 3.34.6 4.58 1.8l3.44-3.44A12 12 0 0 0 1.32 6.62l4 3.1A7.16 7.16 0 0 1 12 4.77Z"
      />
    </svg>
  );
}
