import { messages } from '@mediadiet/contract/messages';
import { contract } from '@mediadiet/contract/routes';
import { DEFAULT_PROTECTED_SITES } from '@mediadiet/contract/urls';
import type { User } from '@mediadiet/contract/user';
import type { FastifyInstance } from 'fastify';
import { unauthorized } from '../../http/errors.ts';
import { implement } from '../../http/route.ts';
import { requireAuth } from '../../http/auth-context.ts';

/**
 * The extension's calls (spec §7, decision 001): pairing (auth → verify), status, disconnect,
 * installation, token validity and the disabled list. Touch-point ingest is modules/touchpoints.
 */
export default function extensionRoutes(app: FastifyInstance) {
  const user = async (userId: string): Promise<User> => {
    const found = await app.users.findById(userId);
    if (!found) throw unauthorized(messages.server.unauthorized);
    return found;
  };
  const answer = (u: User) => ({ success: true as const, extension: u.extension });

  implement(app, contract.extension, {
    extensionAuth: async (request) => {
      const { userId } = requireAuth(request);
      const agent = request.headers['user-agent'];
      const { apiKey } = await app.extensionKeys.issue(userId, typeof agent === 'string' ? agent : undefined);
      return { success: true as const, apiKey };
    },

    extensionVerify: async (request) => {
      const { userId } = requireAuth(request);
      const updated = await app.users.update(userId, { extensionStatus: 'on' }); // emits update_user_{id}
      if (!updated) throw unauthorized(messages.server.unauthorized);
      return answer(updated);
    },

    extensionStatus: async (request) => answer(await user(requireAuth(request).userId)),

    extensionDisconnect: async (request) => {
      const { userId } = requireAuth(request);
      await app.extensionKeys.revokeAll(userId);
      const updated = await app.users.update(userId, { extensionStatus: 'off' });
      if (!updated) throw unauthorized(messages.server.unauthorized);
      return answer(updated);
    },

    extensionInstallation: async (request) => {
      const { userId } = requireAuth(request);
      const current = await user(userId);
      if (current.extension.isInstalled === request.body.isInstalled) return answer(current);
      const updated = await app.users.update(userId, { extensionInstalled: request.body.isInstalled });
      if (!updated) throw unauthorized(messages.server.unauthorized);
      return answer(updated);
    },

    extensionTokenValidity: async (request) => {
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
    },

    extensionDisabled: async (request) => {
      const { userId } = requireAuth(request);
      return {
        success: true as const,
        urls: { current: await app.urls.list(userId), defaults: [...DEFAULT_PROTECTED_SITES] },
      };
    },
  });
}
