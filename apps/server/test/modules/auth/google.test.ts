import { messages, signInErrorMessage } from '@mediadiet/contract/messages';
import { UserSchema } from '@mediadiet/contract/user';
import { eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import type { MutableToken } from 'oauth2-mock-server';
import { describe, expect, it } from 'vitest';
import { oauthIdentities, sessions } from '../../../src/db/schema.ts';
import { authMessages } from '../../../src/modules/auth/messages.ts';
import { signInWithPin } from '../../helpers/auth-flow.ts';
import { randomBytes } from 'node:crypto';
import { bearer, testClock } from '../../helpers/builders.ts';
import { sharedGoogleApp } from '../../helpers/google.ts';
import { withTestApp, type TestApp } from '../../helpers/test-app.ts';

/** Google sign-in (OpenID Connect) against oauth2-mock-server. */

const PUBLIC_URL = 'http://localhost:3999';
const clock = testClock(new Date());
const { t, idp } = sharedGoogleApp({ clock, env: { PUBLIC_URL } });

interface Claims {
  sub: string;
  email?: string;
  email_verified?: boolean;
  name?: string;
}

function cookieHeader(response: LightMyRequestResponse): Record<string, string> {
  return Object.fromEntries(response.cookies.map((c) => [c.name, c.value]));
}

/** Runs the browser's part: /auth/google → IdP → /auth/google/callback. Returns the callback's answer. */
async function googleSignIn(
  app: TestApp,
  claims: Claims,
  options: {
    mode?: 'popup' | 'redirect';
    binding?: string;
    callback?: (url: URL) => URL;
    cookies?: (c: Record<string, string>) => Record<string, string>;
  } = {},
): Promise<LightMyRequestResponse> {
  const binding = options.binding ?? newBinding();
  const start = await app.app.inject({
    method: 'GET',
    url: `/auth/google?mode=${options.mode ?? 'popup'}&binding=${binding}`,
  });
  expect(start.statusCode).toBe(302);
  const authorizeUrl = new URL(start.headers.location as string);
  expect(authorizeUrl.origin).toBe(new URL(idp.issuer.url!).origin);

  const sign = (token: MutableToken) => {
    Object.assign(token.payload, claims);
  };
  idp.service.on('beforeTokenSigning', sign);
  try {
    const authorized = await fetch(authorizeUrl, { redirect: 'manual' });
    let callback = new URL(authorized.headers.get('location')!);
    expect(`${callback.origin}${callback.pathname}`).toBe(`${PUBLIC_URL}/auth/google/callback`);
    if (options.callback) callback = options.callback(callback);
    const cookies = options.cookies ? options.cookies(cookieHeader(start)) : cookieHeader(start);
    return await app.app.inject({ method: 'GET', url: `${callback.pathname}${callback.search}`, cookies });
  } finally {
    idp.service.off('beforeTokenSigning', sign);
  }
}

/** What the web app stores before it opens the Google window. */
function newBinding(): string {
  return randomBytes(32).toString('base64url');
}

/** The web app's POST /auth/google/exchange. */
function exchange(code: string, binding: string, app: TestApp = t) {
  return app.app.inject({ method: 'POST', url: '/auth/google/exchange', payload: { token: code, binding } });
}

/** The whole browser flow: sign in at Google, redeem the code with the flow's binding; the session token. */
async function googleSession(claims: Claims, mode: 'popup' | 'redirect' = 'popup') {
  const binding = newBinding();
  const { token: code, user } = dashboard(await googleSignIn(t, claims, { mode, binding }));
  const redeemed = await exchange(code, binding);
  expect(redeemed.statusCode, redeemed.body).toBe(200);
  expect(redeemed.headers['cache-control']).toBe('no-store');
  const body = redeemed.json<{ success: true; token: string; user: { id: string } }>();
  expect(body.user.id).toBe(user.id);
  return { token: body.token, user, code };
}

function dashboard(response: LightMyRequestResponse) {
  expect(response.statusCode).toBe(302);
  const location = new URL(response.headers.location as string);
  expect(`${location.origin}${location.pathname}`).toBe(`${PUBLIC_URL}/auth/dashboard`);
  expect(location.searchParams.get('success')).toBe('true');
  const token = location.searchParams.get('token')!;
  const user = UserSchema.parse(JSON.parse(location.searchParams.get('user')!));
  return { token, user };
}

function loginError(response: LightMyRequestResponse): string {
  expect(response.statusCode).toBe(302);
  const location = new URL(response.headers.location as string);
  expect(`${location.origin}${location.pathname}`).toBe(`${PUBLIC_URL}/auth/login`);
  // The page is sent a catalogue code, never text; what it shows for the code is the catalogue's text.
  const code = location.searchParams.get('error');
  expect(Object.keys(messages.signInError)).toContain(code);
  return signInErrorMessage(code);
}

describe('GET /auth/google', () => {
  it('starts the authorisation code flow with state, nonce and PKCE (S256), bound to the browser', async () => {
    const binding = newBinding();
    const start = await t.app.inject({ method: 'GET', url: `/auth/google?mode=redirect&binding=${binding}` });
    const url = new URL(start.headers.location as string);
    expect(url.pathname).toBe('/authorize');
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      client_id: 'mediadiet-test-client',
      redirect_uri: `${PUBLIC_URL}/auth/google/callback`,
      response_type: 'code',
      scope: 'openid email profile',
      code_challenge_method: 'S256',
    });
    expect(url.searchParams.get('state')!.length).toBeGreaterThanOrEqual(22);
    expect(url.searchParams.get('nonce')!.length).toBeGreaterThanOrEqual(22);
    expect(url.searchParams.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const setCookie = String(start.headers['set-cookie']);
    expect(setCookie).toMatch(/^md_oidc=/);
    expect(setCookie).toContain('HttpOnly');
    expect(setCookie).toContain('SameSite=Lax');
    expect(setCookie).toContain('Path=/auth/google');
    expect(setCookie).toContain('Max-Age=600');
    // The verifier is in the (signed) cookie, never in the URL.
    expect(start.headers.location).not.toContain(decodeURIComponent(setCookie).split('"codeVerifier":"')[1]!.slice(0, 43));
    // The binding value is kept only as a keyed hash, and never sent on to the identity provider.
    expect(decodeURIComponent(setCookie)).not.toContain(binding);
    expect(start.headers.location).not.toContain(binding);
  });

  it('refuses to start without the binding value, saying what is missing', async () => {
    const start = await t.app.inject({ method: 'GET', url: '/auth/google?mode=popup' });
    expect(start.statusCode).toBe(400);
    expect(start.json<{ error: string }>().error).toMatch(/binding/);
  });
});

describe('GET /auth/google/callback', () => {
  it('creates a user for a new Google account and redirects to the dashboard with token and user', async () => {
    const binding = newBinding();
    const response = await googleSignIn(
      t,
      { sub: 'google-new-1', email: 'New.Person@gmail.com', email_verified: true, name: 'New Person' },
      { binding },
    );
    const { token: code, user } = dashboard(response);
    expect(user).toMatchObject({ email: 'New.Person@gmail.com', name: 'New Person', stripe: null });
    expect(code.length).toBeGreaterThanOrEqual(43);
    // The address carries a code, not a session.
    const withCode = await t.app.inject({ method: 'GET', url: '/api/account/info', headers: bearer(code) });
    expect(withCode.statusCode).toBe(401);
    const redeemed = await exchange(code, binding);
    expect(redeemed.statusCode, redeemed.body).toBe(200);
    const { token } = redeemed.json<{ token: string }>();
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const info = await t.app.inject({ method: 'GET', url: '/api/account/info', headers: bearer(token) });
    expect(info.json<{ user: { id: string } }>().user.id).toBe(user.id);
    const identities = await t.db
      .select({ issuer: oauthIdentities.issuer, subject: oauthIdentities.subject })
      .from(oauthIdentities)
      .where(eq(oauthIdentities.userId, user.id));
    expect(identities).toEqual([{ issuer: idp.issuer.url, subject: 'google-new-1' }]);
    // The transaction cookie is cleared.
    expect(String(response.headers['set-cookie'])).toMatch(/md_oidc=;/);
  });

  it('finds the same user by issuer and subject next time (new session each time), in either mode', async () => {
    const claims = { sub: 'google-returning', email: 'returning@gmail.com', email_verified: true, name: 'R' };
    const first = await googleSession(claims, 'popup');
    // The e-mail at Google changed meanwhile: the subject still identifies the account.
    const second = await googleSession({ ...claims, email: 'changed@gmail.com' }, 'redirect');
    expect(second.user.id).toBe(first.user.id);
    expect(second.user.email).toBe('returning@gmail.com');
    expect(second.token).not.toBe(first.token);
  });

  it('links to an existing account through a verified e-mail', async () => {
    const pinUser = await signInWithPin(t, 'linked@example.com');
    const response = await googleSignIn(t, {
      sub: 'google-linked',
      email: 'LINKED@example.com',
      email_verified: true,
    });
    const { user } = dashboard(response);
    expect(user.id).toBe(pinUser.userId);
  });

  it('does not link through an unverified e-mail', async () => {
    const pinUser = await signInWithPin(t, 'victim@example.com');
    const response = await googleSignIn(t, {
      sub: 'google-attacker',
      email: 'victim@example.com',
      email_verified: false,
    });
    expect(loginError(response)).toBe(authMessages.googleEmailUnverified);
    const identities = await t.db
      .select({ id: oauthIdentities.id })
      .from(oauthIdentities)
      .where(eq(oauthIdentities.subject, 'google-attacker'));
    expect(identities).toEqual([]);
    const victimSessions = await t.db
      .select({ id: sessions.id })
      .from(sessions)
      .where(eq(sessions.userId, pinUser.userId));
    expect(victimSessions).toHaveLength(1); // only the PIN sign-in
  });

  it('does not create an account without an e-mail address', async () => {
    const response = await googleSignIn(t, { sub: 'google-no-email' });
    expect(loginError(response)).toBe(authMessages.googleEmailUnverified);
  });

  it('refuses a state that does not match the browser’s', async () => {
    const response = await googleSignIn(
      t,
      { sub: 'google-state', email: 'state@gmail.com', email_verified: true },
      {
        callback: (url) => {
          url.searchParams.set('state', 'forged-state-value-0000000000');
          return url;
        },
      },
    );
    expect(loginError(response)).toBe(authMessages.googleFailed);
  });

  it('refuses a callback without the browser’s cookie, or with a forged one', async () => {
    const claims = { sub: 'google-cookie', email: 'cookie@gmail.com', email_verified: true };
    const missing = await googleSignIn(t, claims, { cookies: () => ({}) });
    expect(loginError(missing)).toBe(authMessages.googleExpired);

    const forged = await googleSignIn(t, claims, {
      cookies: (c) => ({ md_oidc: c.md_oidc!.replace(/\.[^.]+$/, '.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA') }),
    });
    expect(loginError(forged)).toBe(authMessages.googleExpired);
  });

  it('reports a sign-in cancelled at Google', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/auth/google/callback?error=access_denied&state=x' });
    expect(loginError(response)).toBe(authMessages.googleCancelled);
  });
});

describe('Google sign-in not available', () => {
  it('ends in a clear error when Google is not configured', async () => {
    await withTestApp({ env: { PUBLIC_URL } }, async (bare) => {
      const start = await bare.app.inject({ method: 'GET', url: `/auth/google?mode=popup&binding=${newBinding()}` });
      expect(loginError(start)).toBe('Google sign-in is not configured on this server');
      const callback = await bare.app.inject({ method: 'GET', url: '/auth/google/callback?code=x&state=y' });
      expect(loginError(callback)).toBe(authMessages.googleNotConfigured);
    });
  });

  it('ends in a clear error when the identity provider is unreachable', async () => {
    const env = {
      PUBLIC_URL,
      GOOGLE_CLIENT_ID: 'id',
      GOOGLE_CLIENT_SECRET: 'secret',
      OIDC_ISSUER: 'http://127.0.0.1:9',
    };
    await withTestApp({ env }, async (unreachable) => {
      const start = await unreachable.app.inject({ method: 'GET', url: `/auth/google?binding=${newBinding()}` });
      expect(loginError(start)).toBe(authMessages.googleUnavailable);
    });
  });
});

describe('POST /auth/google/exchange (the code of the Google redirect)', () => {
  const claims = (sub: string) => ({ sub, email: `${sub}@gmail.com`, email_verified: true, name: sub });
  const refused = (response: LightMyRequestResponse) => {
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json<{ error: string }>().error).toBe(messages.security.googleCodeRefused);
  };

  it('redeems a code once: the second redemption is refused', async () => {
    const binding = newBinding();
    const { token: code } = dashboard(await googleSignIn(t, claims('google-once'), { binding }));
    expect((await exchange(code, binding)).statusCode).toBe(200);
    refused(await exchange(code, binding));
  });

  it('refuses a code redeemed with another flow’s binding (a link from someone else), and spends it', async () => {
    // The attacker signs in with their own Google account and sends the victim the resulting address.
    const attackerBinding = newBinding();
    const { token: code } = dashboard(await googleSignIn(t, claims('google-attacker-link'), { binding: attackerBinding }));
    const victimBinding = newBinding();
    refused(await exchange(code, victimBinding));
    // Spent by that attempt: not even its own binding redeems it afterwards.
    refused(await exchange(code, attackerBinding));
    const live = await t.db.select({ id: sessions.id }).from(sessions).innerJoin(oauthIdentities, eq(oauthIdentities.userId, sessions.userId)).where(eq(oauthIdentities.subject, 'google-attacker-link'));
    expect(live).toEqual([]);
  });

  it('refuses a code after about a minute', async () => {
    const binding = newBinding();
    const { token: code } = dashboard(await googleSignIn(t, claims('google-late'), { binding }));
    clock.advance(61_000);
    refused(await exchange(code, binding));
  });

  it('accepts a code within the minute', async () => {
    const binding = newBinding();
    const { token: code } = dashboard(await googleSignIn(t, claims('google-in-time'), { binding }));
    clock.advance(50_000);
    expect((await exchange(code, binding)).statusCode).toBe(200);
  });

  it('refuses an unknown code, and says what is wrong with a malformed request', async () => {
    refused(await exchange(randomBytes(32).toString('base64url'), newBinding()));
    const malformed = await t.app.inject({ method: 'POST', url: '/auth/google/exchange', payload: { token: 'x' } });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json<{ error: string }>().error).toMatch(/token|binding/);
  });

  it('keeps only keyed hashes of codes and bindings', async () => {
    const binding = newBinding();
    const { token: code } = dashboard(await googleSignIn(t, claims('google-hashed'), { binding }));
    const result = (await t.db.execute<{ row: string }>(
      sql`select row_to_json(x)::text as row from oauth_exchange_codes x`,
    )) as { rows: { row: string }[] };
    const stored = result.rows.map((r) => r.row).join('\n');
    expect(stored).not.toContain(code);
    expect(stored).not.toContain(binding);
  });
});
