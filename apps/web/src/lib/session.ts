import type { QueryClient } from '@tanstack/react-query';
import { clearAllStorage } from '@/lib/storage';
import { tabBus } from '@/lib/broadcast';

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
