import { routeAccepts, type RouteDef } from '@mediadiet/contract/http';
import { messages } from '@mediadiet/contract/messages';
import { allRoutes } from '@mediadiet/contract/routes';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { MAX_PARAM_LENGTH } from '../../src/http/route.ts';
import { touchpoint } from '../helpers/extension.ts';
import { buildOwner, NOW, sharedHostileApp, snapshot, type Owner } from './world.ts';

/**
 * Issue #9, hostile input: for every route of the contract, fast-check generates malformed bodies, raw
 * payloads (bad JSON, prototype-pollution keys, unsupported content types, lying Content-Length), path
 * parameters, query strings and headers, sent as the owner (or with the extension key where the route
 * takes it) so that validation is reached. Every answer must be below 500, JSON, in the contract's error
 * shape with a message naming what is wrong and no internals; the stored state must be unchanged.
 */

/** Runs per route and kind of input: ~30 s for the whole file on a shared 2-core machine. */
const RUNS = 12;

const t = sharedHostileApp();
let owner: Owner;
/** A page the owner's extension uploaded (left queued: nothing scores it here), for the state read. */
let uploadedId: string;

beforeAll(async () => {
  owner = await buildOwner(t);
  const uploaded = await t.app.inject({
    method: 'POST',
    url: '/api/extension/touchpoints',
    headers: { authorization: `Bearer ${owner.apiKey}` },
    payload: touchpoint({ capturedAt: NOW.toISOString() }),
  });
  if (uploaded.statusCode !== 202) throw new Error(`upload: ${uploaded.body}`);
  uploadedId = uploaded.json<{ id: string }>().id;
});

// ── What a route needs to be reached ────────────────────────────────────────────────────────────────

/** The owner's credential the route takes (the session where it does, else the extension key); none for public routes. */
function credentialFor(route: RouteDef): Record<string, string> {
  if (route.auth === 'none') return {};
  const token = routeAccepts(route, 'session') ? owner.token : owner.apiKey;
  return { authorization: `Bearer ${token}` };
}

/** Path parameters that pass validation but name nothing of the owner's (so a request cannot change state). */
const NEUTRAL_PARAMS: Record<string, string> = {
  id: '00000000-0000-4000-8000-000000000000',
  url: 'not-on-the-list.com',
  month: '1',
  year: '2025',
};

function pathOf(route: RouteDef, params: Record<string, string> = {}, encode = true): string {
  return route.path.replace(/:(\w+)/g, (_, name: string) => {
    const value = params[name] ?? NEUTRAL_PARAMS[name];
    if (value === undefined) throw new Error(`no neutral value for :${name} of ${route.operationId}`);
    return encode ? encodeURIComponent(value) : value;
  });
}

/**
 * A query string for the routes that need one to reach their body's validation: valid, naming nothing (the
 * weekly letter's unsubscribe: a token of the right form that no account's HMAC matches).
 */
const NEUTRAL_QUERIES: Record<string, string> = {
  digestUnsubscribe: `token=${'A'.repeat(65)}`,
};

/** The route's path with its neutral parameters and, where it needs one, its neutral query string. */
function targetOf(route: RouteDef): string {
  const query = NEUTRAL_QUERIES[route.operationId];
  return query === undefined ? pathOf(route) : `${pathOf(route)}?${query}`;
}

/** Routes that also take a form body (RFC 8058's one-click POST is form-encoded). */
const FORM_ROUTES = new Set(['digestUnsubscribe']);

/** A valid body per route that has one: the fuzz mutates these, so it reaches every field's validation. */
const VALID_BODIES: Record<string, () => unknown> = {
  authRegister: () => ({ name: 'Ann', email: 'ann@example.com' }),
  authPin: () => ({ email: 'ann@example.com' }),
  authVerify: () => ({ email: 'ann@example.com', pin: '123456' }),
  authGoogleExchange: () => ({ token: 'c'.repeat(43), binding: 'b'.repeat(43) }),
  accountPersonalizationUpdate: () => ({
    categoryScores: { emotional: [{ category: 'Empathy', score: 3 }] },
  }),
  accountUrlsAdd: () => ({ url: 'example.com' }),
  preferencesUpdate: () => ({ timeZone: 'Europe/Berlin', weeklyLetter: true }),
  moodCheckIn: () => ({ score: 4, note: 'A calm day' }),
  labelCounts: () => ({
    days: [
      {
        day: NOW.toISOString().slice(0, 10),
        shown: { uplifting: 5, neutral: 4, mixed: 2, draining: 3 },
        opened: { uplifting: 2, neutral: 1, mixed: 0, draining: 1 },
      },
    ],
  }),
  goalsReplace: () => ({
    goals: [
      { kind: 'draining_share', target: 25 },
      { kind: 'site_daily', target: 5, site: 'example.com' },
    ],
  }),
  accountDelete: () => ({ confirmEmail: 'ann@example.com' }),
  extensionInstallation: () => ({ isInstalled: true }),
  extensionTouchpoints: () => touchpoint(),
  subscriptionUpdate: () => ({ planId: 'basic' }),
  subscriptionCreate: () => ({ plan: 'basic', paymentMethodId: 'pm_x' }),
  subscriptionOverage: () => ({ amount: 10 }),
  paymentMethodsSetDefault: () => ({ paymentMethodId: 'pm_x' }),
  paymentUpdate: () => ({ paymentMethodId: 'pm_x' }),
  paymentUpdatePaymentMethod: () => ({ paymentMethodId: 'pm_x' }),
  paymentLocalConfirmSetup: () => ({
    clientSecret: 'seti_x',
    card: { number: '4242424242424242', expMonth: 12, expYear: 2030, cvc: '123' },
  }),
  questionnaireSubmit: () => ({ answers: { sources: ['Newsletters and blogs'] } }),
  questionnaireUpdateScore: () => ({ index: 0, score: 3 }),
  digestUnsubscribe: () => ({ 'List-Unsubscribe': 'One-Click' }),
};

// ── Hostile values ─────────────────────────────────────────────────────────────────────────────────

const nanLike = fc.constantFrom(
  'NaN',
  'Infinity',
  '-Infinity',
  '-0',
  '1e309',
  '0x1F',
  '1_000',
  '',
  ' ',
  'null',
  'undefined',
  'true',
  '[]',
  '{}',
  '\u0000',
);
const unicode = fc.string({ unit: 'binary', maxLength: 40 });
const hugeString = fc.integer({ min: 2_000, max: 40_000 }).map((n) => 'é'.repeat(n));
const deep = fc.integer({ min: 20, max: 3_000 }).map((depth) => {
  let value: unknown = 'bottom';
  for (let i = 0; i < depth; i++) value = i % 2 ? [value] : { a: value };
  return value;
});
const weirdNumber = fc.oneof(
  fc.constantFrom(-1, 0, 2 ** 53 + 1, -(2 ** 63), 1e308, 0.5, -0),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);
/** Objects whose own keys are those that pollute prototypes when merged carelessly. */
const protoObject = fc
  .constantFrom('__proto__', 'constructor', 'prototype', 'hasOwnProperty', 'toString')
  .map((key) => JSON.parse(`{"${key}":{"polluted":true}}`) as unknown);
const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  nanLike,
  unicode,
  hugeString,
  deep,
  weirdNumber,
  protoObject,
  fc.jsonValue({ maxDepth: 3 }),
);

/** Every path to a value inside a JSON body (`[]` = the body itself). */
function pathsOf(value: unknown, prefix: (string | number)[] = []): (string | number)[][] {
  const out = [prefix];
  if (Array.isArray(value)) value.forEach((v, i) => out.push(...pathsOf(v, [...prefix, i])));
  else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) out.push(...pathsOf(v, [...prefix, k]));
  }
  return out;
}

function valueAt(body: unknown, path: (string | number)[]): unknown {
  return path.reduce<unknown>(
    (node, key) => (node as Record<string | number, unknown> | undefined)?.[key],
    body,
  );
}

/** `body` with the value at `path` replaced (or removed, when `value` is `REMOVE`). */
const REMOVE = Symbol('remove');
function withValueAt(body: unknown, path: (string | number)[], value: unknown): unknown {
  if (path.length === 0) return value === REMOVE ? undefined : value;
  const copy = structuredClone(body) as Record<string | number, unknown>;
  let node = copy;
  for (const key of path.slice(0, -1)) node = node[key] as Record<string | number, unknown>;
  const last = path[path.length - 1]!;
  if (value === REMOVE) delete node[last];
  else Object.defineProperty(node, last, { value, enumerable: true, writable: true, configurable: true });
  return copy;
}

/** A body the route's schema refuses: a valid body with one value replaced, removed or added, or any value at all. */
function invalidBody(route: RouteDef): fc.Arbitrary<unknown> {
  const valid = VALID_BODIES[route.operationId]!();
  const paths = pathsOf(valid);
  const mutated = fc
    .tuple(fc.constantFrom(...paths), fc.oneof(hostileValue, fc.constant(REMOVE)))
    .map(([path, value]) => withValueAt(valid, path, value));
  const extraKey = fc
    .tuple(fc.constantFrom('__proto__', 'constructor', 'isAdmin', 'userId', 'success'), hostileValue)
    .map(([key, value]) => withValueAt(valid, [key], value));
  return fc
    .oneof(mutated, extraKey, hostileValue)
    .map((body) => (body === undefined ? null : (JSON.parse(JSON.stringify(body)) as unknown)))
    .filter((body) => !route.body!.safeParse(body).success);
}

/** Payloads that are not JSON at all (no BOM: the parser strips one, so a BOM is not malformed). */
const malformedJson = fc
  .oneof(
    fc.constantFrom(
      '{',
      '{"a":}',
      "{'a':1}",
      '[1,]',
      'NaN',
      'undefined',
      '{"a":1}}',
      '\u0000',
      '   ',
      '{"a":"\\x"}',
    ),
    fc.string({ minLength: 1, maxLength: 60 }),
    fc
      .jsonValue()
      .map((v) => JSON.stringify(v))
      .map((s) => s.slice(0, Math.max(1, s.length - 1))),
  )
  .filter((s) => {
    if (s.startsWith('\uFEFF')) return false;
    try {
      JSON.parse(s);
      return false;
    } catch {
      return true;
    }
  });

const protoJson = fc.constantFrom(
  '{"__proto__":{"polluted":true}}',
  '{"constructor":{"prototype":{"polluted":true}}}',
  '{"a":{"__proto__":{"polluted":true}}}',
  '[{"__proto__":{"polluted":true}}]',
);

/** Content types no parser takes (text/plain and JSON have parsers; anything else is 415). */
const unsupportedType = fc.oneof(
  fc.constantFrom(
    'application/x-www-form-urlencoded',
    'multipart/form-data; boundary=x',
    'application/xml',
    'image/png',
    'application/octet-stream',
  ),
  fc.stringMatching(/^[a-z0-9.+-]{1,20}$/).map((s) => `application/x-${s}`),
);

/** Percent-encoding that does not decode, or path segments that try to escape the route. */
const badPathSegment = fc.constantFrom('%', '%zz', '%E0%A4%A', '%C0%AF', '%00', '..', '%2e%2e%2f', '%2F');

// ── What every answer must look like ────────────────────────────────────────────────────────────────

const FRAMEWORK_MESSAGES = new Set<string>([
  messages.server.invalidJson,
  messages.server.emptyJson,
  messages.server.contentLengthMismatch,
  messages.server.badUrl,
  messages.server.paramTooLong(MAX_PARAM_LENGTH),
]);

/** No stack frames, file paths, SQL or framework codes in anything a caller reads. */
function expectNoInternals(text: string) {
  expect(text).not.toMatch(
    /\bat .+:\d+:\d+|node_modules|\/src\/|FST_ERR|ECONN|syntax error at|relation "|\bSELECT\b|\bINSERT\b/,
  );
}

/** A refusal: 4xx, JSON in the contract's error shape, a message that says something. */
function expectRefusal(response: LightMyRequestResponse, allowed: readonly number[] = []) {
  expect(response.statusCode, response.body).toBeGreaterThanOrEqual(400);
  expect(response.statusCode, response.body).toBeLessThan(500);
  if (allowed.length) expect(allowed, response.body).toContain(response.statusCode);
  expect(response.headers['content-type']).toMatch(/^application\/json/);
  const body = response.json<{ success: unknown; error: unknown }>();
  expect(body.success).toBe(false);
  expect(typeof body.error).toBe('string');
  expect((body.error as string).length).toBeGreaterThan(3);
  expectNoInternals(response.body);
  return body.error as string;
}

/** Any answer but a failure of ours: below 500, JSON (or a redirect with a Location), no internals. */
function expectHandled(route: RouteDef, response: LightMyRequestResponse) {
  expect(response.statusCode, response.body).toBeLessThan(500);
  if (response.statusCode >= 400) return expectRefusal(response);
  if (route.responseKind === 'redirect') expect(response.headers.location).toBeTruthy();
  else expect(response.headers['content-type']).toMatch(/^application\/json/);
  expectNoInternals(response.body);
  return null;
}

function isBodyValidationMessage(error: string): boolean {
  return /^body(\.[^:\s]+)?: \S/.test(error);
}

async function send(options: InjectOptions): Promise<LightMyRequestResponse> {
  return t.app.inject(options);
}

async function expectStateUnchanged(run: () => Promise<void>) {
  const before = await snapshot(t);
  await run();
  expect(await snapshot(t)).toEqual(before);
  expect(({} as Record<string, unknown>).polluted).toBeUndefined();
}

const runs = { numRuns: RUNS };

// ── The properties, route by route ──────────────────────────────────────────────────────────────────

describe.each(
  allRoutes.map((route) => [`${route.operationId} (${route.method} ${route.path})`, route] as const),
)('%s', (_name, route) => {
  const hasBodyParsing = route.method !== 'GET';

  if (route.body !== undefined)
    it('refuses malformed bodies with a 400 naming the field', async () => {
      expect(VALID_BODIES[route.operationId], `no VALID_BODIES entry for ${route.operationId}`).toBeDefined();
      await expectStateUnchanged(() =>
        fc.assert(
          fc.asyncProperty(invalidBody(route), async (body) => {
            const response = await send({
              method: route.method,
              url: targetOf(route),
              headers: { ...credentialFor(route), 'content-type': 'application/json' },
              payload: JSON.stringify(body),
            });
            const error = expectRefusal(response, [400, 413]);
            if (response.statusCode === 413)
              expect(error).toMatch(/^Request body is too large: this call accepts at most \d+ bytes$/);
            else
              expect(isBodyValidationMessage(error) || error === messages.server.invalidJson, error).toBe(
                true,
              );
          }),
          runs,
        ),
      );
    });

  const valid = route.body ? VALID_BODIES[route.operationId]?.() : undefined;
  const strings = pathsOf(valid).filter((path) => typeof valueAt(valid, path) === 'string');

  if (strings.length > 0)
    it('refuses a NUL character in any string of a valid body, naming the field', async () => {
      const nul = fc
        .tuple(fc.string({ maxLength: 10 }), fc.string({ maxLength: 10 }))
        .map(([a, b]) => `${a}\u0000${b}`);
      await expectStateUnchanged(() =>
        fc.assert(
          fc.asyncProperty(fc.constantFrom(...strings), nul, async (path, value) => {
            const response = await send({
              method: route.method,
              url: targetOf(route),
              headers: credentialFor(route),
              payload: withValueAt(valid, path, value) as Record<string, unknown>,
            });
            const error = expectRefusal(response, [400]);
            expect(error).toBe(`body.${path.join('.')}: must not contain the NUL character (\\u0000)`);
          }),
          runs,
        ),
      );
    });

  if (hasBodyParsing)
    it('refuses bad JSON, pollution keys, unknown content types and a lying Content-Length', async () => {
      const raw = fc.oneof(
        fc.record({
          type: fc.constantFrom('application/json', 'application/json; charset=utf-8'),
          payload: malformedJson,
          lie: fc.constant(0),
        }),
        fc.record({ type: fc.constant('application/json'), payload: protoJson, lie: fc.constant(0) }),
        // Valid JSON, deeply nested: refused by the schema of a route with a body (a route without one ignores it).
        ...(route.body
          ? [
              fc.record({
                type: fc.constant('application/json'),
                payload: fc.integer({ min: 100, max: 15_000 }).map((n) => `${'['.repeat(n)}${']'.repeat(n)}`),
                lie: fc.constant(0),
              }),
            ]
          : []),
        fc.record({
          type: FORM_ROUTES.has(route.operationId)
            ? unsupportedType.filter(
                (type) => !/^(application\/x-www-form-urlencoded|multipart\/form-data)/.test(type),
              )
            : unsupportedType,
          payload: fc.string({ minLength: 1, maxLength: 200 }),
          lie: fc.constant(0),
        }),
        fc.record({
          type: fc.constant('application/json'),
          payload: fc.constant('{}'),
          lie: fc.oneof(fc.integer({ min: -2, max: -1 }), fc.integer({ min: 1, max: 500 })),
        }),
      );
      await expectStateUnchanged(() =>
        fc.assert(
          fc.asyncProperty(raw, async ({ type, payload, lie }) => {
            const headers: Record<string, string> = { ...credentialFor(route), 'content-type': type };
            if (lie) headers['content-length'] = String(Buffer.byteLength(payload) + lie);
            const response = await send({ method: route.method, url: targetOf(route), headers, payload });
            const error = expectRefusal(response, [400, 413, 415]);
            if (response.statusCode === 415)
              expect(error).toMatch(/^Unsupported content-type ".+": send the body as application\/json$/);
            else if (response.statusCode === 400) {
              expect(FRAMEWORK_MESSAGES.has(error) || isBodyValidationMessage(error), error).toBe(true);
            }
          }),
          runs,
        ),
      );
    });

  if (route.params !== undefined)
    it('handles any path parameter: never a 5xx, a 400/414 naming it when invalid', async () => {
      const names = Object.keys(route.params!.shape);
      const value = fc.oneof(
        unicode.filter((s) => s.length > 0),
        nanLike.filter((s) => s.length > 0),
        fc.integer({ min: 150, max: MAX_PARAM_LENGTH + 500 }).map((n) => 'a'.repeat(n)),
        fc.constantFrom(
          '../../etc/passwd',
          '<script>',
          "' OR 1=1 --",
          '00000000-0000-0000-0000-000000000000',
        ),
      );
      const params = fc.record(Object.fromEntries(names.map((n) => [n, value])));
      const raw = fc.record(Object.fromEntries(names.map((n) => [n, badPathSegment])));
      await expectStateUnchanged(() =>
        fc.assert(
          fc.asyncProperty(
            fc.oneof(
              params.map((p) => ({ p, encode: true })),
              raw.map((p) => ({ p, encode: false })),
            ),
            async ({ p, encode }) => {
              fc.pre(!Object.values(p).some((v) => v.toLowerCase() === owner.domain));
              let url: string;
              try {
                url = pathOf(route, p, encode);
              } catch {
                return; // a lone surrogate cannot be percent-encoded: no client can send it
              }
              const response = await send({ method: route.method, url, headers: credentialFor(route) });
              const error = expectHandled(route, response);
              if (response.statusCode === 400) {
                expect(/^params\.\w+: \S/.test(error!) || error === messages.server.badUrl, error!).toBe(
                  true,
                );
              }
              if (response.statusCode === 414)
                expect(error).toBe(messages.server.paramTooLong(MAX_PARAM_LENGTH));
            },
          ),
          runs,
        ),
      );
    });

  if (route.query !== undefined)
    it('handles any query string: never a 5xx, a 400 naming the field when invalid', async () => {
      const known = Object.keys(route.query!.shape);
      const key = fc.oneof(
        fc.constantFrom(...known),
        fc.constantFrom(
          '__proto__',
          'constructor',
          'hasOwnProperty',
          `${known[0]}[]`,
          `${known[0]}[a]`,
          '__proto__[polluted]',
        ),
      );
      const value = fc.oneof(
        unicode,
        nanLike,
        fc.integer({ min: -5, max: 400 }).map(String),
        fc.constant('a'.repeat(5000)),
      );
      const pairs = fc.array(fc.tuple(key, value), { minLength: 1, maxLength: 4 });
      await expectStateUnchanged(() =>
        fc.assert(
          fc.asyncProperty(pairs, async (list) => {
            const query = list
              .map(([k, v]) => {
                try {
                  return `${encodeURIComponent(k)}=${encodeURIComponent(v)}`;
                } catch {
                  return `${encodeURIComponent(k)}=%E0%A4%A`; // what a lone surrogate becomes: bad encoding
                }
              })
              .join('&');
            const response = await send({
              method: route.method,
              url: `${pathOf(route)}?${query}`,
              headers: credentialFor(route),
            });
            const error = expectHandled(route, response);
            if (response.statusCode === 400) expect(error).toMatch(/^querystring\.[^:\s]+: \S/);
          }),
          runs,
        ),
      );
    });

  if (route.auth !== 'none')
    it('refuses forged, mangled and oversized credentials with a 401', async () => {
      const mangled = fc.tuple(fc.nat(), fc.constantFrom('A', '-', '_', '%', ' ')).map(([i, c]) => {
        const token = routeAccepts(route, 'session') ? owner.token : owner.apiKey;
        const at = i % token.length;
        return `Bearer ${token.slice(0, at)}${token[at] === c ? 'B' : c}${token.slice(at + 1)}`;
      });
      const authorization = fc.oneof(
        fc.string({ maxLength: 80 }),
        fc.string({ maxLength: 80 }).map((s) => `Bearer ${s}`),
        mangled,
        fc.constantFrom(
          `Basic ${Buffer.from('a:b').toString('base64')}`,
          'Bearer',
          'Bearer  ',
          `Bearer ${'x'.repeat(8000)}`,
          `bearer ${owner.token} extra`,
        ),
        fc.constantFrom(
          // The other credential where the route does not take it.
          routeAccepts(route, 'session') ? `Bearer ${owner.apiKey}` : `Bearer ${owner.token}`,
        ),
      );
      const cookie = fc.oneof(
        fc.constant(undefined),
        fc.string({ maxLength: 100 }),
        fc.constantFrom(`session=${owner.token}`, 'a=%E0%A4%A; b', '=; ;='),
      );
      await expectStateUnchanged(() =>
        fc.assert(
          fc.asyncProperty(authorization, cookie, async (auth, cookieHeader) => {
            // Headers Node would refuse to send are not part of the test (only printable latin-1 reaches us).
            fc.pre(
              /^[\t\x20-\x7e\x80-\xff]*$/.test(auth) &&
                (cookieHeader === undefined || /^[\t\x20-\x7e\x80-\xff]*$/.test(cookieHeader)),
            );
            const alternative = routeAccepts(route, 'session') && routeAccepts(route, 'extension');
            fc.pre(!(alternative && auth === `Bearer ${owner.apiKey}`));
            const headers: Record<string, string> = { authorization: auth };
            if (cookieHeader !== undefined) headers.cookie = cookieHeader;
            const response = await send({ method: route.method, url: pathOf(route), headers });
            expectRefusal(response, [401]);
          }),
          runs,
        ),
      );
    });
});

describe('as the owner, with hostile extra headers', () => {
  /** Reads that change nothing (GET /api/extension/auth issues a new key, so it is not one). */
  const reads = allRoutes.filter(
    (r) => r.method === 'GET' && r.auth !== 'none' && r.operationId !== 'extensionAuth',
  );

  it('answers every read as usual whatever the cookies, agent, language, forwarding and accept headers say', async () => {
    const header = fc.string({ maxLength: 200 }).filter((s) => /^[\t\x20-\x7e]*$/.test(s));
    await expectStateUnchanged(() =>
      fc.assert(
        fc.asyncProperty(
          fc.constantFrom(...reads),
          fc.record(
            {
              cookie: header,
              'user-agent': header,
              'accept-language': header,
              'x-forwarded-for': header,
              accept: header,
              'content-type': header,
            },
            { requiredKeys: [] },
          ),
          async (route, extra) => {
            const params: Record<string, string> =
              route.operationId === 'analysisGet'
                ? { id: owner.analysisId }
                : route.operationId === 'paymentInvoicePdf'
                  ? { id: owner.invoiceId }
                  : route.operationId === 'extensionTouchpoint'
                    ? { id: uploadedId }
                    : {};
            // A read whose query is required gets a valid one: only the headers are hostile here.
            const query =
              route.operationId === 'analysisTrends' || route.operationId === 'analysisPages'
                ? '?period=2026-11'
                : '';
            const response = await send({
              method: 'GET',
              url: `${pathOf(route, params)}${query}`,
              headers: { ...extra, ...credentialFor(route) },
            });
            expect(response.statusCode, `${route.operationId}: ${response.body}`).toBe(
              route.successStatus ?? 200,
            );
          },
        ),
        { numRuns: RUNS * 4 },
      ),
    );
  });

  it('is still up and ready afterwards', async () => {
    expect((await send({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    expect((await send({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
  });
});
