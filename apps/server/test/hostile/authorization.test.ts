import { buildPath, routeAccepts, type RouteDef } from '@mediadiet/contract/http';
import { allRoutes, routesById, type OperationId } from '@mediadiet/contract/routes';
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { CARDS, call, cardId } from '../helpers/billing.ts';
import { touchpoint } from '../helpers/extension.ts';
import { buildAnswers } from '../helpers/questionnaire.ts';
import type { TestApp } from '../helpers/test-app.ts';
import { buildOwner, NOW, sharedHostileApp, snapshot, type Owner, type OwnerOptions } from './world.ts';

/**
 * Issue #9, the authorization matrix: every route of the contract is called anonymously, by another
 * signed-in user (B), with the owner's other credential (the extension key on a user route, the session on
 * an extension-only route), and by the owner (A). Exactly the owner succeeds; anonymous gets 401; a wrong
 * kind of credential gets 401; B gets 404 for anything of A's it names (spec: another user's analysis id is
 * not found), and on routes about "my account" acts on B's own — never on A's, whose stored rows must be
 * untouched by every call but the owner's.
 *
 * A route added to the contract without a fixture here, or a public route not listed with its reason,
 * fails the first test.
 */

/** Routes anyone may call, and why. They are called anonymously and must not answer 401 or 5xx. */
type PublicId =
  | 'authLoggedIn'
  | 'authGoogle'
  | 'authGoogleCallback'
  | 'authGoogleExchange'
  | 'authRegister'
  | 'authPin'
  | 'authVerify'
  | 'digestUnsubscribe'
  | 'digestUnsubscribePage'
  | 'devOutbox';
const PUBLIC: Record<PublicId, string> = {
  authLoggedIn:
    'answers loggedIn false to a caller without a live session (the client asks before it has one)',
  authGoogle: 'starts Google sign-in: the caller has no session yet',
  authGoogleCallback: "the identity provider's redirect back: the caller has no session yet",
  authGoogleExchange: 'redeems the single-use code of a Google sign-in (bound to its flow) for a session',
  authRegister: 'creates an account',
  authPin: 'e-mails a sign-in PIN to an existing account',
  authVerify: 'exchanges e-mail and PIN for a session',
  digestUnsubscribe:
    "the weekly letter's one-click unsubscribe (RFC 8058): a mail client posts it without a session; the HMAC token names the account",
  digestUnsubscribePage:
    "the letter's unsubscribe link opened in a browser: a redirect to the page that asks first",
  devOutbox:
    'development outbox, mounted only in development and tests, without SMTP, and answering only this machine (tests and e2e read PINs from it)',
};

interface World {
  a: Owner;
  b: Owner;
  /** What a fixture's `prepare` made for the requests (e.g. a setup intent's client secret). */
  made: Record<string, string>;
}

interface Fixture {
  /** 'resource': names something of A's, so B gets 404. 'self': about the caller's own account; B acts on B's. */
  scope: 'resource' | 'self';
  /** The owner's minimal valid request. */
  request?: (w: World) => { params?: Record<string, string>; query?: string; body?: unknown };
  /** Runs first, as the owner (e.g. cancel before reactivate); what it answers goes to `w.made`. */
  prepare?: (t: TestApp, w: World) => Promise<Record<string, string> | void>;
  /** B's status on a 'resource' route (default 404). */
  otherUserStatus?: number;
  /** Whether the owner's (or B's) call changes what later routes rely on: such a route gets users of its own. */
  fresh?: boolean;
  /** How A and B are built for a `fresh` route (default: Premium, everything owned). */
  users?: OwnerOptions;
}

const FIXTURES: Record<Exclude<OperationId, PublicId>, Fixture> = {
  authLogout: { scope: 'self', fresh: true },
  accountInfo: { scope: 'self' },
  accountGet: { scope: 'self' },
  accountPersonalizationGet: { scope: 'self' },
  accountPersonalizationUpdate: {
    scope: 'self',
    request: () => ({ body: { categoryScores: {} } }),
  },
  accountUrlsList: { scope: 'self' },
  accountUrlsAdd: { scope: 'self', request: () => ({ body: { url: 'another-site.com' } }) },
  // Removing is idempotent: B "removes" A's domain from B's own list, which leaves A's list as it is.
  accountUrlsRemove: { scope: 'self', request: (w) => ({ params: { url: w.a.domain } }) },
  accountExport: { scope: 'self' },
  goalsList: { scope: 'self' },
  // B replaces B's own list; A's goals are not touched.
  goalsReplace: {
    scope: 'self',
    request: () => ({ body: { goals: [{ kind: 'uplifting_weekly', target: 3 }] } }),
  },
  // Check-ins are the caller's own: B's check-in lands on B's day, never on A's.
  moodCheckIn: { scope: 'self', request: () => ({ body: { score: 3 } }) },
  moodList: { scope: 'self' },
  preferencesGet: { scope: 'self' },
  // B's letter goes to B: A's letter rows are not touched.
  digestSend: { scope: 'self' },
  // B's change of zone is B's own: A's days stay cut where they were.
  preferencesUpdate: { scope: 'self', request: () => ({ body: { timeZone: 'Asia/Tokyo' } }) },
  moodToday: { scope: 'self' },
  moodInsight: { scope: 'self' },
  // Link labels: the key reads its owner's context and writes its owner's counts (B's land on B's account);
  // the figures take a session.
  labelContext: { scope: 'self' },
  labelCounts: {
    scope: 'self',
    request: () => ({
      body: {
        days: [
          {
            day: NOW.toISOString().slice(0, 10),
            shown: { uplifting: 3, neutral: 2, mixed: 1, draining: 4 },
            opened: { uplifting: 1, neutral: 0, mixed: 0, draining: 1 },
          },
        ],
      },
    }),
  },
  labelInsights: { scope: 'self' },
  accountDevices: { scope: 'self' },
  // B tries to sign out a second session of A's: not found, and A's session stays live.
  accountDeviceSignOut: {
    scope: 'resource',
    prepare: async (t, w) => ({ sessionId: (await t.app.sessions.create(w.a.userId, 'pin')).sessionId }),
    request: (w) => ({ params: { id: w.made.sessionId! } }),
  },
  // B tries to disconnect the browser A paired: not found, and A's key stays live.
  accountDeviceDisconnect: {
    scope: 'resource',
    fresh: true,
    prepare: async (t, w) => {
      const devices = await call(t, w.a.token, 'GET', '/api/account/devices');
      return { keyId: devices.json<{ extensions: { id: string }[] }>().extensions[0]!.id };
    },
    request: (w) => ({ params: { id: w.made.keyId! } }),
  },
  accountSignOutOthers: { scope: 'self', fresh: true },
  // A card of its own: the deleted account's trial markers (decision 103) must not refuse the other worlds' trials.
  accountDelete: {
    scope: 'self',
    fresh: true,
    users: { card: CARDS.visaDebit },
    request: (w) => ({ body: { confirmEmail: w.a.email } }),
  },

  extensionStatus: { scope: 'self' },
  extensionVerify: { scope: 'self' },
  extensionDisconnect: { scope: 'self', fresh: true },
  extensionInstallation: { scope: 'self', request: () => ({ body: { isInstalled: true } }) },
  extensionTokenValidity: { scope: 'self' },
  extensionDisabled: { scope: 'self' },
  extensionAuth: { scope: 'self', fresh: true },
  extensionTouchpoints: {
    scope: 'self',
    request: () => ({ body: touchpoint({ capturedAt: NOW.toISOString() }) }),
  },
  // What became of an uploaded page: B's key naming A's page gets 404.
  extensionTouchpoint: { scope: 'resource', request: (w) => ({ params: { id: w.a.analysisId } }) },

  analysisRecent: { scope: 'self' },
  analysisGet: { scope: 'resource', request: (w) => ({ params: { id: w.a.analysisId } }) },
  // Forgetting a page: B naming A's analysis gets 404 and A's analysis stays.
  analysisDelete: {
    scope: 'resource',
    fresh: true,
    request: (w) => ({ params: { id: w.a.analysisId } }),
  },
  analysisInsights: { scope: 'self' },
  analysisInsightsPeriod: { scope: 'self', request: () => ({ params: { month: '3', year: '2025' } }) },
  analysisTrends: { scope: 'self', request: () => ({ query: 'period=2025-03' }) },
  analysisPages: { scope: 'self', request: () => ({ query: 'period=2025-03' }) },

  subscriptionGet: { scope: 'self' },
  subscriptionUpdate: { scope: 'self', fresh: true, request: () => ({ body: { planId: 'basic' } }) },
  subscriptionCancel: { scope: 'self', fresh: true },
  subscriptionReactivate: {
    scope: 'self',
    fresh: true,
    prepare: async (t, w) => {
      const cancelled = await call(t, w.a.token, 'POST', '/api/subscription/cancel');
      expect(cancelled.statusCode, cancelled.body).toBe(200);
    },
  },
  // B (without a plan too) tries to subscribe with A's card: not found.
  subscriptionCreate: {
    scope: 'resource',
    fresh: true,
    users: { plan: 'none' },
    request: (w) => ({ body: { plan: 'basic', paymentMethodId: w.a.paymentMethodId } }),
  },
  subscriptionPlans: { scope: 'self' },
  subscriptionOverage: { scope: 'self', request: () => ({ body: { amount: 0 } }) },
  subscriptionWizardShown: { scope: 'self' },

  paymentMethodsList: { scope: 'self' },
  paymentMethodsDelete: {
    scope: 'resource',
    fresh: true,
    request: (w) => ({ params: { id: w.a.spareCardId } }),
  },
  paymentMethodsSetDefault: {
    scope: 'resource',
    fresh: true,
    request: (w) => ({ body: { paymentMethodId: w.a.spareCardId } }),
  },
  paymentIntent: { scope: 'self' },
  // B tries to attach a card A has just confirmed.
  paymentUpdate: {
    scope: 'resource',
    fresh: true,
    prepare: async (t, w) => ({ newCard: await cardId(t, w.a.token) }),
    request: (w) => ({ body: { paymentMethodId: w.made.newCard } }),
  },
  paymentUpdatePaymentMethod: {
    scope: 'resource',
    fresh: true,
    request: (w) => ({ body: { paymentMethodId: w.a.spareCardId } }),
  },
  paymentHistory: { scope: 'self' },
  paymentCurrent: { scope: 'self' },
  paymentInvoice: {
    scope: 'resource',
    request: (w) => ({ query: `id=${encodeURIComponent(w.a.invoiceId)}` }),
  },
  paymentInvoicePdf: { scope: 'resource', request: (w) => ({ params: { id: w.a.invoiceId } }) },
  // B tries to confirm a card on A's setup intent: refused like any unknown or spent intent (400), so a
  // client secret's existence is not disclosed either way.
  paymentLocalConfirmSetup: {
    scope: 'resource',
    otherUserStatus: 400,
    prepare: async (t, w) => {
      const intent = await call(t, w.a.token, 'POST', '/api/payment/intent');
      return { clientSecret: intent.json<{ clientSecret: string }>().clientSecret };
    },
    request: (w) => ({
      body: {
        clientSecret: w.made.clientSecret,
        card: { number: '4242424242424242', expMonth: 12, expYear: 2030, cvc: '123' },
      },
    }),
  },
  pricingGet: { scope: 'self' },

  questionnaireGet: { scope: 'self' },
  questionnaireSubmit: {
    scope: 'self',
    fresh: true,
    users: { questionnaire: false },
    request: () => ({ body: { answers: buildAnswers() } }),
  },
  questionnaireUpdateScore: { scope: 'self', request: () => ({ body: { index: 0, score: 4 } }) },
  questionnaireOptOut: { scope: 'self', fresh: true, users: { questionnaire: false } },
};

const t = sharedHostileApp();
let shared: World;

async function buildWorld(options: OwnerOptions = {}): Promise<World> {
  // B's questionnaire state matters to no route's check (B only has to be a real, paying user): skip scoring it.
  return {
    a: await buildOwner(t, options),
    b: await buildOwner(t, { ...options, questionnaire: false }),
    made: {},
  };
}

beforeAll(async () => {
  shared = await buildWorld();
});

type Caller = 'anonymous' | 'session' | 'key';

async function send(
  route: RouteDef,
  w: World,
  who: Owner | null,
  credential: Caller,
  fixture: Fixture | undefined,
) {
  const req = fixture?.request?.(w) ?? {};
  let body = req.body;
  const url = `${buildPath(route.path, req.params ?? {})}${req.query ? `?${req.query}` : ''}`;
  const headers: Record<string, string> = {};
  if (who && credential !== 'anonymous') {
    headers.authorization = `Bearer ${credential === 'session' ? who.token : who.apiKey}`;
  }
  if (body === undefined && route.body) body = {};
  return t.app.inject({
    method: route.method,
    url,
    headers,
    ...(body === undefined ? {} : { payload: body as Record<string, unknown> }),
  });
}

function expectJsonError(response: LightMyRequestResponse, status: number, label: string) {
  expect(response.statusCode, `${label}: ${response.body}`).toBe(status);
  const body = response.json<{ success: unknown; error: unknown }>();
  expect(body.success).toBe(false);
  expect(typeof body.error).toBe('string');
}

describe('the matrix covers the contract', () => {
  it('has a fixture or a stated reason for every route, and nothing else', () => {
    const ids = allRoutes.map((r) => r.operationId).sort();
    const covered = [...Object.keys(FIXTURES), ...Object.keys(PUBLIC)].sort();
    expect(covered).toEqual(ids);
    for (const id of Object.keys(PUBLIC)) expect(routesById[id as OperationId].auth, id).toBe('none');
    for (const id of Object.keys(FIXTURES)) expect(routesById[id as OperationId].auth, id).not.toBe('none');
  });
});

describe.each(allRoutes.filter((r) => r.auth === 'none').map((r) => [r.operationId, r] as const))(
  'public: %s',
  (_id, route) => {
    it('answers an anonymous caller (no 401, no 5xx)', async () => {
      const response = await send(route, shared, null, 'anonymous', undefined);
      expect(response.statusCode, response.body).toBeLessThan(500);
      expect(response.statusCode).not.toBe(401);
    });
  },
);

describe('public: devOutbox from another machine', () => {
  it('is refused (403) to any address but loopback, and to forwarded requests', async () => {
    for (const remoteAddress of ['203.0.113.9', '10.0.0.5', '2001:db8::5']) {
      const response = await t.app.inject({ method: 'GET', url: '/dev/outbox', remoteAddress });
      expect(response.statusCode, remoteAddress).toBe(403);
    }
    const forwarded = await t.app.inject({
      method: 'GET',
      url: '/dev/outbox',
      headers: { 'x-forwarded-for': '203.0.113.9' },
    });
    expect(forwarded.statusCode).toBe(403);
  });
});

describe.each(
  allRoutes
    .filter((r) => r.auth !== 'none')
    .map((r) => [`${r.operationId} (${r.method} ${r.path})`, r] as const),
)('%s', (_name, route) => {
  it('only the owner succeeds', async () => {
    const fixture = FIXTURES[route.operationId as keyof typeof FIXTURES];
    const base = fixture.fresh ? await buildWorld(fixture.users) : shared;
    const w: World = { ...base, made: (await fixture.prepare?.(t, base)) ?? {} };
    const success = route.successStatus ?? 200;
    const main: Caller = routeAccepts(route, 'session') ? 'session' : 'key';
    const before = await snapshot(t, w.a.userId);

    // Anonymous, and with a credential of A's that the route does not take.
    expectJsonError(await send(route, w, null, 'anonymous', fixture), 401, 'anonymous');
    if (!routeAccepts(route, 'extension'))
      expectJsonError(await send(route, w, w.a, 'key', fixture), 401, "A's key");
    if (!routeAccepts(route, 'session'))
      expectJsonError(await send(route, w, w.a, 'session', fixture), 401, "A's session");

    // Another user.
    const asB = await send(route, w, w.b, main, fixture);
    if (fixture.scope === 'resource') expectJsonError(asB, fixture.otherUserStatus ?? 404, 'B');
    else expect(asB.statusCode, `B: ${asB.body}`).toBeLessThan(500);
    if (fixture.scope === 'self' && asB.statusCode < 300 && route.responseKind !== 'binary') {
      expect(asB.body, "B's answer carries nothing of A's").not.toContain(w.a.userId);
    }

    // None of that touched A's rows.
    expect(await snapshot(t, w.a.userId)).toEqual(before);

    // The owner, with each credential the route takes.
    for (const credential of ['session', 'key'] as const) {
      if (!routeAccepts(route, credential === 'session' ? 'session' : 'extension')) continue;
      const response = await send(route, w, w.a, credential, fixture);
      expect(response.statusCode, `A (${credential}): ${response.body}`).toBe(success);
    }
  });
});
