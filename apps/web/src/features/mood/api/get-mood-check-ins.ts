import { useQuery } from '@tanstack/react-query';
import { extraApi } from '@mediadiet/contract/routes';
import { routeQuery } from '@/lib/api-query';
import { queryKeys } from '@/lib/query-keys';

/** `GET /api/mood` → the last 30 days' check-ins, newest first, and the server's today (`YYYY-MM-DD`). */
export const moodCheckInsQuery = routeQuery(extraApi.moodList, queryKeys.moodCheckIns, (body) => ({
  today: body.today,
  checkIns: body.checkIns,
}));

export const useMoodCheckIns = () => useQuery(moodCheckInsQuery);
