import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@mediadiet/contract/routes';
import { apiRequest } from '@/lib/api-client';
import { questionnaireKeys } from '@/features/questionnaire/api/keys';

/** `GET /api/account/personalization` → the snapshot, or null while there is none. */
export async function getPersonalization(signal?: AbortSignal) {
  const { personalization } = await apiRequest(api.accountPersonalizationGet, { signal });
  return personalization;
}

export function getPersonalizationQueryOptions() {
  return queryOptions({
    queryKey: questionnaireKeys.personalization,
    queryFn: ({ signal }) => getPersonalization(signal),
  });
}

export function usePersonalization() {
  return useQuery(getPersonalizationQueryOptions());
}
