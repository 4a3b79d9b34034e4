import { RedirectResponseSchema } from '../auth';
import {
  DigestMessageResponseSchema,
  DigestUnsubscribeBodySchema,
  DigestUnsubscribeQuerySchema,
} from '../digest';
import { defineContract, defineRoute } from '../http';

/** The weekly letter (issue 29, decision 158): this week's letter now, and its one-click unsubscribe. */
export const digestContract = defineContract({
  digestSend: defineRoute({
    operationId: 'digestSend',
    method: 'POST',
    path: '/api/digest/send',
    summary:
      "E-mail the caller this week's letter (about the last full week) now, whatever the letter setting",
    tag: 'digest',
    auth: 'session',
    response: DigestMessageResponseSchema,
  }),
  digestUnsubscribe: defineRoute({
    operationId: 'digestUnsubscribe',
    method: 'POST',
    path: '/api/digest/unsubscribe',
    summary: "One-click unsubscribe (RFC 8058): turns the token's account's weekly letter off",
    tag: 'digest',
    auth: 'none',
    query: DigestUnsubscribeQuerySchema,
    body: DigestUnsubscribeBodySchema,
    response: DigestMessageResponseSchema,
  }),
  digestUnsubscribePage: defineRoute({
    operationId: 'digestUnsubscribePage',
    method: 'GET',
    path: '/api/digest/unsubscribe',
    summary: "The letter's unsubscribe link opened in a browser: 302 to the web page that asks to confirm",
    tag: 'digest',
    auth: 'none',
    query: DigestUnsubscribeQuerySchema,
    response: RedirectResponseSchema,
    responseKind: 'redirect',
    successStatus: 302,
  }),
});
