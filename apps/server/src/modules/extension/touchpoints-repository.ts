import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import type { AllowanceTerms } from '../billing/metering.ts';
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

/** An upload: the row to store and the tokens the early allowance check counts for it. */
export type MeteredTouchpoint = NewTouchpoint & { tokens: number };

export type EnqueueResult =
  | { kind: 'created'; id: string }
  /** The same user sent the same URL and content within the window: the first row's id. */
  | { kind: 'existing'; id: string }
  /** The host is on the user's ignored list: nothing stored. */
  | { kind: 'ignored' }
  /**
   * No live subscription accepting touch points, or the page does not fit in what the period has left: nothing
   * stored. The subscription (null: none) says which refusal.
   */
  | { kind: 'refused'; subscription: { status: string; plan: string } | null };

/**
 * Stores touch points (any users) unless the user ignores the host, the user's plan does not let the page in,
 * or the same user sent the same URL and content within `windowMs` (then the existing id is answered). One
 * result per item, in order. Identical items of one call are stored once and answered the same id (`created`
 * for the first only).
 *
 * One statement, so one round trip and one implicit transaction (decisions 093 and 098): the SQL function
 * `enqueue_metered_touchpoints` (migration 0009) first takes a transaction-scoped advisory lock per (user,
 * URL, hash) in a fixed order — two identical concurrent uploads agree on one row, and two calls never
 * deadlock — then, in a statement of its own (a fresh snapshot that sees the row committed by the lock's
 * previous holder), checks the ignored list, the allowance (each item alone against the period's usage, as
 * billing's `canAccept` would) and the duplicate, and inserts the rest, answering why for each item.
 */
export async function enqueueMany(
  db: Db,
  items: readonly MeteredTouchpoint[],
  options: { windowMs: number; allowance: AllowanceTerms },
): Promise<EnqueueResult[]> {
  const keyOf = (v: MeteredTouchpoint) => `${v.userId}|${v.url}|${v.contentHash}`;
  const unique = new Map<string, MeteredTouchpoint>();
  for (const item of items) if (!unique.has(keyOf(item))) unique.set(keyOf(item), item);

  const rowOf = (key: string, v: MeteredTouchpoint) =>
    sql`row(${key}::text, ${v.userId}::uuid, ${v.url}::text, ${v.host}::text, ${v.title}::text, ${v.text}::text,
      ${v.scores == null ? null : JSON.stringify(v.scores)}::jsonb, ${v.contentHash}::text,
      ${v.capturedAt.toISOString()}::timestamptz, ${Math.max(0, Math.round(v.tokens))}::bigint)`;
  const rows = sql.join(
    [...unique].map(([key, v]) => rowOf(key, v)),
    sql`, `,
  );
  const { allowance } = options;
  const plans = sql.join(
    allowance.plans.map(
      (p) =>
        sql`row(${p.plan}::text, ${p.includedTokens}::bigint, ${p.maxTouchpoints}::bigint, ${p.overageRateCents}::bigint)`,
    ),
    sql`, `,
  );
  const answered = (await db.execute<Record<string, unknown>>(sql`
    select item_key, outcome, touchpoint_id, status, plan
      from enqueue_metered_touchpoints(array[${rows}]::metered_touchpoint_in[], ${options.windowMs}::double precision,
        array[${sql.join(
          allowance.accepting.map((status) => sql`${status}`),
          sql`, `,
        )}]::text[], array[${plans}]::plan_terms[],
        ${allowance.overageRateTokens}::bigint)`)) as {
    rows: {
      item_key: string;
      outcome: 'created' | 'existing' | 'ignored' | 'refused';
      touchpoint_id: string | null;
      status: string | null;
      plan: string | null;
    }[];
  };
  const results = new Map<string, EnqueueResult>();
  for (const r of answered.rows) {
    results.set(
      r.item_key,
      r.outcome === 'ignored'
        ? { kind: 'ignored' }
        : r.outcome === 'refused'
          ? { kind: 'refused', subscription: r.status && r.plan ? { status: r.status, plan: r.plan } : null }
          : { kind: r.outcome, id: r.touchpoint_id! },
    );
  }
  const seen = new Set<string>();
  return items.map((item) => {
    const result = results.get(keyOf(item));
    if (!result) throw new Error('touch point neither stored nor found');
    // A second identical item of the same call is a duplicate of the first.
    if (result.kind === 'created' && seen.has(keyOf(item))) return { kind: 'existing', id: result.id };
    seen.add(keyOf(item));
    return result;
  });
}

/** `enqueueMany` of one touch point. */
export async function enqueue(
  db: Db,
  values: MeteredTouchpoint,
  options: { windowMs: number; allowance: AllowanceTerms },
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
 *
 * The two kinds are picked apart, each in accepted order off an index (queued: the partial index
 * `touchpoints_queued_order_idx`), then the oldest `limit` of both are claimed: a claim costs the same with
 * a backlog of a million as of ten (one query over both, with an OR, sorted the whole queue each time).
 */
export async function claimDue(
  db: Db,
  workerId: string,
  limit: number,
  staleMs: number,
): Promise<ClaimedTouchpoint[]> {
  const result = (await db.execute<Record<string, unknown>>(sql`
    with stale as (
      select id, created_at from touchpoints
       where status = 'processing' and locked_at < now() - ${staleMs} * interval '1 millisecond'
       order by created_at
       limit ${limit}
       for update skip locked
    ), due as (
      select id, created_at from touchpoints
       where status = 'queued' and next_attempt_at <= now()
       order by created_at
       limit ${limit}
       for update skip locked
    ), picked as (
      select id from (select * from stale union all select * from due) candidates
       order by created_at
       limit ${limit}
    )
    update touchpoints
       set status = 'processing', locked_at = now(), locked_by = ${workerId},
           attempts = attempts + 1, updated_at = now()
     where id in (select id from picked)
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
      /** For a done one: when it was analysed and billed. */
      updatedAt: touchpoints.updatedAt,
    })
    .from(touchpoints)
    .where(and(eq(touchpoints.userId, userId), eq(touchpoints.id, id)))
    .limit(1);
  return row ?? null;
}

/** Removes one of the user's touch points, and with it (cascade) its analysis ("Forget this page"). */
export async function deleteTouchpoint(tx: Db, userId: string, id: string): Promise<void> {
  await tx.delete(touchpoints).where(and(eq(touchpoints.userId, userId), eq(touchpoints.id, id)));
}

/** Queue depth (touch points not yet done or failed), for tests, benches and health figures. */
export async function countPending(db: Db): Promise<number> {
  const result = (await db.execute<Record<string, unknown>>(
    sql`select count(*)::int as n from touchpoints where status in ('queued', 'processing')`,
  )) as { rows: { n: number }[] };
  return Number(result.rows[0]?.n ?? 0);
}
