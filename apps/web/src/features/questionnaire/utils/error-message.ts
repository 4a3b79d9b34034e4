import { messages } from '@mediadiet/contract/messages';
import { ApiError, UNEXPECTED_RESPONSE_MESSAGE } from '@/lib/api-client';

/**
 * The server's own error text when it sent one (spec §8: "The server's error or message field is shown
 * when present and preferred"), otherwise the caller's message. Failures without a server text (network,
 * time-out, a bare status, an unreadable answer) get the caller's message.
 */
export function serverMessageOr(error: unknown, fallback: string): string {
  if (!(error instanceof ApiError) || error.status === 0) return fallback;
  const generic = [
    messages.http.status(error.status),
    messages.http.unknown,
    messages.http.noData,
    UNEXPECTED_RESPONSE_MESSAGE,
  ];
  return generic.includes(error.message) ? fallback : error.message;
}
