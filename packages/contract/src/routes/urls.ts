import { AddUrlRequestSchema, UrlParamsSchema, UrlsResponseSchema } from '../urls';
import { defineContract, defineRoute } from '../http';

/** The user's ignored sites. */
export const urlsContract = defineContract({
  accountUrlsList: defineRoute({
    operationId: 'accountUrlsList',
    method: 'GET',
    path: '/api/account/urls',
    specPath: '/api/account/urls',
    summary: "The user's ignored sites",
    tag: 'urls',
    auth: 'session',
    response: UrlsResponseSchema,
  }),
  accountUrlsAdd: defineRoute({
    operationId: 'accountUrlsAdd',
    method: 'POST',
    path: '/api/account/urls',
    specPath: '/api/account/urls',
    summary: 'Add an ignored site (also from the extension popup, with its key)',
    tag: 'urls',
    auth: 'session',
    // The popup's "Ignore this site" (decision 112): adding only narrows what is captured, so the extension key
    // may; listing and removing stay session-only.
    authAlternatives: ['extension'],
    body: AddUrlRequestSchema,
    response: UrlsResponseSchema,
  }),
  accountUrlsRemove: defineRoute({
    operationId: 'accountUrlsRemove',
    method: 'DELETE',
    path: '/api/account/urls/:url',
    specPath: '/api/account/urls/{url}',
    summary: 'Remove an ignored site (URL-encoded)',
    tag: 'urls',
    auth: 'session',
    params: UrlParamsSchema,
    response: UrlsResponseSchema,
  }),
});
