import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Answers } from '@mediadiet/contract/questionnaire';
import type { Db } from '../../db/database.ts';
import { claimDueRows, lastError, retryValues, unlocked } from '../../db/jobs.ts';
import { personalizations, questionnaireSubmissions, users } from '../../db/schema.ts';
import { firstOrNull } from '../../db/rows.ts';

/**
 * Questionnaire submissions and personalizations: the only module code that touches these tables. Every
 * query of user data is scoped by the user's id; the worker's claim is the one cross-user query (the queue).
 */

export type SubmissionStatus = 'queued' | 'processing' | 'done' | 'failed' | 'superseded';
export type PersonalizationSource = 'questionnaire' | 'default';

/**
 * Locks the user's row for the rest of the transaction and answers its questionnaire state (null: no such
 * user). Serialises submit, opt-out, slider changes and the worker's result per user.
 */
export async function lockUserState(tx: Db, userId: string): Promise<string | null> {
  const [row] = await tx
    .select({ state: users.configsState })
    .from(users)
    .where(eq(users.id, userId))
    .for('update');
  return row?.state ?? null;
}

/** Queues a submission, due after `delayMs`. */
export async function insertSubmission(
  tx: Db,
  values: { userId: string; answers: Answers; delayMs: number },
): Promise<string> {
  const [row] = await tx
    .insert(questionnaireSubmissions)
    .values({
      userId: values.userId,
      answers: values.answers,
      nextAttemptAt: sql`now() + ${values.delayMs} * interval '1 millisecond'`,
    })
    .returning({ id: questionnaireSubmissions.id });
  if (!row) throw new Error('questionnaire submission insert returned nothing');
  return row.id;
}

/** The user's newest submission: its id and answers. */
export async function findLatestSubmission(db: Db, userId: string) {
  return firstOrNull(
    db
      .select({
        id: questionnaireSubmissions.id,
        answers: questionnaireSubmissions.answers,
        status: questionnaireSubmissions.status,
        createdAt: questionnaireSubmissions.createdAt,
      })
      .from(questionnaireSubmissions)
      .where(eq(questionnaireSubmissions.userId, userId))
      .orderBy(desc(questionnaireSubmissions.createdAt), desc(questionnaireSubmissions.id)),
  );
}

export interface ClaimedSubmission {
  id: string;
  userId: string;
  answers: Answers;
  attempts: number;
}

/**
 * Claims up to `limit` due submissions for `workerId` (db/jobs.ts `claimDueRows`: queued ones due, and
 * 'processing' ones whose worker died).
 */
export async function claimDue(
  db: Db,
  workerId: string,
  limit: number,
  staleMs: number,
): Promise<ClaimedSubmission[]> {
  const rows = await claimDueRows<{ id: string; user_id: string; answers: unknown; attempts: number }>(
    db,
    questionnaireSubmissions,
    sql`id, user_id, answers, attempts`,
    { workerId, limit, staleMs },
  );
  return rows.map((r) => ({
    id: r.id,
    userId: r.user_id,
    answers: (typeof r.answers === 'string' ? JSON.parse(r.answers) : r.answers) as Answers,
    attempts: Number(r.attempts),
  }));
}

/** Settles a claimed submission: done, superseded or failed (final), with the reason for the last two. */
export async function settle(
  db: Db,
  id: string,
  status: 'done' | 'superseded' | 'failed',
  reason?: string,
): Promise<void> {
  await db
    .update(questionnaireSubmissions)
    .set({
      ...unlocked(),
      status,
      lastError: reason === undefined ? null : lastError(reason),
      processedAt: sql`now()`,
    })
    .where(eq(questionnaireSubmissions.id, id));
}

/** Back to the queue after a failure, due again after `delayMs`. */
export async function markRetry(db: Db, id: string, error: string, delayMs: number): Promise<void> {
  await db
    .update(questionnaireSubmissions)
    .set(retryValues(error, delayMs))
    .where(eq(questionnaireSubmissions.id, id));
}

// ── personalizations ─────────────────────────────────────────────────────────────────────────────

export async function findPersonalization(db: Db, userId: string) {
  return firstOrNull(
    db
      .select({
        scores: personalizations.scores,
        source: personalizations.source,
        updatedAt: personalizations.updatedAt,
      })
      .from(personalizations)
      .where(eq(personalizations.userId, userId)),
  );
}

/**
 * Just the slider scores of these users (the touch-point scorer's lookup: one primary-key read for a whole
 * claimed batch); a user without a row is left out.
 */
export async function findScoresOf(
  db: Db,
  userIds: readonly string[],
): Promise<Map<string, Record<string, number>>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .select({ userId: personalizations.userId, scores: personalizations.scores })
    .from(personalizations)
    .where(inArray(personalizations.userId, [...userIds]));
  return new Map(rows.map((row) => [row.userId, row.scores]));
}

export async function upsertPersonalization(
  tx: Db,
  userId: string,
  values: { scores: Record<string, number>; source: PersonalizationSource; submissionId: string | null },
): Promise<void> {
  await tx
    .insert(personalizations)
    .values({ userId, ...values })
    .onConflictDoUpdate({
      target: personalizations.userId,
      set: {
        scores: values.scores,
        source: values.source,
        submissionId: values.submissionId,
        updatedAt: sql`now()`,
      },
    });
}

/** Changes only the scores (the sliders), keeping source and submission. */
export async function updateScores(tx: Db, userId: string, scores: Record<string, number>): Promise<boolean> {
  const rows = await tx
    .update(personalizations)
    .set({ scores, updatedAt: sql`now()` })
    .where(and(eq(personalizations.userId, userId)))
    .returning({ userId: personalizations.userId });
  return rows.length > 0;
}
