import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { listCoversHost, listCoversHostOf } from '../urls/repository.ts';
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

export type EnqueueResult =
  | { kind: 'created'; id: string }
  /** The same user sent the same URL and content within the window: the first row's id. */
  | { kind: 'existing'; id: string }
  /** The host is on the user's ignored list: nothing stored. */
  | { kind: 'ignored' };

/**
 * Stores touch points (any users) unless the user ignores the host, or the same user sent the same URL and
 * content within `windowMs` (then the existing id is answered). One result per item, in order. The usual
 * case — all stored — is one statement: a multi-row `INSERT … SELECT … WHERE NOT <ignored> AND NOT
 * <duplicate>`; only items not inserted are looked at again, one query each, to say why. Identical items of
 * one call are stored once and answered the same id (`created` for the first only).
 *
 * Two identical concurrent uploads must agree on one row: on PostgreSQL the call runs in a transaction that
 * first takes a transaction-scoped advisory lock per (user, URL, hash), in its own statement and in a fixed
 * order (so the duplicate check's snapshot sees a row committed by the lock's previous holder, and two
 * calls never deadlock). With `singleConnection` (PGlite: one backend, each statement runs alone, and the
 * caller runs one call at a time) the statements need no lock and no transaction.
 */
export async function enqueueMany(
  db: Db,
  items: readonly NewTouchpoint[],
  options: { windowMs: number; singleConnection: boolean },
): Promise<EnqueueResult[]> {
  const keyOf = (v: NewTouchpoint) => `${v.userId}|${v.url}|${v.contentHash}`;
  const unique = new Map<string, NewTouchpoint>();
  for (const item of items) if (!unique.has(keyOf(item))) unique.set(keyOf(item), item);
  const rows = [...unique.values()];

  const duplicateOf = (userId: SQL | string, url: SQL | string, hash: SQL | string) => sql`
    select id from touchpoints
     where user_id = ${userId} and content_hash = ${hash} and url = ${url}
       and created_at > now() - ${options.windowMs} * interval '1 millisecond'
     limit 1`;

  const run = async (tx: Db): Promise<Map<string, EnqueueResult>> => {
    const values = sql.join(
      rows.map(
        (v) => sql`(${v.userId}::uuid, ${v.url}::text, ${v.host}::text, ${v.title}::text, ${v.text}::text,
          ${v.scores == null ? null : JSON.stringify(v.scores)}::jsonb, ${v.contentHash}::text,
          ${v.capturedAt.toISOString()}::timestamptz)`,
      ),
      sql`, `,
    );
    const inserted = (await tx.execute<Record<string, unknown>>(sql`
      insert into touchpoints (user_id, url, host, title, text, scores, content_hash, captured_at)
      select x.user_id, x.url, x.host, x.title, x.text, x.scores, x.content_hash, x.captured_at
        from (values ${values}) as x(user_id, url, host, title, text, scores, content_hash, captured_at)
       where not ${listCoversHostOf(sql.raw('x.user_id'), sql.raw('x.host'))}
         and not exists (${duplicateOf(sql.raw('x.user_id'), sql.raw('x.url'), sql.raw('x.content_hash'))})
      returning id, user_id, url, content_hash`)) as {
      rows: { id: string; user_id: string; url: string; content_hash: string }[];
    };
    const results = new Map<string, EnqueueResult>();
    for (const r of inserted.rows)
      results.set(`${r.user_id}|${r.url}|${r.content_hash}`, { kind: 'created', id: r.id });
    for (const v of rows) {
      if (results.has(keyOf(v))) continue;
      const why = (await tx.execute<Record<string, unknown>>(
        sql`select ${listCoversHost(v.userId, v.host)} as ignored, (${duplicateOf(v.userId, v.url, v.contentHash)}) as existing_id`,
      )) as { rows: { ignored: boolean; existing_id: string | null }[] };
      const row = why.rows[0];
      if (row?.ignored) results.set(keyOf(v), { kind: 'ignored' });
      else if (row?.existing_id) results.set(keyOf(v), { kind: 'existing', id: row.existing_id });
      // The list or the duplicate changed between the statements (PGlite runs them apart): the caller retries.
      else throw new Error('touch point neither stored nor found');
    }
    return results;
  };

  const results = options.singleConnection
    ? await run(db)
    : await db.transaction(async (txRaw) => {
        const tx = txRaw as unknown as Db;
        const keys = sql.join(
          [...unique.keys()].map((k) => sql`(${k})`),
          sql`, `,
        );
        await tx.execute(sql`
          select pg_advisory_xact_lock(h) from (
            select distinct hashtextextended(k, 0) as h from (values ${keys}) as keys(k)
          ) locks order by h`);
        return run(tx);
      });
  const answered = new Set<string>();
  return items.map((item) => {
    const result = results.get(keyOf(item))!;
    // A second identical item of the same call is a duplicate of the first.
    if (result.kind === 'created' && answered.has(keyOf(item))) return { kind: 'existing', id: result.id };
    answered.add(keyOf(item));
    return result;
  });
}

/** `enqueueMany` of one touch point. */
export async function enqueue(
  db: Db,
  values: NewTouchpoint,
  options: { windowMs: number; singleConnection: boolean },
): Promise<EnqueueResult> {
  const [result] = await enqueueMany(db, [values], options);
  return result!;
}

/**
 * A touch point that arrives already analysed (its analysis is stored in the same transaction): status
 * done, no text. For imports of past reading such as the demo seed; the extension's pages go through
 * `enqueue` and the worker.
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
  /** The page text until it is scored (the worker drops it then). */
  text: string | null;
  scores: unknown;
  attempts: number;
  /** When the extension captured the page (metering decides a batch in this order). */
  capturedAt: Date;
  createdAt: Date;
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
  captured_at: string | Date;
  created_at: string | Date;
}

/**
 * Claims up to `limit` due touch points for `workerId`: queued ones whose next attempt is due, and
 * 'processing' ones whose lock is older than `staleMs` (their worker died). `FOR UPDATE SKIP LOCKED`
 * lets any number of workers claim at once without ever taking the same row. Each claim counts as an
 * attempt. Answered in the order the pages were captured (then accepted; then by id).
 */
export async function claimDue(
  db: Db,
  workerId: string,
  limit: number,
  staleMs: number,
): Promise<ClaimedTouchpoint[]> {
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
    returning id, user_id, url, host, title, text, scores, attempts, captured_at, created_at`)) as {
    rows: ClaimedRaw[];
  };
  const time = (value: string | Date) => (value instanceof Date ? value : new Date(value));
  return result.rows
    .map((r) => ({
      id: r.id,
      userId: r.user_id,
      url: r.url,
      host: r.host,
      title: r.title,
      text: r.text,
      scores: typeof r.scores === 'string' ? (JSON.parse(r.scores) as unknown) : r.scores,
      attempts: Number(r.attempts),
      capturedAt: time(r.captured_at),
      createdAt: time(r.created_at),
    }))
    .sort(
      (a, b) =>
        a.capturedAt.getTime() - b.capturedAt.getTime() ||
        a.createdAt.getTime() - b.createdAt.getTime() ||
        (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
    );
}

/** Marks a touch point done and drops its text (privacy: the text is kept only until it is analysed). */
export async function markDone(tx: Db, id: string): Promise<void> {
  await tx
    .update(touchpoints)
    .set({
      status: 'done',
      text: null,
      lockedAt: null,
      lockedBy: null,
      lastError: null,
      updatedAt: sql`now()`,
    })
    .where(eq(touchpoints.id, id));
}

/** `markDone` of several touch points, in one statement. */
export async function markDoneMany(tx: Db, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  await tx
    .update(touchpoints)
    .set({
      status: 'done',
      text: null,
      lockedAt: null,
      lockedBy: null,
      lastError: null,
      updatedAt: sql`now()`,
    })
    .where(inArray(touchpoints.id, [...ids]));
}

/** `markFailed` of several touch points: one statement per distinct reason (usually one). */
export async function markFailedMany(
  tx: Db,
  failures: readonly { id: string; error: string }[],
): Promise<void> {
  const byError = new Map<string, string[]>();
  for (const { id, error } of failures) byError.set(error, [...(byError.get(error) ?? []), id]);
  for (const [error, ids] of byError) {
    await tx
      .update(touchpoints)
      .set({
        status: 'failed',
        text: null,
        lastError: error.slice(0, 1000),
        lockedAt: null,
        lockedBy: null,
        updatedAt: sql`now()`,
      })
      .where(inArray(touchpoints.id, ids));
  }
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
export function markFailed(db: Db, id: string, error: string): Promise<void> {
  return markFailedMany(db, [{ id, error }]);
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
