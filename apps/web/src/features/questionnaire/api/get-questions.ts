import { useQuery } from '@tanstack/react-query';
import { api } from '@mediadiet/contract/routes';
import { routeQuery } from '@/lib/api-query';
import { questionnaireKeys } from '@/features/questionnaire/api/keys';

/**
 * `GET /api/questionnaire` → the questions (`{success, data, error}`; an `error` field is a failure). The
 * questions do not change while someone answers them.
 */
export const questionsQuery = routeQuery(
  api.questionnaireGet,
  questionnaireKeys.questions,
  (body) => body.data,
  {
    staleTime: Infinity,
  },
);

export const useQuestions = () => useQuery(questionsQuery);
