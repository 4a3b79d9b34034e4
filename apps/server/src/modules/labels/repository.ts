import type { LabelDayCounts, VerdictCounts } from '@mediadiet/contract/labels';
import { asc, eq, sql, type SQLWrapper } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { labelCounts, type LabelCountRow } from '../../db/schema.ts';

/** Link label counts: the only module code that touches `label_counts`. Every query is scoped by the user's id. */

/**
 * Stores one browser's totals of the given days (each day once): a day it sent before is replaced, never added
 * to, so a retried request changes nothing and another browser's rows of the same day are left alone.
 */
export async function upsertDays(
  db: Db,
  userId: string,
  browserId: string,
  days: readonly LabelDayCounts[],
  now: Date,
): Promise<void> {
  if (days.length === 0) return;
  const excluded = (column: string) => sql.raw(`excluded.${column}`);
  await db
    .insert(labelCounts)
    .values(
      days.map(({ day, shown, opened }) => ({
        userId,
        browserId,
        day,
        shownUplifting: shown.uplifting,
        shownNeutral: shown.neutral,
        shownMixed: shown.mixed,
        shownDraining: shown.draining,
        openedUplifting: opened.uplifting,
        openedNeutral: opened.neutral,
        openedMixed: opened.mixed,
        openedDraining: opened.draining,
        updatedAt: now,
      })),
    )
    .onConflictDoUpdate({
      target: [labelCounts.userId, labelCounts.day, labelCounts.browserId],
      set: {
        shownUplifting: excluded('shown_uplifting'),
        shownNeutral: excluded('shown_neutral'),
        shownMixed: excluded('shown_mixed'),
        shownDraining: excluded('shown_draining'),
        openedUplifting: excluded('opened_uplifting'),
        openedNeutral: excluded('opened_neutral'),
        openedMixed: excluded('opened_mixed'),
        openedDraining: excluded('opened_draining'),
        updatedAt: excluded('updated_at'),
      },
    });
}

const anyShown = sql`(${labelCounts.shownUplifting} + ${labelCounts.shownNeutral} + ${labelCounts.shownMixed} + ${labelCounts.shownDraining}) > 0`;

/** The first day up to `lastDay` on which any of the user's browsers showed a label, or null: when labels began. */
export async function firstDay(db: Db, userId: string, lastDay: string): Promise<string | null> {
  const [row] = await db
    .select({ day: labelCounts.day })
    .from(labelCounts)
    .where(sql`${labelCounts.userId} = ${userId} and ${labelCounts.day} <= ${lastDay}::date and ${anyShown}`)
    .orderBy(asc(labelCounts.day))
    .limit(1);
  return row?.day ?? null;
}

/** One day's totals over all of the user's browsers. */
export interface DayTotals {
  day: string;
  shown: VerdictCounts;
  opened: VerdictCounts;
}

/** Per day `from`…`to` (both included) with any row: the totals summed over the user's browsers, oldest first. */
export async function dailyTotals(db: Db, userId: string, from: string, to: string): Promise<DayTotals[]> {
  const sum = (column: SQLWrapper) => sql<number>`sum(${column})::int`;
  const rows = await db
    .select({
      day: labelCounts.day,
      shownUplifting: sum(labelCounts.shownUplifting),
      shownNeutral: sum(labelCounts.shownNeutral),
      shownMixed: sum(labelCounts.shownMixed),
      shownDraining: sum(labelCounts.shownDraining),
      openedUplifting: sum(labelCounts.openedUplifting),
      openedNeutral: sum(labelCounts.openedNeutral),
      openedMixed: sum(labelCounts.openedMixed),
      openedDraining: sum(labelCounts.openedDraining),
    })
    .from(labelCounts)
    .where(
      sql`${labelCounts.userId} = ${userId} and ${labelCounts.day} >= ${from}::date and ${labelCounts.day} <= ${to}::date`,
    )
    .groupBy(labelCounts.day)
    .orderBy(asc(labelCounts.day));
  return rows.map((r) => ({
    day: r.day,
    shown: {
      uplifting: Number(r.shownUplifting),
      neutral: Number(r.shownNeutral),
      mixed: Number(r.shownMixed),
      draining: Number(r.shownDraining),
    },
    opened: {
      uplifting: Number(r.openedUplifting),
      neutral: Number(r.openedNeutral),
      mixed: Number(r.openedMixed),
      draining: Number(r.openedDraining),
    },
  }));
}

/** Every row of the user's, oldest day first (the account export). */
export async function listAll(db: Db, userId: string): Promise<LabelCountRow[]> {
  return db
    .select()
    .from(labelCounts)
    .where(eq(labelCounts.userId, userId))
    .orderBy(asc(labelCounts.day), asc(labelCounts.browserId));
}
