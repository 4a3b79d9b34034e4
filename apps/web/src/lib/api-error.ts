import type { z } from 'zod';

/**
 * A failed call to our server (lib/api-client.ts): the message to show and the HTTP status (0: the answer
 * never arrived). Its own module so code that only recognises the error (the query client's retry rule)
 * does not load the client.
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    message: string,
    readonly status: number,
    readonly issues?: z.core.$ZodIssue[],
  ) {
    super(message);
  }
}

/** `body.url: `, `params.id: `, `querystring.days: `: where the server found the problem, not for people. */
const FIELD_PREFIX = /^(?:body|params|querystring|headers)(?:\.[\w.[\]-]+)?: /;

/**
 * What to tell the person about a failed call: the server's own message when it refused the request (4xx, spec
 * §8 prefers it), without the field prefix the server adds for developers; otherwise `fallback` (the catalogue's
 * 'Failed to …': a 5xx or network message says nothing the person can act on).
 */
export function refusalMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500 && error.message) {
    return error.message.replace(FIELD_PREFIX, '');
  }
  return fallback;
}
