import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, customer } from '../../helpers/billing.ts';
import { createTestApp, type TestApp } from '../../helpers/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('ignored sites: /api/account/urls', () => {
  it('lists, adds (normalised, idempotent) and removes (URL-decoded), answering the whole list', async () => {
    const { token } = await customer(t);
    expect((await call(t, token, 'GET', '/api/account/urls')).json()).toEqual({ success: true, urls: { current: [] } });

    const added = await call(t, token, 'POST', '/api/account/urls', { url: '  Reddit.COM ' });
    expect(added.statusCode).toBe(200);
    expect(added.json()).toEqual({ success: true, urls: { current: ['reddit.com'] } });
    const again = await call(t, token, 'POST', '/api/account/urls', { url: 'reddit.com' });
    expect(again.statusCode).toBe(200);
    expect(again.json<{ urls: { current: string[] } }>().urls.current).toEqual(['reddit.com']);
    await call(t, token, 'POST', '/api/account/urls', { url: 'youtube.com' });

    const removed = await call(t, token, 'DELETE', `/api/account/urls/${encodeURIComponent('Reddit.com')}`);
    expect(removed.json()).toEqual({ success: true, urls: { current: ['youtube.com'] } });
    const missing = await call(t, token, 'DELETE', '/api/account/urls/unknown.com');
    expect(missing.statusCode).toBe(200);
    expect(missing.json<{ urls: { current: string[] } }>().urls.current).toEqual(['youtube.com']);
  });

  it('validates with the spec’s domain rule and its messages', async () => {
    const { token } = await customer(t);
    const empty = await call(t, token, 'POST', '/api/account/urls', { url: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json<{ error: string }>().error).toContain('Please enter a website domain');
    const invalid = await call(t, token, 'POST', '/api/account/urls', { url: 'not a domain' });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json<{ error: string }>().error).toContain('Please enter a valid domain (e.g., example.com)');
  });

  it('keeps each user’s list to themselves, and exports it', async () => {
    const a = await customer(t);
    const b = await customer(t);
    await call(t, a.token, 'POST', '/api/account/urls', { url: 'reddit.com' });
    expect((await call(t, b.token, 'GET', '/api/account/urls')).json<{ urls: { current: string[] } }>().urls.current).toEqual([]);
    await call(t, b.token, 'DELETE', '/api/account/urls/reddit.com');
    expect((await call(t, a.token, 'GET', '/api/account/urls')).json<{ urls: { current: string[] } }>().urls.current).toEqual(['reddit.com']);
    const exported = await call(t, a.token, 'GET', '/api/account/export');
    expect(exported.json<{ ignoredSites: string[] }>().ignoredSites).toEqual(['reddit.com']);
  });

  it('needs a session', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/account/urls' })).statusCode).toBe(401);
  });
});
