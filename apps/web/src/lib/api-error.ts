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
