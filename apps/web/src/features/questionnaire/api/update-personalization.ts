import { useMutation, useQueryClient } from '@tanstack/react-query';
import { messages } from '@mediadiet/contract/messages';
import type { PersonalizationUpdate } from '@mediadiet/contract/questionnaire';
import { api } from '@mediadiet/contract/routes';
import { apiRequest } from '@/lib/api-client';
import { notify } from '@/lib/toast';
import { questionnaireKeys } from '@/features/questionnaire/api/keys';
import { serverMessageOr } from '@/features/questionnaire/utils/error-message';

/** Our words: the spec quotes no success text for the snapshot. */
export const SNAPSHOT_SAVED = 'Your personality snapshot was updated';

/** `PATCH /api/account/personalization`: a partial update, only the categories whose score changed. */
export async function updatePersonalization(update: PersonalizationUpdate) {
  const { personalization } = await apiRequest(api.accountPersonalizationUpdate, { body: update });
  return personalization;
}

/** Success shows the answer's snapshot at once; a failure toasts the server's text or 'Failed to update analysis'. */
export function useUpdatePersonalization() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePersonalization,
    onSuccess: (personalization) => {
      if (personalization) queryClient.setQueryData(questionnaireKeys.personalization, personalization);
      else void queryClient.invalidateQueries({ queryKey: questionnaireKeys.personalization });
      notify.success(SNAPSHOT_SAVED);
    },
    onError: (error) => notify.error(serverMessageOr(error, messages.questionnaire.updateAnalysisFailed)),
  });
}
