import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createUsersService, type UsersService } from '../modules/users/service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Users; every change goes through `users.update` (or `users.transaction`), which emits `update_user_{id}`. */
    users: UsersService;
  }
}

export default fp(
  function users(app: FastifyInstance) {
    app.decorate('users', createUsersService({ db: app.db, emitToUser: (...args) => app.emitToUser(...args) }));
  },
  { name: 'users', dependencies: ['db', 'socket'] },
);
