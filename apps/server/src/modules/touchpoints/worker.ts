import { AnalysisScoresSchema, type Analysis, type AnalysisScores } from '@mediadiet/contract/analysis';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database.ts';
import type { AnalysisRow } from '../../db/schema.ts';
import type { Scorer } from '../analysis/scorer.ts';
import { storeAnalysesIn, type NewAnalysis } from '../analysis/store.ts';
import { toAnalysis } from '../analysis/view.ts';
import type { UsageService } from '../billing/usage-service.ts';
import { createJobLoop, newWorkerId, retryDelay, type JobLoop } from '../../lib/job-loop.ts';
import * as repo from './repository.ts';

/**
 * The touch-point worker (ARCHITECTURE "Durable work", decision 061). Each pass claims a batch of due
 * touch points in one statement (`FOR UPDATE SKIP LOCKED`; stale 'processing' rows of a dead worker are
 * reclaimed), scores them all at once (server mode: the scorer — by default the analyzer thread pool; device
 * mode: the extension's scores), and stores the whole batch in ONE transaction with a fixed number of
 * statements (`storeAnalysesIn`: multi-row insert `ON CONFLICT (touchpoint_id) DO NOTHING`, usage of all the
 * batch's users in three statements only for inserted rows, rollups per (user, day) and (user, month, host);
 * then status done/failed per batch). Shared rows are locked in one order, so two passes never deadlock. A
 * retry after a crash never double-bills or double-counts. After the commit it tells `onStored` of each
 * analysis (the plugin runs the module's stored hooks and emits `analysis_created_{userId}`). A scoring failure (an analyzer thread crash included) goes back to the
 * queue with exponential backoff; after `maxAttempts` claims it is marked failed with the reason.
 * `passes` passes run at once, so the next batch is claimed and scored while one is being stored.
 */

export interface TouchpointWorkerOptions {
  /** Rows per claim. */
  batchSize: number;
  /** Passes in flight at once (claim + score + store), so the analyzer never waits for the database. */
  passes: number;
  /** Idle wait between polls when the queue is empty (ms). */
  pollMs: number;
  /** A 'processing' row locked longer than this belongs to a dead worker and is reclaimed (ms). */
  staleMs: number;
  /** First retry delay; doubles per attempt (ms). */
  backoffMs: number;
  /** Longest retry delay (ms). */
  maxBackoffMs: number;
  /** Claims before a touch point is marked failed. */
  maxAttempts: number;
  /**
   * While `busy()` says requests are queueing, a lane waits this long after a full pass (ms): the requests
   * keep the event loop, the analysis goes on at a bounded pace and catches up when they ease (decision 095).
   */
  busyPauseMs: number;
}

export const DEFAULT_WORKER_OPTIONS: TouchpointWorkerOptions = {
  batchSize: 64,
  passes: 2,
  pollMs: 500,
  staleMs: 60_000,
  backoffMs: 5_000,
  maxBackoffMs: 10 * 60_000,
  maxAttempts: 5,
  busyPauseMs: 2_000,
};

/**
 * Wake-ups after uploads closer together than this join one claim (ms). The first upload after a quiet spell
 * wakes the worker at once; a burst is claimed in batches at most this often.
 */
const NOTIFY_WINDOW_MS = 50;

export interface RunResult {
  claimed: number;
  done: number;
  retried: number;
  failed: number;
}

/** The job loop (`passes` lanes) over the touch-point queue; `notify()` is called when a touch point was queued. */
export interface TouchpointWorker extends JobLoop<RunResult> {
  readonly id: string;
}

type Scored = { tp: repo.ClaimedTouchpoint; scores: AnalysisScores; mode: 'server' | 'device' };
type Stored =
  | { tp: repo.ClaimedTouchpoint; kind: 'stored'; row: AnalysisRow }
  | { tp: repo.ClaimedTouchpoint; kind: 'existing' }
  | { tp: repo.ClaimedTouchpoint; kind: 'refused'; message: string };

const zero = (): RunResult => ({ claimed: 0, done: 0, retried: 0, failed: 0 });

/** Device mode: the extension's scores (validated at ingest, parsed again from storage); server mode: the scorer's. */
async function scoreTouchpoint(scorer: Scorer, tp: repo.ClaimedTouchpoint): Promise<Scored> {
  if (tp.scores !== null && tp.scores !== undefined) {
    return { tp, scores: AnalysisScoresSchema.parse(tp.scores), mode: 'device' };
  }
  try {
    const result = await scorer({ title: tp.title, text: tp.text ?? '', url: tp.url }, { userId: tp.userId });
    return { tp, scores: result, mode: 'server' };
  } finally {
    // The text is not needed any more: a batch waiting to be stored does not hold its pages.
    tp.text = null;
  }
}

function toNewAnalysis({ tp, scores, mode }: Scored): NewAnalysis {
  return {
    id: tp.id,
    userId: tp.userId,
    touchpointId: tp.id,
    url: tp.url,
    host: tp.host,
    title: tp.title,
    tokens: scores.tokens,
    categoryScores: scores.categoryScores,
    classificationAnalysis: scores.classificationAnalysis,
    valence: scores.valence ?? null,
    overallScore: scores.overallScore ?? null,
    modelVersion: scores.modelVersion ?? null,
    mode,
    verdict: scores.verdict ?? null,
    drivers: scores.drivers ?? null,
    confidence: scores.confidence ?? null,
    // Dated when the person read the page (a page queued offline is analysed later), never in the future.
    createdAt: new Date(Math.min(tp.capturedAt.getTime(), Date.now())),
  };
}

/**
 * Analyses + usage + rollups + status of the batch, inside `tx`: a metering refusal stores nothing for that
 * touch point and marks it failed with the reason (in the order the touch points were accepted).
 */
async function storeBatchIn(tx: Db, usage: Pick<UsageService, 'tryRecordBatchIn'>, batch: Scored[]): Promise<Stored[]> {
  const outcomes = await storeAnalysesIn(tx, usage, batch.map(toNewAnalysis));
  const stored = batch.map(({ tp }, i): Stored => ({ tp, ...outcomes[i]! }));
  const refused = stored.flatMap((s) => (s.kind === 'refused' ? [{ id: s.tp.id, error: s.message }] : []));
  await repo.markDoneMany(
    tx,
    stored.flatMap((s) => (s.kind === 'refused' ? [] : [s.tp.id])),
  );
  await repo.markFailedMany(tx, refused);
  return stored;
}

export function createTouchpointWorker(deps: {
  db: Db;
  usage: Pick<UsageService, 'tryRecordBatchIn'>;
  scorer: Scorer;
  log: FastifyBaseLogger;
  /** Told of each analysis after its batch is committed (the plugin runs the stored hooks, then emits it). */
  onStored: (userId: string, analysis: Analysis) => void;
  options?: Partial<TouchpointWorkerOptions>;
  /** Told the outcome of every pass (metrics). */
  onPass?: (result: RunResult) => void;
  /** Whether this process is busy serving requests (see `busyPauseMs`). Default: never. */
  busy?: () => boolean;
}): TouchpointWorker {
  const { db, usage, scorer, log } = deps;
  const options = { ...DEFAULT_WORKER_OPTIONS, ...deps.options };
  const id = newWorkerId();

  const inTransaction = <T>(work: (tx: Db) => Promise<T>) =>
    db.transaction((txRaw) => work(txRaw as unknown as Db));

  /** Back to the queue with backoff, or failed for good after `maxAttempts`. */
  const fail = async (tp: repo.ClaimedTouchpoint, error: unknown, tally: RunResult) => {
    const message = error instanceof Error ? error.message : String(error);
    try {
      if (tp.attempts >= options.maxAttempts) {
        await repo.markFailed(db, tp.id, message);
        tally.failed++;
        log.warn({ touchpointId: tp.id, attempts: tp.attempts, error: message }, 'touch point failed');
        return;
      }
      const delay = retryDelay(tp.attempts, options);
      await repo.markRetry(db, tp.id, message, delay);
      tally.retried++;
      log.info(
        { touchpointId: tp.id, attempts: tp.attempts, delayMs: delay, error: message },
        'touch point retried',
      );
    } catch (dbError) {
      // The database itself failed: the row stays 'processing' and is reclaimed once stale.
      log.error({ err: dbError, touchpointId: tp.id }, 'touch point could not be settled');
    }
  };

  /**
   * Stores a batch in ONE transaction (a commit per batch, not per page); if that transaction fails,
   * each touch point is stored in its own so one bad row cannot hold the others back.
   */
  const storeAll = async (batch: Scored[], tally: RunResult): Promise<Stored[]> => {
    if (batch.length === 0) return [];
    try {
      return await inTransaction((tx) => storeBatchIn(tx, usage, batch));
    } catch (error) {
      if (batch.length === 1) throw error;
      log.warn({ err: error }, 'batch store failed; storing one by one');
      const out: Stored[] = [];
      for (const item of batch) {
        try {
          out.push(...(await inTransaction((tx) => storeBatchIn(tx, usage, [item]))));
        } catch (itemError) {
          await fail(item.tp, itemError, tally);
        }
      }
      return out;
    }
  };

  const runOnce = async (): Promise<RunResult> => {
    const claimed = await repo.claimDue(db, id, options.batchSize, options.staleMs);
    const result: RunResult = { ...zero(), claimed: claimed.length };
    // The whole batch at once: the scorer (analyzer threads, LLM) bounds its own concurrency.
    const settled = await Promise.allSettled(claimed.map((tp) => scoreTouchpoint(scorer, tp)));
    const scored: Scored[] = [];
    for (const [i, outcome] of settled.entries()) {
      if (outcome.status === 'fulfilled') scored.push(outcome.value);
      else await fail(claimed[i]!, outcome.reason, result);
    }
    let stored: Stored[] = [];
    try {
      stored = await storeAll(scored, result);
    } catch (error) {
      for (const item of scored) await fail(item.tp, error, result);
    }
    for (const item of stored) {
      if (item.kind === 'refused') {
        result.failed++;
        log.warn({ touchpointId: item.tp.id, error: item.message }, 'touch point refused by metering');
        continue;
      }
      result.done++;
      if (item.kind === 'stored') deps.onStored(item.tp.userId, toAnalysis(item.row));
    }
    deps.onPass?.(result);
    return result;
  };

  const loop = createJobLoop({
    pass: runOnce,
    zero,
    log,
    name: 'touch point',
    options: {
      lanes: options.passes,
      pollMs: options.pollMs,
      // A claim and a storing transaction cost the same for 3 rows as for 60: a pass under a quarter full waits.
      fullPass: options.batchSize / 4,
      busyPauseMs: options.busyPauseMs,
      notifyWindowMs: NOTIFY_WINDOW_MS,
    },
    ...(deps.busy ? { busy: deps.busy } : {}),
  });
  return { id, ...loop };
}
