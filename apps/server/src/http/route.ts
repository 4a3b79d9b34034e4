import type {
  DomainContract,
  RouteAuth,
  RouteBody,
  RouteDef,
  RouteParams,
  RouteResponse,
} from '@mediadiet/contract/http';
import type { OperationId } from '@mediadiet/contract/routes';
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifySchema,
  RouteShorthandOptions,
} from 'fastify';
import { serializerCompiler } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { badRequest } from './errors.ts';

/**
 * Authentication hook, decorated as `app.authenticate` by the sign-in module. It runs on `onRequest`
 * of every route whose contract says `auth: 'session' | 'extension'`, and throws (401) when the
 * caller is not who the route needs; on success it puts the caller on the request.
 */
export type Authenticator = (
  request: FastifyRequest,
  reply: FastifyReply,
  auth: Exclude<RouteAuth, 'none'>,
  /** The route's `authAlternatives`: other credentials it also accepts (passed only when present). */
  alternatives?: readonly RouteAuth[],
) => Promise<void>;

declare module 'fastify' {
  interface FastifyInstance {
    authenticate: Authenticator;
  }
  interface FastifyContextConfig {
    /** The contract's operationId of the route. */
    operationId?: string;
  }
}

type RouteQuery<R extends RouteDef> = R['query'] extends z.ZodObject ? z.infer<R['query']> : undefined;

/** The request a handler of route R receives: body, params and query already parsed by the contract's schemas. */
export type RouteRequest<R extends RouteDef> = FastifyRequest<{
  Body: RouteBody<R>;
  Params: RouteParams<R>;
  Querystring: RouteQuery<R>;
}>;

declare const serializedAs: unique symbol;

/**
 * The JSON bytes of a success answer of route R, made by `serializeResponse` with R's response schema (routes
 * sharing a response schema share them). A handler may return these instead of the body, e.g. from a cache.
 */
export type SerializedResponse<R extends RouteDef> = Buffer & { readonly [serializedAs]: R['response'] };

const JSON_TYPE = 'application/json; charset=utf-8';
const serializers = new WeakMap<RouteDef, (value: unknown) => string>();

/**
 * The success body of route R as the route itself would send it: checked and encoded by its response schema
 * with the route's own serializer (fastify-type-provider-zod's), as UTF-8 bytes. A body that breaks the
 * schema throws the serializer's error (a 500, as when a handler returns it). For answers built once and sent
 * many times (the history's and the insights' caches, decision 143).
 */
export function serializeResponse<R extends RouteDef>(def: R, body: RouteResponse<R>): SerializedResponse<R> {
  let serialize = serializers.get(def);
  if (!serialize) {
    serialize = serializerCompiler({
      schema: def.response,
      method: def.method,
      url: def.path,
      httpStatus: '2xx',
    });
    serializers.set(def, serialize);
  }
  return Buffer.from(serialize(body), 'utf8') as SerializedResponse<R>;
}

/**
 * What a handler of route R answers: for a JSON route, its success body (checked against the contract's
 * response schema before it is sent) or that body already serialised by `serializeResponse`; a redirect or a
 * file is sent by the handler itself, which returns the reply.
 */
export type RouteAnswer<R extends RouteDef> = R extends { responseKind: 'redirect' | 'binary' }
  ? FastifyReply
  : RouteResponse<R> | SerializedResponse<R>;

export type RouteHandler<R extends RouteDef> = (
  request: RouteRequest<R>,
  reply: FastifyReply,
) => Promise<RouteAnswer<R>>;

/** A handler for every route of a domain contract, under the route's operationId. */
export type RouteHandlers<C extends DomainContract> = { readonly [K in keyof C]: RouteHandler<C[K]> };

/**
 * Implement a domain contract whole (ts-rest's router is the model): one handler per route, keyed like the
 * contract. A route without a handler, a handler for no route, or a handler whose answer does not match the
 * route's response schema does not compile; each route is registered with `registerRoute`.
 */
export function implement<const C extends DomainContract>(
  app: FastifyInstance,
  routes: C,
  handlers: RouteHandlers<C>,
): void {
  const extra = Object.keys(handlers).filter((key) => !Object.hasOwn(routes, key));
  if (extra.length > 0) throw new Error(`Handlers for no route of the contract: ${extra.join(', ')}`);
  for (const [key, def] of Object.entries(routes)) {
    const handler = (handlers as Record<string, RouteHandler<RouteDef> | undefined>)[key];
    if (!handler) throw new Error(`Route ${def.operationId} (${def.method} ${def.path}) has no handler`);
    registerRoute(app, def, handler);
  }
}

export interface RegisterRouteOptions {
  /** Extra Fastify route options (rate-limit config, log level…). The body limit comes from `bodyLimitFor`. */
  route?: Omit<RouteShorthandOptions, 'schema' | 'handler'>;
}

const KB = 1024;

/** A route without a body: room for `{}` or a stray client payload, nothing more. */
export const NO_BODY_LIMIT = 1 * KB;
/** A route with a body: every JSON body of the contract but the two below is a few fields (ids, e-mails, scores). */
export const DEFAULT_BODY_LIMIT = 32 * KB;

/**
 * The routes whose body legitimately exceeds the default, derived from the contract's own caps
 * (decision 091). UTF-8 takes up to 3 bytes per UTF-16 code unit the contract counts; JSON escapes
 * (`\n`, `\"`) take 2.
 */
export const BODY_LIMITS: Partial<Record<OperationId, number>> = {
  // Page text: at most TOUCHPOINT_TEXT_MAX characters and 200 KB of UTF-8 (TOUCHPOINT_TEXT_MAX_BYTES; ingest
  // refuses more with a 400 naming `text`), plus escapes for its newlines and quotes (+50%), a 1,000-character
  // title, the URL and the device scores (14 categories, ~2 KB): 200 KB × 1.5 + 20 KB = 320 KB.
  extensionTouchpoints: 320 * KB,
  // 15 questions; the contract lets a text answer run to 5,000 characters (the server then refuses more
  // than 2,000 with a message naming the question): 15 × 5,000 × 3 bytes = 220 KB, plus the option lists.
  questionnaireSubmit: 256 * KB,
};

/** Characters of one path parameter the router accepts (the contract's longest is 300: UrlParamsSchema). */
export const MAX_PARAM_LENGTH = 1000;

/** The largest body route `def` accepts (bytes): its own limit, or the default for routes with or without a body. */
export function bodyLimitFor(def: RouteDef): number {
  return BODY_LIMITS[def.operationId as OperationId] ?? (def.body ? DEFAULT_BODY_LIMIT : NO_BODY_LIMIT);
}

/**
 * The first string in `value` holding a NUL character, as a field path (`body.title`), or null.
 * PostgreSQL text cannot store U+0000, so such a string would fail deep in a query as a 500 (decision 091).
 */
export function findNulCharacter(value: unknown, path: string): string | null {
  // Iterative: a body may nest thousands of levels deep.
  const pending: [unknown, string][] = [[value, path]];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const [item, at] = next;
    if (typeof item === 'string') {
      if (item.includes('\u0000')) return at;
    } else if (item !== null && typeof item === 'object') {
      for (const [key, child] of Object.entries(item)) pending.push([child, `${at}.${key}`]);
    }
  }
  return null;
}

/** Refuses a request whose params, query or body carry a NUL character, naming the field. */
function refuseNulCharacters(request: FastifyRequest): Promise<void> {
  const field =
    findNulCharacter(request.params, 'params') ??
    findNulCharacter(request.query, 'querystring') ??
    findNulCharacter(request.body, 'body');
  return field
    ? Promise.reject(badRequest(`${field}: must not contain the NUL character (\\u0000)`))
    : Promise.resolve();
}

/** The Fastify schema of a contract route (validated and serialized by fastify-type-provider-zod). */
export function routeSchema(def: RouteDef): FastifySchema {
  const schema: FastifySchema = {};
  if (def.params) schema.params = def.params;
  if (def.query) schema.querystring = def.query;
  if (def.body) schema.body = def.body;
  if ((def.responseKind ?? 'json') === 'json') schema.response = { '2xx': def.response };
  return schema;
}

/**
 * Register one route of the contract: method, URL, validation and response schema come from the
 * RouteDef, so a module writes `registerRoute(app, api.getAccount, handler)`.
 * Throws at registration when the route needs authentication and no `app.authenticate` exists.
 */
export function registerRoute<R extends RouteDef>(
  app: FastifyInstance,
  def: R,
  handler: RouteHandler<R>,
  options: RegisterRouteOptions = {},
): void {
  const auth = def.auth;
  let onRequest: ((request: FastifyRequest, reply: FastifyReply) => Promise<void>) | undefined;
  if (auth !== 'none') {
    if (!app.hasDecorator('authenticate')) {
      throw new Error(
        `Route ${def.operationId} (${def.method} ${def.path}) needs '${auth}' authentication, ` +
          'but no authenticator is registered (app.authenticate).',
      );
    }
    const alternatives = def.authAlternatives?.filter((kind) => kind !== 'none' && kind !== auth) ?? [];
    // Every answer of an authenticated call, refusals included, is never stored by a browser or proxy
    // (decision 101); a handler may still set its own cache-control. Public calls get it with their answer.
    onRequest =
      alternatives.length > 0
        ? (request, reply) => {
            void reply.header('cache-control', 'no-store');
            return app.authenticate(request, reply, auth, alternatives);
          }
        : (request, reply) => {
            void reply.header('cache-control', 'no-store');
            return app.authenticate(request, reply, auth);
          };
  }

  const answer = handler as unknown as (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>;
  // Bytes from `serializeResponse` go out as they are, as JSON.
  const handle =
    (def.responseKind ?? 'json') === 'json'
      ? (request: FastifyRequest, reply: FastifyReply) =>
          answer(request, reply).then((body) =>
            Buffer.isBuffer(body) ? reply.type(JSON_TYPE).send(body) : body,
          )
      : answer;
  app.route({
    bodyLimit: bodyLimitFor(def),
    ...options.route,
    method: def.method,
    url: def.path,
    schema: routeSchema(def),
    config: { operationId: def.operationId },
    preValidation: refuseNulCharacters,
    ...(onRequest ? { onRequest } : {}),
    // Public calls answer sign-in tokens and PIN states too: no API answer is ever cached.
    handler: onRequest
      ? handle
      : (request, reply) => {
          void reply.header('cache-control', 'no-store');
          return handle(request, reply);
        },
  });
}
