import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { clearAllStorage } from '@/lib/storage';

export const LOGIN_PATH = '/auth/login';

/**
 * Logout (spec §4 Auth): clears all local storage and goes to the login page.
 * The server call (POST /auth/logout, which revokes the session) is added by the sign-in issue as the
 * first step below — `await safeRequest(api.logout)`; a failure there must not keep the user signed in.
 */
export function logout(): Promise<void> {
  clearAllStorage();
  return Promise.resolve();
}

export function useLogout(): () => Promise<void> {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useCallback(async () => {
    await logout();
    queryClient.clear();
    await navigate(LOGIN_PATH, { replace: true });
  }, [navigate, queryClient]);
}
