import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { RouteDef } from '@mediadiet/contract/http';
import type { FastifyInstance } from 'fastify';
import type { OpenAPIV3 } from 'openapi-types';
import fp from 'fastify-plugin';
import { buildOpenApiDocument } from '../http/openapi.ts';

export interface DocsOptions {
  routes: readonly RouteDef[];
  serviceName: string;
}

/** OpenAPI of the contract: the document at `/api/docs/json` (and `/yaml`), Swagger UI at `/api/docs`. */
export default fp<DocsOptions>(
  async function docs(app: FastifyInstance, options) {
    const document = buildOpenApiDocument(options.routes, {
      title: `${options.serviceName} API`,
      version: '1.0.0',
      description: 'Generated from @mediadiet/contract. Failures answer `{ success: false, error }`.',
    });
    // Static mode: the document is the contract's, not derived from the routes registered so far.
    await app.register(swagger, {
      mode: 'static',
      specification: { document: document as unknown as OpenAPIV3.Document },
    });
    await app.register(swaggerUi, { routePrefix: '/api/docs', logLevel: 'warn' });
  },
  { name: 'docs' },
);
