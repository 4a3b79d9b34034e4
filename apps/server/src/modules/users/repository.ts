import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { users, type NewUserRow, type UserRow } from '../../db/schema.ts';

/** The only place that reads and writes `users`. Every query is by the user's id (or e-mail at sign-in). */

/** The columns a User (spec §3) is built from. */
export const userColumns = {
  id: users.id,
  email: users.email,
  name: users.name,
  hasHadFreeTrial: users.hasHadFreeTrial,
  shouldShowExtensionWizard: users.shouldShowExtensionWizard,
  stripeCustomerId: users.stripeCustomerId,
  stripeSubscriptionId: users.stripeSubscriptionId,
  stripeDefaultPaymentMethodId: users.stripeDefaultPaymentMethodId,
  paymentProvider: users.paymentProvider,
  configsState: users.configsState,
  configsLastSubmitted: users.configsLastSubmitted,
  extensionStatus: users.extensionStatus,
  extensionInstalled: users.extensionInstalled,
  createdAt: users.createdAt,
  updatedAt: users.updatedAt,
};

export type UserRecord = Pick<UserRow, keyof typeof userColumns>;

/** Fields of a user that may change after creation. */
export type UserPatch = Partial<
  Pick<
    NewUserRow,
    | 'name'
    | 'hasHadFreeTrial'
    | 'shouldShowExtensionWizard'
    | 'stripeCustomerId'
    | 'stripeSubscriptionId'
    | 'stripeDefaultPaymentMethodId'
    | 'paymentProvider'
    | 'configsState'
    | 'configsLastSubmitted'
    | 'extensionStatus'
    | 'extensionInstalled'
    | 'timeZone'
    | 'weeklyLetter'
  >
>;

/** A person's stored preferences (the weekly letter's null is the plan's default). */
export type StoredPreferences = Pick<UserRow, 'timeZone' | 'weeklyLetter'>;

export async function findPreferences(db: Db, userId: string): Promise<StoredPreferences | null> {
  const [row] = await db
    .select({ timeZone: users.timeZone, weeklyLetter: users.weeklyLetter })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row ?? null;
}

/**
 * The stored preferences, the row locked `FOR UPDATE` until the caller's transaction ends: the first statement
 * of a change of time zone. Storing or forgetting an analysis key-share locks its owner's row (analyses module),
 * so once this answers none of them is under way for the user, and none begins until the rollups are re-cut.
 */
export async function lockPreferences(tx: Db, userId: string): Promise<StoredPreferences | null> {
  const [row] = await tx
    .select({ timeZone: users.timeZone, weeklyLetter: users.weeklyLetter })
    .from(users)
    .where(eq(users.id, userId))
    .for('update');
  return row ?? null;
}

/**
 * Whether the database knows the zone (the contract already checked it against the runtime's `Intl`): every cut
 * in SQL names it, so a zone only one of the two knows is refused rather than stored.
 */
export async function databaseKnowsZone(db: Db, timeZone: string): Promise<boolean> {
  const result: unknown = await db.execute(
    sql`select exists (select 1 from pg_timezone_names where name = ${timeZone}) as known`,
  );
  const [row] = (result as { rows: { known: boolean | string }[] }).rows;
  return row?.known === true || row?.known === 't';
}

export async function findById(db: Db, userId: string): Promise<UserRecord | null> {
  const [row] = await db.select(userColumns).from(users).where(eq(users.id, userId)).limit(1);
  return row ?? null;
}

export async function findByEmail(db: Db, email: string): Promise<UserRecord | null> {
  const [row] = await db
    .select(userColumns)
    .from(users)
    .where(sql`lower(${users.email}) = ${email.trim().toLowerCase()}`)
    .limit(1);
  return row ?? null;
}

/** Inserts a user; null when the e-mail is already registered (any case). */
export async function insert(db: Db, values: { email: string; name: string }): Promise<UserRecord | null> {
  const [row] = await db
    .insert(users)
    .values({ email: values.email.trim(), name: values.name.trim() })
    .onConflictDoNothing()
    .returning(userColumns);
  return row ?? null;
}

export async function update(db: Db, userId: string, patch: UserPatch): Promise<UserRecord | null> {
  const [row] = await db
    .update(users)
    .set({ ...patch, updatedAt: new Date() })
    .where(eq(users.id, userId))
    .returning(userColumns);
  return row ?? null;
}

/** Deletes the user; every table that references users cascades. */
export async function remove(db: Db, userId: string): Promise<boolean> {
  const rows = await db.delete(users).where(eq(users.id, userId)).returning({ id: users.id });
  return rows.length > 0;
}
