import {
  queryOptions,
  useMutation,
  useQueryClient,
  type QueryClient,
  type QueryKey,
} from '@tanstack/react-query';
import type { RouteDef, RouteResponse } from '@mediadiet/contract/http';
import { apiRequest, type OptionsArg } from '@/lib/api-client';

/**
 * The query options of a GET route that needs neither a body nor path parameters: `queryKey`, and a `queryFn` that calls the route with TanStack
 * Query's abort signal and hands the screens `pick(body)`, the part of the answer they use. `extra` adds
 * the route's own options (`staleTime`, `retry`). One API file per call keeps its key, its pick and its hook.
 */
export function routeQuery<R extends RouteDef, T, const K extends QueryKey>(
  route: R,
  queryKey: K,
  pick: (body: RouteResponse<R>) => T,
  extra: { staleTime?: number; retry?: number } = {},
) {
  return queryOptions({
    queryKey,
    queryFn: async ({ signal }) => pick(await apiRequest(route, ...([{ signal }] as OptionsArg<R>))),
    ...extra,
  });
}

/**
 * A mutation whose success updates the cache: `then(queryClient, data)` writes or invalidates what the
 * answer changed (its promise, when it returns one, keeps the mutation pending until the refetch is done).
 */
export function useCacheMutation<TData, TVariables = void>(
  mutationFn: (variables: TVariables) => Promise<TData>,
  then: (queryClient: QueryClient, data: TData) => unknown,
) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: (data) => then(queryClient, data) });
}
