import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { AUTH_TOKEN_KEY } from '@mediadiet/contract/constants';
import type { User } from '@mediadiet/contract/user';
import { safeRequestLazy } from '@/lib/api-lazy';
import { ApiError } from '@/lib/api-error';
import { queryKeys } from '@/lib/query-keys';
import { storeSession } from '@/lib/session';
import { removeItem, useAuthToken } from '@/lib/storage';

/**
 * Auth state (spec §4): a stored token and no user → `POST /auth/loggedin`. If the server says not
 * logged in (`loggedIn: false`, or a 401), the token and the user are cleared; the protected routes then
 * send the visitor to the sign-in screen (app/routes/require-session.tsx). A check that got no such answer —
 * aborted (a tab closed mid-request), timed out, a network error or a 5xx — says nothing about the session:
 * the token stays (in every tab) and the check is asked again (decision 117).
 */
export async function fetchSessionUser(signal?: AbortSignal): Promise<User | null> {
  const result = await safeRequestLazy('authLoggedIn', { signal });
  if (result.ok) {
    if (result.data.loggedIn && result.data.user) return result.data.user;
  } else if (result.status !== 401) {
    throw new ApiError(result.error, result.status);
  }
  removeItem(AUTH_TOKEN_KEY);
  return null;
}

/** Waits between checks that got no answer: 1 s, 2 s, 4 s … at most 30 s. */
export const SESSION_RETRY_MAX_MS = 30_000;
export const sessionRetryDelay = (failures: number) =>
  Math.min(SESSION_RETRY_MAX_MS, 1000 * 2 ** Math.max(0, failures - 1));

export function sessionQueryOptions(token: string | null) {
  return queryOptions({
    queryKey: queryKeys.session,
    queryFn: ({ signal }) => fetchSessionUser(signal),
    // Only with a token; a user put in the cache by sign-in is trusted until something invalidates it.
    enabled: token !== null,
    staleTime: Infinity,
    // Only "not logged in" clears (fetchSessionUser); a check without an answer is asked again, backing off.
    retry: true,
    retryDelay: sessionRetryDelay,
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
