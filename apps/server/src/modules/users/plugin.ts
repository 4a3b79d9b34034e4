import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { User } from '@mediadiet/contract/user';
import { PerUserCache } from '../../lib/per-user-cache.ts';
import { createUsersService, type UsersService } from './service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Users; every change goes through `users.update` (or `users.transaction`), which emits `update_user_{id}`. */
    users: UsersService;
  }
}

/**
 * The users module: the one service every change of a user goes through. Users kept for `users.findByIdCached` (the sign-in check). A change through the users service drops the
 * kept user here and, with Redis, on every instance; without it another instance shows the change within
 * the TTL (decision 071).
 */
export const USER_CACHE_TTL_MS = 2_000;
export const USER_CACHE_MAX_ENTRIES = 10_000;

export default fp(
  function users(app: FastifyInstance) {
    const cache = new PerUserCache<User | null>({ ttlMs: USER_CACHE_TTL_MS, maxEntries: USER_CACHE_MAX_ENTRIES });
    app.decorate(
      'users',
      createUsersService({
        db: app.db,
        emitToUser: (...args) => app.emitToUser(...args),
        cache,
        onChanged: (userId) => void app.cluster.broadcast({ kind: 'forget-user', userId }),
      }),
    );
    app.cluster.on('forget-user', ({ userId }) => cache.invalidate(userId));
  },
  { name: 'users', dependencies: ['db', 'socket', 'cluster'] },
);
