import type { Goal } from '@mediadiet/contract/goals';
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { readingGoals } from '../../db/schema.ts';

/** A person's reading goals: the only module code that touches `reading_goals`. Scoped by user id. */

export interface StoredGoal {
  kind: string;
  target: number;
  site: string | null;
}

/** The user's goals in the order they were set. */
export async function listGoals(db: Db, userId: string): Promise<StoredGoal[]> {
  return db
    .select({ kind: readingGoals.kind, target: readingGoals.target, site: readingGoals.site })
    .from(readingGoals)
    .where(eq(readingGoals.userId, userId))
    .orderBy(asc(readingGoals.position));
}

/** Replaces the user's goals with `goals` (already validated), in one transaction: all or nothing. */
export async function replaceGoals(db: Db, userId: string, goals: readonly Goal[]): Promise<void> {
  await db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    await tx.delete(readingGoals).where(eq(readingGoals.userId, userId));
    if (goals.length === 0) return;
    await tx.insert(readingGoals).values(
      goals.map((goal, position) => ({
        userId,
        position,
        kind: goal.kind,
        target: goal.target,
        site: goal.kind === 'site_daily' ? goal.site : null,
      })),
    );
  });
}
