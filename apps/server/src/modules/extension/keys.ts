import type { Db } from '../../db/database.ts';
import type { Clock } from '../../lib/clock.ts';
import { MINUTE } from '../../lib/clock.ts';
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

export const API_KEY_PREFIX = 'mdx_';
const KEY_SHAPE = /^mdx_[A-Za-z0-9_-]{40,60}$/;
const HASH_PURPOSE = 'extension-key';

export interface ExtensionKeyService {
  issue(userId: string, label?: string): Promise<{ apiKey: string; keyId: string }>;
  /** The owner of a live key, or null. Constant-time: the lookup is by keyed hash, never by the key. */
  verify(apiKey: string): Promise<{ userId: string; keyId: string } | null>;
  revokeAll(userId: string): Promise<number>;
  hasLiveKey(userId: string): Promise<boolean>;
}

export function createExtensionKeyService(deps: { db: Db; hasher: KeyedHasher; clock: Clock }): ExtensionKeyService {
  const { db, hasher, clock } = deps;
  const hashKey = (apiKey: string) => hasher.hash(HASH_PURPOSE, apiKey);

  return {
    async issue(userId, label) {
      const apiKey = `${API_KEY_PREFIX}${randomToken(32)}`;
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
      return { apiKey, keyId };
    },

    async verify(apiKey) {
      if (!KEY_SHAPE.test(apiKey)) return null;
      const key = await repo.findLiveKeyByHash(db, hashKey(apiKey));
      if (!key) return null;
      const now = clock();
      if (!key.lastUsedAt || now.getTime() - key.lastUsedAt.getTime() >= MINUTE) {
        await repo.touchKey(db, key.userId, key.id, now, new Date(now.getTime() - MINUTE));
      }
      return { userId: key.userId, keyId: key.id };
    },

    revokeAll: (userId) => repo.revokeAllKeys(db, userId, clock()),
    hasLiveKey: (userId) => repo.hasLiveKey(db, userId),
  };
}
