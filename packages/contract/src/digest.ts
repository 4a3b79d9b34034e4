import * as z from 'zod';
import { successWith } from './common';

/**
 * The weekly letter (issue 29, decision 158): a Monday e-mail about the person's last week of reading, sent at
 * 07:00 in their time zone while the letter is on (Basic and Premium by default, decision 154). The signed-in
 * person may ask for this week's letter at once; every letter carries a one-click unsubscribe (RFC 8058).
 */

/** The unsubscribe call: `List-Unsubscribe` names it with the letter's token (POST: off; GET: to the web page). */
export const DIGEST_UNSUBSCRIBE_PATH = '/api/digest/unsubscribe';
/** The web app's page a person lands on from the letter's unsubscribe link (it asks before turning it off). */
export const DIGEST_UNSUBSCRIBE_PAGE = '/letter/unsubscribe';
/** The query parameter that carries the token, on both. */
export const DIGEST_TOKEN_PARAM = 'token';
/** Letters the signed-in person may ask for in an hour (POST /api/digest/send). */
export const DIGEST_SEND_PER_HOUR = 3;

/** An unsubscribe token as the server makes them: base64url, of a length no real one falls outside. */
export const DigestTokenSchema = z
  .string({ error: 'token: the link is incomplete' })
  .regex(/^[A-Za-z0-9_-]{40,120}$/, { error: 'token: the link is incomplete' });

export const DigestUnsubscribeQuerySchema = z.object({ token: DigestTokenSchema });
export type DigestUnsubscribeQuery = z.infer<typeof DigestUnsubscribeQuerySchema>;

/**
 * What a one-click unsubscribe posts (RFC 8058: `List-Unsubscribe=One-Click`, form-encoded); the web page posts
 * nothing. Whatever it holds, the token alone decides.
 */
export const DigestUnsubscribeBodySchema = z
  .object({ 'List-Unsubscribe': z.string().max(64).optional() })
  .nullish();

/** POST /api/digest/send and POST /api/digest/unsubscribe: done, in words for the person. */
export const DigestMessageResponseSchema = successWith({ message: z.string() });
export type DigestMessageResponse = z.infer<typeof DigestMessageResponseSchema>;
