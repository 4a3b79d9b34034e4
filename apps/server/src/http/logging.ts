import type { FastifyRequest } from 'fastify';
import { stdSerializers, type LoggerOptions } from 'pino';

/**
 * What the request log may carry (decision 100). Secrets never reach it: query-string values and body fields
 * named like a credential are replaced by `[redacted]`, credential headers are never logged, and a failed SQL
 * statement is logged without its parameters (they hold page text, e-mail addresses and hashes).
 */

export const REDACTED = '[redacted]';

/** Query and body keys whose values are credentials or one-time secrets (compared case-insensitively). */
export const SECRET_KEYS = [
  'token',
  'code',
  'pin',
  'key',
  'apiKey',
  'state',
  'binding',
  'password',
  'secret',
  'clientSecret',
  'client_secret',
  'access_token',
  'id_token',
  'refresh_token',
  'confirmEmail',
] as const;

const SECRET_KEY_SET = new Set(SECRET_KEYS.map((key) => key.toLowerCase()));

/** Headers that carry credentials. */
const SECRET_HEADERS = ['.authorization', '.cookie', '["set-cookie"]', '["x-api-key"]'] as const;

/** `/auth/dashboard?success=true&token=abc` → `/auth/dashboard?success=true&token=[redacted]`. */
export function redactUrl(url: string): string {
  const start = url.indexOf('?');
  if (start < 0) return url;
  const query = url.slice(start + 1);
  const parts = query.split('&').map((part) => {
    const equals = part.indexOf('=');
    const rawName = equals < 0 ? part : part.slice(0, equals);
    let name: string;
    try {
      name = decodeURIComponent(rawName.replace(/\+/g, ' '));
    } catch {
      name = rawName;
    }
    return SECRET_KEY_SET.has(name.trim().toLowerCase()) && equals >= 0 ? `${rawName}=${REDACTED}` : part;
  });
  return `${url.slice(0, start)}?${parts.join('&')}`;
}

/** Fastify's request serializer, with the URL's secrets redacted (anything else logged as `req` is left to `redact`). */
function serializeRequest(request: FastifyRequest): unknown {
  if (typeof request !== 'object' || request === null || typeof request.url !== 'string') return request;
  return {
    method: request.method,
    url: redactUrl(request.url),
    version: request.headers?.['accept-version'],
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

interface QueryErrorLike {
  query: string;
  params: unknown;
}

function isQueryError(value: unknown): value is QueryErrorLike {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { query?: unknown }).query === 'string' &&
    'params' in value
  );
}

/** Keys of a database error that quote stored values (SQL parameters, a violated key's values). */
const VALUE_KEYS = ['params', 'parameters', 'detail'] as const;

/**
 * pino's error serializer without SQL parameters: drizzle puts them in the message (`params: …`) of a failed
 * query, and the message and stack of every error it causes; they are cut from both.
 */
export function serializeError(error: unknown): unknown {
  const serialized = stdSerializers.err(error as Error) as unknown;
  if (typeof serialized !== 'object' || serialized === null) return serialized;
  const out = serialized as Record<string, unknown>;

  const needles: string[] = [];
  let current: unknown = error;
  for (let depth = 0; depth < 10 && typeof current === 'object' && current !== null; depth++) {
    if (isQueryError(current)) needles.push(`params: ${String(current.params)}`);
    current = (current as { cause?: unknown }).cause;
  }
  const scrub = (text: unknown) => {
    if (typeof text !== 'string') return text;
    let result = text;
    for (const needle of needles) result = result.split(needle).join(`params: ${REDACTED}`);
    return result;
  };
  if (needles.length > 0) {
    out.message = scrub(out.message);
    out.stack = scrub(out.stack);
  }
  for (const key of VALUE_KEYS) {
    if (key in out) out[key] = REDACTED;
  }
  return out;
}

/** The logger options that keep secrets out of the log (merged into Fastify's `logger`). */
export const redactingLoggerOptions: Pick<LoggerOptions, 'serializers' | 'redact'> = {
  serializers: {
    req: serializeRequest as (value: unknown) => unknown,
    err: serializeError,
  },
  redact: {
    paths: [
      ...SECRET_HEADERS.flatMap((header) => [`req.headers${header}`, `headers${header}`, `res.headers${header}`]),
      ...['body', 'req.body', 'query', 'req.query', 'params'].flatMap((where) =>
        SECRET_KEYS.map((key) => `${where}.${key}`),
      ),
    ],
    censor: REDACTED,
  },
};
