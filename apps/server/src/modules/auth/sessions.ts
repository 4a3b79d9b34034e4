import type { Db } from '../../db/database.ts';
import type { Clock } from '../../lib/clock.ts';
import { randomToken, type KeyedHasher } from '../../lib/crypto.ts';
import {
  SESSION_ABSOLUTE_LIFETIME_MS,
  SESSION_IDLE_TIMEOUT_MS,
  SESSION_TOKEN_BYTES,
  SESSION_TOUCH_INTERVAL_MS,
} from './policy.ts';
import * as repository from './repository.ts';

/**
 * Opaque bearer sessions (ASVS 7.2, 7.3): 256-bit random tokens, only their HMAC stored, a new one at
 * every sign-in, a sliding inactivity timeout and an absolute lifetime, revocable.
 */

export interface LiveSession {
  sessionId: string;
  userId: string;
}

export interface SessionService {
  /** Starts a session; the token is returned once and never stored. */
  create(userId: string, method: 'pin' | 'oidc', userAgent?: string): Promise<{ token: string; sessionId: string }>;
  /** The live session of a bearer token, or null (unknown, revoked, idle too long, past its lifetime). */
  resolve(token: string): Promise<LiveSession | null>;
  revoke(session: LiveSession): Promise<void>;
  revokeAll(userId: string): Promise<void>;
}

/** Tokens we issue are 43 base64url characters; anything far off is not worth a database lookup. */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{20,200}$/;

export function createSessionService(deps: { db: Db; hasher: KeyedHasher; clock: Clock }): SessionService {
  const { db, hasher, clock } = deps;
  const hashToken = (token: string) => hasher.hash('session', token);

  return {
    async create(userId, method, userAgent) {
      const now = clock();
      await repository.deleteDeadSessions(db, userId, now, new Date(now.getTime() - SESSION_IDLE_TIMEOUT_MS));
      const token = randomToken(SESSION_TOKEN_BYTES);
      const sessionId = await repository.insertSession(db, {
        userId,
        tokenHash: hashToken(token),
        method,
        userAgent: userAgent?.slice(0, 300) ?? null,
        now,
        expiresAt: new Date(now.getTime() + SESSION_ABSOLUTE_LIFETIME_MS),
      });
      return { token, sessionId };
    },

    async resolve(token) {
      if (!TOKEN_SHAPE.test(token)) return null;
      const session = await repository.findSessionByTokenHash(db, hashToken(token));
      if (!session || session.revokedAt) return null;
      const now = clock().getTime();
      if (session.expiresAt.getTime() <= now) return null;
      if (session.lastSeenAt.getTime() + SESSION_IDLE_TIMEOUT_MS <= now) return null;
      if (now - session.lastSeenAt.getTime() >= SESSION_TOUCH_INTERVAL_MS) {
        await repository.touchSession(db, session.userId, session.id, new Date(now));
      }
      return { sessionId: session.id, userId: session.userId };
    },

    revoke: (session) => repository.revokeSession(db, session.userId, session.sessionId, clock()),
    revokeAll: (userId) => repository.revokeAllSessions(db, userId, clock()),
  };
}
