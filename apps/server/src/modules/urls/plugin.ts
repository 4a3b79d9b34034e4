import { serviceModule } from '../../lib/service-module.ts';
import registerUrlsRoutes from './routes.ts';
import { createUrlsService, type UrlsService } from './service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Ignored sites (the extension's disabled list and the account export read them too). */
    urls: UrlsService;
  }
}

/** The ignored-sites module: its service and GET/POST/DELETE /api/account/urls (routes.ts). */
export default serviceModule('urls', ['db', 'auth'], (app) => createUrlsService(app.db), registerUrlsRoutes);
