import { and, desc, eq, gt, isNull, lt, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { loginPins, oauthExchangeCodes, oauthIdentities, sessions } from '../../db/schema.ts';
import { columns, firstOrNull, revokeLive } from '../../db/rows.ts';

/** Sessions, PINs and OIDC identities. The only module code that touches these tables. */

// ── sessions ─────────────────────────────────────────────────────────────────────────────────────────

export interface SessionRecord {
  id: string;
  userId: string;
  lastSeenAt: Date;
  expiresAt: Date;
  revokedAt: Date | null;
}

/** What the account export shows of a session (never the hash). */
export interface SessionSummary {
  id: string;
  method: string;
  userAgent: string | null;
  createdAt: Date;
  lastSeenAt: Date;
  expiresAt: Date;
  revokedAt: Date | null;
}

export async function insertSession(
  db: Db,
  values: {
    userId: string;
    tokenHash: string;
    method: 'pin' | 'oidc';
    userAgent: string | null;
    place: string | null;
    now: Date;
    expiresAt: Date;
  },
): Promise<string> {
  const [row] = await db
    .insert(sessions)
    .values({
      userId: values.userId,
      tokenHash: values.tokenHash,
      method: values.method,
      userAgent: values.userAgent,
      lastPlace: values.place,
      createdAt: values.now,
      lastSeenAt: values.now,
      expiresAt: values.expiresAt,
    })
    .returning({ id: sessions.id });
  if (!row) throw new Error('session insert returned no row');
  return row.id;
}

/** Looks a session up by the hash of its token (the token itself is never stored). */
export async function findSessionByTokenHash(db: Db, tokenHash: string): Promise<SessionRecord | null> {
  return firstOrNull(
    db
      .select({
        id: sessions.id,
        userId: sessions.userId,
        lastSeenAt: sessions.lastSeenAt,
        expiresAt: sessions.expiresAt,
        revokedAt: sessions.revokedAt,
      })
      .from(sessions)
      .where(eq(sessions.tokenHash, tokenHash)),
  );
}

export async function touchSession(
  db: Db,
  userId: string,
  sessionId: string,
  now: Date,
  place: string | null = null,
): Promise<void> {
  await db
    .update(sessions)
    .set(place ? { lastSeenAt: now, lastPlace: place } : { lastSeenAt: now })
    .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId), isNull(sessions.revokedAt)));
}

export async function revokeSession(db: Db, userId: string, sessionId: string, now: Date): Promise<boolean> {
  const session = and(eq(sessions.id, sessionId), eq(sessions.userId, userId));
  return (await revokeLive(db, sessions, session, now)).length > 0;
}

export async function revokeAllSessions(db: Db, userId: string, now: Date): Promise<void> {
  await revokeLive(db, sessions, eq(sessions.userId, userId), now);
}

export async function revokeOtherSessions(
  db: Db,
  userId: string,
  keepSessionId: string,
  now: Date,
): Promise<string[]> {
  return revokeLive(db, sessions, and(eq(sessions.userId, userId), ne(sessions.id, keepSessionId)), now);
}

/** A user's live sessions for the device list (most recently used first). */
export async function listLiveSessions(
  db: Db,
  userId: string,
  now: Date,
  idleCutoff: Date,
): Promise<
  { id: string; userAgent: string | null; place: string | null; createdAt: Date; lastSeenAt: Date }[]
> {
  return db
    .select({
      id: sessions.id,
      userAgent: sessions.userAgent,
      place: sessions.lastPlace,
      createdAt: sessions.createdAt,
      lastSeenAt: sessions.lastSeenAt,
    })
    .from(sessions)
    .where(
      and(
        eq(sessions.userId, userId),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, now),
        gt(sessions.lastSeenAt, idleCutoff),
      ),
    )
    .orderBy(desc(sessions.lastSeenAt), desc(sessions.createdAt));
}

/** Removes a user's sessions that can no longer be used (revoked, expired or idle past the timeout). */
export async function deleteDeadSessions(db: Db, userId: string, now: Date, idleCutoff: Date): Promise<void> {
  await db
    .delete(sessions)
    .where(
      and(
        eq(sessions.userId, userId),
        or(
          sql`${sessions.revokedAt} is not null`,
          lt(sessions.expiresAt, now),
          lt(sessions.lastSeenAt, idleCutoff),
        ),
      ),
    );
}

export async function listSessions(db: Db, userId: string): Promise<SessionSummary[]> {
  const fields = columns(sessions, [
    'id',
    'method',
    'userAgent',
    'createdAt',
    'lastSeenAt',
    'expiresAt',
    'revokedAt',
  ]);
  return db
    .select(fields)
    .from(sessions)
    .where(eq(sessions.userId, userId))
    .orderBy(desc(sessions.createdAt));
}

// ── PINs ─────────────────────────────────────────────────────────────────────────────────────────────

export async function insertPin(
  db: Db,
  values: {
    id: string;
    userId: string;
    emailLower: string;
    requester: string;
    pinHash: string;
    now: Date;
    expiresAt: Date;
  },
): Promise<void> {
  await db.insert(loginPins).values({
    id: values.id,
    userId: values.userId,
    emailLower: values.emailLower,
    requester: values.requester,
    pinHash: values.pinHash,
    createdAt: values.now,
    expiresAt: values.expiresAt,
  });
}

export interface LivePin {
  id: string;
  userId: string;
  pinHash: string;
}

/**
 * The usable PIN (unused, unexpired) that `requester` asked for with this e-mail, if any. Looked up by the
 * e-mail, not the user, so that an address without an account costs the same query (decision 106).
 */
export async function findLivePin(
  db: Db,
  emailLower: string,
  requester: string,
  now: Date,
): Promise<LivePin | null> {
  return firstOrNull(
    db
      .select({ id: loginPins.id, userId: loginPins.userId, pinHash: loginPins.pinHash })
      .from(loginPins)
      .where(
        and(
          eq(loginPins.emailLower, emailLower),
          eq(loginPins.requester, requester),
          isNull(loginPins.usedAt),
          sql`${loginPins.expiresAt} > ${now.toISOString()}::timestamptz`,
        ),
      )
      .orderBy(desc(loginPins.createdAt), desc(loginPins.id)),
  );
}

/** Marks a PIN used; false if it was used meanwhile (two concurrent verifications: only one wins). */
export async function markPinUsed(db: Db, userId: string, pinId: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(loginPins)
    .set({ usedAt: now })
    .where(and(eq(loginPins.id, pinId), eq(loginPins.userId, userId), isNull(loginPins.usedAt)))
    .returning({ id: loginPins.id });
  return rows.length > 0;
}

/**
 * Before a new PIN for `requester`: drops that requester's earlier PINs (the new one replaces them) and the
 * user's PINs that can no longer be used. PINs other addresses asked for stay valid (decision 104).
 */
export async function deleteReplacedPins(
  db: Db,
  userId: string,
  requester: string,
  now: Date,
): Promise<void> {
  await db
    .delete(loginPins)
    .where(
      and(
        eq(loginPins.userId, userId),
        or(
          eq(loginPins.requester, requester),
          isNull(loginPins.requester),
          sql`${loginPins.usedAt} is not null`,
          sql`${loginPins.expiresAt} <= ${now.toISOString()}::timestamptz`,
        ),
      ),
    );
}

// ── OIDC identities ──────────────────────────────────────────────────────────────────────────────────

export interface IdentitySummary {
  issuer: string;
  subject: string;
  email: string | null;
  createdAt: Date;
  lastUsedAt: Date;
}

export async function findIdentityUserId(db: Db, issuer: string, subject: string): Promise<string | null> {
  const [row] = await db
    .select({ userId: oauthIdentities.userId })
    .from(oauthIdentities)
    .where(and(eq(oauthIdentities.issuer, issuer), eq(oauthIdentities.subject, subject)))
    .limit(1);
  return row?.userId ?? null;
}

/** Links (issuer, subject) to the user; false when that identity is already linked (to anyone). */
export async function insertIdentity(
  db: Db,
  values: { userId: string; issuer: string; subject: string; email: string | null; now: Date },
): Promise<boolean> {
  const rows = await db
    .insert(oauthIdentities)
    .values({
      userId: values.userId,
      issuer: values.issuer,
      subject: values.subject,
      email: values.email,
      createdAt: values.now,
      lastUsedAt: values.now,
    })
    .onConflictDoNothing()
    .returning({ id: oauthIdentities.id });
  return rows.length > 0;
}

export async function touchIdentity(
  db: Db,
  userId: string,
  issuer: string,
  subject: string,
  now: Date,
): Promise<void> {
  await db
    .update(oauthIdentities)
    .set({ lastUsedAt: now })
    .where(
      and(
        eq(oauthIdentities.userId, userId),
        eq(oauthIdentities.issuer, issuer),
        eq(oauthIdentities.subject, subject),
      ),
    );
}

export async function listIdentities(db: Db, userId: string): Promise<IdentitySummary[]> {
  const fields = columns(oauthIdentities, ['issuer', 'subject', 'email', 'createdAt', 'lastUsedAt']);
  return db
    .select(fields)
    .from(oauthIdentities)
    .where(eq(oauthIdentities.userId, userId))
    .orderBy(desc(oauthIdentities.createdAt));
}

// ── Google sign-in exchange codes ────────────────────────────────────────────────────────────────────

export async function insertExchangeCode(
  db: Db,
  values: { codeHash: string; userId: string; bindingHash: string; now: Date; expiresAt: Date },
): Promise<void> {
  await db.insert(oauthExchangeCodes).values({
    codeHash: values.codeHash,
    userId: values.userId,
    bindingHash: values.bindingHash,
    createdAt: values.now,
    expiresAt: values.expiresAt,
  });
}

/**
 * Marks the code used if it is unused and unexpired, atomically (two concurrent redemptions: one wins),
 * and returns whose it is and the binding hash it must match. Null otherwise.
 */
export async function claimExchangeCode(
  db: Db,
  codeHash: string,
  now: Date,
): Promise<{ userId: string; bindingHash: string } | null> {
  const [row] = await db
    .update(oauthExchangeCodes)
    .set({ usedAt: now })
    .where(
      and(
        eq(oauthExchangeCodes.codeHash, codeHash),
        isNull(oauthExchangeCodes.usedAt),
        sql`${oauthExchangeCodes.expiresAt} > ${now.toISOString()}::timestamptz`,
      ),
    )
    .returning({ userId: oauthExchangeCodes.userId, bindingHash: oauthExchangeCodes.bindingHash });
  return row ?? null;
}

/** Codes that expired before `cutoff` are of no use any more (a few rows at most: each lives a minute). */
export async function deleteStaleExchangeCodes(db: Db, cutoff: Date): Promise<void> {
  await db.delete(oauthExchangeCodes).where(lt(oauthExchangeCodes.expiresAt, cutoff));
}
