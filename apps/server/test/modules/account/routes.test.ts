import { AccountExportResponseSchema } from '@mediadiet/contract/account';
import { messages } from '@mediadiet/contract/messages';
import { UserResponseSchema } from '@mediadiet/contract/user';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { loginPins, oauthIdentities, sessions, users } from '../../../src/db/schema.ts';
import { post, signInWithPin } from '../../helpers/auth-flow.ts';
import { bearer } from '../../helpers/builders.ts';
import { sharedTestApp } from '../../helpers/test-app.ts';

let n = 0;
const email = () => `acct${++n}@example.com`;

const t = sharedTestApp({ env: { AUTH_RATE_LIMIT_PER_IP: '1000' } });

const get = (url: string, token: string) => t.app.inject({ method: 'GET', url, headers: bearer(token) });
const del = (token: string, confirmEmail: unknown) =>
  t.app.inject({ method: 'DELETE', url: '/api/account', headers: bearer(token), payload: { confirmEmail } });

describe('GET /api/account/info and GET /api/account', () => {
  it.each(['/api/account/info', '/api/account'])('%s answers {success, user} for the caller', async (url) => {
    const address = email();
    const { token, userId } = await signInWithPin(t, address, 'Alex');
    const response = await get(url, token);
    expect(response.statusCode).toBe(200);
    const body = UserResponseSchema.parse(response.json());
    expect(body.user).toMatchObject({ id: userId, email: address, name: 'Alex' });
  });

  it('needs a session', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/account' });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ success: false, error: messages.server.unauthorized });
  });
});

describe('GET /api/account/export', () => {
  it('returns everything held about the caller, without secrets', async () => {
    const address = email();
    const first = await signInWithPin(t, address, 'Exporter');
    const { token, userId } = await signInWithPin(t, address);
    await t.db.insert(oauthIdentities).values({
      userId,
      issuer: 'https://accounts.google.com',
      subject: 'g-123',
      email: address,
      createdAt: new Date(),
      lastUsedAt: new Date(),
    });
    const response = await get('/api/account/export', token);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const data = AccountExportResponseSchema.parse(response.json());
    expect(data.user).toMatchObject({ id: userId, email: address, name: 'Exporter' });
    expect(data).toMatchObject({
      subscription: null,
      analyses: [],
      ignoredSites: [],
      personalization: null,
      answers: null,
      paymentMethods: [],
      invoices: [],
    });
    expect(data.sessions).toHaveLength(2);
    expect(data.sessions!.filter((s) => s.current)).toHaveLength(1);
    expect(data.sessions!.every((s) => s.method === 'pin')).toBe(true);
    expect(data.identities).toEqual([
      expect.objectContaining({ issuer: 'https://accounts.google.com', subject: 'g-123', email: address }),
    ]);
    const raw = response.body;
    expect(raw).not.toContain(token);
    expect(raw).not.toContain(first.token);
    expect(raw).not.toMatch(/token_?hash|pin_?hash/i);
  });
});

describe('DELETE /api/account', () => {
  it('refuses a confirmation that is not the account’s e-mail', async () => {
    const { token, userId } = await signInWithPin(t, email());
    const response = await del(token, 'someone.else@example.com');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ success: false, error: messages.server.confirmEmailMismatch });
    expect((await del(token, 'not an email')).statusCode).toBe(400);
    expect(await t.app.users.findById(userId)).not.toBeNull();
  });

  it('deletes the account and all its data, and nobody else’s', async () => {
    const address = email();
    const victim = await signInWithPin(t, address);
    await post(t, '/auth/pin', { email: address }); // a pending PIN too
    const bystanderEmail = email();
    const bystander = await signInWithPin(t, bystanderEmail, 'Bystander');
    await post(t, '/auth/pin', { email: bystanderEmail });

    const response = await del(victim.token, address.toUpperCase());
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true });

    expect((await get('/api/account/info', victim.token)).statusCode).toBe(401);
    for (const [table, column] of [
      [sessions, sessions.userId],
      [loginPins, loginPins.userId],
      [oauthIdentities, oauthIdentities.userId],
    ] as const) {
      expect(await t.db.select({ userId: column }).from(table).where(eq(column, victim.userId))).toEqual([]);
    }
    expect(await t.db.select({ id: users.id }).from(users).where(eq(users.id, victim.userId))).toEqual([]);

    // The other account is untouched.
    const other = await get('/api/account/info', bystander.token);
    expect(other.json<{ user: { name: string } }>().user.name).toBe('Bystander');
    expect(await t.db.select({ id: loginPins.id }).from(loginPins).where(eq(loginPins.userId, bystander.userId))).toHaveLength(1);

    // The address is free again.
    expect((await post(t, '/auth/register', { email: address, name: 'Again' })).statusCode).toBe(200);
  });
});
