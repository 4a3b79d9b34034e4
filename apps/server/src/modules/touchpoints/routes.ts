import { messages } from '@mediadiet/contract/messages';
import { contract } from '@mediadiet/contract/routes';
import type { FastifyInstance } from 'fastify';
import { requireAuth } from '../../http/auth-context.ts';
import { implement } from '../../http/route.ts';
import type { IngestService } from './ingest.ts';
import { TOUCHPOINT_STATE_RULE, touchpointState } from './state.ts';

/**
 * POST /api/extension/touchpoints: a page the extension read, queued for analysis (202 with its id);
 * GET /api/extension/touchpoints/:id: what became of it (the popup's last analysis in server mode, decision 126).
 */
export default function touchpointRoutes(app: FastifyInstance, touchpoints: IngestService) {
  implement(app, contract.touchpoints, {
    // Its body limit (a page of text) is in BODY_LIMITS (http/route.ts).
    extensionTouchpoints: async (request, reply) => {
      const { userId } = requireAuth(request);
      const { id } = await touchpoints.ingest(userId, request.body);
      void reply.code(202);
      return { success: true as const, id };
    },

    extensionTouchpoint: async (request) => {
      const { userId } = requireAuth(request);
      await app.rateLimiter.enforce(TOUCHPOINT_STATE_RULE, userId, messages.server.rateLimited);
      // The analysis module registers after this one; its service is there by the time a request comes.
      const analysisOf = (owner: string, id: string) => app.analysis.get(owner, id);
      return {
        success: true as const,
        touchpoint: await touchpointState(app.db, analysisOf, userId, request.params.id),
      };
    },
  });
}
