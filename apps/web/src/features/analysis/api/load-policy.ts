import { ApiError } from '@/lib/api-error';

/**
 * How the history and the insights load when the server fails (issue 28): one quick retry (after 1 s), then
 * the error with "Try again" — and nothing more on their own. A section mounting after a failure does not
 * ask again either (`retryOnMount: false`), so a database outage costs each open tab a couple of requests,
 * not one a second. The socket (a new analysis, a reconnect) and "Try again" ask again.
 */
export const LOAD_RETRIES = 1;

export function loadRetry(failureCount: number, error: Error): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < LOAD_RETRIES;
}

export const loadPolicy = { retry: loadRetry, retryOnMount: false } as const;
