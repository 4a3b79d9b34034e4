import { and, desc, eq, gte, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { moodCheckins, type MoodCheckinRow } from '../../db/schema.ts';

/** Mood check-ins: the only module code that touches `mood_checkins`. Every query is scoped by the user's id. */

/**
 * Writes the day's check-in: inserts it, or replaces the score and note of the one already there (decision
 * 151). `replaced` tells which.
 */
export async function upsertDay(
  db: Db,
  userId: string,
  day: string,
  score: number,
  note: string | null,
  now: Date,
): Promise<{ row: MoodCheckinRow; replaced: boolean }> {
  const [row] = await db
    .insert(moodCheckins)
    .values({ userId, day, score, note, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({
      target: [moodCheckins.userId, moodCheckins.day],
      set: { score, note, updatedAt: now },
    })
    // xmax is 0 on a freshly inserted row and the updating transaction's id on a replaced one.
    .returning({
      id: moodCheckins.id,
      userId: moodCheckins.userId,
      day: moodCheckins.day,
      score: moodCheckins.score,
      note: moodCheckins.note,
      createdAt: moodCheckins.createdAt,
      updatedAt: moodCheckins.updatedAt,
      inserted: sql<boolean>`(xmax = 0)`,
    });
  if (!row) throw new Error('mood check-in upsert returned no row');
  const { inserted, ...stored } = row;
  return { row: stored, replaced: !inserted };
}

/** The user's check-ins from `fromDay` on (all of them without it), newest first. */
export async function listFrom(db: Db, userId: string, fromDay?: string): Promise<MoodCheckinRow[]> {
  return db
    .select()
    .from(moodCheckins)
    .where(
      fromDay
        ? and(eq(moodCheckins.userId, userId), gte(moodCheckins.day, fromDay))
        : eq(moodCheckins.userId, userId),
    )
    .orderBy(desc(moodCheckins.day));
}

/** Whether the user has a check-in on `day` (reads no score or note). */
export async function hasDay(db: Db, userId: string, day: string): Promise<boolean> {
  const rows = await db
    .select({ id: moodCheckins.id })
    .from(moodCheckins)
    .where(and(eq(moodCheckins.userId, userId), eq(moodCheckins.day, day)))
    .limit(1);
  return rows.length > 0;
}
