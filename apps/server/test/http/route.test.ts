import { defineRoute } from '@mediadiet/contract/http';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { unauthorized } from '../../src/http/errors.ts';
import { registerRoute, type Authenticator } from '../../src/http/route.ts';
import errorHandler from '../../src/plugins/error-handler.ts';

const createThing = defineRoute({
  operationId: 'createThing',
  method: 'POST',
  path: '/api/things/:group',
  summary: 'Create a thing',
  tag: 'things',
  auth: 'none',
  params: z.object({ group: z.string().regex(/^[a-z]+$/) }),
  query: z.object({ dryRun: z.enum(['true', 'false']).optional() }),
  body: z.object({ name: z.string().min(1), email: z.email() }),
  response: z.object({ success: z.literal(true), thing: z.object({ group: z.string(), name: z.string() }) }),
});

const secret = defineRoute({
  operationId: 'getSecret',
  method: 'GET',
  path: '/api/secret',
  summary: 'A signed-in read',
  tag: 'things',
  auth: 'session',
  response: z.object({ secret: z.string() }),
});

let app: FastifyInstance;

async function bareApp(): Promise<FastifyInstance> {
  app = Fastify({ logger: false });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  await app.register(errorHandler);
  return app;
}

afterEach(async () => {
  await app.close();
});

describe('registerRoute', () => {
  it('wires method, path, params, query and body from the RouteDef', async () => {
    await bareApp();
    registerRoute(app, createThing, (request) => {
      expect(request.query.dryRun).toBe('true');
      return Promise.resolve({
        success: true as const,
        thing: { group: request.params.group, name: request.body.name },
      });
    });
    const response = await app.inject({
      method: 'POST',
      url: '/api/things/tools?dryRun=true',
      payload: { name: 'hammer', email: 'a@example.com' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, thing: { group: 'tools', name: 'hammer' } });
  });

  it('answers 400 naming the invalid field', async () => {
    await bareApp();
    registerRoute(app, createThing, () => Promise.reject(new Error('not reached')));
    const response = await app.inject({
      method: 'POST',
      url: '/api/things/tools',
      payload: { name: 'hammer', email: 'not-an-email' },
    });
    expect(response.statusCode).toBe(400);
    const body = response.json<{ success: boolean; error: string }>();
    expect(body.success).toBe(false);
    expect(body.error).toMatch(/^body\.email: /);

    const badParam = await app.inject({
      method: 'POST',
      url: '/api/things/T00LS',
      payload: { name: 'x', email: 'a@b.co' },
    });
    expect(badParam.statusCode).toBe(400);
    expect(badParam.json<{ error: string }>().error).toMatch(/^params\.group: /);

    const badQuery = await app.inject({
      method: 'POST',
      url: '/api/things/tools?dryRun=maybe',
      payload: { name: 'x', email: 'a@b.co' },
    });
    expect(badQuery.json<{ error: string }>().error).toMatch(/^querystring\.dryRun: /);
  });

  it('never sends a response that breaks the contract', async () => {
    await bareApp();
    registerRoute(app, createThing, () => Promise.resolve({ success: true, thing: { group: 1 } } as never));
    const response = await app.inject({
      method: 'POST',
      url: '/api/things/tools',
      payload: { name: 'hammer', email: 'a@example.com' },
    });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ success: false, error: 'Internal server error' });
  });

  it('refuses an authenticated route when no authenticator is registered', async () => {
    await bareApp();
    expect(() => registerRoute(app, secret, () => Promise.resolve({ secret: 's' }))).toThrow(
      /getSecret .*needs 'session' authentication/,
    );
  });

  it('runs app.authenticate with the route’s auth kind before the handler', async () => {
    await bareApp();
    const authenticate = vi.fn<Authenticator>((request) =>
      request.headers.authorization === 'Bearer good'
        ? Promise.resolve()
        : Promise.reject(unauthorized('User not logged in')),
    );
    app.decorate('authenticate', authenticate);
    const handler = vi.fn(() => Promise.resolve({ secret: 's3cret' }));
    registerRoute(app, secret, handler);

    const denied = await app.inject({ method: 'GET', url: '/api/secret' });
    expect(denied.statusCode).toBe(401);
    expect(denied.json()).toEqual({ success: false, error: 'User not logged in' });
    expect(handler).not.toHaveBeenCalled();

    const allowed = await app.inject({
      method: 'GET',
      url: '/api/secret',
      headers: { authorization: 'Bearer good' },
    });
    expect(allowed.json()).toEqual({ secret: 's3cret' });
    expect(authenticate).toHaveBeenLastCalledWith(expect.anything(), expect.anything(), 'session');
  });

  it('lets a redirect route send its own reply', async () => {
    await bareApp();
    const redirect = defineRoute({
      operationId: 'go',
      method: 'GET',
      path: '/auth/go',
      summary: 'Redirect',
      tag: 'auth',
      auth: 'none',
      response: z.unknown(),
      responseKind: 'redirect',
    });
    registerRoute(app, redirect, async (_request, reply) => reply.redirect('/elsewhere'));
    const response = await app.inject({ method: 'GET', url: '/auth/go' });
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('/elsewhere');
  });
});
