import { describe, expect, it } from 'vitest';
import { sharedWebApp, withTestApp } from '../helpers/test-app.ts';

const html = { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' };
const INDEX = '<!doctype html><title>Media Diet</title><div id="root"></div>';

const t = sharedWebApp({
  'index.html': INDEX,
  'assets/app-1234.js': 'console.log("app")',
  'favicon.svg': '<svg/>',
});

describe('built web app', () => {
  it('serves files with caching suited to them', async () => {
    const asset = await t.app.inject({ method: 'GET', url: '/assets/app-1234.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.body).toBe('console.log("app")');
    expect(asset.headers['cache-control']).toContain('immutable');

    const icon = await t.app.inject({ method: 'GET', url: '/favicon.svg' });
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['cache-control']).toBe('no-cache');
  });

  it.each([
    '/',
    '/auth/login',
    '/auth/dashboard?success=true',
    '/auth/register',
    '/terms',
    '/some/unknown/page',
  ])('answers the browser navigation %s with index.html', async (url) => {
    const response = await t.app.inject({ method: 'GET', url, headers: html });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/text\/html/);
    expect(response.body).toBe(INDEX);
  });

  it.each([
    ['GET', '/api/nothing-here', html],
    ['GET', '/api/nothing-here', {}],
    ['GET', '/auth/google/unknown', html],
    ['GET', '/socket.io/nothing', html],
    ['POST', '/auth/unknown', html],
    ['GET', '/unknown.js', { accept: '*/*' }],
    ['DELETE', '/whatever', html],
  ] as const)('answers %s %s with a JSON 404', async (method, url, headers) => {
    const response = await t.app.inject({ method, url, headers });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ success: false, error: 'Not found' });
  });
});

describe('without a built web app', () => {
  it('answers navigations with a JSON 404 and keeps the API up', async () => {
    await withTestApp({}, async (bare) => {
      const page = await bare.app.inject({ method: 'GET', url: '/auth/login', headers: html });
      expect(page.statusCode).toBe(404);
      expect(page.json()).toEqual({ success: false, error: 'Not found' });
      expect((await bare.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    });
  });
});
