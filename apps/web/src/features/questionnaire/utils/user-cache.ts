import type { QueryClient } from '@tanstack/react-query';
import type { QuestionnaireState } from '@mediadiet/contract/questionnaire';
import type { User, UserConfigs } from '@mediadiet/contract/user';
import { queryKeys } from '@/lib/query-keys';

/**
 * The questionnaire state is `user.configs.state` in the account info (`['account','info']`), which the
 * dashboard reads and the socket refreshes. These helpers change it in the cache (optimistic submit,
 * revert, the server's answer).
 */

/** The user the dashboard shows: the account info, else the session's user. */
export function cachedUser(queryClient: QueryClient): User | undefined {
  return (
    queryClient.getQueryData<User>(queryKeys.accountInfo) ??
    queryClient.getQueryData<User | null>(queryKeys.session) ??
    undefined
  );
}

export function setCachedConfigs(queryClient: QueryClient, configs: (current: UserConfigs) => UserConfigs) {
  const user = cachedUser(queryClient);
  if (!user) return;
  queryClient.setQueryData<User>(queryKeys.accountInfo, { ...user, configs: configs(user.configs) });
}

export function setCachedState(queryClient: QueryClient, state: QuestionnaireState) {
  setCachedConfigs(queryClient, (configs) => ({ ...configs, state }));
}
