import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { AUTH_TOKEN_KEY } from '@mediadiet/contract/constants';
import type { User } from '@mediadiet/contract/user';
import { safeRequestLazy } from '@/lib/api-lazy';
import { queryKeys } from '@/lib/query-keys';
import { storeSession } from '@/lib/session';
import { removeItem, useAuthToken } from '@/lib/storage';

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
 * Signed in (PIN verification, Google popup or redirect): store the token, drop the "show register" flags
 * and tell the other tabs (lib/session.ts), and cache the user (or ask the server for it).
 */
export function establishSession(queryClient: QueryClient, token: string, user: User | null): void {
  storeSession(token, user);
  if (user) queryClient.setQueryData(queryKeys.session, user);
  else void queryClient.invalidateQueries({ queryKey: queryKeys.session });
}
