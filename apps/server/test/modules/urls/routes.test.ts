import { describe, expect, it } from 'vitest';
import { call, customer, subscribed } from '../../helpers/billing.ts';
import { pair, postTouchpoint, touchpoint } from '../../helpers/extension.ts';
import { sharedTestApp } from '../../helpers/test-app.ts';

const t = sharedTestApp();

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

  it('accepts any registrable domain and its subdomains (decision 113)', async () => {
    const { token } = await customer(t);
    for (const url of ['x.com', 'fb.com', 'bbc.co.uk', 'news.ycombinator.com', 'nhs.uk']) {
      const response = await call(t, token, 'POST', '/api/account/urls', { url });
      expect(response.statusCode, url).toBe(200);
    }
    const list = (await call(t, token, 'GET', '/api/account/urls')).json<{ urls: { current: string[] } }>();
    expect(list.urls.current).toEqual(['x.com', 'fb.com', 'bbc.co.uk', 'news.ycombinator.com', 'nhs.uk']);
    for (const url of ['localhost', 'https://x.com/home', '10.0.0.1']) {
      const refused = await call(t, token, 'POST', '/api/account/urls', { url });
      expect(refused.statusCode, url).toBe(400);
    }
  });

  it('takes an addition from the paired extension (the popup’s Ignore this site), which every browser then honours', async () => {
    const who = await subscribed(t, 'basic');
    const firstBrowser = await pair(t, who.token);
    const added = await call(t, firstBrowser, 'POST', '/api/account/urls', { url: 'gossip.example.com' });
    expect(added.statusCode).toBe(200);
    expect(added.json()).toEqual({ success: true, urls: { current: ['gossip.example.com'] } });
    // The web app's Ignored Sites shows it.
    const list = (await call(t, who.token, 'GET', '/api/account/urls')).json<{ urls: { current: string[] } }>();
    expect(list.urls.current).toEqual(['gossip.example.com']);
    // Another browser's disabled list carries it, and the server refuses the host.
    const other = await t.app.inject({
      method: 'GET',
      url: '/api/extension/auth',
      headers: { authorization: `Bearer ${who.token}`, 'user-agent': 'Another browser' },
    });
    const secondBrowser = other.json<{ apiKey: string }>().apiKey;
    const disabled = await call(t, secondBrowser, 'GET', '/api/extension/disabled');
    expect(disabled.json<{ urls: { current: string[] } }>().urls.current).toEqual(['gossip.example.com']);
    const page = await postTouchpoint(t, secondBrowser, touchpoint({ url: 'https://www.gossip.example.com/story' }));
    expect(page.statusCode).toBe(422);
    // The key may add, never list or remove (which would widen what is captured).
    expect((await call(t, firstBrowser, 'DELETE', '/api/account/urls/gossip.example.com')).statusCode).toBe(401);
    expect((await call(t, firstBrowser, 'GET', '/api/account/urls')).statusCode).toBe(401);
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
