import type { MoodCheckInRequest } from '@mediadiet/contract/mood';
import { extraApi } from '@mediadiet/contract/routes';
import { apiRequest } from '@/lib/api-client';
import { useCacheMutation } from '@/lib/api-query';
import { queryKeys } from '@/lib/query-keys';

/** `POST /api/mood {score, note?}`: today's check-in; the list and the insight are refetched. */
export const useCheckIn = () =>
  useCacheMutation(
    (body: MoodCheckInRequest) => apiRequest(extraApi.moodCheckIn, { body }),
    (queryClient) => queryClient.invalidateQueries({ queryKey: queryKeys.mood }),
  );
