import { randomUUID } from 'node:crypto';
import { AnalysisScoresSchema, type AnalysisScores } from '@mediadiet/contract/analysis';
import { analysisCreatedEvent, type AnalysisCreatedPayload } from '@mediadiet/contract/realtime';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/database.ts';
import type { AnalysisRow } from '../db/schema.ts';
import type { Scorer } from '../modules/analysis/scorer.ts';
import { storeAnalysisIn } from '../modules/analysis/service.ts';
import { toAnalysis } from '../modules/analysis/view.ts';
import type { UsageService } from '../modules/billing/usage-service.ts';
import * as repo from '../modules/extension/touchpoints-repository.ts';

/**
 * The touch-point worker (ARCHITECTURE "Durable work", decision 061). Each pass claims a batch of due
 * touch points (`FOR UPDATE SKIP LOCKED`; stale 'processing' rows of a dead worker are reclaimed), scores
 * each (server mode) or takes the extension's scores (device mode), and stores the analysis, the usage and
 * status=done in ONE transaction. The analysis insert is `ON CONFLICT (touchpoint_id) DO NOTHING` and the
 * usage and the insight rollups (decision 071) are added only when the insert happened, so a retry after a
 * crash never double-bills or double-counts (`storeAnalysisIn`). After the
 * commit it emits `analysis_created_{userId}`. A failure goes back to the queue with exponential backoff;
 * after `maxAttempts` claims it is marked failed with the reason.
 */

export interface TouchpointWorkerOptions {
  /** Rows per claim. */
  batchSize: number;
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
}

export const DEFAULT_WORKER_OPTIONS: TouchpointWorkerOptions = {
  batchSize: 32,
  pollMs: 500,
  staleMs: 60_000,
  backoffMs: 5_000,
  maxBackoffMs: 10 * 60_000,
  maxAttempts: 5,
};

/** How long a wake-up after an upload waits for more uploads to join the same claim (ms). */
const NOTIFY_DELAY_MS = 20;

export interface RunResult {
  claimed: number;
  done: number;
  retried: number;
  failed: number;
}

export interface TouchpointWorker {
  readonly id: string;
  /** One claim-and-process pass. */
  runOnce(): Promise<RunResult>;
  /** Passes until nothing is due. */
  drain(): Promise<RunResult>;
  /** Wakes the loop now (a touch point was queued). */
  notify(): void;
  start(): void;
  stop(): Promise<void>;
}

export function createTouchpointWorker(deps: {
  db: Db;
  usage: UsageService;
  scorer: Scorer;
  log: FastifyBaseLogger;
  emitToUser: (userId: string, event: string, payload?: unknown) => void;
  options?: Partial<TouchpointWorkerOptions>;
}): TouchpointWorker {
  const { db, usage, scorer, log } = deps;
  const options = { ...DEFAULT_WORKER_OPTIONS, ...deps.options };
  const id = `${process.pid}-${randomUUID().slice(0, 8)}`;

  const backoff = (attempts: number) =>
    Math.min(options.maxBackoffMs, options.backoffMs * 2 ** Math.max(0, attempts - 1));

  const score = async (tp: repo.ClaimedTouchpoint): Promise<{ scores: AnalysisScores; mode: 'server' | 'device' }> => {
    if (tp.scores !== null && tp.scores !== undefined) {
      // Validated at ingest; parsed again because it comes back from storage.
      return { scores: AnalysisScoresSchema.parse(tp.scores), mode: 'device' };
    }
    const result = await scorer({ title: tp.title, text: tp.text ?? '', url: tp.url });
    return { scores: result, mode: 'server' };
  };

  type Scored = { tp: repo.ClaimedTouchpoint; scores: AnalysisScores; mode: 'server' | 'device' };
  type Stored = { tp: repo.ClaimedTouchpoint; row: AnalysisRow | null } | { tp: repo.ClaimedTouchpoint; refused: string };

  /**
   * Analysis + usage + rollups + status=done of one touch point, inside `tx` (`storeAnalysisIn`: the analysis
   * is inserted only if none exists for the touch point, and only then billed and rolled up). A metering
   * refusal stores nothing and marks the touch point failed with the reason.
   */
  const storeIn = async (tx: Db, { tp, scores, mode }: Scored): Promise<Stored> => {
    const outcome = await storeAnalysisIn(tx, usage, {
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
    });
    if (outcome.kind === 'refused') {
      await repo.markFailed(tx, tp.id, outcome.message);
      return { tp, refused: outcome.message };
    }
    await repo.markDone(tx, tp.id);
    return { tp, row: outcome.kind === 'stored' ? outcome.row : null };
  };

  const inTransaction = <T,>(work: (tx: Db) => Promise<T>) =>
    db.transaction((txRaw) => work(txRaw as unknown as Db));

  /**
   * Stores a batch in ONE transaction (a commit per batch, not per page); if that transaction fails,
   * each touch point is stored in its own so one bad row cannot hold the others back.
   */
  const storeAll = async (batch: Scored[]): Promise<Stored[]> => {
    if (batch.length === 0) return [];
    try {
      return await inTransaction(async (tx) => {
        const out: Stored[] = [];
        for (const item of batch) out.push(await storeIn(tx, item));
        return out;
      });
    } catch (error) {
      if (batch.length === 1) throw error;
      log.warn({ err: error }, 'batch store failed; storing one by one');
      const out: Stored[] = [];
      for (const item of batch) {
        try {
          out.push(await inTransaction((tx) => storeIn(tx, item)));
        } catch (itemError) {
          await fail(item.tp, itemError);
        }
      }
      return out;
    }
  };

  const failures = { retried: 0, failed: 0 };
  /** Back to the queue with backoff, or failed for good after `maxAttempts`. */
  const fail = async (tp: repo.ClaimedTouchpoint, error: unknown) => {
    const message = error instanceof Error ? error.message : String(error);
    try {
      if (tp.attempts >= options.maxAttempts) {
        await repo.markFailed(db, tp.id, message);
        failures.failed++;
        log.warn({ touchpointId: tp.id, attempts: tp.attempts, error: message }, 'touch point failed');
        return;
      }
      const delay = backoff(tp.attempts);
      await repo.markRetry(db, tp.id, message, delay);
      failures.retried++;
      log.info({ touchpointId: tp.id, attempts: tp.attempts, delayMs: delay, error: message }, 'touch point retried');
    } catch (dbError) {
      // The database itself failed: the row stays 'processing' and is reclaimed once stale.
      log.error({ err: dbError, touchpointId: tp.id }, 'touch point could not be settled');
    }
  };

  const runOnce = async (): Promise<RunResult> => {
    const claimed = await repo.claimDue(db, id, options.batchSize, options.staleMs);
    failures.retried = 0;
    failures.failed = 0;
    const scored: Scored[] = [];
    for (const tp of claimed) {
      try {
        scored.push({ tp, ...(await score(tp)) });
      } catch (error) {
        await fail(tp, error);
      }
    }
    let stored: Stored[] = [];
    try {
      stored = await storeAll(scored);
    } catch (error) {
      for (const item of scored) await fail(item.tp, error);
    }
    const result: RunResult = { claimed: claimed.length, done: 0, retried: failures.retried, failed: failures.failed };
    for (const item of stored) {
      if ('refused' in item) {
        result.failed++;
        log.warn({ touchpointId: item.tp.id, error: item.refused }, 'touch point refused by metering');
        continue;
      }
      result.done++;
      if (item.row) {
        const payload: AnalysisCreatedPayload = { userId: item.tp.userId, analysis: toAnalysis(item.row) };
        deps.emitToUser(item.tp.userId, analysisCreatedEvent(item.tp.userId), payload);
      }
    }
    return result;
  };

  const drain = async (): Promise<RunResult> => {
    const total: RunResult = { claimed: 0, done: 0, retried: 0, failed: 0 };
    for (;;) {
      const r = await runOnce();
      total.claimed += r.claimed;
      total.done += r.done;
      total.retried += r.retried;
      total.failed += r.failed;
      if (r.claimed === 0) return total;
    }
  };

  let running = false;
  let loop: Promise<void> | undefined;
  let wake: (() => void) | undefined;
  let timer: NodeJS.Timeout | undefined;
  let notifyTimer: NodeJS.Timeout | undefined;

  const sleep = () =>
    new Promise<void>((resolve) => {
      wake = resolve;
      timer = setTimeout(resolve, options.pollMs);
    }).finally(() => {
      clearTimeout(timer);
      wake = undefined;
    });

  const run = async () => {
    while (running) {
      let claimed = 0;
      try {
        claimed = (await runOnce()).claimed;
      } catch (error) {
        log.error({ err: error }, 'touch point worker pass failed');
      }
      if (running && claimed < options.batchSize) await sleep();
    }
  };

  return {
    id,
    runOnce,
    drain,
    notify() {
      // Coalesce a burst of uploads into one claim instead of one claim per upload.
      if (!wake || notifyTimer) return;
      notifyTimer = setTimeout(() => {
        notifyTimer = undefined;
        wake?.();
      }, NOTIFY_DELAY_MS);
    },
    start() {
      if (running) return;
      running = true;
      loop = run();
    },
    async stop() {
      running = false;
      clearTimeout(notifyTimer);
      notifyTimer = undefined;
      wake?.();
      await loop;
      loop = undefined;
    },
  };
}

