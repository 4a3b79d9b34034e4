import { StrictMode, useEffect, useMemo, useState } from 'react';
import type { Root } from 'react-dom/client';
import { OAUTH_RETURN_PATH } from '@mediadiet/contract/auth';
import type { User } from '@mediadiet/contract/user';
import { Toaster } from '@/components/ui/toaster';
import { NavigationProvider, type Navigation } from '@/lib/navigation';
import { storeSession } from '@/lib/session';
import { useAuthToken, wantsRegister } from '@/lib/storage';
import { preloadSignInForms } from '@/features/auth/components/lazy-sign-in-forms';
import { SignInScreen } from '@/features/auth/components/sign-in-screen';
import { Header } from '@/app/layout/header';
import { SiteFooter } from '@/app/layout/site-footer';
import { SkipLink } from '@/app/layout/skip-link';

/**
 * Leaving the sign-in page for another address of the app: the full app (React Router, TanStack Query)
 * takes over in place, at that address, with the user who just signed in if there is one.
 */
export type Leave = (to: string, options: { replace?: boolean; user?: User | null }) => void;

/**
 * `/auth/login` on a first visit without a session (main.tsx decides): the same shell and sign-in screen as
 * the app's own login route, without React Router and TanStack Query, which this page does not need
 * (docs/decisions/073-route-javascript-budget.md). Every way out — signing in here or in another tab, the
 * header and footer links, Terms and Privacy — hands over to the full app (`leave`).
 */
export function LoginApp({ leave }: { leave: Leave }) {
  const token = useAuthToken();
  const [search, setSearch] = useState(() => window.location.search);
  const navigation = useMemo<Navigation>(
    () => ({
      search,
      navigate: (to, options) => {
        const url = new URL(to, window.location.href);
        if (url.pathname === window.location.pathname.replace(/\/+$/, '')) {
          // Only the query changes (the `error` parameter once shown): stay.
          window.history[options?.replace ? 'replaceState' : 'pushState'](null, '', url);
          setSearch(url.search);
          return;
        }
        leave(`${url.pathname}${url.search}${url.hash}`, { replace: options?.replace });
      },
    }),
    [search, leave],
  );

  // Signed in elsewhere (another tab): on to the dashboard, as the app's login route does.
  useEffect(() => {
    if (token) leave(OAUTH_RETURN_PATH, { replace: true });
  }, [token, leave]);

  const signedIn = (newToken: string, user: User) => {
    // The user goes with the hand-over first; storing the token (which the effect above hears) comes next.
    leave(OAUTH_RETURN_PATH, { replace: true, user });
    storeSession(newToken, user);
  };

  return (
    <NavigationProvider value={navigation}>
      <div className="flex min-h-dvh flex-col">
        <SkipLink />
        <Header />
        <main id="main" tabIndex={-1} className="flex-1 outline-none">
          {/* Stays on screen, signed in or not, until the app takes over. */}
          <SignInScreen initialStep={wantsRegister() ? 'register' : 'initial'} onSignedIn={signedIn} />
        </main>
        <SiteFooter />
      </div>
      <Toaster />
    </NavigationProvider>
  );
}

/**
 * Renders the sign-in page into `root`; `leave` loads the full app (app/app.tsx) and lets it take over,
 * keeping this page on screen until the app has its screen ready. If the app cannot be loaded the
 * browser goes to the address itself.
 */
export async function startLoginApp(root: Root): Promise<void> {
  let leaving = false;
  const leave: Leave = (to, { replace, user }) => {
    if (leaving) return;
    leaving = true;
    import('@/app/app').then(
      ({ startApp }) => {
        window.history[replace ? 'replaceState' : 'pushState'](null, '', to);
        return startApp(root, { handover: { user: user ?? null } });
      },
      () => window.location.assign(to),
    );
  };
  // A screen that opens on its register form has the form's code at first paint (as the app's router does).
  if (wantsRegister()) await preloadSignInForms().catch(() => {});
  root.render(
    <StrictMode>
      <LoginApp leave={leave} />
    </StrictMode>,
  );
}
