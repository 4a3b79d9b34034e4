/**
 * HTTP errors thrown by handlers and services. The error handler answers
 * `{ success: false, error: message }` with the status; messages should come from the contract's catalogue.
 */
export class HttpError extends Error {
  override name = 'HttpError';
  /** Response headers the error handler sets (e.g. `retry-after` on a 429). */
  readonly headers: Readonly<Record<string, string>>;
  /** Whether the message may reach the caller. Default: yes for 4xx, no for 5xx (the handler says 'Internal server error'). */
  readonly expose: boolean;
  constructor(
    readonly statusCode: number,
    message: string,
    options?: HttpErrorOptions,
  ) {
    super(message, options);
    this.headers = options?.headers ?? {};
    this.expose = options?.expose ?? statusCode < 500;
  }
}

export interface HttpErrorOptions {
  cause?: unknown;
  headers?: Record<string, string>;
  /** Show the message of a 5xx to the caller (a message written for users, e.g. "could not send the e-mail"). */
  expose?: boolean;
}

export function httpError(statusCode: number, message: string, options?: HttpErrorOptions): HttpError {
  return new HttpError(statusCode, message, options);
}

export const badRequest = (message = 'Bad request') => httpError(400, message);
export const unauthorized = (message = 'Unauthorized') => httpError(401, message);
export const paymentRequired = (message = 'Payment required') => httpError(402, message);
export const forbidden = (message = 'Forbidden') => httpError(403, message);
export const notFound = (message = 'Not found') => httpError(404, message);
export const conflict = (message = 'Conflict') => httpError(409, message);
/** 429 with `Retry-After` (seconds) when known. */
export const tooManyRequests = (message = 'Too many requests', retryAfterSeconds?: number) =>
  httpError(
    429,
    message,
    retryAfterSeconds === undefined ? undefined : { headers: { 'retry-after': String(retryAfterSeconds) } },
  );
