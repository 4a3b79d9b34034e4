import { and, desc, eq, isNull, lt, or } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
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
  const rows = await db
    .update(extensionKeys)
    .set({ revokedAt: now })
    .where(and(eq(extensionKeys.userId, userId), isNull(extensionKeys.revokedAt)))
    .returning({ id: extensionKeys.id });
  return rows.length;
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
    .select({
      id: extensionKeys.id,
      label: extensionKeys.label,
      createdAt: extensionKeys.createdAt,
      lastUsedAt: extensionKeys.lastUsedAt,
      revokedAt: extensionKeys.revokedAt,
    })
    .from(extensionKeys)
    .where(eq(extensionKeys.userId, userId))
    .orderBy(desc(extensionKeys.createdAt));
}
