import { PIN_LENGTH } from '@mediadiet/contract/constants';
import { DAY, HOUR, MINUTE } from '../../lib/clock.ts';
import type { RateRule, RollingRule } from '../../plugins/rate-limit.ts';

/** Sign-in limits in one place (ASVS 5.0 6.5.x, 6.6.3, 7.3.x). docs/decisions/030-sign-in-and-sessions.md explains them. */

export const PIN_DIGITS = PIN_LENGTH;
/** A PIN is valid for 10 minutes… */
export const PIN_TTL_MS = 10 * MINUTE;
/**
 * …for at most 5 verification attempts (the 6th is refused even with the right PIN). Counted per (e-mail,
 * address) — the PIN of that address — and restarted by a new PIN for that address (decision 104).
 */
export const PIN_MAX_ATTEMPTS = 5;
/** Session token: 32 random bytes (256 bits), base64url. */
export const SESSION_TOKEN_BYTES = 32;
/** A session ends after 7 days without use (sliding)… */
export const SESSION_IDLE_TIMEOUT_MS = 7 * DAY;
/** …and 30 days after sign-in whatever happens (absolute). */
export const SESSION_ABSOLUTE_LIFETIME_MS = 30 * DAY;
/** `last_seen_at` is written at most once a minute per session. */
export const SESSION_TOUCH_INTERVAL_MS = MINUTE;
/**
 * A resolved session is remembered in memory this long (decision 071, "Credential and response caches"):
 * revocation on this instance drops it at once; another instance may honour a revoked session for at most
 * this long while Redis is away (with Redis, revocations are broadcast: decision 090).
 */
export const SESSION_CACHE_TTL_MS = 5_000;
/** Resolved sessions remembered at most (least recently used out first). */
export const SESSION_CACHE_MAX_ENTRIES = 10_000;

/** The code a Google redirect carries: 32 random bytes, redeemable once for about a minute (contract). */
export const OAUTH_CODE_BYTES = 32;
export { OAUTH_CODE_TTL_MS } from '@mediadiet/contract/auth';

/** The OIDC transaction cookie (state, nonce, PKCE verifier) lives 10 minutes. */
export const OIDC_COOKIE_MAX_AGE_S = 10 * 60;

const WINDOW = 15 * MINUTE;

/**
 * Attempts at the PIN of one (e-mail, address): the window outlasts the PIN (a new PIN for that address
 * restarts it), so it means "5 attempts per PIN".
 */
export const pinAttemptRule: RateRule = { name: 'pin-attempt', limit: PIN_MAX_ATTEMPTS, windowMs: PIN_TTL_MS };

/** PIN e-mails per (e-mail, address) (register + /auth/pin), whether or not the e-mail has an account. */
export const pinRequestRule: RateRule = { name: 'pin-request', limit: 5, windowMs: WINDOW };

/**
 * PIN e-mails per e-mail from all addresses together: the mailbox's ceiling. With 5 per address, a stranger
 * needs 10 addresses sending at full rate to reach it (decision 104).
 */
export const pinAccountRule: RateRule = { name: 'pin-account', limit: 50, windowMs: WINDOW };

/**
 * Failed PIN verifications per e-mail in any 24 hours (NIST SP 800-63B 5.2.2: at most 100). Then PIN sign-in
 * for the e-mail pauses until the count is under 100 again, and the owner is told once (decision 105).
 */
export const pinFailureAccountRule: RollingRule = {
  name: 'pin-fail-account',
  limit: 100,
  windowMs: DAY,
  bucketMs: HOUR,
};

/**
 * Failed PIN verifications per (e-mail, address) in any 24 hours: one address alone cannot pause an account;
 * it takes at least 100 / 20 = 5 addresses (decision 105).
 */
export const pinFailureAddressRule: RollingRule = {
  name: 'pin-fail-address',
  limit: 20,
  windowMs: DAY,
  bucketMs: HOUR,
};

/** The owner's "PIN sign-in is paused" e-mail: at most once a day per e-mail. */
export const pinPausedMailRule: RateRule = { name: 'pin-paused-mail', limit: 1, windowMs: DAY };

/** Sign-in calls (register + pin + verify) per client IP address. */
export const authIpRule = (limit: number): RateRule => ({ name: 'auth-ip', limit, windowMs: WINDOW });
