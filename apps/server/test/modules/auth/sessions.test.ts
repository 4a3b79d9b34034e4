import { api } from '@mediadiet/contract/routes';
import { messages } from '@mediadiet/contract/messages';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { sessions } from '../../../src/db/schema.ts';
import { DAY, MINUTE } from '../../../src/lib/clock.ts';
import { registerRoute } from '../../../src/http/route.ts';
import { requireAuth } from '../../../src/http/auth-context.ts';
import { post, signInWithPin } from '../../helpers/auth-flow.ts';
import { bearer, testClock } from '../../helpers/builders.ts';
import { sharedTestApp } from '../../helpers/test-app.ts';

const clock = testClock();
let n = 0;
const email = () => `sam${++n}@example.com`;

const info = (token: string) => t.app.inject({ method: 'GET', url: '/api/account/info', headers: bearer(token) });

const extensionPing = {
  operationId: 'testExtensionPing',
  method: 'GET',
  path: '/test/extension-ping',
  summary: 'test',
  tag: 'test',
  auth: 'extension',
  response: z.object({ success: z.literal(true), userId: z.string(), kind: z.string() }),
} as const;
const extensionOrSession = { ...extensionPing, operationId: 'testEither', path: '/test/either', authAlternatives: ['session'] } as const;

const t = sharedTestApp({
    clock,
    env: { AUTH_RATE_LIMIT_PER_IP: '1000' },
    setup: (app) => {
      const handler = (request: Parameters<Parameters<typeof registerRoute>[2]>[0]) => {
        const auth = requireAuth(request);
        return Promise.resolve({ success: true as const, userId: auth.userId, kind: auth.kind });
      };
      registerRoute(app, extensionPing, handler);
      registerRoute(app, extensionOrSession, handler);
    },
  });

describe('sessions', () => {
  it('issues a new token at every sign-in', async () => {
    const address = email();
    const first = await signInWithPin(t, address);
    const second = await signInWithPin(t, address);
    expect(second.userId).toBe(first.userId);
    expect(second.token).not.toBe(first.token);
    expect((await info(first.token)).statusCode).toBe(200);
    expect((await info(second.token)).statusCode).toBe(200);
  });

  it('stores only a hash of the token', async () => {
    const { token, userId } = await signInWithPin(t, email());
    const rows = await t.db.select().from(sessions).where(eq(sessions.userId, userId));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(rows)).not.toContain(token);
    const raw = await t.database.db.execute(`select * from sessions`);
    expect(JSON.stringify(raw)).not.toContain(token);
  });

  it('ends after 7 days without use, and slides while used', async () => {
    const { token } = await signInWithPin(t, email());
    clock.advance(6 * DAY);
    expect((await info(token)).statusCode).toBe(200); // used: the 7 days start again
    clock.advance(6 * DAY);
    expect((await info(token)).statusCode).toBe(200);
    clock.advance(7 * DAY);
    const expired = await info(token);
    expect(expired.statusCode).toBe(401);
    expect(expired.json()).toEqual({ success: false, error: messages.server.unauthorized });
  });

  it('writes last_seen_at at most once a minute', async () => {
    const { token, userId } = await signInWithPin(t, email());
    const lastSeen = async () =>
      (await t.db.select({ at: sessions.lastSeenAt }).from(sessions).where(eq(sessions.userId, userId)))[0]!.at;
    const start = await lastSeen();
    clock.advance(30_000);
    await info(token);
    expect(await lastSeen()).toEqual(start);
    clock.advance(MINUTE);
    await info(token);
    expect((await lastSeen()).getTime()).toBe(clock().getTime());
  });

  it('ends 30 days after sign-in even when used every day', async () => {
    const { token } = await signInWithPin(t, email());
    for (let day = 1; day < 30; day++) {
      clock.advance(DAY);
      expect((await info(token)).statusCode).toBe(200);
    }
    clock.advance(DAY);
    expect((await info(token)).statusCode).toBe(401);
  });

  it('POST /auth/logout revokes the session (and only that one)', async () => {
    const address = email();
    const a = await signInWithPin(t, address);
    const b = await signInWithPin(t, address);
    const out = await post(t, '/auth/logout', {}, { token: a.token });
    expect(out.statusCode).toBe(200);
    expect(out.json()).toEqual({ success: true });
    expect((await info(a.token)).statusCode).toBe(401);
    expect((await post(t, '/auth/logout', {}, { token: a.token })).statusCode).toBe(401);
    expect((await info(b.token)).statusCode).toBe(200);
  });

  it('refuses missing, malformed and unknown bearers', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/account/info' })).statusCode).toBe(401);
    for (const authorization of ['Bearer', 'Basic abc', 'Bearer x', `Bearer ${'A'.repeat(43)}`]) {
      const response = await t.app.inject({ method: 'GET', url: '/api/account/info', headers: { authorization } });
      expect(response.statusCode).toBe(401);
    }
  });
});

describe('POST /auth/loggedin', () => {
  it('answers loggedIn true with the user for a live session', async () => {
    const { token, userId } = await signInWithPin(t, email());
    const response = await post(t, api.authLoggedIn.path, {}, { token });
    expect(response.statusCode).toBe(200);
    const body = response.json<{ success: boolean; loggedIn: boolean; user: { id: string } }>();
    expect(body.loggedIn).toBe(true);
    expect(body.user.id).toBe(userId);
  });

  it('answers loggedIn false without a token, with an unknown one and after logout', async () => {
    expect((await post(t, '/auth/loggedin', {})).json()).toEqual({ success: true, loggedIn: false, user: null });
    expect((await post(t, '/auth/loggedin', {}, { token: 'A'.repeat(43) })).json()).toMatchObject({
      loggedIn: false,
    });
    const { token } = await signInWithPin(t, email());
    await post(t, '/auth/logout', {}, { token });
    expect((await post(t, '/auth/loggedin', {}, { token })).json()).toMatchObject({ loggedIn: false, user: null });
  });
});

describe('extension keys', () => {
  it('refuses extension routes to a session token', async () => {
    const { token } = await signInWithPin(t, email());
    const response = await t.app.inject({ method: 'GET', url: '/test/extension-ping', headers: bearer(token) });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ success: false, error: messages.extension.invalidApiKey });
  });

  it('lets a route that also accepts a session (authAlternatives) through with one', async () => {
    const { token, userId } = await signInWithPin(t, email());
    const response = await t.app.inject({ method: 'GET', url: '/test/either', headers: bearer(token) });
    expect(response.json()).toEqual({ success: true, userId, kind: 'session' });
  });

  it('uses the registered verifier (the extension module\'s), and only one', async () => {
    const { userId, token } = await signInWithPin(t, email());
    const { apiKey } = await t.app.extensionKeys.issue(userId);
    const ok = await t.app.inject({ method: 'GET', url: '/test/extension-ping', headers: bearer(apiKey) });
    expect(ok.json()).toEqual({ success: true, userId, kind: 'extension' });
    const session = await t.app.inject({ method: 'GET', url: '/test/extension-ping', headers: bearer(token) });
    expect(session.statusCode).toBe(401);
    const bad = await t.app.inject({ method: 'GET', url: '/test/extension-ping', headers: bearer('x'.repeat(40)) });
    expect(bad.statusCode).toBe(401);
    expect(() => t.app.registerExtensionKeyVerifier(() => Promise.resolve(null))).toThrow('already registered');
  });
});
