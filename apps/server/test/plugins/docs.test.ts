import { allRoutes } from '@mediadiet/contract/routes';
import { defineRoute } from '@mediadiet/contract/http';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildOpenApiDocument, toOpenApiPath, type OpenApiDocument } from '../../src/http/openapi.ts';
import { sharedTestApp } from '../helpers/test-app.ts';

const t = sharedTestApp();

describe('OpenAPI at /api/docs', () => {
  it('documents every route of the contract', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const document = response.json<OpenApiDocument>();
    expect(document.openapi).toBe('3.1.0');
    expect(allRoutes.length).toBeGreaterThan(0);
    for (const route of allRoutes) {
      const operation = document.paths[toOpenApiPath(route.path)]?.[route.method.toLowerCase() as 'get'];
      expect(operation, `${route.method} ${route.path}`).toBeDefined();
      expect(operation?.operationId).toBe(route.operationId);
    }
  });

  it('serves a UI', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/docs',
      headers: { accept: 'text/html' },
    });
    expect(response.statusCode).toBeLessThan(400);
    const page =
      response.statusCode === 302
        ? await t.app.inject({ method: 'GET', url: response.headers.location! })
        : response;
    expect(page.headers['content-type']).toMatch(/text\/html/);
  });
});

describe('buildOpenApiDocument', () => {
  it('describes parameters, bodies, auth and non-JSON responses', () => {
    const routes = [
      defineRoute({
        operationId: 'getInsightsForMonth',
        method: 'GET',
        path: '/api/analysis/insights/:month/:year',
        summary: 'Insights of a month',
        tag: 'analysis',
        auth: 'session',
        params: z.object({ month: z.coerce.number().int(), year: z.coerce.number().int() }),
        query: z.object({ limit: z.coerce.number().optional() }),
        response: z.object({ success: z.boolean(), when: z.date() }),
      }),
      defineRoute({
        operationId: 'verify',
        method: 'POST',
        path: '/api/extension/verify',
        summary: 'Verify the extension',
        tag: 'extension',
        auth: 'extension',
        body: z.object({ email: z.email() }),
        response: z.object({ success: z.boolean() }),
      }),
      defineRoute({
        operationId: 'google',
        method: 'GET',
        path: '/auth/google',
        summary: 'Google sign-in',
        tag: 'auth',
        auth: 'none',
        response: z.unknown(),
        responseKind: 'redirect',
      }),
    ];
    const document = buildOpenApiDocument(routes, { title: 'Test', version: '1' });
    const insights = document.paths['/api/analysis/insights/{month}/{year}']?.get;
    expect(insights?.parameters.map((p) => [p.name, p.in, p.required])).toEqual([
      ['month', 'path', true],
      ['year', 'path', true],
      ['limit', 'query', false],
    ]);
    expect(insights?.security).toEqual([{ session: [] }]);
    const verify = document.paths['/api/extension/verify']?.post;
    expect(verify?.security).toEqual([{ extensionKey: [] }]);
    expect(verify?.requestBody?.required).toBe(true);
    expect(document.paths['/auth/google']?.get?.responses).toHaveProperty('302');
    expect(document.tags.map((tag) => tag.name)).toEqual(['analysis', 'auth', 'extension']);
  });
});
