import { useMutation, useQueryClient } from '@tanstack/react-query';
import { messages } from '@mediadiet/contract/messages';
import type { Answers, QuestionnaireState } from '@mediadiet/contract/questionnaire';
import { api } from '@mediadiet/contract/routes';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { clearQuestionnaireProgress } from '@/lib/questionnaire-progress';
import { notify } from '@/lib/toast';
import { cachedUser, setCachedConfigs, setCachedState } from '@/features/questionnaire/utils/user-cache';
import { serverMessageOr } from '@/features/questionnaire/utils/error-message';

/** `POST /api/questionnaire` {answers} → the user's new configs (state SUBMITTED). */
export async function submitQuestionnaire(answers: Answers) {
  const { data } = await apiRequest(api.questionnaireSubmit, { body: { answers } });
  return data.configs;
}

/**
 * Submitting sets SUBMITTED at once (spec §4) in the account info, so the screen shows processing while the
 * call runs. A failure puts the previous state back (NOT_STARTED in the normal flow) and toasts the
 * server's text or 'Failed to submit questionnaire'; the saved progress stays. Success clears the saved
 * progress and count. The callbacks live here, not at the call site: the questionnaire view unmounts as
 * soon as the state turns SUBMITTED.
 */
export function useSubmitQuestionnaire() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: submitQuestionnaire,
    onMutate: async (): Promise<{ previous: QuestionnaireState }> => {
      // A refetch in flight would overwrite the optimistic state with the old one: stop it first.
      await queryClient.cancelQueries({ queryKey: queryKeys.accountInfo });
      const previous = cachedUser(queryClient)?.configs.state ?? 'NOT_STARTED';
      setCachedState(queryClient, 'SUBMITTED');
      return { previous };
    },
    onError: (error, _answers, context) => {
      setCachedState(queryClient, context?.previous ?? 'NOT_STARTED');
      notify.error(serverMessageOr(error, messages.questionnaire.submitFailed));
    },
    onSuccess: (configs) => {
      clearQuestionnaireProgress();
      setCachedConfigs(queryClient, () => configs);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.accountInfo }),
  });
}
