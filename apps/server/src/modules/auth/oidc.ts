import * as client from 'openid-client';

/**
 * OpenID Connect (authorisation code + PKCE + state + nonce) with openid-client v6. The issuer is
 * configurable (OIDC_ISSUER, default Google) so tests run against a local OIDC server.
 */

export interface OidcSettings {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** PUBLIC_URL + /auth/google/callback */
  redirectUri: string;
}

/** What the browser must bring back to the callback (kept in a signed, HttpOnly cookie). */
export interface OidcTransaction {
  state: string;
  nonce: string;
  codeVerifier: string;
}

/** The ID token's facts we use. `issuer` is the token's `iss`. */
export interface OidcClaims {
  issuer: string;
  subject: string;
  email: string | null;
  emailVerified: boolean;
  name: string | null;
}

export interface OidcProvider {
  /** The authorisation URL to redirect the browser to, and the transaction to bind to the browser. */
  start(): Promise<{ url: URL; transaction: OidcTransaction }>;
  /** Exchanges the code of the callback URL and verifies the ID token (signature, iss, aud, exp, nonce). */
  finish(callbackUrl: URL, transaction: OidcTransaction): Promise<OidcClaims>;
}

/** Plain http is allowed only for an issuer on this machine (tests, local development). */
export function isLocalHttpIssuer(issuer: string): boolean {
  const url = new URL(issuer);
  return url.protocol === 'http:' && ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
}

export function createOidcProvider(settings: OidcSettings): OidcProvider {
  let configuration: Promise<client.Configuration> | undefined;

  const discover = () => {
    configuration ??= client
      .discovery(new URL(settings.issuer), settings.clientId, settings.clientSecret, undefined, {
        timeout: 10,
        ...(isLocalHttpIssuer(settings.issuer) ? { execute: [client.allowInsecureRequests] } : {}),
      })
      .catch((error: unknown) => {
        configuration = undefined; // try again on the next sign-in
        throw error;
      });
    return configuration;
  };

  return {
    async start() {
      const config = await discover();
      const transaction: OidcTransaction = {
        state: client.randomState(),
        nonce: client.randomNonce(),
        codeVerifier: client.randomPKCECodeVerifier(),
      };
      const url = client.buildAuthorizationUrl(config, {
        redirect_uri: settings.redirectUri,
        scope: 'openid email profile',
        response_type: 'code',
        state: transaction.state,
        nonce: transaction.nonce,
        code_challenge: await client.calculatePKCECodeChallenge(transaction.codeVerifier),
        code_challenge_method: 'S256',
        prompt: 'select_account',
      });
      return { url, transaction };
    },

    async finish(callbackUrl, transaction) {
      const config = await discover();
      const tokens = await client.authorizationCodeGrant(config, callbackUrl, {
        expectedState: transaction.state,
        expectedNonce: transaction.nonce,
        pkceCodeVerifier: transaction.codeVerifier,
        idTokenExpected: true,
      });
      const claims = tokens.claims();
      if (!claims) throw new Error('the identity provider returned no ID token');
      const email = typeof claims.email === 'string' && claims.email.includes('@') ? claims.email : null;
      const verified = claims.email_verified === true || claims.email_verified === 'true';
      const name = typeof claims.name === 'string' && claims.name.trim() ? claims.name.trim() : null;
      return { issuer: claims.iss, subject: claims.sub, email, emailVerified: verified, name };
    },
  };
}
