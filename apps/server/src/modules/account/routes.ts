import { api, extraApi } from '@mediadiet/contract/routes';
import type { FastifyInstance } from 'fastify';
import { registerRoute } from '../../http/route.ts';
import { requireAuth } from '../../plugins/auth.ts';
import { createAccountService } from './service.ts';

/** GET /api/account/info, GET /api/account, GET /api/account/export, DELETE /api/account. */
export default function accountRoutes(app: FastifyInstance) {
  const account = createAccountService({
    db: app.db,
    users: app.users,
    clock: app.clock,
    payments: app.billing.payments,
    closure: app.billing.closure,
  });

  registerRoute(app, api.accountInfo, async (request) => {
    const user = await account.get(requireAuth(request).userId);
    return { success: true as const, user };
  });

  registerRoute(app, api.accountGet, async (request) => {
    const user = await account.get(requireAuth(request).userId);
    return { success: true as const, user };
  });

  registerRoute(app, extraApi.accountExport, async (request, reply) => {
    const auth = requireAuth(request);
    const data = await account.exportData(auth.userId, auth.kind === 'session' ? auth.sessionId : null);
    void reply.header('cache-control', 'no-store');
    void reply.header('content-disposition', 'attachment; filename="media-diet-export.json"');
    return data;
  });

  registerRoute(app, extraApi.accountDelete, async (request) => {
    const { userId } = requireAuth(request);
    await account.remove(userId, request.body.confirmEmail);
    await app.disconnectUserSockets(userId);
    return { success: true as const };
  });
}
