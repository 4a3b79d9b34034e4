import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createExtensionKeyService, type ExtensionKeyService } from './keys.ts';
import registerExtensionRoutes from './routes.ts';

declare module 'fastify' {
  interface FastifyInstance {
    extensionKeys: ExtensionKeyService;
  }
}

/**
 * The extension module (spec §7, decision 001): the paired extension's apiKeys (keys.ts, registered as the
 * sign-in module's 'extension' verifier) and the extension's calls (routes.ts).
 */
export default fp(
  function extension(app: FastifyInstance) {
    const keys = createExtensionKeyService({
      db: app.db,
      hasher: app.hasher,
      clock: app.clock,
      onRevoked: (userId) => app.cluster.broadcast({ kind: 'forget-user-keys', userId }),
    });
    app.decorate('extensionKeys', keys);
    app.registerExtensionKeyVerifier((apiKey) => keys.verify(apiKey), { forgetUser: (userId) => keys.forgetUser(userId) });
    registerExtensionRoutes(app);
  },
  { name: 'extension', dependencies: ['db', 'auth', 'users', 'urls', 'cluster'] },
);
