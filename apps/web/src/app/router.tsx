import { data, Navigate, Outlet, redirect, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import type { QueryClient } from '@tanstack/react-query';
import { LOGIN_PATH, OAUTH_RETURN_PATH } from '@mediadiet/contract/auth';
import { getAuthToken, hasAuthToken, wantsRegister } from '@/lib/storage';
import { notify } from '@/lib/toast';
import { queryKeys } from '@/lib/query-keys';
import { establishSession, sessionQueryOptions } from '@/features/auth/api/session';
import type { User } from '@mediadiet/contract/user';
import { preloadSignInForms } from '@/features/auth/components/lazy-sign-in-forms';
import { AnalysisDetail } from '@/features/analysis/components/analysis-detail';
import { IgnoredSites } from '@/features/urls/components/ignored-sites';
import { PageSpinner } from '@/components/ui/spinner';
import { AppLayout, preloadSignedIn } from '@/app/layout/app-layout';
import { RouteError } from '@/app/routes/route-error';
import { RequireSession } from '@/app/routes/require-session';
import { RouterNavigation } from '@/app/routes/router-navigation';

export const DASHBOARD_PATH = OAUTH_RETURN_PATH;
export const SUBSCRIPTION_PATH = '/subscription';

/** Guard: no auth token → the sign-in screen (spec §2). Signed in: the shell's signed-in parts load alongside. */
export async function requireAuth() {
  if (!hasAuthToken()) return redirect(LOGIN_PATH);
  await preloadSignedIn();
  return null;
}

/**
 * `/auth/login` sends a signed-in user on to the dashboard. A screen that opens on its register form
 * (spec §3 `gotoRegister`) gets the forms' code with its own, so the form is there at first paint.
 */
export async function redirectIfSignedIn() {
  if (hasAuthToken()) return redirect(DASHBOARD_PATH);
  if (wantsRegister()) await preloadSignInForms().catch(() => {});
  return null;
}

export function notFound(): never {
  // eslint-disable-next-line @typescript-eslint/only-throw-error -- React Router's way to answer a 404
  throw data('Not Found', { status: 404 });
}

const GOOGLE_RETURN_PARAMS = ['success', 'token', 'user'] as const;

/**
 * `/auth/dashboard`: the Google full-page flow returns here with `success`, `token` and `user` (spec §2).
 * `token` is a single-use code, redeemed with this browser's binding value for the session
 * (features/auth/api/google-exchange.ts, docs/decisions/108); a code from anyone else's flow is refused with
 * a toast. Signed in already: the same account keeps its session (the new one is ended); another account
 * waits for the person's choice (SwitchAccountDialog). The parameters are then stripped from the address,
 * and the usual guard applies. The popup flow never gets here: main.tsx hands the result to the opener
 * first (lib/oauth-popup.ts).
 */
export function dashboardLoader(queryClient: QueryClient) {
  return async ({ request }: LoaderFunctionArgs) => {
    const url = new URL(request.url);
    const params = url.searchParams;
    if (GOOGLE_RETURN_PARAMS.some((name) => params.has(name))) {
      const code = params.get('token');
      if (code && params.get('success') !== 'false') await redeemGoogleReturn(queryClient, code);
      for (const name of GOOGLE_RETURN_PARAMS) params.delete(name);
      const rest = params.toString();
      return redirect(`${url.pathname}${rest ? `?${rest}` : ''}${url.hash}`);
    }
    if (!hasAuthToken()) return redirect(LOGIN_PATH);
    // Views whose code loads on demand: fetched before the view renders, alongside the shell's parts.
    const views: Promise<unknown>[] = [preloadSignedIn()];
    if (params.get('view') === 'urlManagement') views.push(IgnoredSites.preload().catch(() => {}));
    if (params.has('analysis')) views.push(AnalysisDetail.preload().catch(() => {}));
    await Promise.all(views);
    return null;
  };
}

async function redeemGoogleReturn(queryClient: QueryClient, code: string): Promise<void> {
  const [{ redeemGoogleCode, discardSessionToken }, { setPendingSwitch }] = await Promise.all([
    import('@/features/auth/api/google-exchange'),
    import('@/features/auth/stores/pending-switch'),
  ]);
  const redeemed = await redeemGoogleCode(code);
  if (!redeemed.ok) {
    notify.error(redeemed.error, { toastId: `oauth-error:${redeemed.error}` });
    return;
  }
  const current = getAuthToken()
    ? (queryClient.getQueryData<User | null>(queryKeys.session) ??
      (await queryClient.fetchQuery(sessionQueryOptions(getAuthToken())).catch(() => null)))
    : null;
  if (!current) establishSession(queryClient, redeemed.token, redeemed.user);
  else if (current.id === redeemed.user.id) void discardSessionToken(redeemed.token);
  else setPendingSwitch({ token: redeemed.token, user: redeemed.user, current });
}

/** The route tree. Route modules are lazy so each screen's code loads only when visited. */
export function createRoutes(queryClient: QueryClient): RouteObject[] {
  return [
    {
      id: 'root',
      // The router-free parts (header, footer, sign-in screen) navigate through React Router here.
      element: (
        <RouterNavigation>
          <Outlet />
        </RouterNavigation>
      ),
      errorElement: <RouteError />,
      hydrateFallbackElement: <PageSpinner />,
      children: [
        { index: true, lazy: () => import('@/app/routes/landing') },
        {
          element: <AppLayout />,
          // Signed in (any screen of the shell): its signed-in parts load alongside the screen's code.
          loader: async () => {
            if (hasAuthToken()) await preloadSignedIn();
            return null;
          },
          children: [
            { path: 'auth/login', loader: redirectIfSignedIn, lazy: () => import('@/app/routes/auth/login') },
            {
              path: 'auth/register',
              loader: () => redirect(LOGIN_PATH),
              element: <Navigate to={LOGIN_PATH} replace />,
            },
            { path: 'terms', lazy: () => import('@/app/routes/terms') },
            { path: 'privacy', lazy: () => import('@/app/routes/privacy') },
            // The weekly letter's unsubscribe link (decision 158): no sign-in, the token names the account.
            { path: 'letter/unsubscribe', lazy: () => import('@/app/routes/letter-unsubscribe') },
            {
              // Signed-in screens: the loaders guard on arrival, RequireSession when the session ends
              // while the screen is open (logout here or in another tab, loggedIn false, account deleted).
              element: <RequireSession />,
              children: [
                {
                  path: 'auth/dashboard',
                  loader: dashboardLoader(queryClient),
                  lazy: () => import('@/app/routes/auth/dashboard'),
                },
                {
                  path: 'subscription',
                  loader: requireAuth,
                  lazy: () => import('@/app/routes/subscription'),
                },
              ],
            },
          ],
        },
        // Any other path is an error of the route tree, shown by the root's error element.
        { path: '*', loader: notFound, element: null },
      ],
    },
  ];
}
