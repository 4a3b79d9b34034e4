import { Link, useRouteError } from 'react-router';
import { messages } from '@mediadiet/contract/messages';
import { buttonClasses } from '@/components/ui/button';

/** The error element of the whole route tree: unknown paths and any error a route throws (spec §2). */
export function RouteError() {
  // Reading the error marks it as handled by this boundary.
  useRouteError();
  return (
    <main id="main" className="flex min-h-dvh items-center justify-center px-4 py-16">
      <div className="w-full max-w-lg rounded-2xl border border-line bg-surface p-8 text-center shadow-card">
        <h1 className="text-2xl font-semibold tracking-tight text-ink">{messages.routeError}</h1>
        <p className="mt-3 text-ink-muted">
          This page does not exist, or something went wrong while showing it.
        </p>
        <Link to="/" className={buttonClasses({ className: 'mt-7' })}>
          Go to the home page
        </Link>
      </div>
    </main>
  );
}
