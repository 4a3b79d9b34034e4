import cookie from '@fastify/cookie';
import type { RouteAuth } from '@mediadiet/contract/http';
import { messages } from '@mediadiet/contract/messages';
import { SocketAuthSchema } from '@mediadiet/contract/realtime';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { getOrCreateSetting } from '../../db/settings.ts';
import { bearerToken, type AuthContext } from '../../http/auth-context.ts';
import { unauthorized } from '../../http/errors.ts';
import { coarsePlace } from '../../lib/address.ts';
import { createKeyedHasher, randomToken, type KeyedHasher } from '../../lib/crypto.ts';
import { userRoom, type AppSocket } from '../../plugins/socket.ts';
import registerAuthRoutes from './routes.ts';
import type { OidcProvider } from './oidc.ts';
import { createAuthService } from './service.ts';
import { createSessionService, type SessionService } from './sessions.ts';

/**
 * The sign-in module: the server secret, sessions, `app.authenticate` (the per-route hook registerRoute
 * installs), `app.authenticateSocket` (the socket.io handshake), and the sign-in service with its routes
 * (e-mail + PIN, Google, logout: routes.ts).
 *
 * Credentials are bearer tokens of two kinds: 'session' (sign-in) and 'extension' (the paired
 * extension's apiKey). Extension keys are checked by a verifier the extension module registers with
 * `app.registerExtensionKeyVerifier`; until one is registered every 'extension' route answers 401.
 *
 * Both are resolved through short-lived in-memory caches (the session service's and the key service's;
 * decision 071): a revocation takes effect at once on this instance and, with Redis, on the others (the
 * cluster's broadcast, decision 090); without Redis, or while it is down, elsewhere within
 * SESSION_CACHE_TTL_MS / KEY_CACHE_TTL_MS (5 s). Deleting a user through `app.users.remove` (account
 * deletion) forgets their sessions and keys everywhere too. Sockets are disconnected the same way.
 */

/** Checks an extension apiKey: the owner and the key's id, or null for an unknown or revoked key. */
export type ExtensionKeyVerifier = (apiKey: string) => Promise<{ userId: string; keyId: string } | null>;

export interface ExtensionKeyVerifierOptions {
  /** Forgets what the verifier remembers of a user's keys (called when the user is deleted). */
  forgetUser?: (userId: string) => void;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Keyed hashing with the server secret (sessions, PINs). */
    hasher: KeyedHasher;
    sessions: SessionService;
    registerExtensionKeyVerifier(verifier: ExtensionKeyVerifier, options?: ExtensionKeyVerifierOptions): void;
    /** Disconnects the user's sockets (only those of one session when given): after logout or deletion. */
    disconnectUserSockets(userId: string, sessionId?: string): Promise<void>;
  }
}

const SECRET_SETTING = 'server_secret';

export interface AuthPluginOptions {
  /** Replaces the OpenID Connect provider built from the configuration (tests). */
  oidc?: OidcProvider;
}

export default fp<AuthPluginOptions>(
  async function auth(app: FastifyInstance, options) {
    let secret = app.config.sessionSecret;
    if (!secret) {
      // Outside production only (config.ts requires SESSION_SECRET in production): keep a generated
      // secret in the database so a restart does not sign everybody out.
      secret = await getOrCreateSetting(app.db, SECRET_SETTING, () => randomToken(48));
      app.log.info('SESSION_SECRET is not set: using the generated secret stored in the database');
    }
    const hasher = createKeyedHasher(secret);
    app.decorate('hasher', hasher);
    await app.register(cookie, { secret: hasher.deriveKey('cookie') });

    const sessions = createSessionService({
      db: app.db,
      hasher,
      clock: app.clock,
      onRevoked: (revoked) =>
        app.cluster.broadcast(
          'sessionId' in revoked
            ? { kind: 'forget-session', sessionId: revoked.sessionId }
            : { kind: 'forget-user-sessions', userId: revoked.userId },
        ),
    });
    app.decorate('sessions', sessions);
    app.cluster.on('forget-session', ({ sessionId }) => sessions.forgetSession(sessionId));
    app.cluster.on('forget-user-sessions', ({ userId }) => sessions.forgetUser(userId));
    app.cluster.on('forget-user-keys', ({ userId }) => forgetExtensionKeys?.(userId));

    let extensionVerifier: ExtensionKeyVerifier | undefined;
    let forgetExtensionKeys: ((userId: string) => void) | undefined;
    app.decorate(
      'registerExtensionKeyVerifier',
      (verifier: ExtensionKeyVerifier, options: ExtensionKeyVerifierOptions = {}) => {
        if (extensionVerifier) throw new Error('an extension key verifier is already registered');
        extensionVerifier = verifier;
        forgetExtensionKeys = options.forgetUser;
      },
    );

    // A deleted user's sessions and keys go with the row (ON DELETE CASCADE); this instance forgets them at
    // once too, whichever path deleted the user, and tells the others.
    app.users.onRemoved((userId) => {
      sessions.forgetUser(userId);
      forgetExtensionKeys?.(userId);
      void app.cluster.broadcast({ kind: 'forget-user-sessions', userId });
      void app.cluster.broadcast({ kind: 'forget-user-keys', userId });
    });

    const check = async (
      kind: Exclude<RouteAuth, 'none'>,
      token: string,
      ip: string,
    ): Promise<AuthContext | null> => {
      if (kind === 'session') {
        const session = await sessions.resolve(token, coarsePlace(ip));
        return session ? { kind: 'session', userId: session.userId, sessionId: session.sessionId } : null;
      }
      if (!extensionVerifier) return null;
      const key = await extensionVerifier(token);
      return key ? { kind: 'extension', userId: key.userId, keyId: key.keyId } : null;
    };

    app.decorateRequest('auth', null);
    app.decorate('authenticate', async (request, _reply, kind, alternatives = []) => {
      const kinds = [kind, ...alternatives.filter((k): k is Exclude<RouteAuth, 'none'> => k !== 'none')];
      const token = bearerToken(request);
      if (token) {
        for (const candidate of kinds) {
          const context = await check(candidate, token, request.ip);
          if (context) {
            request.auth = context;
            return;
          }
        }
      }
      throw unauthorized(
        kind === 'extension' ? messages.extension.invalidApiKey : messages.server.unauthorized,
      );
    });

    app.decorate('authenticateSocket', async (socket: AppSocket) => {
      const parsed = SocketAuthSchema.safeParse(socket.handshake.auth);
      const header = socket.handshake.headers.authorization;
      const token = parsed.success
        ? parsed.data.token
        : bearerToken({ headers: { authorization: typeof header === 'string' ? header : undefined } });
      const session = token ? await sessions.resolve(token) : null;
      if (!session) throw new Error(messages.server.unauthorized);
      socket.data.sessionId = session.sessionId;
      return session.userId;
    });

    // This instance's sockets, then the other instances' (a broadcast: no cross-instance request that would
    // wait for an answer while Redis is down).
    const disconnectLocal = async (userId: string, sessionId?: string) => {
      const sockets = await app.io.local.in(userRoom(userId)).fetchSockets();
      for (const socket of sockets) {
        if (!sessionId || socket.data.sessionId === sessionId) socket.disconnect(true);
      }
    };
    app.cluster.on('disconnect-sockets', ({ userId, sessionId }) => {
      void disconnectLocal(userId, sessionId);
    });
    app.decorate('disconnectUserSockets', async (userId: string, sessionId?: string) => {
      await disconnectLocal(userId, sessionId);
      await app.cluster.broadcast({ kind: 'disconnect-sockets', userId, ...(sessionId ? { sessionId } : {}) });
    });

    const service = createAuthService({
      db: app.db,
      users: app.users,
      sessions,
      hasher,
      mailer: app.mailer,
      limiter: app.rateLimiter,
      clock: app.clock,
      log: app.log.child({ module: 'auth' }),
      config: app.config,
    });
    registerAuthRoutes(app, service, options.oidc);
  },
  { name: 'auth', dependencies: ['db', 'socket', 'users', 'cluster', 'mail', 'rate-limit'] },
);
