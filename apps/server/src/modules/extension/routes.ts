import { messages } from '@mediadiet/contract/messages';
import { api, extraApi } from '@mediadiet/contract/routes';
import { DEFAULT_PROTECTED_SITES } from '@mediadiet/contract/urls';
import type { User } from '@mediadiet/contract/user';
import type { FastifyInstance } from 'fastify';
import { unauthorized } from '../../http/errors.ts';
import { registerRoute } from '../../http/route.ts';
import { requireAuth } from '../../plugins/auth.ts';
import * as urlsRepo from '../urls/repository.ts';

/**
 * The extension's calls (spec §7, decision 001): pairing (auth → verify), status, disconnect,
 * installation, token validity, the disabled list, and touch-point ingest (decision 061).
 */
export default function extensionRoutes(app: FastifyInstance) {
  const user = async (userId: string): Promise<User> => {
    const found = await app.users.findById(userId);
    if (!found) throw unauthorized(messages.server.unauthorized);
    return found;
  };
  const answer = (u: User) => ({ success: true as const, extension: u.extension });

  registerRoute(app, api.extensionAuth, async (request) => {
    const { userId } = requireAuth(request);
    const agent = request.headers['user-agent'];
    const { apiKey } = await app.extensionKeys.issue(userId, typeof agent === 'string' ? agent : undefined);
    return { success: true as const, apiKey };
  });

  registerRoute(app, api.extensionVerify, async (request) => {
    const { userId } = requireAuth(request);
    const updated = await app.users.update(userId, { extensionStatus: 'on' }); // emits update_user_{id}
    if (!updated) throw unauthorized(messages.server.unauthorized);
    return answer(updated);
  });

  registerRoute(app, api.extensionStatus, async (request) => answer(await user(requireAuth(request).userId)));

  registerRoute(app, api.extensionDisconnect, async (request) => {
    const { userId } = requireAuth(request);
    await app.extensionKeys.revokeAll(userId);
    const updated = await app.users.update(userId, { extensionStatus: 'off' });
    if (!updated) throw unauthorized(messages.server.unauthorized);
    return answer(updated);
  });

  registerRoute(app, api.extensionInstallation, async (request) => {
    const { userId } = requireAuth(request);
    const current = await user(userId);
    if (current.extension.isInstalled === request.body.isInstalled) return answer(current);
    const updated = await app.users.update(userId, { extensionInstalled: request.body.isInstalled });
    if (!updated) throw unauthorized(messages.server.unauthorized);
    return answer(updated);
  });

  registerRoute(app, api.extensionTokenValidity, async (request) => {
    const auth = requireAuth(request);
    const current = await user(auth.userId);
    // With the key itself, the key is live (it authenticated); with a session, ask for the current key.
    const keyLive = auth.kind === 'extension' || (await app.extensionKeys.hasLiveKey(auth.userId));
    return {
      success: true as const,
      valid: keyLive && current.extension.status === 'on',
      userId: current.id,
      extension: current.extension,
    };
  });

  registerRoute(app, api.extensionDisabled, async (request) => {
    const { userId } = requireAuth(request);
    return {
      success: true as const,
      urls: { current: await urlsRepo.listDomains(app.db, userId), defaults: [...DEFAULT_PROTECTED_SITES] },
    };
  });

  // Its body limit (a page of text) is in BODY_LIMITS (http/route.ts).
  registerRoute(app, extraApi.extensionTouchpoints, async (request, reply) => {
    const { userId } = requireAuth(request);
    const { id } = await app.touchpoints.ingest.ingest(userId, request.body);
    void reply.code(202);
    return { success: true as const, id };
  });
}
