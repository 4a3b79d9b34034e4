import * as z from 'zod';

/** Who may call a route: nobody in particular, a signed-in user (session bearer), or a paired extension (apiKey bearer). */
export type RouteAuth = 'none' | 'session' | 'extension';
export type HttpMethod = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

/** Every failed call answers with this body (spec §7: "a response with an error field counts as failure"). */
export const ErrorResponseSchema = z.object({
  success: z.literal(false),
  error: z.string(),
});
export type ErrorResponse = z.infer<typeof ErrorResponseSchema>;

/**
 * One HTTP operation of the product. `path` uses Fastify's `:param` syntax; `specPath` is the path
 * as spec §7 writes it (`{param}`), so a test can match the two.
 * `response` describes the success body (2xx); failures use ErrorResponseSchema.
 * `responseKind: 'redirect'` marks routes answered by a 302 redirect, `'binary'` those that stream a file.
 */
export interface RouteDef {
  operationId: string;
  method: HttpMethod;
  path: string;
  specPath?: string;
  summary: string;
  tag: string;
  auth: RouteAuth;
  /**
   * Other credentials the route also accepts, besides `auth` (e.g. an extension route the web client
   * also calls with its session). A server that ignores this field only rejects, never admits, a caller.
   */
  authAlternatives?: readonly RouteAuth[];
  params?: z.ZodObject;
  query?: z.ZodObject;
  body?: z.ZodType;
  response: z.ZodType;
  responseKind?: 'json' | 'redirect' | 'binary';
  /** HTTP status of a success (default 200; e.g. 202 for accepted work, 302 for redirects). */
  successStatus?: 200 | 201 | 202 | 204 | 302;
}

export function defineRoute<const T extends RouteDef>(def: T): T {
  return def;
}

/** The routes of one domain, keyed by operationId. */
export type DomainContract = Readonly<Record<string, RouteDef>>;

/**
 * One domain's contract: its routes keyed by their operationId (checked: a key that is not its route's
 * operationId does not compile). The server implements a domain contract whole (`implement` in
 * apps/server/src/http/route.ts); the clients call its routes.
 */
export function defineContract<const C extends { readonly [K in keyof C]: RouteDef & { operationId: K } }>(
  routes: C,
): C {
  return routes;
}

export type RouteBody<R extends RouteDef> = R['body'] extends z.ZodType ? z.infer<R['body']> : undefined;
export type RouteResponse<R extends RouteDef> = z.infer<R['response']>;
export type RouteParams<R extends RouteDef> = R['params'] extends z.ZodObject
  ? z.infer<R['params']>
  : undefined;
export type RouteQuery<R extends RouteDef> = R['query'] extends z.ZodObject ? z.infer<R['query']> : undefined;

/** Whether a route accepts the given kind of credential (its `auth` or one of its `authAlternatives`). */
export function routeAccepts(route: Pick<RouteDef, 'auth' | 'authAlternatives'>, auth: RouteAuth): boolean {
  return route.auth === auth || (route.authAlternatives?.includes(auth) ?? false);
}

/** Replace `:name` segments of a route path with URL-encoded values. */
export function buildPath(path: string, params: Record<string, string | number> = {}): string {
  return path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`Missing path parameter "${name}" for ${path}`);
    return encodeURIComponent(String(value));
  });
}
