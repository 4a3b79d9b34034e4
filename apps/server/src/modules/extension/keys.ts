import type { Db } from '../../db/database.ts';
import type { Clock } from '../../lib/clock.ts';
import { MINUTE } from '../../lib/clock.ts';
import { CredentialCache, type CredentialCacheOptions } from '../../lib/credential-cache.ts';
import { randomToken, type KeyedHasher } from '../../lib/crypto.ts';
import * as repo from './keys-repository.ts';

/**
 * Extension apiKeys (decision 060): 256-bit random tokens with a recognisable prefix, shown once, stored
 * as HMAC-SHA-256 under the server secret's 'extension-key' purpose (so a session token never verifies as
 * a key and vice versa). Keys are per device (browser): issuing one revokes the user's earlier key for the same
 * browser (its user agent), keys never used within UNUSED_KEY_TTL_MS, and the least recently used beyond
 * MAX_LIVE_KEYS; `DELETE /api/extension` revokes them all.
 */

/** Browsers (devices) a user can have paired at once. */
export const MAX_LIVE_KEYS = 5;
/** A key issued but never used this long was an abandoned pairing. */
export const UNUSED_KEY_TTL_MS = 10 * MINUTE;

/**
 * A verified key is remembered in memory this long (decision 071, "Credential and response caches"): a
 * revocation on this instance (`revokeAll`, a new key replacing old ones, `forgetUser`) drops it at once;
 * `onRevoked` tells the other instances (with Redis, decision 090), which then call `forgetUser`; without
 * Redis (or while it is down) another instance may accept a revoked key for at most this long.
 * Unknown and revoked keys are never remembered.
 */
export const KEY_CACHE_TTL_MS = 5_000;
export const KEY_CACHE_MAX_ENTRIES = 10_000;
/** `last_used_at` is written at most this often per key. */
const TOUCH_INTERVAL_MS = MINUTE;

export const API_KEY_PREFIX = 'mdx_';
const KEY_SHAPE = /^mdx_[A-Za-z0-9_-]{40,60}$/;
const HASH_PURPOSE = 'extension-key';

export interface ExtensionKeyService {
  issue(userId: string, label?: string): Promise<{ apiKey: string; keyId: string }>;
  /** The owner of a live key, or null. Constant-time: the lookup is by keyed hash, never by the key. */
  verify(apiKey: string): Promise<{ userId: string; keyId: string } | null>;
  revokeAll(userId: string): Promise<number>;
  /** Revokes one of the user's keys (one browser); false when the user has no such live key. */
  revoke(userId: string, keyId: string): Promise<boolean>;
  /** The user's live keys, one per paired browser (never the hashes). */
  listLive(userId: string): Promise<{ id: string; label: string | null; createdAt: Date; lastUsedAt: Date | null }[]>;
  hasLiveKey(userId: string): Promise<boolean>;
  /** Forgets what this instance remembers of the user's keys (the user was deleted: rows cascade). */
  forgetUser(userId: string): void;
  /** Every key of the user, revoked ones too (the account export; never the hashes). */
  listAll(userId: string): ReturnType<typeof repo.listKeys>;
}

interface CachedKey {
  key: { userId: string; keyId: string };
  /** App-clock milliseconds of the last recorded use (null: never used). */
  lastUsedAt: number | null;
}

export function createExtensionKeyService(deps: {
  db: Db;
  hasher: KeyedHasher;
  clock: Clock;
  cache?: CredentialCacheOptions;
  /** Called after keys of the user may have been revoked (to tell the other instances). */
  onRevoked?: (userId: string) => void | Promise<void>;
}): ExtensionKeyService {
  const { db, hasher, clock } = deps;
  const hashKey = (apiKey: string) => hasher.hash(HASH_PURPOSE, apiKey);
  // A verification that started before a revocation is not remembered.
  const cache = new CredentialCache<CachedKey, { userId: string; keyId: string } | null>(
    { ttlMs: KEY_CACHE_TTL_MS, maxEntries: KEY_CACHE_MAX_ENTRIES },
    deps.cache,
  );
  const forgetUser = (userId: string) => cache.forget((cached) => cached.key.userId === userId);

  return {
    listAll: (userId) => repo.listKeys(db, userId),
    async issue(userId, label) {
      const apiKey = `${API_KEY_PREFIX}${randomToken(32)}`;
      // Issuing may revoke the user's older keys (same browser, abandoned, beyond MAX_LIVE_KEYS).
      forgetUser(userId);
      const keyId = await db.transaction(async (txRaw) => {
        const tx = txRaw as unknown as Db;
        const now = clock();
        const stored = label?.slice(0, 300) ?? null;
        await repo.revokeForNewKey(tx, userId, {
          label: stored,
          now,
          unusedBefore: new Date(now.getTime() - UNUSED_KEY_TTL_MS),
          maxLive: MAX_LIVE_KEYS,
        });
        return repo.insertKey(tx, { userId, keyHash: hashKey(apiKey), label: stored });
      });
      forgetUser(userId);
      await deps.onRevoked?.(userId);
      return { apiKey, keyId };
    },

    async verify(apiKey) {
      if (!KEY_SHAPE.test(apiKey)) return null;
      const keyHash = hashKey(apiKey);
      const cached = cache.get(keyHash);
      if (cached) {
        // A hit is used until `last_used_at` is due a write; then the database records the use.
        if (cached.lastUsedAt !== null && clock().getTime() - cached.lastUsedAt < TOUCH_INTERVAL_MS) {
          return cached.key;
        }
        cache.delete(keyHash);
      }
      // Concurrent misses of one key share the lookup; one that began before a revocation is not joined.
      return cache.lookup(keyHash, async (remember) => {
        const key = await repo.findLiveKeyByHash(db, keyHash);
        if (!key) return null;
        const now = clock();
        let lastUsedAt = key.lastUsedAt?.getTime() ?? null;
        if (lastUsedAt === null || now.getTime() - lastUsedAt >= TOUCH_INTERVAL_MS) {
          await repo.touchKey(db, key.userId, key.id, now, new Date(now.getTime() - TOUCH_INTERVAL_MS));
          lastUsedAt = now.getTime();
        }
        const verified = Object.freeze({ userId: key.userId, keyId: key.id });
        remember({ key: verified, lastUsedAt });
        return verified;
      });
    },

    async revokeAll(userId) {
      forgetUser(userId);
      const revoked = await repo.revokeAllKeys(db, userId, clock());
      forgetUser(userId);
      await deps.onRevoked?.(userId);
      return revoked;
    },
    async revoke(userId, keyId) {
      forgetUser(userId);
      const revoked = await repo.revokeKey(db, userId, keyId, clock());
      forgetUser(userId);
      if (revoked) await deps.onRevoked?.(userId);
      return revoked;
    },
    listLive: (userId) => repo.listLiveKeys(db, userId),
    hasLiveKey: (userId) => repo.hasLiveKey(db, userId),
    forgetUser,
  };
}
