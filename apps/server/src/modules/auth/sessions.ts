import type { Db } from '../../db/database.ts';
import type { Clock } from '../../lib/clock.ts';
import { CredentialCache, type CredentialCacheOptions } from '../../lib/credential-cache.ts';
import { randomToken, type KeyedHasher } from '../../lib/crypto.ts';
import {
  SESSION_ABSOLUTE_LIFETIME_MS,
  SESSION_CACHE_MAX_ENTRIES,
  SESSION_CACHE_TTL_MS,
  SESSION_IDLE_TIMEOUT_MS,
  SESSION_TOKEN_BYTES,
  SESSION_TOUCH_INTERVAL_MS,
} from './policy.ts';
import * as repository from './repository.ts';

/**
 * Opaque bearer sessions (ASVS 7.2, 7.3): 256-bit random tokens, only their HMAC stored, a new one at
 * every sign-in, a sliding inactivity timeout and an absolute lifetime, revocable.
 *
 * Resolved sessions are remembered in memory (decision 071): keyed by the token's keyed hash, at most
 * SESSION_CACHE_MAX_ENTRIES, each for at most SESSION_CACHE_TTL_MS. A hit still checks the absolute and
 * idle limits against the app clock, and goes to the database when `last_seen_at` is due a write (so those
 * writes stay once a minute). Revoking here (logout, `revokeAll`, `forgetUser` after an account deletion)
 * drops the entries at once, and a lookup that raced a revocation is not remembered. `onRevoked` tells the
 * other instances (with Redis, decision 090), which call `forgetSession` / `forgetUser`; without Redis (or
 * while it is down) a revoked session may work there for up to the TTL. Unknown and dead tokens are never remembered: a new sign-in works at
 * once, and a wrong token always costs a lookup.
 */

export interface LiveSession {
  sessionId: string;
  userId: string;
}

export interface SessionService {
  /** Starts a session; the token is returned once and never stored. */
  create(
    userId: string,
    method: 'pin' | 'oidc',
    userAgent?: string,
    place?: string | null,
  ): Promise<{ token: string; sessionId: string }>;
  /**
   * The live session of a bearer token, or null (unknown, revoked, idle too long, past its lifetime).
   * `place` (the coarse client address) is written with `last_seen_at`, at most once a minute.
   */
  resolve(token: string, place?: string | null): Promise<LiveSession | null>;
  /** Revokes one session of the user; false when the user has no such live session. */
  revoke(session: LiveSession): Promise<boolean>;
  revokeAll(userId: string): Promise<void>;
  /** Revokes every session of the user but `keepSessionId`; the ids of those that ended. */
  revokeOthers(userId: string, keepSessionId: string): Promise<string[]>;
  /** Forgets what this instance remembers of the user's sessions (the user was deleted: rows cascade). */
  forgetUser(userId: string): void;
  /** Forgets what this instance remembers of one session (another instance revoked it). */
  forgetSession(sessionId: string): void;
  /** The user's live sessions for the device list (most recently used first). */
  listLive(userId: string): ReturnType<typeof repository.listLiveSessions>;
  /** Every session (live or not) and every linked identity of the user (the account export). */
  listForExport(
    userId: string,
  ): Promise<{ sessions: repository.SessionSummary[]; identities: repository.IdentitySummary[] }>;
}

/** What was revoked, for the other instances: one session, or all of a user's. */
export type SessionRevocation = { sessionId: string } | { userId: string };

/** A resolved session as remembered: its limits in app-clock milliseconds. */
interface CachedSession {
  session: LiveSession;
  expiresAt: number;
  lastSeenAt: number;
}

/** Tokens we issue are 43 base64url characters; anything far off is not worth a database lookup. */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{20,200}$/;

export function createSessionService(deps: {
  db: Db;
  hasher: KeyedHasher;
  clock: Clock;
  cache?: CredentialCacheOptions;
  /** Called after a revocation was written (to tell the other instances). */
  onRevoked?: (revoked: SessionRevocation) => void | Promise<void>;
}): SessionService {
  const { db, hasher, clock } = deps;
  const hashToken = (token: string) => hasher.hash('session', token);
  // A lookup that started before a revocation is not remembered (it may have read the row just before the
  // revocation was written).
  const cache = new CredentialCache<CachedSession, LiveSession | null>(
    { ttlMs: SESSION_CACHE_TTL_MS, maxEntries: SESSION_CACHE_MAX_ENTRIES },
    deps.cache,
  );

  return {
    listLive(userId) {
      const now = clock();
      return repository.listLiveSessions(db, userId, now, new Date(now.getTime() - SESSION_IDLE_TIMEOUT_MS));
    },
    async listForExport(userId) {
      const [sessions, identities] = await Promise.all([
        repository.listSessions(db, userId),
        repository.listIdentities(db, userId),
      ]);
      return { sessions, identities };
    },
    async create(userId, method, userAgent, place) {
      const now = clock();
      await repository.deleteDeadSessions(db, userId, now, new Date(now.getTime() - SESSION_IDLE_TIMEOUT_MS));
      const token = randomToken(SESSION_TOKEN_BYTES);
      const sessionId = await repository.insertSession(db, {
        userId,
        tokenHash: hashToken(token),
        method,
        userAgent: userAgent?.slice(0, 300) ?? null,
        place: place ?? null,
        now,
        expiresAt: new Date(now.getTime() + SESSION_ABSOLUTE_LIFETIME_MS),
      });
      return { token, sessionId };
    },

    async resolve(token, place) {
      if (!TOKEN_SHAPE.test(token)) return null;
      const tokenHash = hashToken(token);
      const cached = cache.get(tokenHash);
      if (cached) {
        const now = clock().getTime();
        if (
          now < cached.expiresAt &&
          now < cached.lastSeenAt + SESSION_IDLE_TIMEOUT_MS &&
          now - cached.lastSeenAt < SESSION_TOUCH_INTERVAL_MS
        ) {
          return cached.session;
        }
        // Ended, or `last_seen_at` is due a write: ask the database.
        cache.delete(tokenHash);
      }
      // Concurrent misses of one token share the lookup; one that began before a revocation is not joined.
      return cache.lookup(tokenHash, async (remember) => {
        const session = await repository.findSessionByTokenHash(db, tokenHash);
        if (!session || session.revokedAt) return null;
        const now = clock().getTime();
        if (session.expiresAt.getTime() <= now) return null;
        let lastSeenAt = session.lastSeenAt.getTime();
        if (lastSeenAt + SESSION_IDLE_TIMEOUT_MS <= now) return null;
        if (now - lastSeenAt >= SESSION_TOUCH_INTERVAL_MS) {
          await repository.touchSession(db, session.userId, session.id, new Date(now), place ?? null);
          lastSeenAt = now;
        }
        const live: LiveSession = Object.freeze({ sessionId: session.id, userId: session.userId });
        remember({ session: live, expiresAt: session.expiresAt.getTime(), lastSeenAt });
        return live;
      });
    },

    async revoke(session) {
      // Forgotten before and after the write: no request on this instance gets through once it returns.
      cache.forget((cached) => cached.session.sessionId === session.sessionId);
      const revoked = await repository.revokeSession(db, session.userId, session.sessionId, clock());
      cache.forget((cached) => cached.session.sessionId === session.sessionId);
      await deps.onRevoked?.({ sessionId: session.sessionId });
      return revoked;
    },

    async revokeAll(userId) {
      cache.forget((cached) => cached.session.userId === userId);
      await repository.revokeAllSessions(db, userId, clock());
      cache.forget((cached) => cached.session.userId === userId);
      await deps.onRevoked?.({ userId });
    },

    async revokeOthers(userId, keepSessionId) {
      const others = (cached: CachedSession) =>
        cached.session.userId === userId && cached.session.sessionId !== keepSessionId;
      cache.forget(others);
      const ended = await repository.revokeOtherSessions(db, userId, keepSessionId, clock());
      cache.forget(others);
      // The other instances forget all of the user's sessions; the kept one is simply looked up again.
      if (ended.length > 0) await deps.onRevoked?.({ userId });
      return ended;
    },

    forgetUser(userId) {
      cache.forget((cached) => cached.session.userId === userId);
    },

    forgetSession(sessionId) {
      cache.forget((cached) => cached.session.sessionId === sessionId);
    },
  };
}
