import type { QueryClient } from '@tanstack/react-query';
import { STORAGE_KEYS } from '@mediadiet/contract/constants';
import type { User } from '@mediadiet/contract/user';
import { clearAllStorage, removeItem, setAuthToken } from '@/lib/storage';
import { tabBus } from '@/lib/broadcast';
import { queryKeys } from '@/lib/query-keys';

/**
 * Forget everything this browser holds about the user: all local storage (spec §4 Auth: "Logout clears
 * all local storage"), the query cache, and tell the other tabs (USER_UPDATE with user null).
 * Used by logout and by account deletion; the caller navigates to the sign-in screen afterwards.
 */
export function clearLocalSession(queryClient: QueryClient): void {
  clearAllStorage();
  queryClient.clear();
  tabBus.postUserUpdate(null);
}

/**
 * Signed in (PIN verification, Google popup or redirect): store the token, drop the "show register" flags,
 * and tell the other tabs. The full app also caches the user (features/auth/api/session.ts
 * `establishSession`); the signed-out sign-in page, which has no query cache, hands it to the app it starts.
 */
export function storeSession(token: string, user: User | null): void {
  setAuthToken(token);
  removeItem(STORAGE_KEYS.gotoRegister);
  removeItem(STORAGE_KEYS.goRegister);
  tabBus.postUserUpdate(user);
}

/**
 * The signed-in user's account or subscription changed in this tab: tell the other tabs (USER_UPDATE with
 * the user as this tab knows it), so their header and screens refresh without a reload. Nothing is posted
 * while the user is unknown: a USER_UPDATE with no user means signed out.
 */
export function announceUserChanged(queryClient: QueryClient): void {
  const user = queryClient.getQueryData<User | null>(queryKeys.session);
  if (user) tabBus.postUserUpdate(user);
}
