import type { Goal } from '@mediadiet/contract/goals';
import { extraApi } from '@mediadiet/contract/routes';
import { apiRequest } from '@/lib/api-client';
import { useCacheMutation } from '@/lib/api-query';
import { queryKeys } from '@/lib/query-keys';

/** `PUT /api/goals` with the whole list; the answer is the list with its progress, which replaces the cached one. */
export const useSaveGoals = () =>
  useCacheMutation(
    (goals: Goal[]) => apiRequest(extraApi.goalsReplace, { body: { goals } }),
    (queryClient, body) => queryClient.setQueryData(queryKeys.goals, body.goals),
  );
