import { sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from './database.ts';

/**
 * The durable job tables (touchpoints, questionnaire_submissions: ARCHITECTURE "Durable work") share their
 * queue columns (status, attempts, next_attempt_at, last_error, locked_at, locked_by, created_at, updated_at)
 * and this life: queued → processing (claimed by a worker) → queued again after a failure, or settled. Each
 * module's repository keeps its own table's queries; these are the parts they share.
 */

/** A failure's reason as a job row keeps it (`last_error`): its first 1,000 characters. */
export const lastError = (error: string): string => error.slice(0, 1000);

/** A job row's lock released (settled or back in the queue). */
export const unlocked = () => ({ lockedAt: null, lockedBy: null, updatedAt: sql`now()` });

/** A job row back in the queue after a failure, due again after `delayMs`. */
export const retryValues = (error: string, delayMs: number) => ({
  ...unlocked(),
  status: 'queued',
  lastError: lastError(error),
  nextAttemptAt: sql`now() + ${delayMs} * interval '1 millisecond'`,
});

/**
 * Claims up to `limit` due rows of a job table for `workerId`: queued ones whose next attempt is due, and
 * 'processing' ones whose lock is older than `staleMs` (their worker died). `FOR UPDATE SKIP LOCKED` lets any
 * number of workers claim at once without ever taking the same row. Each claim counts as an attempt. This is
 * the one query of these tables across users: it is the queue.
 *
 * The two kinds are picked apart, each in accepted order off an index (touchpoints' queued ones: the partial
 * index `touchpoints_queued_order_idx`), then the oldest `limit` of both are claimed: a claim costs the same
 * with a backlog of a million as of ten (one query over both, with an OR, sorted the whole queue each time).
 * The rows come back in no particular order, with the `returning` columns.
 */
export async function claimDueRows<Raw>(
  db: Db,
  table: PgTable,
  returning: SQL,
  claim: { workerId: string; limit: number; staleMs: number },
): Promise<Raw[]> {
  const { workerId, limit, staleMs } = claim;
  const result = (await db.execute<Record<string, unknown>>(sql`
    with stale as (
      select id, created_at from ${table}
       where status = 'processing' and locked_at < now() - ${staleMs} * interval '1 millisecond'
       order by created_at
       limit ${limit}
       for update skip locked
    ), due as (
      select id, created_at from ${table}
       where status = 'queued' and next_attempt_at <= now()
       order by created_at
       limit ${limit}
       for update skip locked
    ), picked as (
      select id from (select * from stale union all select * from due) candidates
       order by created_at
       limit ${limit}
    )
    update ${table}
       set status = 'processing', locked_at = now(), locked_by = ${workerId},
           attempts = attempts + 1, updated_at = now()
     where id in (select id from picked)
    returning ${returning}`)) as { rows: Raw[] };
  return result.rows;
}
