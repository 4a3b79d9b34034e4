import { messages } from '@mediadiet/contract/messages';
import type { RouteResponse } from '@mediadiet/contract/http';
import type { Api } from '@mediadiet/contract/routes';
import type { ApiResult, OptionsArg } from '@/lib/api-client';
import { ApiError } from '@/lib/api-error';

/**
 * `apiRequest` / `safeRequest` (lib/api-client.ts) for calls that pages which may never make them hold:
 * the session check, logout, the header's subscription query. The client and the contract's route table
 * (every response schema, hence zod) are fetched with the first call, named by its operationId, so a
 * signed-out page loads none of them (docs/decisions/073-route-javascript-budget.md). Code that runs only
 * once it talks to the server imports `api-client` and `api` directly.
 * Code that cannot be fetched fails like a request that never reached the server ('Network error occurred',
 * status 0).
 */

async function load() {
  try {
    const [client, routes] = await Promise.all([
      import('@/lib/api-client'),
      import('@mediadiet/contract/routes'),
    ]);
    return { client, api: routes.api };
  } catch {
    return null;
  }
}

export async function apiRequestLazy<K extends keyof Api>(
  operation: K,
  ...[options]: OptionsArg<Api[K]>
): Promise<RouteResponse<Api[K]>> {
  const loaded = await load();
  if (!loaded) throw new ApiError(messages.http.network, 0);
  const request = loaded.client.apiRequest as (
    route: Api[K],
    options?: unknown,
  ) => Promise<RouteResponse<Api[K]>>;
  return request(loaded.api[operation], options);
}

export async function safeRequestLazy<K extends keyof Api>(
  operation: K,
  ...[options]: OptionsArg<Api[K]>
): Promise<ApiResult<RouteResponse<Api[K]>>> {
  const loaded = await load();
  if (!loaded) return { ok: false, error: messages.http.network, status: 0 };
  const request = loaded.client.safeRequest as (
    route: Api[K],
    options?: unknown,
  ) => Promise<ApiResult<RouteResponse<Api[K]>>>;
  return request(loaded.api[operation], options);
}
