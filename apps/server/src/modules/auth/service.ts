import { randomUUID } from 'node:crypto';
import { messages } from '@mediadiet/contract/messages';
import type { User } from '@mediadiet/contract/user';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database.ts';
import { badRequest, conflict, httpError, tooManyRequests } from '../../http/errors.ts';
import type { Clock } from '../../lib/clock.ts';
import { addressBlock, coarsePlace } from '../../lib/address.ts';
import { randomDigits, randomToken, safeEqual, type KeyedHasher } from '../../lib/crypto.ts';
import type { Mailer } from '../../plugins/mail.ts';
import type { RateLimiter } from '../../plugins/rate-limit.ts';
import type { UsersService } from '../users/service.ts';
import { noAccountMail, pinMail, pinPausedMail } from './mail.ts';
import { authMessages } from './messages.ts';
import type { OidcClaims } from './oidc.ts';
import {
  authIpRule,
  OAUTH_CODE_BYTES,
  OAUTH_CODE_TTL_MS,
  PIN_DIGITS,
  PIN_MAX_ATTEMPTS,
  PIN_TTL_MS,
  pinAccountRule,
  pinAttemptRule,
  pinFailureAccountRule,
  pinFailureAddressRule,
  pinPausedMailRule,
  pinRequestRule,
} from './policy.ts';
import * as repository from './repository.ts';
import type { SessionService } from './sessions.ts';

/**
 * Sign-in rules: registration, e-mailed PINs (ASVS 5.0 6.5.1, 6.5.3–6.5.5, 6.6.3) and the account side
 * of OpenID Connect (find by issuer+subject, link only through a verified e-mail).
 */

export interface SignedIn {
  token: string;
  user: User;
}

export interface CallerInfo {
  ip: string;
  userAgent?: string | undefined;
}

export interface AuthService {
  register(input: { email: string; name: string }, caller: CallerInfo): Promise<void>;
  requestPin(input: { email: string }, caller: CallerInfo): Promise<void>;
  verifyPin(input: { email: string; pin: string }, caller: CallerInfo): Promise<SignedIn>;
  /**
   * The account of a Google identity (found, linked through a verified e-mail, or created), and a
   * single-use code for it, bound to the hash of the flow's binding value. No session yet.
   */
  signInWithOidc(claims: OidcClaims, bindingHash: string): Promise<{ code: string; user: User }>;
  /** Redeems a code once, within OAUTH_CODE_TTL_MS, with the binding value of its flow: a new session. */
  redeemOidcCode(input: { token: string; binding: string }, caller: CallerInfo): Promise<SignedIn>;
}

/** The keyed hash a Google flow keeps of the web app's binding value. */
export const bindingHashOf = (hasher: KeyedHasher, binding: string) => hasher.hash('oauth-binding', binding);

export interface AuthServiceDeps {
  db: Db;
  users: UsersService;
  sessions: SessionService;
  hasher: KeyedHasher;
  mailer: Mailer;
  limiter: RateLimiter;
  clock: Clock;
  log: FastifyBaseLogger;
  config: { serviceName: string; publicUrl: string; supportEmail: string | undefined; authRateLimitPerIp: number };
}

const pinHashInput = (pinId: string, pin: string) => `${pinId}:${pin}`;

export function createAuthService(deps: AuthServiceDeps): AuthService {
  const { db, users, sessions, hasher, mailer, limiter, clock, log, config } = deps;
  const ipRule = authIpRule(config.authRateLimitPerIp);
  const rateLimited = messages.server.rateLimited;
  /** Compared against when there is no PIN, so that a check without one costs the same (decision 106). */
  const noPinHash = hasher.hash('pin', pinHashInput(randomUUID(), randomDigits(PIN_DIGITS)));

  /**
   * Who is signing in with which e-mail: the e-mail (lower case), the keyed hash of the caller's address
   * block (stored with the PINs) and the keys the limits count under. Keyed hashes, so that neither the
   * addresses nor the e-mails are written to the rate-limit store.
   */
  const signInSubject = (email: string, ip: string) => {
    const emailLower = email.trim().toLowerCase();
    const requester = hasher.hash('pin-requester', addressBlock(ip));
    return {
      emailLower,
      requester,
      account: hasher.hash('sign-in-limit', emailLower),
      fromHere: hasher.hash('sign-in-limit', `${emailLower}\n${requester}`),
    };
  };
  type Subject = ReturnType<typeof signInSubject>;

  const send = async (mail: Parameters<Mailer['send']>[0]) => {
    try {
      await mailer.send(mail);
    } catch (error) {
      log.error({ err: error }, 'sending a sign-in e-mail failed');
      throw httpError(503, authMessages.mailFailed, { cause: error, expose: true });
    }
  };

  const paused = (retryAfterS: number) => tooManyRequests(authMessages.pinSignInPaused, retryAfterS);

  /** The limits on PIN e-mails (decision 104): per (e-mail, address), then the e-mail's ceiling; and no PIN while paused. */
  const enforcePinRequest = async (subject: Subject) => {
    await limiter.enforce(pinRequestRule, subject.fromHere, rateLimited);
    await limiter.enforce(pinAccountRule, subject.account, rateLimited);
    const [account, fromHere] = await Promise.all([
      limiter.peek(pinFailureAccountRule, subject.account),
      limiter.peek(pinFailureAddressRule, subject.fromHere),
    ]);
    if (!account.allowed || !fromHere.allowed) throw paused(Math.max(account.retryAfterS, fromHere.retryAfterS));
  };

  /**
   * Issues a new PIN for the user, for the address that asked (replacing that address's earlier PIN only), and
   * e-mails it.
   */
  const issuePin = async (user: { id: string; email: string }, subject: Subject, welcome: boolean) => {
    const now = clock();
    const pin = randomDigits(PIN_DIGITS);
    const pinId = randomUUID();
    await repository.deleteReplacedPins(db, user.id, subject.requester, now);
    await repository.insertPin(db, {
      id: pinId,
      userId: user.id,
      emailLower: subject.emailLower,
      requester: subject.requester,
      pinHash: hasher.hash('pin', pinHashInput(pinId, pin)),
      now,
      expiresAt: new Date(now.getTime() + PIN_TTL_MS),
    });
    await send(pinMail(config, user.email, pin, welcome));
  };

  /** The owner learns, once a day, that PIN sign-in paused; not awaited, so the answer takes no longer for an account. */
  const tellOwnerPaused = async (subject: Subject) => {
    const first = await limiter.hit(pinPausedMailRule, subject.account);
    if (first.count !== 1) return;
    const user = await users.findRecordByEmail(subject.emailLower);
    if (!user) return;
    await mailer.send(pinPausedMail(config, user.email, pinFailureAccountRule.limit));
  };
  const tellOwnerPausedLater = (subject: Subject) => {
    tellOwnerPaused(subject).catch((err: unknown) => log.error({ err }, 'sending the PIN-paused e-mail failed'));
  };

  return {
    async register(input, caller) {
      await limiter.enforce(ipRule, caller.ip, rateLimited);
      const email = input.email.trim();
      if (await users.findRecordByEmail(email)) throw conflict(messages.server.duplicateEmail);
      const subject = signInSubject(email, caller.ip);
      await enforcePinRequest(subject);
      const user = await users.create({ email, name: input.name });
      if (!user) throw conflict(messages.server.duplicateEmail); // registered concurrently
      try {
        await issuePin(user, subject, true);
      } catch (error) {
        // The PIN never reached the user: undo the registration so that trying again works.
        await users.remove(user.id).catch((err: unknown) => log.error({ err }, 'undoing a registration failed'));
        throw error;
      }
      await limiter.reset(pinAttemptRule, subject.fromHere);
    },

    async requestPin(input, caller) {
      await limiter.enforce(ipRule, caller.ip, rateLimited);
      const email = input.email.trim();
      const subject = signInSubject(email, caller.ip);
      await enforcePinRequest(subject);
      const user = await users.findRecordByEmail(email);
      // Same answer either way (ASVS 6.3.8): the address's owner learns the difference, the caller does not.
      if (user) await issuePin(user, subject, false);
      else await send(noAccountMail(config, email));
      // A new PIN for this address: its attempts start again (for an unknown e-mail just the same).
      await limiter.reset(pinAttemptRule, subject.fromHere);
    },

    async verifyPin(input, caller) {
      await limiter.enforce(ipRule, caller.ip, rateLimited);
      const invalid = () => badRequest(messages.server.invalidPin);
      const subject = signInSubject(input.email, caller.ip);

      // Every step below is the same whether or not the e-mail has an account or this address a PIN
      // (decision 106): the counters are keyed by the e-mail, the PIN is looked up by the e-mail, and one
      // hash is always compared.

      // 1. The attempts at this address's PIN, counted before comparing: the 6th is refused even if right.
      const attempt = await limiter.hit(pinAttemptRule, subject.fromHere);
      if (!attempt.allowed) throw badRequest(authMessages.pinAttemptsExceeded);

      // 2. Failures in any 24 hours, per (e-mail, address) and per e-mail, claimed before comparing too, so
      //    that concurrent guesses cannot overshoot; given back unless the attempt fails.
      const fromHere = await limiter.claim(pinFailureAddressRule, subject.fromHere);
      const account = await limiter.claim(pinFailureAccountRule, subject.account);
      if (!fromHere.allowed || !account.allowed) {
        await Promise.all([fromHere.release(), account.release()]);
        throw paused(Math.max(fromHere.retryAfterS, account.retryAfterS));
      }

      // 3. The comparison.
      const user = await users.findRecordByEmail(subject.emailLower);
      const pin = await repository.findLivePin(db, subject.emailLower, subject.requester, clock());
      const matches = hasher.verify('pin', pinHashInput(pin?.id ?? randomUUID(), input.pin), pin?.pinHash ?? noPinHash);
      const won = matches && pin && user && pin.userId === user.id && (await repository.markPinUsed(db, user.id, pin.id, clock()));
      if (!won || !user) {
        if (account.count >= pinFailureAccountRule.limit) tellOwnerPausedLater(subject);
        throw attempt.count >= PIN_MAX_ATTEMPTS ? badRequest(authMessages.pinAttemptsExceeded) : invalid();
      }

      await Promise.all([fromHere.release(), account.release(), limiter.reset(pinAttemptRule, subject.fromHere)]);
      const { token } = await sessions.create(user.id, 'pin', caller.userAgent, coarsePlace(caller.ip));
      const signedIn = await users.findById(user.id);
      if (!signedIn) throw invalid(); // deleted in the meantime
      return { token, user: signedIn };
    },

    async signInWithOidc(claims, bindingHash) {
      const now = clock();
      let userId = await repository.findIdentityUserId(db, claims.issuer, claims.subject);
      if (userId) {
        await repository.touchIdentity(db, userId, claims.issuer, claims.subject, now);
      } else {
        // A new identity: only a verified e-mail may create an account or link to an existing one.
        if (!claims.email || !claims.emailVerified) throw badRequest(authMessages.googleEmailUnverified);
        const existing = await users.findRecordByEmail(claims.email);
        const user =
          existing ??
          (await users.create({ email: claims.email, name: claims.name ?? '' })) ??
          (await users.findRecordByEmail(claims.email)); // created concurrently
        if (!user) throw badRequest(authMessages.googleFailed);
        await repository.insertIdentity(db, {
          userId: user.id,
          issuer: claims.issuer,
          subject: claims.subject,
          email: claims.email,
          now,
        });
        // Whoever won a concurrent link, the identity now points at exactly one user.
        userId = await repository.findIdentityUserId(db, claims.issuer, claims.subject);
        if (!userId) throw badRequest(authMessages.googleFailed);
      }
      const user = await users.findById(userId);
      if (!user) throw badRequest(authMessages.googleFailed);
      const code = randomToken(OAUTH_CODE_BYTES);
      await repository.deleteStaleExchangeCodes(db, new Date(now.getTime() - OAUTH_CODE_TTL_MS));
      await repository.insertExchangeCode(db, {
        codeHash: hasher.hash('oauth-code', code),
        userId,
        bindingHash,
        now,
        expiresAt: new Date(now.getTime() + OAUTH_CODE_TTL_MS),
      });
      return { code, user };
    },

    async redeemOidcCode(input, caller) {
      const refused = () => badRequest(messages.security.googleCodeRefused);
      // Spent by the first attempt, whatever its binding: a code is never tried twice.
      const claimed = await repository.claimExchangeCode(db, hasher.hash('oauth-code', input.token), clock());
      if (!claimed || !safeEqual(bindingHashOf(hasher, input.binding), claimed.bindingHash)) throw refused();
      const { token } = await sessions.create(claimed.userId, 'oidc', caller.userAgent, coarsePlace(caller.ip));
      const user = await users.findById(claimed.userId);
      if (!user) throw refused(); // deleted in the meantime
      return { token, user };
    },
  };
}
