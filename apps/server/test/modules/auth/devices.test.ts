import { randomUUID } from 'node:crypto';
import type { DevicesResponse } from '@mediadiet/contract/account';
import { messages } from '@mediadiet/contract/messages';
import { describe, expect, it, vi } from 'vitest';
import { coarsePlace } from '../../../src/lib/address.ts';
import { describeUserAgent } from '../../../src/lib/user-agent.ts';
import { latestPin, post } from '../../helpers/auth-flow.ts';
import { bearer } from '../../helpers/builders.ts';
import { issueKey } from '../../helpers/extension.ts';
import { sharedTestApp } from '../../helpers/test-app.ts';

/** Settings → Signed-in devices: list, sign one out, sign out everywhere else, disconnect one browser. */

const CHROME_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const FIREFOX_ANDROID = 'Mozilla/5.0 (Android 14; Mobile; rv:132.0) Gecko/132.0 Firefox/132.0';
const SAFARI_MAC =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_6) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15';

const t = sharedTestApp({ env: { AUTH_RATE_LIMIT_PER_IP: '1000' } });

/** Signs the address in from a browser at an address: the session token. */
async function signIn(email: string, userAgent: string, ip: string): Promise<string> {
  const registered = await post(t, '/auth/register', { email, name: 'Pat' }, { ip });
  if (registered.statusCode === 409) await post(t, '/auth/pin', { email }, { ip });
  const pin = await latestPin(t, email);
  const verified = await t.app.inject({
    method: 'POST',
    url: '/auth/verify',
    payload: { email, pin },
    remoteAddress: ip,
    headers: { 'user-agent': userAgent },
  });
  expect(verified.statusCode, verified.body).toBe(200);
  return verified.json<{ token: string }>().token;
}

function request(token: string, method: 'GET' | 'POST' | 'DELETE', url: string, ip = '127.0.0.1') {
  return t.app.inject({ method, url, headers: bearer(token), remoteAddress: ip });
}

async function devices(token: string): Promise<DevicesResponse> {
  const response = await request(token, 'GET', '/api/account/devices');
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers['cache-control']).toBe('no-store');
  return response.json<DevicesResponse>();
}

const userIdOf = async (token: string) =>
  (await request(token, 'GET', '/api/account/info')).json<{ user: { id: string } }>().user.id;

const isLive = async (token: string) => (await request(token, 'GET', '/api/account/info')).statusCode === 200;

describe('GET /api/account/devices', () => {
  it('lists the live sessions with browser, coarse place and last use, marking this device', async () => {
    const email = `devices-${randomUUID().slice(0, 8)}@example.com`;
    const laptop = await signIn(email, CHROME_WINDOWS, '203.0.113.57');
    const phone = await signIn(email, FIREFOX_ANDROID, '2001:db8:85a3:1234::7');
    const old = await signIn(email, SAFARI_MAC, '198.51.100.9');
    expect((await request(old, 'POST', '/auth/logout')).statusCode).toBe(200);

    const list = await devices(laptop);
    expect(list.sessions).toHaveLength(2); // the signed-out one is gone
    expect(list.sessions[0]!.current).toBe(true); // this device first
    const byBrowser = Object.fromEntries(list.sessions.map((s) => [s.browser, s]));
    expect(byBrowser['Chrome on Windows']).toMatchObject({ place: '203.0.113.x', current: true });
    expect(byBrowser['Firefox on Android']).toMatchObject({ place: '2001:db8:85a3::/48', current: false });
    expect(JSON.stringify(list)).not.toContain('203.0.113.57');
    expect(JSON.stringify(list)).not.toContain(laptop);
    expect((await devices(phone)).sessions.find((s) => s.current)?.browser).toBe('Firefox on Android');
  });

  it('lists paired browsers, one per browser', async () => {
    const email = `keys-${randomUUID().slice(0, 8)}@example.com`;
    const token = await signIn(email, CHROME_WINDOWS, '203.0.113.1');
    await issueKey(t, token, CHROME_WINDOWS);
    await issueKey(t, token, FIREFOX_ANDROID);
    const list = await devices(token);
    expect(list.extensions.map((e) => e.browser).sort()).toEqual(['Chrome on Windows', 'Firefox on Android']);
  });

  it('shows nothing of another user', async () => {
    const a = await signIn(`a-${randomUUID().slice(0, 8)}@example.com`, CHROME_WINDOWS, '203.0.113.2');
    const b = await signIn(`b-${randomUUID().slice(0, 8)}@example.com`, SAFARI_MAC, '203.0.113.3');
    await issueKey(t, a, CHROME_WINDOWS);
    const listB = await devices(b);
    expect(listB.sessions).toHaveLength(1);
    expect(listB.extensions).toEqual([]);
  });
});

describe('signing devices out', () => {
  it('signs one device out at once (here and, through the cluster, on every other instance)', async () => {
    const email = `one-${randomUUID().slice(0, 8)}@example.com`;
    const laptop = await signIn(email, CHROME_WINDOWS, '203.0.113.4');
    const phone = await signIn(email, FIREFOX_ANDROID, '203.0.113.5');
    expect(await isLive(phone)).toBe(true); // remembered by this instance's cache
    const phoneId = (await devices(laptop)).sessions.find((s) => !s.current)!.id;
    const userId = await userIdOf(laptop);
    const broadcast = vi.spyOn(t.app.cluster, 'broadcast');
    try {
      const response = await request(laptop, 'DELETE', `/api/account/devices/sessions/${phoneId}`);
      expect(response.statusCode, response.body).toBe(200);
      expect(broadcast).toHaveBeenCalledWith({ kind: 'forget-session', sessionId: phoneId });
      expect(broadcast).toHaveBeenCalledWith({ kind: 'disconnect-sockets', userId, sessionId: phoneId });
    } finally {
      broadcast.mockRestore();
    }
    expect(await isLive(phone)).toBe(false);
    expect(await isLive(laptop)).toBe(true);

    const again = await request(laptop, 'DELETE', `/api/account/devices/sessions/${phoneId}`);
    expect(again.statusCode).toBe(404);
    expect(again.json<{ error: string }>().error).toBe(messages.security.deviceNotFound);
  });

  it("refuses another user's session id (404) and leaves it live", async () => {
    const mine = await signIn(`mine-${randomUUID().slice(0, 8)}@example.com`, CHROME_WINDOWS, '203.0.113.6');
    const theirs = await signIn(`theirs-${randomUUID().slice(0, 8)}@example.com`, SAFARI_MAC, '203.0.113.7');
    const theirId = (await devices(theirs)).sessions[0]!.id;
    const response = await request(mine, 'DELETE', `/api/account/devices/sessions/${theirId}`);
    expect(response.statusCode).toBe(404);
    expect(await isLive(theirs)).toBe(true);
  });

  it('says what is wrong with a malformed id', async () => {
    const token = await signIn(`bad-${randomUUID().slice(0, 8)}@example.com`, CHROME_WINDOWS, '203.0.113.8');
    const response = await request(token, 'DELETE', '/api/account/devices/sessions/not-a-uuid');
    expect(response.statusCode).toBe(400);
    expect(response.json<{ error: string }>().error).toMatch(/id/);
  });

  it('signs out everywhere else, keeping this device', async () => {
    const email = `others-${randomUUID().slice(0, 8)}@example.com`;
    const here = await signIn(email, CHROME_WINDOWS, '203.0.113.9');
    const others = [await signIn(email, FIREFOX_ANDROID, '203.0.113.10'), await signIn(email, SAFARI_MAC, '203.0.113.11')];
    for (const token of others) expect(await isLive(token)).toBe(true);
    const broadcast = vi.spyOn(t.app.cluster, 'broadcast');
    let userId: string;
    try {
      const response = await request(here, 'POST', '/api/account/devices/sign-out-others');
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toEqual({ success: true, signedOut: 2 });
      userId = (await request(here, 'GET', '/api/account/info')).json<{ user: { id: string } }>().user.id;
      expect(broadcast).toHaveBeenCalledWith({ kind: 'forget-user-sessions', userId });
    } finally {
      broadcast.mockRestore();
    }
    for (const token of others) expect(await isLive(token)).toBe(false);
    expect(await isLive(here)).toBe(true);
    expect((await devices(here)).sessions).toHaveLength(1);
  });
});

describe('disconnecting one browser', () => {
  it("revokes that browser's key only; the last one switches the extension off", async () => {
    const token = await signIn(`disc-${randomUUID().slice(0, 8)}@example.com`, CHROME_WINDOWS, '203.0.113.12');
    const chromeKey = await issueKey(t, token, CHROME_WINDOWS);
    const firefoxKey = await issueKey(t, token, FIREFOX_ANDROID);
    for (const key of [chromeKey, firefoxKey]) {
      expect((await request(key, 'POST', '/api/extension/verify')).statusCode).toBe(200);
    }
    const list = await devices(token);
    const chromeId = list.extensions.find((e) => e.browser === 'Chrome on Windows')!.id;
    const firefoxId = list.extensions.find((e) => e.browser === 'Firefox on Android')!.id;
    const userId = await userIdOf(token);

    const broadcast = vi.spyOn(t.app.cluster, 'broadcast');
    try {
      expect((await request(token, 'DELETE', `/api/account/devices/extensions/${chromeId}`)).statusCode).toBe(200);
      expect(broadcast).toHaveBeenCalledWith({ kind: 'forget-user-keys', userId });
    } finally {
      broadcast.mockRestore();
    }
    expect((await request(chromeKey, 'GET', '/api/extension/disabled')).statusCode).toBe(401);
    expect((await request(firefoxKey, 'GET', '/api/extension/disabled')).statusCode).toBe(200);
    const status = async () =>
      (await request(token, 'GET', '/api/account/info')).json<{ user: { extension: { status: string } } }>().user
        .extension.status;
    expect(await status()).toBe('on');

    expect((await request(token, 'DELETE', `/api/account/devices/extensions/${firefoxId}`)).statusCode).toBe(200);
    expect((await request(firefoxKey, 'GET', '/api/extension/disabled')).statusCode).toBe(401);
    expect(await status()).toBe('off');
    expect((await request(token, 'DELETE', `/api/account/devices/extensions/${firefoxId}`)).statusCode).toBe(404);
  });
});

describe('labels', () => {
  it('names browsers and systems, and coarsens addresses', () => {
    expect(describeUserAgent(CHROME_WINDOWS)).toBe('Chrome on Windows');
    expect(describeUserAgent(SAFARI_MAC)).toBe('Safari on macOS');
    expect(describeUserAgent(FIREFOX_ANDROID)).toBe('Firefox on Android');
    expect(describeUserAgent('Mozilla/5.0 (Windows NT 10.0) AppleWebKit/537.36 Chrome/131 Safari/537.36 Edg/131')).toBe(
      'Edge on Windows',
    );
    expect(describeUserAgent(null)).toBe('Unknown browser');
    expect(coarsePlace('::ffff:192.0.2.77')).toBe('192.0.2.x');
    expect(coarsePlace('2001:db8::1')).toBe('2001:db8:0::/48');
    expect(coarsePlace('not an address')).toBeNull();
  });
});
