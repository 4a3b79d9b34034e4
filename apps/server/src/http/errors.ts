/**
 * HTTP errors thrown by handlers and services. The error handler answers
 * `{ success: false, error: message }` with the status; messages should come from the contract's catalogue.
 */
export class HttpError extends Error {
  override name = 'HttpError';
  constructor(
    readonly statusCode: number,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

export function httpError(statusCode: number, message: string, options?: { cause?: unknown }): HttpError {
  return new HttpError(statusCode, message, options);
}

export const badRequest = (message = 'Bad request') => httpError(400, message);
export const unauthorized = (message = 'Unauthorized') => httpError(401, message);
export const paymentRequired = (message = 'Payment required') => httpError(402, message);
export const forbidden = (message = 'Forbidden') => httpError(403, message);
export const notFound = (message = 'Not found') => httpError(404, message);
export const conflict = (message = 'Conflict') => httpError(409, message);
export const tooManyRequests = (message = 'Too many requests') => httpError(429, message);
