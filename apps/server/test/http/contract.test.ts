import { defineContract, defineRoute } from '@mediadiet/contract/http';
import { allRoutes, contract } from '@mediadiet/contract/routes';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { implement, serializeResponse } from '../../src/http/route.ts';
import errorHandler from '../../src/plugins/error-handler.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

/**
 * The contract bound to the server (decision 143): every route of every domain contract is served; nothing
 * under /api or /auth is served outside it (but the API docs, and Stripe's webhook when Stripe is configured);
 * and the binding refuses a domain implemented in part, at compile time (`tsc -b` checks the
 * `@ts-expect-error` lines below) and at registration for code that escapes the types.
 */

describe('the built app', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('serves every route of every domain contract', () => {
    const missing = allRoutes.filter((r) => !t.app.hasRoute({ method: r.method, url: r.path }));
    expect(missing.map((r) => `${r.operationId} ${r.method} ${r.path}`)).toEqual([]);
    expect(allRoutes.length).toBeGreaterThanOrEqual(60);
  });

  it('serves no API route outside the contract', () => {
    const contractRoutes = new Set(allRoutes.map((r) => `${r.method} ${r.path}`));
    const outside = [...servedRoutes(t.app)].filter(
      (route) => /^[A-Z]+ \/(api|auth)\//.test(route) && !route.includes(' /api/docs'),
    );
    expect(outside.filter((route) => !contractRoutes.has(route))).toEqual([]);
    expect(outside.sort()).toEqual(
      [...contractRoutes].filter((r) => r.includes(' /api/') || r.includes(' /auth/')).sort(),
    );
  });
});

/**
 * `METHOD /path` of every route the app serves (HEAD and OPTIONS aside), read from `printRoutes`: a tree whose
 * lines are `│   ├── /segment (GET, HEAD)`, each segment continuing its parent's path.
 */
function servedRoutes(app: FastifyInstance): Set<string> {
  const served = new Set<string>();
  const parents: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^((?:│ {3}| {4})*)[├└]── (\S+)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!match) continue;
    const depth = match[1]!.length / 4;
    const path = (parents[depth - 1] ?? '') + match[2]!;
    parents[depth] = path;
    parents.length = depth + 1;
    for (const method of match[3]?.split(', ') ?? []) {
      if (method !== 'HEAD' && method !== 'OPTIONS') served.add(`${method} ${path}`);
    }
  }
  return served;
}

// ── The binding itself, on a bare app ──────────────────────────────────────────────────────────────

const ThingSchema = z.object({ success: z.literal(true), thing: z.object({ name: z.string() }) });
const things = defineContract({
  thingGet: defineRoute({
    operationId: 'thingGet',
    method: 'GET',
    path: '/api/things/:name',
    summary: 'A thing',
    tag: 'things',
    auth: 'none',
    params: z.object({ name: z.string() }),
    response: ThingSchema,
  }),
  thingCount: defineRoute({
    operationId: 'thingCount',
    method: 'GET',
    path: '/api/things',
    summary: 'How many things',
    tag: 'things',
    auth: 'none',
    response: z.object({ success: z.literal(true), count: z.number().int() }),
  }),
});

const thingGet = (request: { params: { name: string } }) =>
  Promise.resolve({ success: true as const, thing: { name: request.params.name } });
const thingCount = () => Promise.resolve({ success: true as const, count: 2 });

async function bareApp(): Promise<FastifyInstance> {
  const app = Fastify({ logger: false });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  await app.register(errorHandler);
  return app;
}

describe('implement', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await bareApp();
  });
  afterAll(() => app.close());

  it('registers a handler for every route of the domain', async () => {
    implement(app, things, { thingGet, thingCount });
    expect((await app.inject({ method: 'GET', url: '/api/things/hammer' })).json()).toEqual({
      success: true,
      thing: { name: 'hammer' },
    });
    expect((await app.inject({ method: 'GET', url: '/api/things' })).json()).toEqual({
      success: true,
      count: 2,
    });
  });

  it('does not compile, and throws, when a route has no handler or a handler no route', async () => {
    const other = await bareApp();
    // @ts-expect-error -- thingCount has no handler
    expect(() => implement(other, things, { thingGet })).toThrow(
      /thingCount \(GET \/api\/things\) has no handler/,
    );
    // @ts-expect-error -- thingDelete is no route of the contract
    expect(() => implement(other, things, { thingGet, thingCount, thingDelete: thingCount })).toThrow(
      /no route of the contract: thingDelete/,
    );
    await other.close();
  });

  it('does not compile a handler whose answer breaks the response schema, or that sends it past the schema', () => {
    const wrongShape = () => Promise.resolve({ success: true as const, thing: { name: 1 } });
    const sentPastTheSchema = (_request: unknown, reply: FastifyReply) => Promise.resolve(reply.send('{}'));
    const otherRoutesBytes = () =>
      Promise.resolve(serializeResponse(things.thingCount, { success: true, count: 1 }));
    // Compile-time only: these lines exist for `tsc -b`, which fails if any of them compiles.
    const never = (): void => {
      // @ts-expect-error -- thing.name must be a string
      implement(app, things, { thingGet: wrongShape, thingCount });
      // @ts-expect-error -- a JSON route answers its body (or its serialised bytes), not a reply it sent itself
      implement(app, things, { thingGet: sentPastTheSchema, thingCount });
      // @ts-expect-error -- bytes serialised with another route's response schema
      implement(app, things, { thingGet: otherRoutesBytes, thingCount });
    };
    expect(never).toBeTypeOf('function');
  });
});

describe('serializeResponse', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await bareApp();
    const bytes = serializeResponse(things.thingGet, { success: true, thing: { name: 'kept' } });
    implement(app, things, { thingGet: () => Promise.resolve(bytes), thingCount });
  });
  afterAll(() => app.close());

  it('sends the bytes as the route would have serialised the body', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/things/anything' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(response.body).toBe('{"success":true,"thing":{"name":"kept"}}');
  });

  it('encodes with the response schema: unknown keys are dropped, a broken body throws', () => {
    const extra = { success: true as const, thing: { name: 'a', secret: 'x' } };
    expect(serializeResponse(things.thingGet, extra).toString()).toBe(
      '{"success":true,"thing":{"name":"a"}}',
    );
    expect(() => serializeResponse(things.thingGet, { success: true, thing: { name: 1 } } as never)).toThrow(
      /doesn't match the schema/,
    );
  });

  it('makes the bytes the contract route itself would send', () => {
    const body = { success: true as const, id: '0b1c2d3e-4f50-4a6b-8c7d-8e9fa0b1c2d3' };
    const bytes = serializeResponse(contract.analysis.analysisDelete, body);
    expect(JSON.parse(bytes.toString())).toEqual(body);
  });
});
