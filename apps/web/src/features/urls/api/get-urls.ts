import { useQuery } from '@tanstack/react-query';
import { api } from '@mediadiet/contract/routes';
import { routeQuery } from '@/lib/api-query';
import { queryKeys } from '@/lib/query-keys';

/** `GET /api/account/urls` → the user's ignored sites (`urls.current`). */
const urlsQuery = routeQuery(api.accountUrlsList, queryKeys.urls, (body): string[] => body.urls.current);

export const useUrls = () => useQuery(urlsQuery);
