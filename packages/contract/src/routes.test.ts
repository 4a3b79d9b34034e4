import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import { buildPath, defineContract, defineRoute, routeAccepts, type RouteDef } from './http';
import { allRoutes, api, contract, extraApi, routeSchemas, routesById, specRoutes } from './routes';
import { parseCallTable, specPath, specText } from '../test/spec-source';

/** Spec §7's call table, row by row (method + path, as the spec writes it). */
const SPEC_CALLS = [
  'POST /auth/loggedin',
  'POST /auth/logout',
  'GET /auth/google',
  'POST /auth/register',
  'POST /auth/pin',
  'POST /auth/verify',
  'GET /api/account/info',
  'GET /api/account',
  'GET /api/account/personalization',
  'PATCH /api/account/personalization',
  'GET /api/account/urls',
  'POST /api/account/urls',
  'DELETE /api/account/urls/{url}',
  'GET /api/extension/status',
  'POST /api/extension/verify',
  'DELETE /api/extension',
  'POST /api/extension/installation',
  'GET /api/extension/token/validity',
  'GET /api/extension/disabled',
  'GET /api/extension/auth',
  'GET /api/analysis/recent',
  'GET /api/analysis/get/{id}',
  'GET /api/analysis/insights',
  'GET /api/analysis/insights/{month}/{year}',
  'GET /api/subscription',
  'POST /api/subscription/update',
  'POST /api/subscription/cancel',
  'POST /api/subscription/reactivate',
  'POST /api/subscription/create',
  'GET /api/subscription/plans',
  'PATCH /api/subscription/overage',
  'PATCH /api/subscription/chrome',
  'GET /api/payment/methods',
  'DELETE /api/payment/methods/{id}',
  'POST /api/payment/methods/default',
  'POST /api/payment/intent',
  'POST /api/payment/update',
  'POST /api/payment/update-payment-method',
  'GET /api/payment/history',
  'GET /api/payment/current',
  'GET /api/payment/invoice',
  'GET /api/pricing',
  'GET /api/questionnaire',
  'POST /api/questionnaire',
  'PATCH /api/questionnaire',
  'DELETE /api/questionnaire',
] as const;

const key = (r: Pick<RouteDef, 'method' | 'specPath'>) => `${r.method} ${r.specPath ?? ''}`;

describe('spec §7 calls', () => {
  it('embeds all 46 rows', () => {
    expect(SPEC_CALLS).toHaveLength(46);
    expect(new Set(SPEC_CALLS).size).toBe(46);
  });

  it.runIf(specText !== undefined)(`matches the table in the spec (${specPath ?? 'absent'})`, () => {
    expect(parseCallTable(specText!)).toEqual([...SPEC_CALLS]);
  });

  it('has exactly one route per row, with the same method and specPath', () => {
    for (const call of SPEC_CALLS) {
      const matches = specRoutes.filter((r) => key(r) === call);
      expect(matches, call).toHaveLength(1);
    }
    expect(specRoutes).toHaveLength(SPEC_CALLS.length);
    // Grouped by domain, not in the spec's order (the personalization calls are the questionnaire's).
    expect(specRoutes.map(key).sort()).toEqual([...SPEC_CALLS].sort());
  });

  it('keys api by operationId and keeps operationIds unique across all routes', () => {
    for (const [id, route] of Object.entries({ ...api, ...extraApi })) expect(route.operationId).toBe(id);
    const ids = allRoutes.map((r) => r.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    expect(Object.keys(routesById)).toHaveLength(ids.length);
    for (const id of ids) expect(id).toMatch(/^[a-z][A-Za-z]+$/);
  });

  it('writes each Fastify path as the spec path with :params', () => {
    for (const r of specRoutes) expect(r.path, r.operationId).toBe(r.specPath!.replace(/\{(\w+)\}/g, ':$1'));
  });

  it('declares a params schema exactly for the path parameters', () => {
    for (const r of allRoutes) {
      const names = [...r.path.matchAll(/:(\w+)/g)].map((m) => m[1]);
      expect(Object.keys(r.params?.shape ?? {}).sort(), r.operationId).toEqual(names.sort());
    }
  });

  it('has no two routes with the same method and path', () => {
    const keys = allRoutes.map((r) => `${r.method} ${r.path}`);
    expect(new Set(keys).size).toBe(keys.length);
  });
});

describe('the contract per domain', () => {
  it('holds every route in exactly one domain, keyed by its operationId', () => {
    const seen = new Map<string, string>();
    for (const [domain, routes] of Object.entries(contract)) {
      expect(Object.keys(routes).length, domain).toBeGreaterThan(0);
      for (const [id, route] of Object.entries(routes) as [string, RouteDef][]) {
        expect(route.operationId).toBe(id);
        expect(seen.get(id), `${id} in ${domain} and ${seen.get(id)}`).toBeUndefined();
        seen.set(id, domain);
        expect(routesById[id as keyof typeof routesById]).toBe(route);
      }
    }
    expect([...seen.keys()].sort()).toEqual(allRoutes.map((r) => r.operationId).sort());
  });

  it('splits the routes into spec §7 (api) and the rest (extraApi) without loss', () => {
    for (const r of specRoutes) expect(api[r.operationId as keyof typeof api]).toBe(r);
    expect(Object.keys(api).sort()).toEqual(specRoutes.map((r) => r.operationId).sort());
    expect([...Object.keys(api), ...Object.keys(extraApi)].sort()).toEqual(Object.keys(routesById).sort());
  });

  it('keys a domain by operationId at compile time', () => {
    const ping = defineRoute({
      operationId: 'ping',
      method: 'GET',
      path: '/ping',
      summary: 'Ping',
      tag: 'test',
      auth: 'none',
      response: z.object({ success: z.literal(true) }),
    });
    expect(Object.keys(defineContract({ ping }))).toEqual(['ping']);
    // @ts-expect-error -- a key that is not its route's operationId (tsc -b checks this line)
    expect(Object.keys(defineContract({ pong: ping }))).toEqual(['pong']);
  });

  it('puts the calls of one screen area in one domain', () => {
    expect(Object.keys(contract.analysis).sort()).toEqual([
      'analysisDelete',
      'analysisGet',
      'analysisInsights',
      'analysisInsightsPeriod',
      'analysisPages',
      'analysisRecent',
      'analysisTrends',
    ]);
    expect(Object.keys(contract.questionnaire)).toContain('accountPersonalizationUpdate');
    expect(Object.keys(contract.touchpoints).sort()).toEqual(['extensionTouchpoint', 'extensionTouchpoints']);
  });
});

describe('additional routes', () => {
  it('are in allRoutes but not in specRoutes, without a specPath', () => {
    expect(allRoutes).toHaveLength(specRoutes.length + Object.keys(extraApi).length);
    for (const r of Object.values(extraApi) as RouteDef[]) {
      expect(allRoutes).toContain(r);
      expect(specRoutes).not.toContain(r);
      expect(r.specPath).toBeUndefined();
    }
  });

  it('include the ones later work needs', () => {
    expect(key({ method: extraApi.accountExport.method, specPath: extraApi.accountExport.path })).toBe(
      'GET /api/account/export',
    );
    expect(`${extraApi.accountDelete.method} ${extraApi.accountDelete.path}`).toBe('DELETE /api/account');
    expect(extraApi.accountDelete.body.parse({ confirmEmail: 'a@b.co' })).toEqual({ confirmEmail: 'a@b.co' });
    expect(`${extraApi.extensionTouchpoints.method} ${extraApi.extensionTouchpoints.path}`).toBe(
      'POST /api/extension/touchpoints',
    );
    expect(extraApi.extensionTouchpoints.auth).toBe('extension');
    expect(extraApi.extensionTouchpoints.successStatus).toBe(202);
    expect(`${extraApi.devOutbox.method} ${extraApi.devOutbox.path}`).toBe('GET /dev/outbox');
    expect(extraApi.devOutbox.auth).toBe('none');
  });
});

/** The operation ids of the routes that take `auth`, sorted. */
const operationIdsWithAuth = (auth: RouteDef['auth']) =>
  allRoutes
    .filter((r) => r.auth === auth)
    .map((r) => r.operationId)
    .sort();

describe('auth', () => {
  it("leaves the sign-in calls and the weekly letter's unsubscribe open", () => {
    const open = operationIdsWithAuth('none');
    expect(open).toEqual([
      'authGoogle',
      'authGoogleCallback',
      'authGoogleExchange',
      'authLoggedIn',
      'authPin',
      'authRegister',
      'authVerify',
      'devOutbox',
      // A mail client posts it without a session (RFC 8058); the token in the address names the account.
      'digestUnsubscribe',
      'digestUnsubscribePage',
    ]);
  });

  it('takes the apiKey bearer on the extension calls', () => {
    const ext = operationIdsWithAuth('extension');
    expect(ext).toEqual([
      'extensionDisabled',
      'extensionTokenValidity',
      'extensionTouchpoint',
      'extensionTouchpoints',
      'extensionVerify',
      // Link labels (decision 160): what labelling needs, and the counts; never the figures.
      'labelContext',
      'labelCounts',
    ]);
    expect(routeAccepts(api.extensionDisabled, 'session')).toBe(true);
    expect(routeAccepts(api.extensionTokenValidity, 'session')).toBe(true);
    expect(routeAccepts(api.extensionVerify, 'session')).toBe(false);
    expect(routeAccepts(extraApi.extensionTouchpoints, 'session')).toBe(false);
    expect(routeAccepts(extraApi.extensionTouchpoint, 'session')).toBe(false);
    expect(routeAccepts(api.accountInfo, 'extension')).toBe(false);
    expect(routeAccepts(extraApi.labelContext, 'session')).toBe(false);
    expect(routeAccepts(extraApi.labelCounts, 'session')).toBe(false);
    expect(routeAccepts(extraApi.labelInsights, 'extension')).toBe(false);
  });

  it('lets the key into exactly these session calls besides its own (decisions 112, 157)', () => {
    const alsoByKey = allRoutes
      .filter((r) => r.auth === 'session' && routeAccepts(r, 'extension'))
      .map((r) => r.operationId)
      .sort();
    expect(alsoByKey).toEqual(['accountUrlsAdd', 'goalsList', 'moodCheckIn', 'moodToday']);
  });

  it('requires a session everywhere else', () => {
    const open = new Set(['digestUnsubscribe', 'digestUnsubscribePage']);
    for (const r of allRoutes.filter(
      (x) => x.path.startsWith('/api/') && x.auth !== 'extension' && !open.has(x.operationId),
    )) {
      expect(r.auth, r.operationId).toBe('session');
    }
  });

  it('marks the Google start as a redirect', () => {
    expect(api.authGoogle.responseKind).toBe('redirect');
    expect(extraApi.authGoogleCallback.responseKind).toBe('redirect');
  });
});

describe('schemas convert to JSON Schema (OpenAPI)', () => {
  for (const route of allRoutes) {
    for (const { part, schema } of routeSchemas(route)) {
      it(`${route.operationId} ${part}`, () => {
        const io = part === 'response' ? 'output' : 'input';
        expect(() => z.toJSONSchema(schema, { unrepresentable: 'any', io })).not.toThrow();
        // Stricter than needed: nothing in the contract is unrepresentable, in either direction.
        expect(() => z.toJSONSchema(schema, { io: 'input' })).not.toThrow();
        expect(() => z.toJSONSchema(schema, { io: 'output' })).not.toThrow();
      });
    }
  }

  it('gives response objects a success: true property', () => {
    for (const r of allRoutes.filter((x) => x.responseKind !== 'redirect' && x.responseKind !== 'binary')) {
      const json = z.toJSONSchema(r.response) as { properties?: Record<string, { const?: unknown }> };
      expect(json.properties?.success?.const, r.operationId).toBe(true);
    }
  });
});

describe('buildPath', () => {
  it('fills and encodes parameters', () => {
    expect(buildPath(api.accountUrlsRemove.path, { url: 'example.com/a b' })).toBe(
      '/api/account/urls/example.com%2Fa%20b',
    );
    expect(buildPath(api.analysisInsightsPeriod.path, { month: 1, year: 2025 })).toBe(
      '/api/analysis/insights/1/2025',
    );
    expect(() => buildPath(api.analysisGet.path)).toThrow(/Missing path parameter "id"/);
  });
});
