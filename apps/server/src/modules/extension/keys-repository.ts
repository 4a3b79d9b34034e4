import { and, asc, desc, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { revokeLive } from '../../db/rows.ts';
import { extensionKeys } from '../../db/schema.ts';

/** Extension apiKeys: the only module code that touches `extension_keys`. Scoped by user id. */

export interface LiveKey {
  id: string;
  userId: string;
  lastUsedAt: Date | null;
}

export async function insertKey(db: Db, values: { userId: string; keyHash: string; label: string | null }): Promise<string> {
  const [row] = await db.insert(extensionKeys).values(values).returning({ id: extensionKeys.id });
  if (!row) throw new Error('extension key insert returned nothing');
  return row.id;
}

/** The live (not revoked) key with this hash. */
export async function findLiveKeyByHash(db: Db, keyHash: string): Promise<LiveKey | null> {
  const [row] = await db
    .select({ id: extensionKeys.id, userId: extensionKeys.userId, lastUsedAt: extensionKeys.lastUsedAt })
    .from(extensionKeys)
    .where(and(eq(extensionKeys.keyHash, keyHash), isNull(extensionKeys.revokedAt)))
    .limit(1);
  return row ?? null;
}

/** Whether the user has a live key (token validity asked with a session). */
export async function hasLiveKey(db: Db, userId: string): Promise<boolean> {
  const rows = await db
    .select({ id: extensionKeys.id })
    .from(extensionKeys)
    .where(and(eq(extensionKeys.userId, userId), isNull(extensionKeys.revokedAt)))
    .limit(1);
  return rows.length > 0;
}

/** Revokes every live key of the user; answers how many. */
export async function revokeAllKeys(db: Db, userId: string, now: Date): Promise<number> {
  return (await revokeLive(db, extensionKeys, eq(extensionKeys.userId, userId), now)).length;
}

/** Revokes one live key of the user; false when there is none with that id (or it is someone else's). */
export async function revokeKey(db: Db, userId: string, keyId: string, now: Date): Promise<boolean> {
  const key = and(eq(extensionKeys.id, keyId), eq(extensionKeys.userId, userId));
  return (await revokeLive(db, extensionKeys, key, now)).length > 0;
}

/** What the user sees of a key (never its hash). */
const keyColumns = {
  id: extensionKeys.id,
  label: extensionKeys.label,
  createdAt: extensionKeys.createdAt,
  lastUsedAt: extensionKeys.lastUsedAt,
};

/** The user's live keys, most recently used first (never the hashes). */
export async function listLiveKeys(db: Db, userId: string) {
  return db
    .select(keyColumns)
    .from(extensionKeys)
    .where(and(eq(extensionKeys.userId, userId), isNull(extensionKeys.revokedAt)))
    .orderBy(desc(sql`coalesce(${extensionKeys.lastUsedAt}, ${extensionKeys.createdAt})`));
}

/**
 * Before a new key for the browser `label` (decision 060): revokes the user's live keys of that same browser
 * (re-pairing), keys issued but never used for `unusedFor` (an abandoned pairing), and — least recently used
 * first — whatever would leave more than `maxLive - 1` live keys. Answers how many were revoked.
 */
export async function revokeForNewKey(
  db: Db,
  userId: string,
  opts: { label: string | null; now: Date; unusedBefore: Date; maxLive: number },
): Promise<number> {
  const { label, now, unusedBefore, maxLive } = opts;
  const own = eq(extensionKeys.userId, userId);
  const stale = or(
    label === null ? isNull(extensionKeys.label) : eq(extensionKeys.label, label),
    and(isNull(extensionKeys.lastUsedAt), lt(extensionKeys.createdAt, unusedBefore)),
  );
  const first = await revokeLive(db, extensionKeys, and(own, stale), now);
  const remaining = await db
    .select({ id: extensionKeys.id })
    .from(extensionKeys)
    .where(and(own, isNull(extensionKeys.revokedAt)))
    .orderBy(asc(sql`coalesce(${extensionKeys.lastUsedAt}, ${extensionKeys.createdAt})`), asc(extensionKeys.createdAt));
  const excess = remaining.slice(0, Math.max(0, remaining.length - (maxLive - 1))).map((r) => r.id);
  if (excess.length === 0) return first.length;
  const second = await revokeLive(db, extensionKeys, and(own, inArray(extensionKeys.id, excess)), now);
  return first.length + second.length;
}

/** Records a use, at most once per `interval` (a conditional UPDATE, so parallel calls write once). */
export async function touchKey(db: Db, userId: string, keyId: string, now: Date, staleBefore: Date): Promise<void> {
  await db
    .update(extensionKeys)
    .set({ lastUsedAt: now })
    .where(
      and(
        eq(extensionKeys.id, keyId),
        eq(extensionKeys.userId, userId),
        or(isNull(extensionKeys.lastUsedAt), lt(extensionKeys.lastUsedAt, staleBefore)),
      ),
    );
}

/** The user's keys for the account export (never the hashes). */
export async function listKeys(db: Db, userId: string) {
  return db
    .select({ ...keyColumns, revokedAt: extensionKeys.revokedAt })
    .from(extensionKeys)
    .where(eq(extensionKeys.userId, userId))
    .orderBy(desc(extensionKeys.createdAt));
}
