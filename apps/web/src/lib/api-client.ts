import type { z } from 'zod';
import {
  buildPath,
  type RouteBody,
  type RouteDef,
  type RouteParams,
  type RouteResponse,
} from '@mediadiet/contract/http';
import { POST_TIMEOUT_MS } from '@mediadiet/contract/constants';
import { messages } from '@mediadiet/contract/messages';
import { env } from '@/config/env';
import { ApiError } from '@/lib/api-error';
import { getAuthToken } from '@/lib/storage';

/**
 * The client for the product's own server (spec §7, error texts from spec §8).
 *
 * Two entry points over one implementation:
 * - `apiRequest(route, options)` resolves with the parsed response body and REJECTS with an `ApiError`
 *   `{ message, status }` — the shape TanStack Query expects from a `queryFn` / `mutationFn`.
 * - `safeRequest(route, options)` never rejects for a failed call; it resolves with
 *   `{ ok: true, data } | { ok: false, error, status }` for code that branches on the outcome.
 *
 * Semantics:
 * - every call sends `credentials: 'include'` and, when `localStorage.authToken` exists,
 *   `Authorization: Bearer <token>`; a body is sent as JSON;
 * - POST calls (only POST, as spec §7/§9 say; the default elsewhere is no time-out) are aborted after
 *   `POST_TIMEOUT_MS` → 'Request timeout after 10 seconds', status 0;
 * - the request never reached a server (fetch rejected) → 'Network error occurred', status 0;
 * - non-2xx → the body's `error` text, else its `message` text, else 'Request failed with status {code}';
 * - 2xx whose body has an `error` field → failure with that text (status of the response);
 * - 2xx with an empty body where the route expects data → 'No data received from server';
 * - 2xx whose body does not match `route.response` → 'Unexpected response from server' (the zod issues
 *   are kept on `ApiError.issues` and logged as a warning);
 * - anything else (unreadable body, a bug in the caller's arguments, …) → 'An unknown error occurred'.
 * Status 0 means "no HTTP status": the server's answer never arrived.
 * An abort through the caller's own `signal` (e.g. TanStack Query cancelling) is not a failure of the
 * call: the abort reason is rethrown unchanged by both entry points.
 */

export const UNEXPECTED_RESPONSE_MESSAGE = 'Unexpected response from server';

export { ApiError } from '@/lib/api-error';

export type ApiResult<T> = { ok: true; data: T } | { ok: false; error: string; status: number };

type QueryValue = string | number | boolean | null | undefined;
type RouteQuery<R extends RouteDef> = R['query'] extends z.ZodObject
  ? z.input<R['query']>
  : Record<string, QueryValue>;

export type RequestOptions<R extends RouteDef> = {
  query?: RouteQuery<R>;
  signal?: AbortSignal;
  /**
   * false: the body is not parsed with `route.response` again, only checked to be an object. For long
   * lists the server built from that same schema (the history, the insights), where the parse costs the
   * page hundreds of milliseconds of main thread for nothing it does not already know (decision 139).
   */
  validate?: boolean;
} & (R['body'] extends z.ZodType ? { body: RouteBody<R> } : { body?: undefined }) &
  (R['params'] extends z.ZodObject ? { params: RouteParams<R> } : { params?: undefined });

/** Options are optional exactly when the route needs neither a body nor path parameters. */
export type OptionsArg<R extends RouteDef> =
  object extends RequestOptions<R> ? [options?: RequestOptions<R>] : [options: RequestOptions<R>];

export async function apiRequest<R extends RouteDef>(
  route: R,
  ...[options]: OptionsArg<R>
): Promise<RouteResponse<R>> {
  const outcome = await execute(route, options);
  if (outcome.ok) return outcome.data;
  throw outcome.error;
}

export async function safeRequest<R extends RouteDef>(
  route: R,
  ...[options]: OptionsArg<R>
): Promise<ApiResult<RouteResponse<R>>> {
  const outcome = await execute(route, options);
  if (outcome.ok) return outcome;
  return { ok: false, error: outcome.error.message, status: outcome.error.status };
}

type Outcome<T> = { ok: true; data: T } | { ok: false; error: ApiError };

const fail = (message: string, status: number, issues?: z.core.$ZodIssue[]): Outcome<never> => ({
  ok: false,
  error: new ApiError(message, status, issues),
});

async function execute<R extends RouteDef>(
  route: R,
  options: RequestOptions<R> | undefined,
): Promise<Outcome<RouteResponse<R>>> {
  const callerSignal = options?.signal;
  const controller = new AbortController();
  let timedOut = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const forwardAbort = () => controller.abort(callerSignal?.reason);

  try {
    if (callerSignal?.aborted) throw callerSignal.reason;
    callerSignal?.addEventListener('abort', forwardAbort, { once: true });

    const url = buildUrl(route, options);
    const headers = new Headers({ Accept: 'application/json' });
    const token = getAuthToken();
    if (token) headers.set('Authorization', `Bearer ${token}`);
    const hasBody = options?.body !== undefined;
    if (hasBody) headers.set('Content-Type', 'application/json');

    if (route.method === 'POST') {
      timer = setTimeout(() => {
        timedOut = true;
        controller.abort();
      }, POST_TIMEOUT_MS);
    }

    let response: Response;
    try {
      response = await fetch(url, {
        method: route.method,
        headers,
        credentials: 'include',
        body: hasBody ? JSON.stringify(options.body) : undefined,
        signal: controller.signal,
      });
    } catch {
      if (timedOut) return fail(messages.http.timeout, 0);
      if (callerSignal?.aborted) throw callerSignal.reason;
      return fail(messages.http.network, 0);
    }

    let text: string;
    try {
      text = await response.text();
    } catch {
      if (timedOut) return fail(messages.http.timeout, 0);
      if (callerSignal?.aborted) throw callerSignal.reason;
      return fail(messages.http.unknown, response.status);
    }

    return interpret(route, response.status, response.ok, text, options?.validate ?? true);
  } catch (error) {
    if (callerSignal?.aborted && error === callerSignal.reason) throw error;
    return fail(messages.http.unknown, 0);
  } finally {
    if (timer !== undefined) clearTimeout(timer);
    callerSignal?.removeEventListener('abort', forwardAbort);
  }
}

function buildUrl(route: RouteDef, options: { params?: unknown; query?: unknown } | undefined): string {
  const path = buildPath(route.path, (options?.params ?? {}) as Record<string, string | number>);
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries((options?.query ?? {}) as Record<string, QueryValue>)) {
    if (value !== undefined && value !== null) search.append(key, String(value));
  }
  const qs = search.toString();
  return `${env.apiBase}${path}${qs ? `?${qs}` : ''}`;
}

const EMPTY = Symbol('empty');
const NOT_JSON = Symbol('not json');

function parseBody(text: string): unknown {
  if (text.trim() === '') return EMPTY;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return NOT_JSON;
  }
}

function textField(body: unknown, field: 'error' | 'message'): string | undefined {
  if (typeof body !== 'object' || body === null || !(field in body)) return undefined;
  const value = (body as Record<string, unknown>)[field];
  if (typeof value === 'string' && value.trim() !== '') return value;
  return undefined;
}

/** "A response with an error field counts as failure" — null/undefined/false/'' do not count as one. */
function hasErrorField(body: unknown): boolean {
  if (typeof body !== 'object' || body === null || !('error' in body)) return false;
  const value = (body as Record<string, unknown>).error;
  return value !== null && value !== undefined && value !== false && value !== '';
}

function interpret<R extends RouteDef>(
  route: R,
  status: number,
  ok: boolean,
  text: string,
  validate: boolean,
): Outcome<RouteResponse<R>> {
  const body = parseBody(text);

  if (!ok) {
    const serverText =
      body === EMPTY || body === NOT_JSON
        ? undefined
        : (textField(body, 'error') ?? textField(body, 'message'));
    return fail(serverText ?? messages.http.status(status), status);
  }

  if (body === NOT_JSON) return fail(messages.http.unknown, status);

  if (body === EMPTY || body === null) {
    // A route whose success body is "nothing" (e.g. z.undefined()) accepts an empty 2xx.
    const nothing = route.response.safeParse(undefined);
    if (nothing.success) return { ok: true, data: nothing.data as RouteResponse<R> };
    return fail(messages.http.noData, status);
  }

  if (hasErrorField(body)) {
    const nested = (body as { error: unknown }).error;
    const serverText = textField(body, 'error') ?? textField(nested, 'message') ?? textField(body, 'message');
    return fail(serverText ?? messages.http.unknown, status);
  }

  if (!validate) {
    if (typeof body === 'object' && !Array.isArray(body)) return { ok: true, data: body as RouteResponse<R> };
    return fail(UNEXPECTED_RESPONSE_MESSAGE, status);
  }

  const parsed = route.response.safeParse(body);
  if (!parsed.success) {
    console.warn(
      `[api] ${route.method} ${route.path} (${route.operationId}): response does not match its schema`,
      parsed.error.issues,
    );
    return fail(UNEXPECTED_RESPONSE_MESSAGE, status, parsed.error.issues);
  }
  return { ok: true, data: parsed.data as RouteResponse<R> };
}
