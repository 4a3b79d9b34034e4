import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { post } from '../helpers/auth-flow.ts';
import { bearer, buildUser, signIn } from '../helpers/builders.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

/**
 * Content-Security-Policy on the app's HTML, HSTS over https, no-store on API answers, and what production
 * keeps private (issue 26, finding 3; decision 101).
 */

const html = { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' };
const INLINE = "(function(){document.documentElement.dataset.preloaded='1'})()";
const INDEX = `<!doctype html><html><head><script>${INLINE}</script><script type="module" crossorigin src="/assets/app-1.js"></script></head><body><div id="root"></div></body></html>`;
const INLINE_HASH = `'sha256-${createHash('sha256').update(INLINE).digest('base64')}'`;

let webDir: string;
const apps: TestApp[] = [];

async function appWith(env: Record<string, string>): Promise<TestApp> {
  const t = await createTestApp({ env: { WEB_DIST_DIR: webDir, ...env } });
  apps.push(t);
  return t;
}

const PRODUCTION = { NODE_ENV: 'production', SESSION_SECRET: 's'.repeat(40), MAIL_LOG_ONLY: 'true', LOG_LEVEL: 'silent' };

beforeAll(async () => {
  webDir = await fs.mkdtemp(path.join(os.tmpdir(), 'mediadiet-csp-'));
  await fs.mkdir(path.join(webDir, 'assets'));
  await fs.writeFile(path.join(webDir, 'index.html'), INDEX);
  await fs.writeFile(path.join(webDir, 'assets', 'app-1.js'), 'console.log(1)\n//# sourceMappingURL=app-1.js.map');
  await fs.writeFile(path.join(webDir, 'assets', 'app-1.js.map'), '{"version":3,"sources":["src/secret.ts"]}');
});
afterAll(async () => {
  for (const t of apps) await t.close();
  await fs.rm(webDir, { recursive: true, force: true });
});

function directives(header: string | string[] | number | undefined): Map<string, string[]> {
  expect(typeof header).toBe('string');
  return new Map(
    (header as string)
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .map(([name, ...sources]) => [name!, sources]),
  );
}

describe('Content-Security-Policy on the web app', () => {
  it('is strict on index.html and on every page the SPA answers', async () => {
    const t = await appWith({ PUBLIC_URL: 'http://localhost:3999' });
    for (const url of ['/', '/index.html', '/auth/login', '/auth/dashboard?success=true', '/some/page']) {
      const response = await t.app.inject({ method: 'GET', url, headers: html });
      expect(response.statusCode).toBe(200);
      const csp = directives(response.headers['content-security-policy']);
      expect(csp.get('script-src')).toEqual(["'self'", INLINE_HASH]);
      expect(response.headers['content-security-policy']).not.toMatch(/unsafe-eval/);
      expect(csp.get('script-src')).not.toContain("'unsafe-inline'");
      expect(csp.get('default-src')).toEqual(["'self'"]);
      expect(csp.get('object-src')).toEqual(["'none'"]);
      expect(csp.get('base-uri')).toEqual(["'none'"]);
      expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
      expect(csp.get('frame-src')).toEqual(["'none'"]);
      expect(csp.get('connect-src')).toEqual(["'self'", 'ws://localhost:3999']);
    }
  });

  it('allows the payment provider only when it is configured, and wss over https', async () => {
    const t = await appWith({ PUBLIC_URL: 'https://diet.example.com', STRIPE_SECRET_KEY: 'sk_test_csp' });
    const response = await t.app.inject({ method: 'GET', url: '/', headers: html });
    const csp = directives(response.headers['content-security-policy']);
    expect(csp.get('connect-src')).toEqual(["'self'", 'wss://diet.example.com', 'https://api.stripe.com']);
    expect(csp.get('script-src')).toEqual(["'self'", INLINE_HASH, 'https://js.stripe.com']);
    expect(csp.get('frame-src')).toEqual(['https://js.stripe.com', 'https://hooks.stripe.com']);
  });
});

describe('Strict-Transport-Security', () => {
  it('is sent on every answer when PUBLIC_URL is https, and not over http', async () => {
    const secure = await appWith({ PUBLIC_URL: 'https://diet.example.com' });
    const plain = await appWith({ PUBLIC_URL: 'http://localhost:3999' });
    for (const [t, expected] of [
      [secure, 'max-age=31536000; includeSubDomains'],
      [plain, undefined],
    ] as const) {
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      const base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
      for (const url of ['/', '/api/account/info', '/readyz']) {
        const response = await fetch(`${base}${url}`, { headers: html });
        expect(response.headers.get('strict-transport-security') ?? undefined).toBe(expected);
      }
    }
  });
});

describe('Cache-Control on API answers', () => {
  it('is no-store on authenticated answers, their refusals and the sign-in answers', async () => {
    const t = await appWith({});
    const user = await buildUser(t);
    const token = await signIn(t, user.id);
    for (const url of ['/api/account/info', '/api/subscription', '/api/account/urls', '/api/analysis/recent']) {
      const ok = await t.app.inject({ method: 'GET', url, headers: bearer(token) });
      expect(ok.statusCode, url).toBe(200);
      expect(ok.headers['cache-control'], url).toBe('no-store');
      const refused = await t.app.inject({ method: 'GET', url });
      expect(refused.statusCode).toBe(401);
      expect(refused.headers['cache-control'], url).toBe('no-store');
    }
    const registered = await post(t, '/auth/register', { email: 'nostore@example.com', name: 'Pat' });
    expect(registered.statusCode).toBe(200);
    expect(registered.headers['cache-control']).toBe('no-store');
  });
});

describe('what production keeps private', () => {
  it('serves no API docs, no /metrics and no source maps unless an operator turns them on', async () => {
    const t = await appWith(PRODUCTION);
    for (const url of ['/api/docs', '/api/docs/json', '/metrics', '/assets/app-1.js.map']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
      expect(response.body).not.toContain('secret.ts');
    }
    expect((await t.app.inject({ method: 'GET', url: '/assets/app-1.js' })).statusCode).toBe(200);
  });

  it('serves them when API_DOCS, METRICS and SOURCE_MAPS are on, and /metrics behind METRICS_TOKEN', async () => {
    const t = await appWith({ ...PRODUCTION, API_DOCS: 'on', METRICS: 'on', SOURCE_MAPS: 'on' });
    for (const url of ['/api/docs/json', '/metrics', '/assets/app-1.js.map']) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode, url).toBe(200);
    }
    const guarded = await appWith({ ...PRODUCTION, METRICS_TOKEN: 'm'.repeat(20) });
    expect((await guarded.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(401);
    const scraped = await guarded.app.inject({ method: 'GET', url: '/metrics', headers: bearer('m'.repeat(20)) });
    expect(scraped.statusCode).toBe(200);
  });

  it('keeps all of them in development', async () => {
    const t = await appWith({});
    for (const url of ['/api/docs/json', '/metrics', '/assets/app-1.js.map']) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode, url).toBe(200);
    }
  });
});
