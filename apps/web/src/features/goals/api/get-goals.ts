import { useQuery } from '@tanstack/react-query';
import type { GoalWithProgress } from '@mediadiet/contract/goals';
import { extraApi } from '@mediadiet/contract/routes';
import { routeQuery } from '@/lib/api-query';
import { queryKeys } from '@/lib/query-keys';

/** `GET /api/goals` → the reading goals, each with its progress this week or today. */
export const goalsQuery = routeQuery(
  extraApi.goalsList,
  queryKeys.goals,
  (body): GoalWithProgress[] => body.goals,
);

export const useGoals = () => useQuery(goalsQuery);
