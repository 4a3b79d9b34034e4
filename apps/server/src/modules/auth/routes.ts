import { LOGIN_PATH, OAUTH_RETURN_PATH } from '@mediadiet/contract/auth';
import { messages, type SignInErrorCode } from '@mediadiet/contract/messages';
import { contract } from '@mediadiet/contract/routes';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { HttpError } from '../../http/errors.ts';
import { implement } from '../../http/route.ts';
import { bearerToken, requireSession } from '../../http/auth-context.ts';
import { authMessages } from './messages.ts';
import { createOidcProvider, type OidcProvider } from './oidc.ts';
import { OIDC_COOKIE_MAX_AGE_S } from './policy.ts';
import { bindingHashOf, type AuthService } from './service.ts';

/** Sign-in: e-mail + PIN, Google (OpenID Connect), sessions (spec §7 /auth/*). */

const OIDC_COOKIE = 'md_oidc';
const OIDC_COOKIE_PATH = '/auth/google';

const OidcCookieSchema = z.object({
  state: z.string().min(1),
  nonce: z.string().min(1),
  codeVerifier: z.string().min(43),
  mode: z.enum(['popup', 'redirect']),
  /** Keyed hash of the web app's binding value: the flow's code is redeemed only with that value. */
  bindingHash: z.string().min(64),
});

const signInErrorCodes = new Map(
  Object.entries(messages.signInError).map(([code, text]) => [text as string, code as SignInErrorCode]),
);
/** The `?error=` code for a sign-in failure's text; a text outside the catalogue becomes `generic`. */
const signInErrorCode = (message: string): SignInErrorCode => signInErrorCodes.get(message) ?? 'generic';

/** `oidc` replaces the OpenID Connect provider built from the configuration (tests). */
export default function authRoutes(app: FastifyInstance, auth: AuthService, injectedOidc?: OidcProvider) {
  const { config } = app;
  const caller = (request: FastifyRequest) => ({ ip: request.ip, userAgent: request.headers['user-agent'] });

  // Google (OpenID Connect)
  const oidc =
    injectedOidc ??
    (config.google
      ? createOidcProvider({ ...config.google, redirectUri: `${config.publicUrl}/auth/google/callback` })
      : undefined);
  const secureCookie = config.publicUrl.startsWith('https://');
  const log = app.log.child({ module: 'oidc' });

  /** Back to the sign-in page with the catalogue code of `message` (the page shows catalogue texts only). */
  const toLogin = (reply: FastifyReply, message: string) => {
    const error = signInErrorCode(message);
    return reply
      .header('cache-control', 'no-store')
      .redirect(`${config.publicUrl}${LOGIN_PATH}?${new URLSearchParams({ error }).toString()}`);
  };

  implement(app, contract.auth, {
    authRegister: async (request) => {
      await auth.register(request.body, caller(request));
      return { success: true as const, message: messages.success.registration };
    },

    authPin: async (request) => {
      await auth.requestPin(request.body, caller(request));
      return { success: true as const, message: messages.success.pinSent };
    },

    authVerify: async (request) => {
      const { token, user } = await auth.verifyPin(request.body, caller(request));
      return { success: true as const, token, user };
    },

    authLoggedIn: async (request) => {
      const token = bearerToken(request);
      const session = token ? await app.sessions.resolve(token) : null;
      const user = session ? await app.users.findByIdCached(session.userId) : null;
      return { success: true as const, loggedIn: user !== null, user };
    },

    authLogout: async (request) => {
      const session = requireSession(request);
      await app.sessions.revoke(session);
      await app.disconnectUserSockets(session.userId, session.sessionId);
      return { success: true as const };
    },

    authGoogleExchange: async (request, reply) => {
      const { token, user } = await auth.redeemOidcCode(request.body, caller(request));
      reply.header('cache-control', 'no-store');
      return { success: true as const, token, user };
    },

    // ── Google (OpenID Connect) ────────────────────────────────────────────────────────────────────────
    authGoogle: async (request, reply) => {
      if (!oidc) return toLogin(reply, authMessages.googleNotConfigured);
      try {
        const { url, transaction } = await oidc.start();
        const value = JSON.stringify({
          ...transaction,
          mode: request.query.mode ?? 'redirect',
          bindingHash: bindingHashOf(app.hasher, request.query.binding),
        });
        reply.setCookie(OIDC_COOKIE, value, {
          signed: true,
          httpOnly: true,
          sameSite: 'lax',
          secure: secureCookie,
          path: OIDC_COOKIE_PATH,
          maxAge: OIDC_COOKIE_MAX_AGE_S,
        });
        return reply.redirect(url.href);
      } catch (error) {
        log.error({ err: error }, 'starting Google sign-in failed (is the issuer reachable?)');
        return toLogin(reply, authMessages.googleUnavailable);
      }
    },

    authGoogleCallback: async (request, reply) => {
      if (!oidc) return toLogin(reply, authMessages.googleNotConfigured);
      const raw = request.cookies[OIDC_COOKIE];
      reply.clearCookie(OIDC_COOKIE, { path: OIDC_COOKIE_PATH });

      if (request.query.error) {
        log.info({ error: request.query.error }, 'Google sign-in ended at the identity provider');
        return toLogin(
          reply,
          request.query.error === 'access_denied' ? authMessages.googleCancelled : authMessages.googleFailed,
        );
      }

      const unsigned = raw ? request.unsignCookie(raw) : undefined;
      let transaction: z.infer<typeof OidcCookieSchema> | undefined;
      if (unsigned?.valid && unsigned.value) {
        try {
          transaction = OidcCookieSchema.parse(JSON.parse(unsigned.value));
        } catch {
          transaction = undefined;
        }
      }
      if (!transaction) return toLogin(reply, authMessages.googleExpired);

      // The URL the identity provider redirected to: our registered redirect URI plus its query.
      const query = request.url.includes('?') ? request.url.slice(request.url.indexOf('?')) : '';
      const callbackUrl = new URL(`${config.publicUrl}/auth/google/callback${query}`);

      let claims;
      try {
        claims = await oidc.finish(callbackUrl, transaction);
      } catch (error) {
        log.warn({ err: error }, 'Google sign-in callback rejected');
        return toLogin(reply, authMessages.googleFailed);
      }

      try {
        // `token` is a single-use code (about a minute), redeemed by POST /auth/google/exchange with the binding
        // value the app stored before opening the Google window: a link carrying it signs nobody else in.
        const { code, user } = await auth.signInWithOidc(claims, transaction.bindingHash);
        const params = new URLSearchParams({ success: 'true', token: code, user: JSON.stringify(user) });
        return reply
          .header('cache-control', 'no-store')
          .redirect(`${config.publicUrl}${OAUTH_RETURN_PATH}?${params.toString()}`);
      } catch (error) {
        if (error instanceof HttpError && error.statusCode < 500) return toLogin(reply, error.message);
        log.error({ err: error }, 'Google sign-in failed');
        return toLogin(reply, authMessages.googleFailed);
      }
    },
  });
}
