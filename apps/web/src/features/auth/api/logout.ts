import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { LOGIN_PATH } from '@mediadiet/contract/auth';
import { safeRequestLazy } from '@/lib/api-lazy';
import { clearLocalSession } from '@/lib/session';

export { LOGIN_PATH };

/** `POST /auth/logout` revokes the session on the server. Its failure must not keep anyone signed in. */
export async function revokeSession(): Promise<void> {
  try {
    await safeRequestLazy('authLogout');
  } catch {
    // ignored: logging out locally always proceeds
  }
}

/** Logout (spec §4 Auth): revoke on the server, clear ALL local storage and the cache, go to the login page. */
export function useLogout(): () => Promise<void> {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useCallback(async () => {
    await revokeSession();
    clearLocalSession(queryClient);
    await navigate(LOGIN_PATH, { replace: true });
  }, [navigate, queryClient]);
}
