import { messages } from '@mediadiet/contract/messages';
import { contract } from '@mediadiet/contract/routes';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { requireAuth } from '../../http/auth-context.ts';
import { unauthorized } from '../../http/errors.ts';
import { implement } from '../../http/route.ts';
import { limitExtensionCall, type RateRule } from '../../plugins/rate-limit.ts';
import type { LabelsService } from './service.ts';

/**
 * How many label calls a minute one account's paired extensions may make together: the context when a browser
 * starts and now and then after, and the counts every few minutes while labels are shown (decision 160).
 */
export const LABELS_EXTENSION_RULE: RateRule = { name: 'extension-labels', limit: 30, windowMs: 60_000 };

/**
 * GET /api/labels/context and PUT /api/labels/counts (the extension's key only, rate-limited per account), and
 * GET /api/labels/insights (a session). Each reads and writes the caller's own rows; the counts are kept per
 * browser: the key that sent them.
 */
export default function labelsRoutes(app: FastifyInstance, labels: LabelsService) {
  const extension = async (request: FastifyRequest) => {
    const auth = requireAuth(request);
    if (auth.kind !== 'extension') throw unauthorized(messages.server.unauthorized);
    await limitExtensionCall(app.rateLimiter, auth, LABELS_EXTENSION_RULE);
    return auth;
  };

  implement(app, contract.labels, {
    labelContext: async (request) => labels.context((await extension(request)).userId),
    labelCounts: async (request) => {
      const { userId, keyId } = await extension(request);
      return labels.saveCounts(userId, keyId, request.body.days);
    },
    labelInsights: async (request) => labels.insights(requireAuth(request).userId),
  });
}
