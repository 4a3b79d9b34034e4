import { useQuery } from '@tanstack/react-query';
import { extraApi } from '@mediadiet/contract/routes';
import { routeQuery } from '@/lib/api-query';
import { queryKeys } from '@/lib/query-keys';

/** `GET /api/labels/insights` → labels on links shown and opened per week, and what they show. */
export const labelInsightsQuery = routeQuery(extraApi.labelInsights, queryKeys.labelInsights, (body) => body);

export const useLabelInsights = () => useQuery(labelInsightsQuery);
