import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { AUTH_TOKEN_KEY, STORAGE_KEYS } from '@mediadiet/contract/constants';
import type { User } from '@mediadiet/contract/user';
import { safeRequestLazy } from '@/lib/api-lazy';
import { tabBus } from '@/lib/broadcast';
import { queryKeys } from '@/lib/query-keys';
import { removeItem, setAuthToken, useAuthToken } from '@/lib/storage';

/**
 * Auth state (spec §4): a stored token and no user → `POST /auth/loggedin`. If the server says not
 * logged in, or the check fails, the token and the user are cleared; the protected routes then send the
 * visitor to the sign-in screen (app/routes/require-session.tsx).
 */
export async function fetchSessionUser(signal?: AbortSignal): Promise<User | null> {
  const result = await safeRequestLazy('authLoggedIn', { signal });
  if (result.ok && result.data.loggedIn && result.data.user) return result.data.user;
  removeItem(AUTH_TOKEN_KEY);
  return null;
}

export function sessionQueryOptions(token: string | null) {
  return queryOptions({
    queryKey: queryKeys.session,
    queryFn: ({ signal }) => fetchSessionUser(signal),
    // Only with a token; a user put in the cache by sign-in is trusted until something invalidates it.
    enabled: token !== null,
    staleTime: Infinity,
    // "the check errors → cleared": the first failure decides, no silent retries.
    retry: false,
  });
}

export interface Session {
  token: string | null;
  user: User | null;
  /** True while the server is being asked whether the stored token is still a session. */
  isChecking: boolean;
}

export function useSession(): Session {
  const token = useAuthToken();
  const { data, isFetching } = useQuery(sessionQueryOptions(token));
  return { token, user: token ? (data ?? null) : null, isChecking: token !== null && isFetching && !data };
}

/**
 * Signed in (PIN verification, Google popup or redirect): store the token, cache the user, drop the
 * "show register" flags, and tell the other tabs.
 */
export function establishSession(queryClient: QueryClient, token: string, user: User | null): void {
  setAuthToken(token);
  if (user) queryClient.setQueryData(queryKeys.session, user);
  else void queryClient.invalidateQueries({ queryKey: queryKeys.session });
  removeItem(STORAGE_KEYS.gotoRegister);
  removeItem(STORAGE_KEYS.goRegister);
  tabBus.postUserUpdate(user);
}
