import type { AddressInfo } from 'node:net';
import { TokenValidityResponseSchema } from '@mediadiet/contract/extension';
import { DisabledUrlsResponseSchema, DEFAULT_PROTECTED_SITES } from '@mediadiet/contract/urls';
import { UserUpdatePayloadSchema } from '@mediadiet/contract/realtime';
import { eq } from 'drizzle-orm';
import { io as connect } from 'socket.io-client';
import { describe, expect, it } from 'vitest';
import { extensionKeys } from '../../../src/db/schema.ts';
import { call, customer } from '../../helpers/billing.ts';
import { bearer } from '../../helpers/builders.ts';
import { issueKey, pair, testAppWithEvents } from '../../helpers/extension.ts';

const { t, events } = testAppWithEvents();

const userEvents = (userId: string) => events.filter((e) => e.event === `update_user_${userId}`);

describe('GET /api/extension/auth', () => {
  it('issues a random ≥128-bit key, stored only as a keyed hash', async () => {
    const { userId, token } = await customer(t);
    const a = await issueKey(t, token);
    const b = await issueKey(t, token);
    expect(a).not.toBe(b);
    expect(a).toMatch(/^mdx_[A-Za-z0-9_-]{43}$/); // 32 random bytes
    const rows = await t.db.select().from(extensionKeys).where(eq(extensionKeys.userId, userId));
    expect(rows).toHaveLength(2);
    for (const row of rows) {
      expect(row.keyHash).toMatch(/^[0-9a-f]{64}$/);
      expect(row.keyHash).not.toContain(a.slice(4, 20));
    }
    // A new key from the same browser (user agent) revoked that browser's previous one.
    expect(rows.filter((r) => r.revokedAt === null)).toHaveLength(1);
    expect((await call(t, a, 'GET', '/api/extension/token/validity')).statusCode).toBe(401);
    expect((await call(t, b, 'GET', '/api/extension/token/validity')).statusCode).toBe(200);
  });

  it('keys are per browser: other browsers keep theirs, up to 5 at once (least recently used goes first)', async () => {
    const { userId, token } = await customer(t);
    const live = async () =>
      (await t.db.select().from(extensionKeys).where(eq(extensionKeys.userId, userId))).filter((r) => r.revokedAt === null);
    const chrome = await issueKey(t, token, 'Chrome/156');
    const firefox = await issueKey(t, token, 'Firefox/140');
    for (const key of [chrome, firefox]) {
      expect((await t.app.inject({ method: 'POST', url: '/api/extension/verify', headers: bearer(key) })).statusCode).toBe(200);
    }
    expect(await live()).toHaveLength(2);
    // Three more browsers: five live keys.
    const more = [];
    for (const ua of ['Edge/1', 'Opera/1', 'Brave/1']) more.push(await issueKey(t, token, ua));
    expect(await live()).toHaveLength(5);
    // Use Chrome's key (Firefox's is now the least recently used among the used ones; the three new keys were
    // never used, but are recent), then a sixth browser: the least recently used key goes.
    await t.db.update(extensionKeys).set({ lastUsedAt: new Date(Date.now() - 3_600_000) }).where(eq(extensionKeys.label, 'Firefox/140'));
    const sixth = await issueKey(t, token, 'Vivaldi/1');
    const after = await live();
    expect(after).toHaveLength(5);
    expect(after.map((r) => r.label)).not.toContain('Firefox/140');
    expect((await call(t, firefox, 'GET', '/api/extension/token/validity')).statusCode).toBe(401);
    expect((await call(t, chrome, 'GET', '/api/extension/token/validity')).statusCode).toBe(200);
    expect((await call(t, sixth, 'GET', '/api/extension/token/validity')).statusCode).toBe(200);
    // Disconnect revokes every browser's key.
    expect((await call(t, token, 'DELETE', '/api/extension')).statusCode).toBe(200);
    expect(await live()).toHaveLength(0);
  });

  it('a key never used for 10 minutes (an abandoned pairing) is revoked at the next issue', async () => {
    const { userId, token } = await customer(t);
    const abandoned = await issueKey(t, token, 'Old browser/1');
    await t.db
      .update(extensionKeys)
      .set({ createdAt: new Date(Date.now() - 11 * 60_000) })
      .where(eq(extensionKeys.userId, userId));
    await issueKey(t, token, 'New browser/1');
    const rows = await t.db.select().from(extensionKeys).where(eq(extensionKeys.userId, userId));
    expect(rows.find((r) => r.label === 'Old browser/1')?.revokedAt).not.toBeNull();
    expect((await call(t, abandoned, 'GET', '/api/extension/token/validity')).statusCode).toBe(401);
  });

  it('needs a session: an apiKey is refused there and on every session route', async () => {
    const { token } = await customer(t);
    const apiKey = await pair(t, token);
    for (const [method, url] of [
      ['GET', '/api/extension/auth'],
      ['GET', '/api/extension/status'],
      ['DELETE', '/api/extension'],
      ['GET', '/api/account'],
      ['GET', '/api/account/urls'],
    ] as const) {
      const response = await call(t, apiKey, method, url);
      expect(response.statusCode, url).toBe(401);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/extension/auth' })).statusCode).toBe(401);
  });
});

describe('POST /api/extension/verify', () => {
  it('turns the status on and pushes update_user_{id}', async () => {
    const { userId, token } = await customer(t);
    const apiKey = await issueKey(t, token);
    events.length = 0;
    const response = await call(t, apiKey, 'POST', '/api/extension/verify');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, extension: { status: 'on', isInstalled: false } });
    const [event] = userEvents(userId);
    expect(UserUpdatePayloadSchema.parse(event?.payload).user?.extension.status).toBe('on');
  });

  it('delivers update_user_{id} to the user’s socket', async () => {
    const { userId, token } = await customer(t);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    const socket = connect(url, { transports: ['websocket'], reconnection: false, auth: { token } });
    try {
      await new Promise<void>((resolve, reject) => {
        socket.once('connect', () => resolve());
        socket.once('connect_error', reject);
      });
      const got = new Promise((resolve) => socket.once(`update_user_${userId}`, resolve));
      await pair(t, token);
      expect(UserUpdatePayloadSchema.parse(await got).user?.extension).toEqual({ status: 'on', isInstalled: false });
    } finally {
      socket.disconnect();
    }
  });

  it('refuses a session token, a revoked key and garbage (401, catalogue message)', async () => {
    const { token } = await customer(t);
    const session = await call(t, token, 'POST', '/api/extension/verify');
    expect(session.statusCode).toBe(401);
    expect(session.json()).toEqual({ success: false, error: 'Invalid or revoked extension key' });
    const apiKey = await pair(t, token);
    await call(t, token, 'DELETE', '/api/extension');
    expect((await call(t, apiKey, 'POST', '/api/extension/verify')).statusCode).toBe(401);
    expect((await call(t, 'mdx_' + 'A'.repeat(43), 'POST', '/api/extension/verify')).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: '/api/extension/verify' })).statusCode).toBe(401);
  });
});

describe('GET /api/extension/status, DELETE /api/extension, POST /api/extension/installation', () => {
  it('reports null before pairing, on after, off after disconnect (keys revoked, user event)', async () => {
    const { userId, token } = await customer(t);
    expect((await call(t, token, 'GET', '/api/extension/status')).json()).toEqual({
      success: true,
      extension: { status: null, isInstalled: false },
    });
    const apiKey = await pair(t, token);
    expect((await call(t, token, 'GET', '/api/extension/status')).json<{ extension: { status: string | null; isInstalled: boolean } }>().extension.status).toBe('on');

    events.length = 0;
    const off = await call(t, token, 'DELETE', '/api/extension');
    expect(off.statusCode).toBe(200);
    expect(off.json()).toEqual({ success: true, extension: { status: 'off', isInstalled: false } });
    expect(userEvents(userId)).toHaveLength(1);
    const live = await t.db.select().from(extensionKeys).where(eq(extensionKeys.userId, userId));
    expect(live.every((k) => k.revokedAt !== null)).toBe(true);
    expect((await call(t, apiKey, 'GET', '/api/extension/disabled')).statusCode).toBe(401);
  });

  it('records installation and emits only when it changed', async () => {
    const { userId, token } = await customer(t);
    events.length = 0;
    const on = await call(t, token, 'POST', '/api/extension/installation', { isInstalled: true });
    expect(on.json()).toEqual({ success: true, extension: { status: null, isInstalled: true } });
    expect(userEvents(userId)).toHaveLength(1);
    await call(t, token, 'POST', '/api/extension/installation', { isInstalled: true });
    expect(userEvents(userId)).toHaveLength(1);
    const off = await call(t, token, 'POST', '/api/extension/installation', { isInstalled: false });
    expect(off.json<{ extension: { status: string | null; isInstalled: boolean } }>().extension.isInstalled).toBe(false);
    expect(userEvents(userId)).toHaveLength(2);
    const bad = await call(t, token, 'POST', '/api/extension/installation', { isInstalled: 'yes' });
    expect(bad.statusCode).toBe(400);
  });
});

describe('GET /api/extension/token/validity', () => {
  it('with the key: valid while the status is on; 401 once revoked', async () => {
    const { userId, token } = await customer(t);
    const apiKey = await issueKey(t, token);
    const before = TokenValidityResponseSchema.parse((await call(t, apiKey, 'GET', '/api/extension/token/validity')).json());
    expect(before).toMatchObject({ valid: false, userId });
    await call(t, apiKey, 'POST', '/api/extension/verify');
    const after = TokenValidityResponseSchema.parse((await call(t, apiKey, 'GET', '/api/extension/token/validity')).json());
    expect(after).toEqual({ success: true, valid: true, userId, extension: { status: 'on', isInstalled: false } });
    await call(t, token, 'DELETE', '/api/extension');
    expect((await call(t, apiKey, 'GET', '/api/extension/token/validity')).statusCode).toBe(401);
  });

  it('with a session: reports on the user’s current key', async () => {
    const { token } = await customer(t);
    expect((await call(t, token, 'GET', '/api/extension/token/validity')).json<{ valid: boolean }>().valid).toBe(false);
    await pair(t, token);
    expect((await call(t, token, 'GET', '/api/extension/token/validity')).json<{ valid: boolean }>().valid).toBe(true);
    await call(t, token, 'DELETE', '/api/extension');
    expect((await call(t, token, 'GET', '/api/extension/token/validity')).json<{ valid: boolean }>().valid).toBe(false);
  });

  it('records when a key was last used', async () => {
    const { userId, token } = await customer(t);
    const apiKey = await pair(t, token);
    const [row] = await t.db.select().from(extensionKeys).where(eq(extensionKeys.userId, userId));
    expect(row?.lastUsedAt).toBeInstanceOf(Date);
    expect(apiKey).toBeTruthy();
  });
});

describe('GET /api/extension/disabled', () => {
  it('answers the defaults (with reasons) and the user’s list, with the key or the session', async () => {
    const { token } = await customer(t);
    const apiKey = await pair(t, token);
    await call(t, token, 'POST', '/api/account/urls', { url: 'Reddit.com' });
    for (const credential of [apiKey, token]) {
      const body = DisabledUrlsResponseSchema.parse((await call(t, credential, 'GET', '/api/extension/disabled')).json());
      expect(body.urls.current).toEqual(['reddit.com']);
      expect(body.urls.defaults).toEqual(DEFAULT_PROTECTED_SITES);
    }
    const categories = DEFAULT_PROTECTED_SITES.map((g) => g.category);
    expect(categories).toEqual(expect.arrayContaining(['Banking and payments', 'Health', 'Dating', 'Legal']));
    expect(DEFAULT_PROTECTED_SITES.every((g) => (g.reason ?? '').length > 20)).toBe(true);
    expect((await t.app.inject({ method: 'GET', url: '/api/extension/disabled', headers: bearer('nope') })).statusCode).toBe(401);
  });
});
