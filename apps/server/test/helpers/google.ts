import { OAuth2Server } from 'oauth2-mock-server';
import { afterAll, beforeAll } from 'vitest';
import { sharedTestApp, type TestApp, type TestAppOptions } from './test-app.ts';

/**
 * Google sign-in for a test file: an OpenID provider (oauth2-mock-server) standing in for Google, started before
 * the first test and stopped after the app, and the file's app (sharedTestApp) configured to sign in with it —
 * `options` on top, their `env` merged into Google's.
 */
export function sharedGoogleApp(options: TestAppOptions = {}): { t: TestApp; idp: OAuth2Server } {
  const idp = new OAuth2Server();
  beforeAll(async () => {
    await idp.issuer.keys.generate('RS256');
    await idp.start(0, '127.0.0.1');
  });
  afterAll(() => idp.stop());
  const t = sharedTestApp(() => ({
    ...options,
    env: {
      GOOGLE_CLIENT_ID: 'mediadiet-test-client',
      GOOGLE_CLIENT_SECRET: 'test-secret',
      OIDC_ISSUER: idp.issuer.url!,
      AUTH_RATE_LIMIT_PER_IP: '1000',
      ...options.env,
    },
  }));
  return { t, idp };
}
