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
 * The users module: the one service every change of a user goes through. Users kept for `users.findByIdCached`
 * (the sign-in check) and their time zones for `users.timeZone`. A change through the users service drops the
 * kept user and zone here and, with Redis, on every instance; without it another instance shows the change
 * within the TTL (decision 071).
 */
export const USER_CACHE_TTL_MS = 2_000;
export const USER_CACHE_MAX_ENTRIES = 10_000;
/**
 * Users' time zones (decision 155), read by every insights, goals and mood call. A zone changes only through the
 * users service, which drops it here and on every instance at once; the TTL bounds how long another instance
 * without Redis keeps an old one.
 */
export const ZONE_CACHE_TTL_MS = 10_000;

export default fp(
  function users(app: FastifyInstance) {
    const cache = new PerUserCache<User | null>({
      ttlMs: USER_CACHE_TTL_MS,
      maxEntries: USER_CACHE_MAX_ENTRIES,
    });
    const zones = new PerUserCache<string>({ ttlMs: ZONE_CACHE_TTL_MS, maxEntries: USER_CACHE_MAX_ENTRIES });
    app.decorate(
      'users',
      createUsersService({
        db: app.db,
        emitToUser: (...args) => app.emitToUser(...args),
        cache,
        zones,
        onChanged: (userId) => void app.cluster.broadcast({ kind: 'forget-user', userId }),
      }),
    );
    app.cluster.on('forget-user', ({ userId }) => {
      cache.invalidate(userId);
      zones.invalidate(userId);
    });
  },
  { name: 'users', dependencies: ['db', 'socket', 'cluster'] },
);
