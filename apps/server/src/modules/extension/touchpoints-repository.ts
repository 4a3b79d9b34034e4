import { and, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { touchpoints } from '../../db/schema.ts';

/** Touch points: the only module code that touches this table (analyses: modules/analysis). Scoped by user id. */

export type TouchpointStatus = 'queued' | 'processing' | 'done' | 'failed';

export interface NewTouchpoint {
  userId: string;
  url: string;
  host: string;
  title: string;
  text: string | null;
  scores: unknown;
  contentHash: string;
  capturedAt: Date;
}

/**
 * Stores a touch point unless the same user sent the same URL and content within `windowMs`; then the
 * existing id is answered. A transaction-scoped advisory lock on (user, URL, hash) makes two identical
 * concurrent uploads agree on one row.
 */
export async function insertOrFindRecent(
  db: Db,
  values: NewTouchpoint,
  windowMs: number,
): Promise<{ id: string; created: boolean }> {
  return db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    const lockKey = `${values.userId}|${values.url}|${values.contentHash}`;
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${lockKey}, 0))`);
    const [existing] = await tx
      .select({ id: touchpoints.id })
      .from(touchpoints)
      .where(
        and(
          eq(touchpoints.userId, values.userId),
          eq(touchpoints.contentHash, values.contentHash),
          eq(touchpoints.url, values.url),
          gt(touchpoints.createdAt, sql`now() - ${windowMs} * interval '1 millisecond'`),
        ),
      )
      .limit(1);
    if (existing) return { id: existing.id, created: false };
    const [row] = await tx
      .insert(touchpoints)
      .values({ ...values, scores: values.scores ?? null })
      .returning({ id: touchpoints.id });
    if (!row) throw new Error('touch point insert returned nothing');
    return { id: row.id, created: true };
  });
}

/**
 * A touch point that arrives already analysed (its analysis is stored in the same transaction): status
 * done, no text. For imports of past reading such as the demo seed; the extension's pages go through
 * `insertOrFindRecent` and the worker.
 */
export async function insertDone(
  tx: Db,
  values: Omit<NewTouchpoint, 'text' | 'scores'> & { createdAt: Date },
): Promise<string> {
  const [row] = await tx
    .insert(touchpoints)
    .values({ ...values, text: null, scores: null, status: 'done', updatedAt: values.createdAt })
    .returning({ id: touchpoints.id });
  if (!row) throw new Error('touch point insert returned nothing');
  return row.id;
}

export interface ClaimedTouchpoint {
  id: string;
  userId: string;
  url: string;
  host: string;
  title: string;
  text: string | null;
  scores: unknown;
  attempts: number;
}

interface ClaimedRaw {
  id: string;
  user_id: string;
  url: string;
  host: string;
  title: string;
  text: string | null;
  scores: unknown;
  attempts: number;
}

/**
 * Claims up to `limit` due touch points for `workerId`: queued ones whose next attempt is due, and
 * 'processing' ones whose lock is older than `staleMs` (their worker died). `FOR UPDATE SKIP LOCKED`
 * lets any number of workers claim at once without ever taking the same row. Each claim counts as an
 * attempt.
 */
export async function claimDue(db: Db, workerId: string, limit: number, staleMs: number): Promise<ClaimedTouchpoint[]> {
  const result = (await db.execute<Record<string, unknown>>(sql`
    update touchpoints
       set status = 'processing', locked_at = now(), locked_by = ${workerId},
           attempts = attempts + 1, updated_at = now()
     where id in (
       select id from touchpoints
        where (status = 'queued' and next_attempt_at <= now())
           or (status = 'processing' and locked_at < now() - ${staleMs} * interval '1 millisecond')
        order by created_at
        limit ${limit}
        for update skip locked)
    returning id, user_id, url, host, title, text, scores, attempts`)) as { rows: ClaimedRaw[] };
  return result.rows.map((r) => ({
    id: r.id,
    userId: r.user_id,
    url: r.url,
    host: r.host,
    title: r.title,
    text: r.text,
    scores: typeof r.scores === 'string' ? (JSON.parse(r.scores) as unknown) : r.scores,
    attempts: Number(r.attempts),
  }));
}

/** Marks a touch point done and drops its text (privacy: the text is kept only until it is analysed). */
export async function markDone(tx: Db, id: string): Promise<void> {
  await tx
    .update(touchpoints)
    .set({ status: 'done', text: null, lockedAt: null, lockedBy: null, lastError: null, updatedAt: sql`now()` })
    .where(eq(touchpoints.id, id));
}

/** Back to the queue after a failure, due again after `delayMs`. */
export async function markRetry(db: Db, id: string, error: string, delayMs: number): Promise<void> {
  await db
    .update(touchpoints)
    .set({
      status: 'queued',
      lastError: error.slice(0, 1000),
      lockedAt: null,
      lockedBy: null,
      nextAttemptAt: sql`now() + ${delayMs} * interval '1 millisecond'`,
      updatedAt: sql`now()`,
    })
    .where(eq(touchpoints.id, id));
}

/** Given up: failed for good, with the reason; the text is dropped too. */
export async function markFailed(db: Db, id: string, error: string): Promise<void> {
  await db
    .update(touchpoints)
    .set({ status: 'failed', text: null, lastError: error.slice(0, 1000), lockedAt: null, lockedBy: null, updatedAt: sql`now()` })
    .where(eq(touchpoints.id, id));
}

export async function findTouchpoint(db: Db, userId: string, id: string) {
  const [row] = await db
    .select({
      id: touchpoints.id,
      url: touchpoints.url,
      status: touchpoints.status,
      attempts: touchpoints.attempts,
      lastError: touchpoints.lastError,
      nextAttemptAt: touchpoints.nextAttemptAt,
      createdAt: touchpoints.createdAt,
    })
    .from(touchpoints)
    .where(and(eq(touchpoints.userId, userId), eq(touchpoints.id, id)))
    .limit(1);
  return row ?? null;
}

/** Queue depth (touch points not yet done or failed), for tests, benches and health figures. */
export async function countPending(db: Db): Promise<number> {
  const result = (await db.execute<Record<string, unknown>>(
    sql`select count(*)::int as n from touchpoints where status in ('queued', 'processing')`,
  )) as { rows: { n: number }[] };
  return Number(result.rows[0]?.n ?? 0);
}
