import { Navigate } from 'react-router';
import { OAUTH_RETURN_PATH } from '@mediadiet/contract/auth';
import { SignInScreen } from '@/features/auth/components/sign-in-screen';
import { useAuthToken, wantsRegister } from '@/lib/storage';

/**
 * `/auth/login` — the loader in router.tsx sends signed-in users on to the dashboard; a sign-in that
 * happens while the screen is open (this tab or another) does the same.
 */
export function Component() {
  const token = useAuthToken();
  if (token) return <Navigate to={OAUTH_RETURN_PATH} replace />;
  return <SignInScreen initialStep={wantsRegister() ? 'register' : 'initial'} />;
}
