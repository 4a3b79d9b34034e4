import { randomUUID } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { claimDueRows, lastError, retryValues, unlocked } from '../../db/jobs.ts';
import type { AllowanceTerms } from '../billing/metering.ts';
import { touchpoints } from '../../db/schema.ts';

/** Touch points: the only module code that touches this table (analyses: modules/analysis). Scoped by user id. */

export type TouchpointStatus = 'queued' | 'processing' | 'done' | 'failed';

export interface NewTouchpoint {
  userId: string;
  url: string;
  host: string;
  title: string;
  /** The page text until it is scored (the worker drops it then); null when the extension scored the page. */
  text: string | null;
  scores: unknown;
  contentHash: string;
  /** When the extension captured the page (metering decides a batch in this order). */
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
 * `enqueue_metered_touchpoints` (sql/enqueue.sql) first takes a transaction-scoped advisory lock per (user,
 * URL, hash) in a fixed order — two identical concurrent uploads agree on one row, and two calls never
 * deadlock — then, in a statement of its own (a fresh snapshot that sees the row committed by the lock's
 * previous holder), checks the ignored list, the allowance (each item alone against the period's usage, as
 * the one-item check in test/helpers/usage.ts would) and the duplicate, and inserts the rest, answering why for each item.
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

/**
 * Touch points that arrive already analysed (their analyses are stored in the same transaction): status
 * done, no text, in one statement. For imports of past reading such as the demo seed; the extension's pages
 * go through `enqueueMany` and the worker. Answers their ids in the given order.
 */
export async function insertDone(
  tx: Db,
  rows: readonly (Omit<NewTouchpoint, 'id' | 'text' | 'scores'> & { createdAt: Date })[],
): Promise<string[]> {
  if (rows.length === 0) return [];
  // The ids are chosen here, so they come back in the given order whatever order the database answers in.
  const values = rows.map((row) => ({
    ...row,
    id: randomUUID(),
    text: null,
    scores: null,
    status: 'done' as const,
    updatedAt: row.createdAt,
  }));
  await tx.insert(touchpoints).values(values);
  return values.map((row) => row.id);
}

/** A touch point a worker claimed: the row as stored, with its id, attempts so far and acceptance time. */
export type ClaimedTouchpoint = Omit<NewTouchpoint, 'contentHash'> & {
  id: string;
  attempts: number;
  createdAt: Date;
};

/** A claimed row as the database answers it. */
type ClaimedRaw = Omit<ClaimedTouchpoint, 'userId' | 'capturedAt' | 'createdAt'> & {
  user_id: string;
  captured_at: string | Date;
  created_at: string | Date;
};

/**
 * Claims up to `limit` due touch points for `workerId` (db/jobs.ts `claimDueRows`: queued ones due, and
 * 'processing' ones whose worker died). Answered in the order the pages were captured (then accepted; then
 * by id).
 */
export async function claimDue(
  db: Db,
  workerId: string,
  limit: number,
  staleMs: number,
): Promise<ClaimedTouchpoint[]> {
  const rows = await claimDueRows<ClaimedRaw>(
    db,
    touchpoints,
    sql`id, user_id, url, host, title, text, scores, attempts, captured_at, created_at`,
    { workerId, limit, staleMs },
  );
  const time = (value: string | Date) => (value instanceof Date ? value : new Date(value));
  return rows
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

/** Marks touch points done and drops their text (privacy: the text is kept only until it is analysed), in one statement. */
export async function markDoneMany(tx: Db, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  await tx
    .update(touchpoints)
    .set({ ...unlocked(), status: 'done', text: null, lastError: null })
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
      .set({ ...unlocked(), status: 'failed', text: null, lastError: lastError(error) })
      .where(inArray(touchpoints.id, ids));
  }
}

/** Back to the queue after a failure, due again after `delayMs`. */
export async function markRetry(db: Db, id: string, error: string, delayMs: number): Promise<void> {
  await db.update(touchpoints).set(retryValues(error, delayMs)).where(eq(touchpoints.id, id));
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
