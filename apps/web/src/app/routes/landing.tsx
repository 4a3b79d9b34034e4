import { Link } from 'react-router';
import { Activity, EyeOff, LineChart } from 'lucide-react';
import { buttonClasses } from '@/components/ui/button';
import { env } from '@/config/env';
import { requestRegister, useAuthToken } from '@/lib/storage';
import { SiteFooter } from '@/app/layout/site-footer';
import { SkipLink } from '@/app/layout/skip-link';

/** `/` — the header is hidden here (spec §2). */
export function Component() {
  const signedIn = useAuthToken() !== null;
  return (
    <div className="flex min-h-dvh flex-col">
      <SkipLink />
      <main id="main" tabIndex={-1} className="flex-1 outline-none">
        <section className="mx-auto max-w-6xl px-4 pt-14 pb-12 sm:px-6 sm:pt-24">
          <p className="flex items-center gap-2.5 text-lg font-semibold tracking-tight text-ink">
            <img src="/favicon.svg" alt="" className="size-9" />
            {env.serviceName}
          </p>
          <h1 className="mt-10 max-w-3xl text-4xl leading-tight font-semibold tracking-tight text-balance text-ink sm:text-5xl">
            Master your media diet.
          </h1>
          <p className="mt-5 max-w-2xl text-lg leading-relaxed text-ink-muted">
            What you read online shapes how you feel. {env.serviceName} pairs a browser extension with a
            private dashboard: the extension scores the pages you visit for their likely effect on your mood,
            and the dashboard shows you the patterns over weeks and months.
          </p>
          <div className="mt-9 flex flex-wrap gap-3">
            {signedIn ? (
              <Link to="/auth/dashboard" className={buttonClasses({ size: 'lg' })}>
                Go to your dashboard
              </Link>
            ) : (
              <>
                <Link to="/auth/login" className={buttonClasses({ size: 'lg' })}>
                  Sign in
                </Link>
                <Link
                  to="/auth/login"
                  onClick={requestRegister}
                  className={buttonClasses({ size: 'lg', variant: 'secondary' })}
                >
                  Create an account
                </Link>
              </>
            )}
            <Link to="/privacy" className={buttonClasses({ size: 'lg', variant: 'ghost' })}>
              What we collect
            </Link>
          </div>
        </section>

        <section aria-labelledby="how-it-works" className="mx-auto max-w-6xl px-4 pb-20 sm:px-6">
          <h2 id="how-it-works" className="sr-only">
            How it works
          </h2>
          <ul className="grid gap-5 md:grid-cols-3">
            <Feature icon={<Activity aria-hidden="true" className="size-5" />} title="Every page, scored">
              Each article or post you read becomes a touch point, scored across categories such as calm,
              hope, anger and anxiety.
            </Feature>
            <Feature
              icon={<LineChart aria-hidden="true" className="size-5" />}
              title="Patterns, not verdicts"
            >
              Monthly and yearly insights show which sites lift you up and which wear you down, with how
              confident the analysis is.
            </Feature>
            <Feature icon={<EyeOff aria-hidden="true" className="size-5" />} title="You stay in control">
              Sites on a default protected list are never read, you can add your own, and you can disconnect
              the extension at any time.
            </Feature>
          </ul>
        </section>
      </main>
      <SiteFooter />
    </div>
  );
}

function Feature({
  icon,
  title,
  children,
}: {
  icon: React.ReactNode;
  title: string;
  children: React.ReactNode;
}) {
  return (
    <li className="rounded-2xl border border-line bg-surface p-6 shadow-card">
      <span className="inline-flex size-10 items-center justify-center rounded-xl bg-accent-soft text-accent-ink">
        {icon}
      </span>
      <h3 className="mt-4 font-semibold text-ink">{title}</h3>
      <p className="mt-2 leading-relaxed text-ink-muted">{children}</p>
    </li>
  );
}
