import { useMutation, useQueryClient } from '@tanstack/react-query';
import { messages } from '@mediadiet/contract/messages';
import { api } from '@mediadiet/contract/routes';
import type { User } from '@mediadiet/contract/user';
import { apiRequest } from '@/lib/api-client';
import { tabBus } from '@/lib/broadcast';
import { queryKeys } from '@/lib/query-keys';
import { notify } from '@/lib/toast';
import { questionnaireKeys } from '@/features/questionnaire/api/keys';
import { serverMessageOr } from '@/features/questionnaire/utils/error-message';

/** `DELETE /api/questionnaire`: opt out (state OPT_OUT) → the updated user. */
export async function optOut() {
  const { user } = await apiRequest(api.questionnaireOptOut);
  return user;
}

/**
 * 'Continue without questionnaire': the answer's user replaces the cached one (the screen turns to the
 * completed view), the other tabs hear of it, and 'You are good to go' confirms it. A failure toasts the
 * server's text or 'An error occurred'.
 */
export function useOptOut() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: optOut,
    onSuccess: (user: User) => {
      queryClient.setQueryData(queryKeys.accountInfo, user);
      if (queryClient.getQueryData(queryKeys.session)) queryClient.setQueryData(queryKeys.session, user);
      tabBus.postUserUpdate(user);
      void queryClient.invalidateQueries({ queryKey: questionnaireKeys.personalization });
      notify.success(messages.questionnaire.optOutDone);
    },
    onError: (error) => notify.error(serverMessageOr(error, messages.questionnaire.genericError)),
  });
}
