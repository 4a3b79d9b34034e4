import { contract } from '@mediadiet/contract/routes';
import type { FastifyInstance } from 'fastify';
import { implement } from '../../http/route.ts';
import { requireAuth } from '../../http/auth-context.ts';
import type { UrlsService } from './service.ts';

/**
 * Ignored sites (spec §2, §5, §7): GET/POST /api/account/urls, DELETE /api/account/urls/:url.
 * Every call answers with the whole list after the change (`{success, urls: {current}}`). Adding a domain
 * already on the list and removing one that is not are both idempotent 200s (decision 062).
 */
export default function urlsRoutes(app: FastifyInstance, urls: UrlsService) {
  const answer = async (userId: string) => ({
    success: true as const,
    urls: { current: await urls.list(userId) },
  });

  implement(app, contract.urls, {
    accountUrlsList: async (request) => answer(requireAuth(request).userId),

    accountUrlsAdd: async (request) => {
      const { userId } = requireAuth(request);
      // DomainSchema already trimmed, lower-cased and checked the spec's pattern.
      await urls.add(userId, request.body.url);
      return answer(userId);
    },

    accountUrlsRemove: async (request) => {
      const { userId } = requireAuth(request);
      // Fastify has URL-decoded the path parameter once.
      await urls.remove(userId, request.params.url.trim().toLowerCase());
      return answer(userId);
    },
  });
}
