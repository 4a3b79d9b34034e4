import { useMemo } from 'react';
import {
  createBrowserRouter,
  data,
  Navigate,
  redirect,
  RouterProvider,
  type LoaderFunctionArgs,
  type RouteObject,
} from 'react-router';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { LOGIN_PATH, OAUTH_RETURN_PATH } from '@mediadiet/contract/auth';
import { hasAuthToken } from '@/lib/storage';
import { parseUserParam } from '@/lib/oauth-popup';
import { establishSession } from '@/features/auth/api/session';
import { PageSpinner } from '@/components/ui/spinner';
import { AppLayout } from '@/app/layout/app-layout';
import { RouteError } from '@/app/routes/route-error';
import { RequireSession } from '@/app/routes/require-session';

export const DASHBOARD_PATH = OAUTH_RETURN_PATH;
export const SUBSCRIPTION_PATH = '/subscription';

/** Guard: no auth token → the sign-in screen (spec §2). */
export function requireAuth() {
  if (!hasAuthToken()) return redirect(LOGIN_PATH);
  return null;
}

/** `/auth/login` sends a signed-in user on to the dashboard. */
export function redirectIfSignedIn() {
  if (hasAuthToken()) return redirect(DASHBOARD_PATH);
  return null;
}

export function notFound(): never {
  // eslint-disable-next-line @typescript-eslint/only-throw-error -- React Router's way to answer a 404
  throw data('Not Found', { status: 404 });
}

const GOOGLE_RETURN_PARAMS = ['success', 'token', 'user'] as const;

/**
 * `/auth/dashboard`: the Google full-page flow returns here with `success`, `token` and `user` (spec §2).
 * A successful return stores the token and the user; the parameters are then stripped from the address
 * (the token must not linger in history), and the usual guard applies. The popup flow never gets here:
 * main.tsx hands the result to the opener first (lib/oauth-popup.ts).
 */
export function dashboardLoader(queryClient: QueryClient) {
  return ({ request }: LoaderFunctionArgs) => {
    const url = new URL(request.url);
    const params = url.searchParams;
    if (GOOGLE_RETURN_PARAMS.some((name) => params.has(name))) {
      const token = params.get('token');
      if (token && params.get('success') !== 'false') {
        // Without a readable user the session query asks the server (POST /auth/loggedin).
        establishSession(queryClient, token, parseUserParam(params.get('user')));
      }
      for (const name of GOOGLE_RETURN_PARAMS) params.delete(name);
      const rest = params.toString();
      return redirect(`${url.pathname}${rest ? `?${rest}` : ''}${url.hash}`);
    }
    return requireAuth();
  };
}

/** The route tree. Route modules are lazy so each screen's code loads only when visited. */
export function createRoutes(queryClient: QueryClient): RouteObject[] {
  return [
    {
      id: 'root',
      errorElement: <RouteError />,
      hydrateFallbackElement: <PageSpinner />,
      children: [
        { index: true, lazy: () => import('@/app/routes/landing') },
        {
          element: <AppLayout />,
          children: [
            { path: 'auth/login', loader: redirectIfSignedIn, lazy: () => import('@/app/routes/auth/login') },
            {
              path: 'auth/register',
              loader: () => redirect(LOGIN_PATH),
              element: <Navigate to={LOGIN_PATH} replace />,
            },
            { path: 'terms', lazy: () => import('@/app/routes/terms') },
            { path: 'privacy', lazy: () => import('@/app/routes/privacy') },
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

export function AppRouter() {
  const queryClient = useQueryClient();
  const router = useMemo(() => createBrowserRouter(createRoutes(queryClient)), [queryClient]);
  return <RouterProvider router={router} />;
}
