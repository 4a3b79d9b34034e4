import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * A module whose plugin builds one service, decorates the app with it under the module's name (other modules
 * and the account export reach it there) and registers the module's routes with it. `dependencies` are the
 * plugins it needs first (fastify-plugin checks them).
 */
export function serviceModule<Name extends keyof FastifyInstance & string>(
  name: Name,
  dependencies: readonly string[],
  build: (app: FastifyInstance) => FastifyInstance[Name],
  registerRoutes: (app: FastifyInstance, service: FastifyInstance[Name]) => void,
) {
  return fp(
    (app: FastifyInstance) => {
      const service = build(app);
      // The value's type is tied to the name by `build` above; `decorate` cannot see that through a generic name.
      app.decorate<unknown>(name, service);
      registerRoutes(app, service);
    },
    { name, dependencies: [...dependencies] },
  );
}
