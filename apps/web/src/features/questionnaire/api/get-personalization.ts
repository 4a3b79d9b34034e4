import { useQuery } from '@tanstack/react-query';
import { api } from '@mediadiet/contract/routes';
import { routeQuery } from '@/lib/api-query';
import { questionnaireKeys } from '@/features/questionnaire/api/keys';

/** `GET /api/account/personalization` → the snapshot, or null while there is none. */
const personalizationQuery = routeQuery(
  api.accountPersonalizationGet,
  questionnaireKeys.personalization,
  (body) => body.personalization,
);

export const usePersonalization = () => useQuery(personalizationQuery);
