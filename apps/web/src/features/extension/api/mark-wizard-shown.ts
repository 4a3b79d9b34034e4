import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@mediadiet/contract/routes';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/**
 * `PATCH /api/subscription/chrome`: the extension wizard has been shown (spec §4 "Wizard close or skip:
 * marks the wizard as shown, refreshes the user state, hides it"). The answer's user replaces the cached
 * session user; the account info reloads either way.
 */
export function useMarkWizardShown() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest(api.subscriptionWizardShown),
    onSuccess: ({ user }) => {
      queryClient.setQueryData(queryKeys.session, user);
      queryClient.setQueryData(queryKeys.accountInfo, user);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.account }),
  });
}
