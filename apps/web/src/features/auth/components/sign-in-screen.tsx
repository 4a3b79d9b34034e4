import { useEffect, useRef, useState, type MouseEvent } from 'react';
import { Mail } from 'lucide-react';
import { STORAGE_KEYS } from '@mediadiet/contract/constants';
import { messages } from '@mediadiet/contract/messages';
import type { User } from '@mediadiet/contract/user';
import { AppLink } from '@/components/ui/app-link';
import { Button, buttonClasses } from '@/components/ui/button';
import { Card, CardDescription, CardTitle } from '@/components/ui/card';
import { env } from '@/config/env';
import { googleAuthUrl, startGoogleSignIn } from '@/lib/google-sign-in';
import { useLazyModule } from '@/lib/lazy-module';
import { oauthBinding, storedOAuthBinding } from '@/lib/oauth-binding';
import { removeItem } from '@/lib/storage';
import { notify } from '@/lib/toast';
import { signInForms } from '@/features/auth/components/lazy-sign-in-forms';
import { useErrorParamToast } from '@/features/auth/hooks/use-error-param-toast';
import { loadOAuthReader, useOAuthPopupMessages } from '@/features/auth/hooks/use-oauth-popup-messages';

/**
 * The sign-in screen (spec §2): states initial (Continue with Google / Continue with Email), login
 * (e-mail → Send PIN), register (name, e-mail) and verify (6-digit PIN).
 *
 * Two variants (docs/decisions/021-sign-in-variants.md): the verify step is the "extended" variant —
 * it adds the Terms and Privacy links and the Resend PIN button; the other steps are the "standard"
 * variant (Terms and Privacy stay reachable in the site footer on every page).
 */
export type SignInStep = 'initial' | 'login' | 'register' | 'verify';
export type SignInVariant = 'standard' | 'extended';

export function variantOf(step: SignInStep): SignInVariant {
  return step === 'verify' ? 'extended' : 'standard';
}

export interface SignInScreenProps {
  initialStep: SignInStep;
  /**
   * A sign-in succeeded (PIN or Google popup): the route stores the session and moves on to the dashboard
   * (app/routes/auth/login.tsx in the app, app/login-app.tsx on the signed-out sign-in page).
   */
  onSignedIn: (token: string, user: User) => void;
}

const COPY: Record<Exclude<SignInStep, 'verify'>, { title: string; description: string }> = {
  initial: {
    title: `Sign in to ${env.serviceName}`,
    description: 'Master your media diet: see how what you read online affects how you feel.',
  },
  login: {
    title: 'Sign in with e-mail',
    description: 'Enter the e-mail address of your account and we will send you a 6-digit PIN.',
  },
  register: {
    title: 'Create your account',
    description: 'Tell us your name and e-mail. We will send you a 6-digit PIN to confirm it.',
  },
};

export function SignInScreen({ initialStep, onSignedIn }: SignInScreenProps) {
  const [step, setStep] = useState<SignInStep>(initialStep);
  const [email, setEmail] = useState('');
  // Focus follows a step change the user caused; on first load the page keeps the browser's default.
  const [moved, setMoved] = useState(false);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const variant = variantOf(step);
  // The forms load on the way to them (hover, focus or press of Continue with Email) and are there by the
  // time a step needs them; on a slow network the form area fills in when they arrive.
  const forms = useLazyModule(signInForms);
  const needsForms = step !== 'initial';
  useEffect(() => {
    if (needsForms && !forms) warmForms();
  }, [needsForms, forms]);

  useErrorParamToast();

  const go = (next: SignInStep, nextEmail?: string) => {
    if (nextEmail !== undefined) setEmail(nextEmail);
    setStep(next);
    setMoved(true);
  };

  /** The visitor chose to sign in rather than register: the "show register" flags have done their job. */
  const goLogin = (nextEmail?: string) => {
    removeItem(STORAGE_KEYS.gotoRegister);
    removeItem(STORAGE_KEYS.goRegister);
    go('login', nextEmail);
  };

  // The popup hands over the code of the Google redirect; it is redeemed here, with this browser's binding.
  useOAuthPopupMessages((message) => {
    void import('@/features/auth/api/google-exchange').then(async ({ redeemGoogleCode }) => {
      const redeemed = await redeemGoogleCode(message.token);
      if (redeemed.ok) onSignedIn(redeemed.token, redeemed.user);
      else notify.error(redeemed.error, { toastId: `oauth-error:${redeemed.error}` });
    });
  });

  useEffect(() => {
    if (moved && step === 'initial') headingRef.current?.focus();
  }, [moved, step]);

  const { title, description } =
    step === 'verify'
      ? {
          title: 'Check your e-mail',
          description: (
            <>
              Enter the 6-digit PIN we sent to{' '}
              <strong className="font-semibold wrap-anywhere text-ink">{email}</strong>.
            </>
          ),
        }
      : COPY[step];

  return (
    <div className="mx-auto w-full max-w-md px-4 py-10 sm:py-16">
      <Card data-testid="sign-in-card" data-step={step} data-variant={variant} className="p-5 sm:p-8">
        <CardTitle as="h1" size="lg" ref={headingRef} tabIndex={-1} className="outline-none">
          {title}
        </CardTitle>
        <CardDescription>{description}</CardDescription>

        <div className="mt-7">
          {step === 'initial' ? <InitialStep onEmail={() => go('login')} /> : null}
          {step === 'login' && forms ? (
            <forms.LoginForm
              defaultEmail={email}
              focusOnMount={moved}
              onPinSent={(sentTo) => go('verify', sentTo)}
              onRegister={() => go('register')}
              onBack={() => go('initial')}
            />
          ) : null}
          {step === 'register' && forms ? (
            <forms.RegisterForm
              defaultEmail={email}
              focusOnMount={moved}
              onRegistered={(sentTo) => go('verify', sentTo)}
              onAlreadyRegistered={(known) => goLogin(known)}
              onLogin={() => goLogin()}
            />
          ) : null}
          {step === 'verify' && forms ? (
            <forms.VerifyForm
              email={email}
              focusOnMount={moved}
              showResend={variant === 'extended'}
              onVerified={(session) => onSignedIn(session.token, session.user)}
              onChangeEmail={() => go('login')}
            />
          ) : null}
        </div>

        {variant === 'extended' ? <LegalLinks /> : null}
      </Card>
    </div>
  );
}

function warmForms() {
  void signInForms.load().catch(() => {});
}

function InitialStep({ onEmail }: { onEmail: () => void }) {
  // The link's own flow (new tab, keyboard, no script) carries this browser's binding value too: stored
  // and put into the address on the first pointer, focus or context-menu event, before it can be followed.
  // Not on render: a signed-out page keeps nothing in storage until the visitor heads for Google.
  const [binding, setBinding] = useState(storedOAuthBinding);
  const arm = () => {
    if (!binding) setBinding(oauthBinding());
  };
  const onGoogle = (event: MouseEvent<HTMLAnchorElement>) => {
    // A modified click (new tab/window) keeps the link's own full-page flow.
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    // The popup answers with a message; its reader is fetched meanwhile.
    if (startGoogleSignIn(env.apiBase) === 'popup') void loadOAuthReader().catch(() => {});
  };
  return (
    <div className="flex flex-col gap-3">
      <a
        href={googleAuthUrl(env.apiBase, 'redirect', binding)}
        onClick={onGoogle}
        onPointerDown={arm}
        onFocus={arm}
        onContextMenu={arm}
        className={buttonClasses({ variant: 'secondary', size: 'lg', fullWidth: true })}
      >
        <GoogleMark />
        {messages.auth.continueWithGoogle}
      </a>
      <div
        className="flex items-center gap-3 text-xs font-medium tracking-wide text-ink-muted uppercase"
        aria-hidden="true"
      >
        <span className="h-px flex-1 bg-line" />
        or
        <span className="h-px flex-1 bg-line" />
      </div>
      <Button size="lg" fullWidth onClick={onEmail} onPointerEnter={warmForms} onFocus={warmForms}>
        <Mail aria-hidden="true" className="size-5" />
        {messages.auth.continueWithEmail}
      </Button>
    </div>
  );
}

function LegalLinks() {
  const linkClass = 'font-medium text-accent-ink underline underline-offset-2 hover:text-accent';
  return (
    <p className="mt-7 border-t border-line pt-5 text-center text-sm text-ink-muted">
      By signing in you agree to our{' '}
      <AppLink to="/terms" className={linkClass}>
        {messages.auth.terms}
      </AppLink>{' '}
      and{' '}
      <AppLink to="/privacy" className={linkClass}>
        {messages.auth.privacy}
      </AppLink>
      .
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
