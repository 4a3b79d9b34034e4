import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { contentSecurityPolicy, inlineScriptHashes } from '../http/security-headers.ts';
import type { ErrorBody } from './error-handler.ts';

export interface WebOptions {
  /** The built web app (index.html + assets/). */
  distDir: string;
  /** Warn (production) or only note (development) when the web app is not built. */
  warnIfMissing: boolean;
  /** Serve the build's source maps (`*.map`): SOURCE_MAPS, off in production by default (decision 101). */
  sourceMaps: boolean;
}

/** Paths that belong to the server, never to the SPA. GET /auth/login is the SPA; GET /auth/google is the server. */
const SERVER_PATHS = /^\/(?:api|socket\.io)(?:\/|$)|^\/(?:healthz|readyz)(?:\/|\?|$)|^\/auth\/google/;

/** Whether an unmatched request is a browser navigation the SPA should answer with index.html. */
export function isSpaNavigation(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  if (!(request.headers.accept ?? '').includes('text/html')) return false;
  return !SERVER_PATHS.test(request.url);
}

/**
 * Serves the built web app and answers unknown browser navigations with index.html (the SPA routes
 * /auth/login, /auth/dashboard, unknown paths…). Everything else unmatched is 404 `{ success: false }`.
 * Every HTML answer carries the Content-Security-Policy (its inline scripts allowed by hash, decision 101).
 */
export default fp<WebOptions>(
  async function web(app: FastifyInstance, options) {
    const indexFile = path.join(options.distDir, 'index.html');
    const hasWebApp = fs.existsSync(indexFile);

    const csp = hasWebApp
      ? contentSecurityPolicy({
          publicUrl: app.config.publicUrl,
          stripe: app.config.stripe !== undefined,
          scriptHashes: inlineScriptHashes(fs.readFileSync(indexFile, 'utf8')),
        })
      : '';

    if (hasWebApp) {
      await app.register(fastifyStatic, {
        root: options.distDir,
        wildcard: true,
        index: 'index.html',
        ...(options.sourceMaps ? {} : { allowedPath: (pathName: string) => !pathName.endsWith('.map') }),
        // The build writes `file.br` and `file.gz` beside each text file (apps/web/vite-plugins.ts
        // `precompress`, decision 139): sent as they are to a browser that accepts them (Brotli first),
        // with `Vary: Accept-Encoding`; the plain file otherwise. Nothing is compressed per request.
        preCompressed: true,
        // Hashed assets never change; index.html must be revalidated so a deploy is picked up.
        setHeaders: (reply, sentPath) => {
          const filePath = sentPath.replace(/\.(?:br|gz)$/, '');
          if (filePath.endsWith('.html')) reply.header('content-security-policy', csp);
          if (filePath.includes(`${path.sep}assets${path.sep}`)) {
            reply.header('Cache-Control', 'public, max-age=31536000, immutable');
          } else {
            reply.header('Cache-Control', 'no-cache');
          }
        },
      });
    } else {
      const message = `The web app is not built (no ${indexFile}); serving the API only. Run \`npm run build -w apps/web\`.`;
      if (options.warnIfMissing) app.log.warn(message);
      else app.log.info(message);
    }

    app.setNotFoundHandler((request, reply) => {
      if (hasWebApp && isSpaNavigation(request)) {
        return reply.header('Cache-Control', 'no-cache').header('content-security-policy', csp).sendFile('index.html');
      }
      const body: ErrorBody = { success: false, error: 'Not found' };
      return reply.code(404).send(body);
    });
  },
  { name: 'web' },
);
