import * as z from 'zod';
import { successWith } from './common';
import { PIN_LENGTH } from './constants';
import { messages } from './messages';
import { UserSchema } from './user';

// ── Field rules (spec §5) ──────────────────────────────────────────────────────────────────────────

/** An e-mail field that is required with the given message and must then be a valid address. */
function requiredEmail(requiredMessage: string) {
  return z
    .string({ error: requiredMessage })
    .trim()
    .min(1, { error: requiredMessage })
    .pipe(z.email({ error: messages.auth.invalidEmail }));
}

/** The sign-in e-mail field: 'Please enter your email'. */
export const LoginEmailSchema = requiredEmail(messages.auth.enterEmail);

/** PIN: digits only, exactly 6 (spec §5). */
export const PinSchema = z
  .string({ error: messages.auth.pinFormat })
  .regex(new RegExp(`^\\d{${PIN_LENGTH}}$`), { error: messages.auth.pinFormat });
export type Pin = z.infer<typeof PinSchema>;

// ── POST /auth/register ────────────────────────────────────────────────────────────────────────────
export const RegisterRequestSchema = z.object({
  name: z
    .string({ error: messages.auth.nameRequired })
    .trim()
    .min(1, { error: messages.auth.nameRequired })
    .max(200),
  email: requiredEmail(messages.auth.emailRequired),
});
export type RegisterRequest = z.infer<typeof RegisterRequestSchema>;

/** Registration creates the account and sends a PIN (spec §8 'Registration successful! Please check your email for PIN.'). */
export const RegisterResponseSchema = successWith({
  message: z.string(),
});
export type RegisterResponse = z.infer<typeof RegisterResponseSchema>;

// ── POST /auth/pin ─────────────────────────────────────────────────────────────────────────────────
export const PinRequestSchema = z.object({ email: LoginEmailSchema });
export type PinRequest = z.infer<typeof PinRequestSchema>;

export const PinResponseSchema = successWith({
  message: z.string(),
});
export type PinResponse = z.infer<typeof PinResponseSchema>;

// ── POST /auth/verify ──────────────────────────────────────────────────────────────────────────────
export const VerifyRequestSchema = z.object({ email: LoginEmailSchema, pin: PinSchema });
export type VerifyRequest = z.infer<typeof VerifyRequestSchema>;

/** `token` is the opaque session token the client stores under `authToken` and sends as bearer. */
export const VerifyResponseSchema = successWith({
  token: z.string().min(1),
  user: UserSchema,
});
export type VerifyResponse = z.infer<typeof VerifyResponseSchema>;

// ── POST /auth/loggedin ────────────────────────────────────────────────────────────────────────────
/** Checks the bearer if one is sent; a missing, unknown or revoked token answers `loggedIn: false, user: null` (200). */
export const LoggedInResponseSchema = successWith({
  loggedIn: z.boolean(),
  user: UserSchema.nullable(),
});
export type LoggedInResponse = z.infer<typeof LoggedInResponseSchema>;

// ── POST /auth/logout ──────────────────────────────────────────────────────────────────────────────
export const LogoutResponseSchema = z.object({ success: z.literal(true) });
export type LogoutResponse = z.infer<typeof LogoutResponseSchema>;

// ── GET /auth/google (+ callback, + exchange) ──────────────────────────────────────────────────────────────────
/** The Google sign-in binding value: 22–128 base64url characters (the web app sends 32 random bytes). */
export const OAuthBindingSchema = z
  .string({ error: 'binding is required: start Google sign-in from the app' })
  .regex(/^[A-Za-z0-9_-]{22,128}$/, { error: 'binding must be 22 to 128 base64url characters' });

/**
 * Starts Google sign-in (302 to the identity provider). `mode` only records how the client opened it
 * (a 600×600 popup or a full-page redirect); both end on `/auth/dashboard?success&token&user`.
 */
export const GoogleAuthQuerySchema = z.object({
  mode: z.enum(['popup', 'redirect']).optional(),
  /**
   * A random value the web app stored before opening the Google window (`OAUTH_BINDING_KEY`). The server
   * keeps only its keyed hash with the flow; the code the flow ends with is redeemed only together with it.
   */
  binding: OAuthBindingSchema,
});
export type GoogleAuthQuery = z.infer<typeof GoogleAuthQuerySchema>;

/** The identity provider's redirect back to us (OIDC authorisation-code callback). */
export const GoogleCallbackQuerySchema = z.object({
  code: z.string().optional(),
  state: z.string().optional(),
  error: z.string().optional(),
  error_description: z.string().optional(),
});
export type GoogleCallbackQuery = z.infer<typeof GoogleCallbackQuerySchema>;

/** A redirect route has no JSON body; this documents the 302 in OpenAPI. */
export const RedirectResponseSchema = z.null().describe('302 redirect (see the Location header)');

/**
 * What the server appends to `/auth/dashboard` after a successful Google sign-in (spec §2):
 * `success=true`, `token` (session token) and `user` (the User as URL-encoded JSON).
 * A failed sign-in redirects to `/auth/login?error=<message>` instead.
 */
export const OAuthRedirectQuerySchema = z.object({
  success: z.enum(['true', 'false']),
  token: z.string().min(1),
  user: z.string().min(2).describe('JSON-encoded User'),
});
export type OAuthRedirectQuery = z.infer<typeof OAuthRedirectQuerySchema>;

/**
 * POST /auth/google/exchange: the `token` of the Google redirect is a single-use code, valid about a minute
 * (`OAUTH_CODE_TTL_MS`), redeemed with the binding value of the flow it came from for a session token. The
 * answer is the same as PIN verification's.
 */
export const GoogleExchangeRequestSchema = z.object({
  token: z
    .string({ error: 'token is required' })
    .regex(/^[A-Za-z0-9_-]{20,200}$/, { error: 'token must be the code of the Google sign-in address' }),
  binding: OAuthBindingSchema,
});
export type GoogleExchangeRequest = z.infer<typeof GoogleExchangeRequestSchema>;
export const GoogleExchangeResponseSchema = VerifyResponseSchema;
export type GoogleExchangeResponse = VerifyResponse;

/** How long the code of a Google redirect can be redeemed. */
export const OAUTH_CODE_TTL_MS = 60_000;

/** Where the web app keeps the Google sign-in binding value (localStorage) until the code is redeemed. */
export const OAUTH_BINDING_KEY = 'oauthBinding';

/** The web path the OAuth flow lands on, and the sign-in path errors go to (spec §2). */
export const OAUTH_RETURN_PATH = '/auth/dashboard';
export const LOGIN_PATH = '/auth/login';
