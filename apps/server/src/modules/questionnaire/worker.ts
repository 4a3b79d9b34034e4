import { configStateUpdateEvent, type ConfigStateUpdatePayload } from '@mediadiet/contract/realtime';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database.ts';
import { createJobLoop, newWorkerId, retryDelay, type JobLoop } from '../../lib/job-loop.ts';
import { questionnaireMessages } from './messages.ts';
import * as repo from './repository.ts';
import { scoreAnswers, type AnalyzeText } from './scoring.ts';
import type { UsersService } from '../users/service.ts';

/**
 * The questionnaire worker (ARCHITECTURE "Durable work", decision 081). A submitted questionnaire is a row
 * first (`questionnaire_submissions`, written with the SUBMITTED state in one transaction), work second.
 * Each pass claims due rows (`FOR UPDATE SKIP LOCKED`; a 'processing' row of a dead worker is reclaimed
 * once its lock is stale), scores the answers (scoring.ts; text answers through the analyzer) outside any
 * transaction, then — under the user's row lock — stores the personalization, settles the row and sets
 * COMPLETED in ONE transaction, and after the commit emits `config_state_update_{userId}` (the users service
 * emits `update_user_{userId}`). A failure is retried with backoff; after `maxAttempts` claims the row and
 * the user turn FAILED, the reason is logged and kept in `last_error`. A row whose user moved on (state no
 * longer SUBMITTED, or a newer submission exists) is settled 'superseded' without touching the user.
 */

export interface QuestionnaireWorkerOptions {
  /** Rows per claim. */
  batchSize: number;
  /** Idle wait between polls (ms): also how late a delayed submission may start. */
  pollMs: number;
  /** A 'processing' row locked longer than this belongs to a dead worker and is reclaimed (ms). */
  staleMs: number;
  /** First retry delay; doubles per attempt (ms). */
  backoffMs: number;
  maxBackoffMs: number;
  /** Claims before a submission (and the user's questionnaire) is marked FAILED. */
  maxAttempts: number;
}

export const DEFAULT_QUESTIONNAIRE_WORKER_OPTIONS: QuestionnaireWorkerOptions = {
  batchSize: 8,
  pollMs: 1_000,
  staleMs: 60_000,
  backoffMs: 5_000,
  maxBackoffMs: 60_000,
  maxAttempts: 3,
};

export interface QuestionnaireRunResult {
  claimed: number;
  completed: number;
  superseded: number;
  retried: number;
  failed: number;
}

/** The job loop over the submission queue; `notify()` is called when a submission was queued. */
export interface QuestionnaireWorker extends JobLoop<QuestionnaireRunResult> {
  readonly id: string;
}

type Outcome = 'completed' | 'superseded' | 'retried' | 'failed';

export function createQuestionnaireWorker(deps: {
  db: Db;
  users: UsersService;
  analyzeText: AnalyzeText;
  log: FastifyBaseLogger;
  emitToUser: (userId: string, event: string, payload?: unknown) => void;
  options?: Partial<QuestionnaireWorkerOptions>;
  /** Told the outcome of every pass (metrics). */
  onPass?: (result: QuestionnaireRunResult) => void;
}): QuestionnaireWorker {
  const { db, users, log } = deps;
  const options = { ...DEFAULT_QUESTIONNAIRE_WORKER_OPTIONS, ...deps.options };
  const id = newWorkerId();

  const emitState = (userId: string, state: ConfigStateUpdatePayload['state']) => {
    const payload: ConfigStateUpdatePayload = { userId, state };
    deps.emitToUser(userId, configStateUpdateEvent(userId), payload);
  };

  /** Whether this submission still decides the user's state: SUBMITTED (or PROCESSING) and the newest one. */
  const isCurrent = async (tx: Db, sub: repo.ClaimedSubmission) => {
    const state = await repo.lockUserState(tx, sub.userId);
    const latest = await repo.findLatestSubmission(tx, sub.userId);
    const processing = state === 'SUBMITTED' || state === 'PROCESSING';
    return { current: processing && latest?.id === sub.id, state };
  };

  const complete = (sub: repo.ClaimedSubmission, scores: Record<string, number>): Promise<Outcome> =>
    users.transaction(async (tx, notify) => {
      const { current, state } = await isCurrent(tx, sub);
      if (!current) {
        await repo.settle(tx, sub.id, 'superseded', `questionnaire state is ${state ?? 'gone'}`);
        return 'superseded';
      }
      await repo.upsertPersonalization(tx, sub.userId, {
        scores,
        source: 'questionnaire',
        submissionId: sub.id,
      });
      await repo.settle(tx, sub.id, 'done');
      await users.updateIn(tx, notify, sub.userId, { configsState: 'COMPLETED' });
      return 'completed';
    });

  /** Back to the queue with backoff, or FAILED for good (row and user) after `maxAttempts`. */
  const fail = async (sub: repo.ClaimedSubmission, error: unknown): Promise<Outcome> => {
    const reason = error instanceof Error ? error.message : String(error);
    if (sub.attempts < options.maxAttempts) {
      const delay = retryDelay(sub.attempts, options);
      await repo.markRetry(db, sub.id, reason, delay);
      log.info(
        { submissionId: sub.id, userId: sub.userId, attempts: sub.attempts, delayMs: delay, reason },
        'questionnaire retried',
      );
      return 'retried';
    }
    const userFailed = await users.transaction(async (tx, notify) => {
      const { current } = await isCurrent(tx, sub);
      await repo.settle(tx, sub.id, 'failed', reason);
      if (current) await users.updateIn(tx, notify, sub.userId, { configsState: 'FAILED' });
      return current;
    });
    log.warn(
      { submissionId: sub.id, userId: sub.userId, attempts: sub.attempts, reason },
      questionnaireMessages.processingFailed,
    );
    if (userFailed) emitState(sub.userId, 'FAILED');
    return 'failed';
  };

  const processOne = async (sub: repo.ClaimedSubmission): Promise<Outcome> => {
    let outcome: Outcome;
    try {
      const scores = await scoreAnswers(sub.answers, deps.analyzeText);
      outcome = await complete(sub, scores);
    } catch (error) {
      return fail(sub, error);
    }
    if (outcome === 'completed') emitState(sub.userId, 'COMPLETED');
    return outcome;
  };

  const runOnce = async (): Promise<QuestionnaireRunResult> => {
    const claimed = await repo.claimDue(db, id, options.batchSize, options.staleMs);
    const result: QuestionnaireRunResult = {
      claimed: claimed.length,
      completed: 0,
      superseded: 0,
      retried: 0,
      failed: 0,
    };
    for (const sub of claimed) {
      try {
        result[await processOne(sub)]++;
      } catch (error) {
        // The database itself failed while settling: the row stays 'processing' and is reclaimed once stale.
        log.error({ err: error, submissionId: sub.id }, 'questionnaire submission could not be settled');
      }
    }
    deps.onPass?.(result);
    return result;
  };

  const loop = createJobLoop({
    pass: runOnce,
    zero: () => ({ claimed: 0, completed: 0, superseded: 0, retried: 0, failed: 0 }),
    log,
    name: 'questionnaire',
    // One pass at a time; a submission wakes it at once.
    options: { lanes: 1, pollMs: options.pollMs, fullPass: options.batchSize },
  });
  return { id, ...loop };
}
