import { randomUUID } from 'node:crypto';
import { messages } from '@mediadiet/contract/messages';
import type { User } from '@mediadiet/contract/user';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database.ts';
import { badRequest, conflict, httpError } from '../../http/errors.ts';
import type { Clock } from '../../lib/clock.ts';
import { randomDigits, randomToken, safeEqual, type KeyedHasher } from '../../lib/crypto.ts';
import { coarsePlace } from '../../lib/place.ts';
import type { Mailer } from '../../plugins/mail.ts';
import type { RateLimiter } from '../../plugins/rate-limit.ts';
import type { UsersService } from '../users/service.ts';
import { noAccountMail, pinMail } from './mail.ts';
import { authMessages } from './messages.ts';
import type { OidcClaims } from './oidc.ts';
import {
  authIpRule,
  OAUTH_CODE_BYTES,
  OAUTH_CODE_TTL_MS,
  PIN_DIGITS,
  PIN_MAX_ATTEMPTS,
  PIN_TTL_MS,
  pinEmailRule,
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

  const send = async (mail: Parameters<Mailer['send']>[0]) => {
    try {
      await mailer.send(mail);
    } catch (error) {
      log.error({ err: error }, 'sending a sign-in e-mail failed');
      throw httpError(503, authMessages.mailFailed, { cause: error, expose: true });
    }
  };

  /** Issues a new PIN for the user (older ones stop counting) and e-mails it. */
  const issuePin = async (user: { id: string; email: string; name: string }, welcome: boolean) => {
    const now = clock();
    const pin = randomDigits(PIN_DIGITS);
    const pinId = randomUUID();
    await repository.deletePins(db, user.id); // a new PIN replaces the previous ones
    await repository.insertPin(db, {
      id: pinId,
      userId: user.id,
      emailLower: user.email.toLowerCase(),
      pinHash: hasher.hash('pin', pinHashInput(pinId, pin)),
      now,
      expiresAt: new Date(now.getTime() + PIN_TTL_MS),
    });
    await send(pinMail(config, user, pin, welcome));
  };

  return {
    async register(input, caller) {
      await limiter.enforce(ipRule, caller.ip, rateLimited);
      const email = input.email.trim();
      if (await users.findRecordByEmail(email)) throw conflict(messages.server.duplicateEmail);
      await limiter.enforce(pinEmailRule, email.toLowerCase(), rateLimited);
      const user = await users.create({ email, name: input.name });
      if (!user) throw conflict(messages.server.duplicateEmail); // registered concurrently
      try {
        await issuePin(user, true);
      } catch (error) {
        // The PIN never reached the user: undo the registration so that trying again works.
        await users.remove(user.id).catch((err: unknown) => log.error({ err }, 'undoing a registration failed'));
        throw error;
      }
    },

    async requestPin(input, caller) {
      await limiter.enforce(ipRule, caller.ip, rateLimited);
      const email = input.email.trim();
      await limiter.enforce(pinEmailRule, email.toLowerCase(), rateLimited);
      const user = await users.findRecordByEmail(email);
      // Same answer either way (ASVS 6.3.8): the address's owner learns the difference, the caller does not.
      if (user) await issuePin(user, false);
      else await send(noAccountMail(config, email));
    },

    async verifyPin(input, caller) {
      await limiter.enforce(ipRule, caller.ip, rateLimited);
      const invalid = () => badRequest(messages.server.invalidPin);
      const user = await users.findRecordByEmail(input.email);
      if (!user) {
        hasher.hash('pin', pinHashInput(randomUUID(), input.pin)); // similar work as a real check
        throw invalid();
      }
      const attempt = await repository.claimPinAttempt(db, user.id, clock(), PIN_MAX_ATTEMPTS);
      if (!attempt) {
        const attempts = await repository.newestPinAttempts(db, user.id);
        if (attempts !== null && attempts >= PIN_MAX_ATTEMPTS) throw badRequest(authMessages.pinAttemptsExceeded);
        throw invalid();
      }
      if (!hasher.verify('pin', pinHashInput(attempt.id, input.pin), attempt.pinHash)) {
        if (attempt.attempts >= PIN_MAX_ATTEMPTS) throw badRequest(authMessages.pinAttemptsExceeded);
        throw invalid();
      }
      if (!(await repository.markPinUsed(db, user.id, attempt.id, clock()))) throw invalid();

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
