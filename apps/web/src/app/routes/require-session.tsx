import { Navigate, Outlet } from 'react-router';
import { LOGIN_PATH } from '@mediadiet/contract/auth';
import { useAuthToken } from '@/lib/storage';

/** Renders the signed-in screens while a token exists; once it is gone, the sign-in screen. */
export function RequireSession() {
  const token = useAuthToken();
  if (!token) return <Navigate to={LOGIN_PATH} replace />;
  return <Outlet />;
}
