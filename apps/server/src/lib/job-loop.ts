import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import type { FastifyBaseLogger } from 'fastify';

/**
 * The loop of a durable job queue (ARCHITECTURE "Durable work"), shared by the touch-point and the
 * questionnaire workers: each runs `lanes` passes at once; a pass claims due rows (`FOR UPDATE SKIP LOCKED`)
 * and settles them (the worker's own code). A pass that found little sleeps until `notify()` or the poll; a
 * full one goes on at once, unless `busy()` says requests are queueing (then it pauses). `stop()` ends the
 * sleeps and pauses and waits for the passes in flight.
 */

export interface JobLoopOptions {
  /** Passes in flight at once. */
  lanes: number;
  /** Idle wait between polls when the queue is empty (ms). */
  pollMs: number;
  /** A pass that claimed fewer rows than this sleeps before the next one. */
  fullPass: number;
  /** While `busy()`, a lane waits this long after a full pass (ms). */
  busyPauseMs?: number;
  /**
   * Wake-ups closer together than this are joined into one (ms): under a burst of uploads one claim takes
   * many rows instead of one claim per upload. The first wake-up after a quiet spell is immediate.
   */
  notifyWindowMs?: number;
}

/** What a pass answers: at least how many rows it claimed. */
export interface PassResult {
  claimed: number;
}

export interface JobLoop<R extends PassResult> {
  /** One claim-and-settle pass. */
  runOnce(): Promise<R>;
  /** Passes (`lanes` at once) until nothing is due; the sum of their results. */
  drain(): Promise<R>;
  /** Wakes the sleeping lanes (a row was queued). */
  notify(): void;
  start(): void;
  stop(): Promise<void>;
}

/** A worker's id, kept in the rows it claims: the process and a random part. */
export const newWorkerId = () => `${process.pid}-${randomUUID().slice(0, 8)}`;

/** Exponential backoff: `backoffMs` after the first attempt, doubling, at most `maxBackoffMs`. */
export const retryDelay = (attempts: number, backoff: { backoffMs: number; maxBackoffMs: number }) =>
  Math.min(backoff.maxBackoffMs, backoff.backoffMs * 2 ** Math.max(0, attempts - 1));

/** Adds each count of `r` to `total`. */
export function addCounts<R extends PassResult>(total: R, r: R): void {
  const sums = total as unknown as Record<string, number>;
  for (const [key, value] of Object.entries(r)) if (typeof value === 'number') sums[key] = (sums[key] ?? 0) + value;
}

/** A set of pending timers, each of which can be ended early. */
function timers() {
  const ends = new Set<() => void>();
  return {
    wait(ms: number) {
      return new Promise<void>((resolve) => {
        const end = () => {
          clearTimeout(timer);
          ends.delete(end);
          resolve();
        };
        const timer = setTimeout(end, ms);
        ends.add(end);
      });
    },
    get size() {
      return ends.size;
    },
    endAll() {
      for (const end of [...ends]) end();
    },
  };
}

export function createJobLoop<R extends PassResult>(deps: {
  /** One claim-and-settle pass. */
  pass: () => Promise<R>;
  /** An empty result (drain's starting total). */
  zero: () => R;
  options: JobLoopOptions;
  log: FastifyBaseLogger;
  /** Names the queue in the log. */
  name: string;
  /** Whether this process is busy serving requests (see `busyPauseMs`). Default: never. */
  busy?: () => boolean;
}): JobLoop<R> {
  const { pass, options, log } = deps;
  const lanesWanted = Math.max(1, options.lanes);
  const window = options.notifyWindowMs ?? 0;

  const drain = async (): Promise<R> => {
    const total = deps.zero();
    let empty = false;
    const lane = async () => {
      while (!empty) {
        const r = await pass();
        addCounts(total, r);
        if (r.claimed === 0) empty = true;
      }
    };
    await Promise.all(Array.from({ length: lanesWanted }, lane));
    return total;
  };

  let running = false;
  let lanes: Promise<void>[] = [];
  const sleeps = timers();
  // A pause while requests queue: not cut short by uploads (they keep coming meanwhile), only by stop().
  const pauses = timers();
  let notifyTimer: NodeJS.Timeout | undefined;
  let lastWake = -Infinity;

  const wake = () => {
    lastWake = performance.now();
    sleeps.endAll();
  };

  const lane = async () => {
    while (running) {
      let claimed = 0;
      try {
        claimed = (await pass()).claimed;
      } catch (error) {
        log.error({ err: error }, `${deps.name} worker pass failed`);
      }
      // A pass that found little waits for more (a wake-up, or the poll): a claim and a storing transaction
      // cost the same for 3 rows as for 60. A full one goes on at once, unless requests are queueing: then
      // it leaves them the event loop for a while.
      if (running && claimed < Math.max(1, options.fullPass)) await sleeps.wait(options.pollMs);
      else if (running && deps.busy?.()) await pauses.wait(options.busyPauseMs ?? 0);
    }
  };

  return {
    runOnce: pass,
    drain,
    notify() {
      if (sleeps.size === 0 || notifyTimer) return;
      // Quiet until now: at once. Within the window of the last wake-up (a burst): join the next one.
      const since = performance.now() - lastWake;
      if (since >= window) {
        wake();
        return;
      }
      notifyTimer = setTimeout(() => {
        notifyTimer = undefined;
        wake();
      }, window - since);
    },
    start() {
      if (running) return;
      running = true;
      lanes = Array.from({ length: lanesWanted }, lane);
    },
    async stop() {
      running = false;
      clearTimeout(notifyTimer);
      notifyTimer = undefined;
      sleeps.endAll();
      pauses.endAll();
      await Promise.all(lanes);
      lanes = [];
    },
  };
}
