import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { lastError } from '../../db/jobs.ts';
import { subscriptions, users, weeklyLetters } from '../../db/schema.ts';

/**
 * The weekly letters (decision 158): the only module code that touches `weekly_letters`. A row is written
 * before its letter goes, under the unique key (user, ISO week): whichever instance inserts it sends the letter,
 * every other one finds it there. The one query across users is the schedule's (`dueCandidates`), which reads
 * `users` and `subscriptions` as they stand: whether a letter may be due is the choice and the live plan
 * (account/service.ts `weeklyLetterOn` keeps the rule; the query only leaves out who cannot be due).
 */

export type LetterKind = 'scheduled' | 'requested';

/** Every time zone an account is cut in (a few hundred at most, whatever the number of accounts). */
export async function distinctZones(db: Db): Promise<string[]> {
  const rows = await db.selectDistinct({ zone: users.timeZone }).from(users);
  return rows.map((row) => row.zone);
}

export interface Candidate {
  userId: string;
  email: string;
  timeZone: string;
  /** The person's choice (null: the plan's default). */
  choice: boolean | null;
  /** The live subscription's plan, if any. */
  plan: string | null;
}

/**
 * Accounts in `zones` that have no letter row for `week` yet and whose letter may be on: turned on, or left
 * to the plan's default with a live paid plan. At most `limit`, in id order.
 */
export async function dueCandidates(
  db: Db,
  options: { zones: readonly string[]; week: string; limit: number },
): Promise<Candidate[]> {
  if (options.zones.length === 0) return [];
  const rows = await db
    .select({
      userId: users.id,
      email: users.email,
      timeZone: users.timeZone,
      choice: users.weeklyLetter,
      plan: subscriptions.plan,
    })
    .from(users)
    .leftJoin(
      subscriptions,
      and(eq(subscriptions.userId, users.id), sql`${subscriptions.status} <> 'canceled'`),
    )
    .where(
      and(
        inArray(users.timeZone, [...options.zones]),
        sql`(${users.weeklyLetter} is true or (${users.weeklyLetter} is null and ${subscriptions.plan} <> 'free'))`,
        sql`not exists (select 1 from ${weeklyLetters} where ${weeklyLetters.userId} = ${users.id} and ${weeklyLetters.week} = ${options.week})`,
      ),
    )
    .orderBy(users.id)
    .limit(options.limit);
  return rows;
}

/**
 * Claims the letter of (user, week): a 'sending' row, unless the week already has one. The id of the row
 * when this call wrote it, else null (another instance, or an earlier run, has it).
 */
export async function claim(
  db: Db,
  values: { userId: string; week: string; kind: LetterKind; now: Date },
): Promise<string | null> {
  const [row] = await db
    .insert(weeklyLetters)
    .values({
      userId: values.userId,
      week: values.week,
      kind: values.kind,
      status: 'sending',
      createdAt: values.now,
      updatedAt: values.now,
    })
    .onConflictDoNothing({ target: [weeklyLetters.userId, weeklyLetters.week] })
    .returning({ id: weeklyLetters.id });
  return row?.id ?? null;
}

/** The claimed letter went out (or, `skipped`, had nothing to say). */
export async function settle(db: Db, id: string, status: 'sent' | 'skipped', now: Date): Promise<void> {
  await db
    .update(weeklyLetters)
    .set({
      status,
      sentAt: status === 'sent' ? now : null,
      nextAttemptAt: null,
      updatedAt: now,
    })
    .where(eq(weeklyLetters.id, id));
}

/**
 * The mail server refused the claimed letter: tried again from `retryAt`, or never (`retryAt` null: given up).
 * Only the reason is kept, never the letter.
 */
export async function fail(
  db: Db,
  id: string,
  error: string,
  retryAt: Date | null,
  now: Date,
): Promise<void> {
  await db
    .update(weeklyLetters)
    .set({ status: 'failed', lastError: lastError(error), nextAttemptAt: retryAt, updatedAt: now })
    .where(eq(weeklyLetters.id, id));
}

export interface Retry {
  id: string;
  userId: string;
  week: string;
  kind: string;
  attempts: number;
}

/**
 * Claims failed letters due again (`FOR UPDATE SKIP LOCKED`: one instance each), back to 'sending' with one
 * more attempt.
 */
export async function claimRetries(db: Db, now: Date, limit: number): Promise<Retry[]> {
  const result = (await db.execute<Record<string, unknown>>(sql`
    update ${weeklyLetters}
       set status = 'sending', attempts = attempts + 1, next_attempt_at = null, updated_at = ${now.toISOString()}::timestamptz
     where id in (
       select id from ${weeklyLetters}
        where status = 'failed' and next_attempt_at <= ${now.toISOString()}::timestamptz
        order by next_attempt_at
        limit ${limit}
        for update skip locked)
    returning id, user_id, week, kind, attempts`)) as {
    rows: { id: string; user_id: string; week: string; kind: string; attempts: number }[];
  };
  return result.rows.map((r) => ({
    id: r.id,
    userId: r.user_id,
    week: r.week,
    kind: r.kind,
    attempts: Number(r.attempts),
  }));
}

/**
 * A letter sent at the person's request: the week is marked sent, so its scheduled letter does not follow (a
 * failed one is not tried again); a week that already has its letter keeps its row as it is.
 */
export async function recordRequested(
  db: Db,
  values: { userId: string; week: string; now: Date },
): Promise<void> {
  await db
    .insert(weeklyLetters)
    .values({
      userId: values.userId,
      week: values.week,
      kind: 'requested',
      status: 'sent',
      sentAt: values.now,
      createdAt: values.now,
      updatedAt: values.now,
    })
    .onConflictDoUpdate({
      target: [weeklyLetters.userId, weeklyLetters.week],
      set: { status: 'sent', sentAt: values.now, nextAttemptAt: null, updatedAt: values.now },
      setWhere: sql`${weeklyLetters.status} = 'failed'`,
    });
}

/** The user's letter rows (tests; the account export has no need of them: they hold no content). */
export async function listLetters(db: Db, userId: string) {
  return db.select().from(weeklyLetters).where(eq(weeklyLetters.userId, userId)).orderBy(weeklyLetters.week);
}
