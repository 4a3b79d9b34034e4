import {
  DIGEST_SEND_PER_HOUR,
  DIGEST_TOKEN_PARAM,
  DIGEST_UNSUBSCRIBE_PAGE,
} from '@mediadiet/contract/digest';
import { messages } from '@mediadiet/contract/messages';
import { contract } from '@mediadiet/contract/routes';
import { errorCodes, type FastifyInstance } from 'fastify';
import { requireAuth } from '../../http/auth-context.ts';
import { notFound } from '../../http/errors.ts';
import { implement } from '../../http/route.ts';
import { HOUR, MINUTE } from '../../lib/clock.ts';
import type { RateRule } from '../../plugins/rate-limit.ts';
import type { DigestService } from './service.ts';

/** Letters a person may ask for: a few an hour. */
export const DIGEST_SEND_RULE: RateRule = {
  name: 'digest-send',
  limit: DIGEST_SEND_PER_HOUR,
  windowMs: HOUR,
};
/** Unsubscribe calls per client address (a token is unguessable; this only keeps guessing and floods away). */
export const DIGEST_UNSUBSCRIBE_RULE: RateRule = {
  name: 'digest-unsubscribe',
  limit: 30,
  windowMs: 15 * MINUTE,
};

/** The form bodies a one-click unsubscribe may carry (RFC 8058 § 3.1). */
const FORM_TYPES = ['application/x-www-form-urlencoded', 'multipart/form-data'];

/**
 * POST /api/digest/send (this week's letter now, rate-limited per person), POST /api/digest/unsubscribe?token=
 * (RFC 8058 one-click, and the web page's button: the letter off) and GET /api/digest/unsubscribe?token= (a
 * browser opening the link: 302 to the web page, which asks first — a GET never changes anything, since mail
 * scanners follow links). Registered in a scope of their own: only here are form bodies parsed.
 */
export default function digestRoutes(app: FastifyInstance, digest: DigestService) {
  void app.register((scope, _options, done) => {
    // A one-click POST is `List-Unsubscribe=One-Click`, form-encoded (some clients use multipart): read as text,
    // the field kept when present; the token in the address is what decides.
    scope.addContentTypeParser(
      FORM_TYPES,
      { parseAs: 'string', bodyLimit: 1024 },
      (request, body, parsed) => {
        // Only the unsubscribe call takes a form; the others answer 415 as everywhere else.
        if (request.routeOptions.config.operationId !== contract.digest.digestUnsubscribe.operationId) {
          parsed(new errorCodes.FST_ERR_CTP_INVALID_MEDIA_TYPE(request.headers['content-type']), undefined);
          return;
        }
        const oneClick = /List-Unsubscribe=One-Click|name="List-Unsubscribe"\s+One-Click/i.test(String(body));
        parsed(null, oneClick ? { 'List-Unsubscribe': 'One-Click' } : {});
      },
    );

    implement(scope, contract.digest, {
      digestSend: async (request) => {
        const { userId } = requireAuth(request);
        await app.rateLimiter.enforce(DIGEST_SEND_RULE, userId, messages.server.rateLimited);
        await digest.sendNow(userId);
        return { success: true as const, message: messages.letter.sentNow };
      },

      digestUnsubscribe: async (request) => {
        await app.rateLimiter.enforce(DIGEST_UNSUBSCRIBE_RULE, request.ip, messages.server.rateLimited);
        if (!(await digest.unsubscribe(request.query.token))) throw notFound(messages.letter.invalidLink);
        return { success: true as const, message: messages.letter.unsubscribed };
      },

      digestUnsubscribePage: async (request, reply) => {
        const query = new URLSearchParams({ [DIGEST_TOKEN_PARAM]: request.query.token });
        return reply.redirect(`${app.config.publicUrl}${DIGEST_UNSUBSCRIBE_PAGE}?${query.toString()}`, 302);
      },
    });
    done();
  });
}
