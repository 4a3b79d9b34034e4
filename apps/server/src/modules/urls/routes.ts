import { api } from '@mediadiet/contract/routes';
import type { FastifyInstance } from 'fastify';
import { registerRoute } from '../../http/route.ts';
import { requireAuth } from '../../plugins/auth.ts';
import * as repo from './repository.ts';

/**
 * Ignored sites (spec §2, §5, §7): GET/POST /api/account/urls, DELETE /api/account/urls/:url.
 * Every call answers with the whole list after the change (`{success, urls: {current}}`). Adding a domain
 * already on the list and removing one that is not are both idempotent 200s (decision 062).
 */
export default function urlsRoutes(app: FastifyInstance) {
  const answer = async (userId: string) => ({
    success: true as const,
    urls: { current: await repo.listDomains(app.db, userId) },
  });

  registerRoute(app, api.accountUrlsList, async (request) => answer(requireAuth(request).userId));

  registerRoute(app, api.accountUrlsAdd, async (request) => {
    const { userId } = requireAuth(request);
    // DomainSchema already trimmed, lower-cased and checked the spec's pattern.
    await repo.addDomain(app.db, userId, request.body.url);
    return answer(userId);
  });

  registerRoute(app, api.accountUrlsRemove, async (request) => {
    const { userId } = requireAuth(request);
    // Fastify has URL-decoded the path parameter once.
    await repo.removeDomain(app.db, userId, request.params.url.trim().toLowerCase());
    return answer(userId);
  });
}
