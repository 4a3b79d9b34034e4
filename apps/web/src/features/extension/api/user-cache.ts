import type { QueryClient } from '@tanstack/react-query';
import type { User, UserExtension } from '@mediadiet/contract/user';
import { queryKeys } from '@/lib/query-keys';

/**
 * After an extension call the server's answer (`{extension}`) goes straight into the cached session user,
 * so the header LED follows at once; then the account info is reloaded (spec §4 "account info reloads").
 */
export function applyUserExtension(queryClient: QueryClient, extension: UserExtension): void {
  queryClient.setQueryData<User | null>(queryKeys.session, (user) => (user ? { ...user, extension } : user));
  void queryClient.invalidateQueries({ queryKey: queryKeys.account });
}

/** Reload the user everywhere it is cached (session and account info). */
export function refreshUser(queryClient: QueryClient): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: queryKeys.session }),
    queryClient.invalidateQueries({ queryKey: queryKeys.account }),
  ]);
}
