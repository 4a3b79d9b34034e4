import { contract } from '@mediadiet/contract/routes';
import type { FastifyInstance } from 'fastify';
import { implement } from '../../http/route.ts';
import { requireAuth } from '../../http/auth-context.ts';
import type { AccountService } from './service.ts';

/**
 * GET /api/account/info, GET /api/account, GET and PATCH /api/account/preferences, GET /api/account/export,
 * DELETE /api/account.
 */
export default function accountRoutes(app: FastifyInstance, account: AccountService) {
  /** Both spec calls (§7) answer the signed-in person's own account. */
  const ownAccount = async (request: Parameters<typeof requireAuth>[0]) => ({
    success: true as const,
    user: await account.get(requireAuth(request).userId),
  });

  implement(app, contract.account, {
    accountInfo: ownAccount,
    accountGet: ownAccount,

    preferencesGet: async (request) => ({
      success: true as const,
      preferences: await account.preferences(requireAuth(request).userId),
    }),

    preferencesUpdate: async (request) => {
      const { timeZone, weeklyLetter } = request.body;
      const patch = {
        ...(timeZone !== undefined ? { timeZone } : {}),
        ...(weeklyLetter !== undefined ? { weeklyLetter } : {}),
      };
      return {
        success: true as const,
        preferences: await account.updatePreferences(requireAuth(request).userId, patch),
      };
    },

    accountExport: async (request, reply) => {
      const auth = requireAuth(request);
      const data = await account.exportData(auth.userId, auth.kind === 'session' ? auth.sessionId : null);
      void reply.header('cache-control', 'no-store');
      void reply.header('content-disposition', 'attachment; filename="media-diet-export.json"');
      return data;
    },

    accountDelete: async (request) => {
      const { userId } = requireAuth(request);
      await account.remove(userId, request.body.confirmEmail);
      await app.disconnectUserSockets(userId);
      return { success: true as const };
    },
  });
}
