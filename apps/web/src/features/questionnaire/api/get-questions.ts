import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@mediadiet/contract/routes';
import { apiRequest } from '@/lib/api-client';
import { questionnaireKeys } from '@/features/questionnaire/api/keys';

/** `GET /api/questionnaire` → the questions (`{success, data, error}`; an `error` field is a failure). */
export async function getQuestions(signal?: AbortSignal) {
  const { data } = await apiRequest(api.questionnaireGet, { signal });
  return data;
}

export function getQuestionsQueryOptions() {
  return queryOptions({
    queryKey: questionnaireKeys.questions,
    queryFn: ({ signal }) => getQuestions(signal),
    // The questions do not change while someone answers them.
    staleTime: Infinity,
  });
}

export function useQuestions() {
  return useQuery(getQuestionsQueryOptions());
}
