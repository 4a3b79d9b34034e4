import { useQuery } from '@tanstack/react-query';
import { extraApi } from '@mediadiet/contract/routes';
import { routeQuery } from '@/lib/api-query';
import { queryKeys } from '@/lib/query-keys';

/** `GET /api/mood/insight` → how mood relates to the previous day's share of draining pages. */
export const moodInsightQuery = routeQuery(extraApi.moodInsight, queryKeys.moodInsight, (body) => body);

export const useMoodInsight = () => useQuery(moodInsightQuery);
