import { Navigate, useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { OAUTH_RETURN_PATH } from '@mediadiet/contract/auth';
import type { User } from '@mediadiet/contract/user';
import { establishSession } from '@/features/auth/api/session';
import { SignInScreen } from '@/features/auth/components/sign-in-screen';
import { useAuthToken, wantsRegister } from '@/lib/storage';

/**
 * `/auth/login` inside the app (reached by navigation, e.g. after logout) — the loader in router.tsx sends
 * signed-in users on to the dashboard; a sign-in that happens while the screen is open (this tab or
 * another) does the same. A first visit while signed out gets the same screen without the router
 * (app/login-app.tsx).
 */
export function Component() {
  const token = useAuthToken();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  if (token) return <Navigate to={OAUTH_RETURN_PATH} replace />;
  const signedIn = (newToken: string, user: User) => {
    establishSession(queryClient, newToken, user);
    void navigate(OAUTH_RETURN_PATH, { replace: true });
  };
  return <SignInScreen initialStep={wantsRegister() ? 'register' : 'initial'} onSignedIn={signedIn} />;
}
