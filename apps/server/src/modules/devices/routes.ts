import { messages } from '@mediadiet/contract/messages';
import { contract } from '@mediadiet/contract/routes';
import type { FastifyInstance } from 'fastify';
import { notFound } from '../../http/errors.ts';
import { implement } from '../../http/route.ts';
import { describeUserAgent } from '../../lib/user-agent.ts';
import { requireSession } from '../../http/auth-context.ts';

/**
 * Settings → Signed-in devices: the caller's live sessions and paired extensions, each revocable, and
 * "Sign out everywhere else". Every query is scoped to the caller; revocations go through the session and
 * key services, which forget their caches here and tell the other instances (Redis, decision 090).
 */
export default function devicesRoutes(app: FastifyInstance) {
  implement(app, contract.devices, {
    accountDevices: async (request, reply) => {
      const { userId, sessionId } = requireSession(request);
      const [sessions, keys] = await Promise.all([
        app.sessions.listLive(userId),
        app.extensionKeys.listLive(userId),
      ]);
      reply.header('cache-control', 'no-store');
      return {
        success: true as const,
        // This device first, then the others by last use.
        sessions: [
          ...sessions.filter((s) => s.id === sessionId),
          ...sessions.filter((s) => s.id !== sessionId),
        ].map((session) => ({
          id: session.id,
          browser: describeUserAgent(session.userAgent),
          place: session.place,
          createdAt: session.createdAt.toISOString(),
          lastSeenAt: session.lastSeenAt.toISOString(),
          current: session.id === sessionId,
        })),
        extensions: keys.map((key) => ({
          id: key.id,
          browser: describeUserAgent(key.label),
          createdAt: key.createdAt.toISOString(),
          lastUsedAt: key.lastUsedAt?.toISOString() ?? null,
        })),
      };
    },

    accountDeviceSignOut: async (request) => {
      const { userId } = requireSession(request);
      const target = { userId, sessionId: request.params.id };
      if (!(await app.sessions.revoke(target))) throw notFound(messages.security.deviceNotFound);
      await app.disconnectUserSockets(userId, target.sessionId);
      return { success: true as const };
    },

    accountDeviceDisconnect: async (request) => {
      const { userId } = requireSession(request);
      if (!(await app.extensionKeys.revoke(userId, request.params.id))) {
        throw notFound(messages.security.deviceNotFound);
      }
      // The last paired browser gone: the account's extension is off, as after Disconnect Extension.
      if (!(await app.extensionKeys.hasLiveKey(userId)))
        await app.users.update(userId, { extensionStatus: 'off' });
      return { success: true as const };
    },

    accountSignOutOthers: async (request) => {
      const { userId, sessionId } = requireSession(request);
      const ended = await app.sessions.revokeOthers(userId, sessionId);
      await Promise.all(ended.map((id) => app.disconnectUserSockets(userId, id)));
      return { success: true as const, signedOut: ended.length };
    },
  });
}
