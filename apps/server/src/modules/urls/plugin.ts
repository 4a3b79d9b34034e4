import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import registerUrlsRoutes from './routes.ts';
import { createUrlsService, type UrlsService } from './service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Ignored sites (the extension's disabled list and the account export read them too). */
    urls: UrlsService;
  }
}

/** The ignored-sites module: its service and GET/POST/DELETE /api/account/urls (routes.ts). */
export default fp(
  function urls(app: FastifyInstance) {
    const service = createUrlsService(app.db);
    app.decorate('urls', service);
    registerUrlsRoutes(app, service);
  },
  { name: 'urls', dependencies: ['db', 'auth'] },
);
