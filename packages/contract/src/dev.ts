import * as z from 'zod';
import { IdSchema, IsoDateTimeSchema, successWith } from './common';

/**
 * GET /dev/outbox (additional route): the mails the server would have sent, kept when no SMTP server is
 * configured (ARCHITECTURE "Auth"). Only mounted in that case; tests and e2e read PINs from it.
 */
export const OutboxQuerySchema = z.object({
  to: z.string().optional(),
  limit: z.coerce.number().int().min(1).max(200).optional(),
});
export type OutboxQuery = z.infer<typeof OutboxQuerySchema>;

export const OutboxMessageSchema = z.object({
  id: IdSchema,
  to: z.string(),
  from: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string().optional(),
  /** Extra headers the mail carries, by name as sent (the weekly letter's List-Unsubscribe, RFC 8058). */
  headers: z.record(z.string(), z.string()).optional(),
  createdAt: IsoDateTimeSchema,
});
export type OutboxMessage = z.infer<typeof OutboxMessageSchema>;

/** Newest first. */
export const OutboxResponseSchema = successWith({
  messages: z.array(OutboxMessageSchema),
});
export type OutboxResponse = z.infer<typeof OutboxResponseSchema>;
