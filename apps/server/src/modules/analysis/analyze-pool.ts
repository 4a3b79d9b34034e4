import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { AnalysisResult, AnalyzeInput } from '@mediadiet/analyzer';

/**
 * The offline analyzer on a small pool of worker threads (decision 061), so scoring never blocks the event
 * loop that serves requests and talks to the database. Each thread loads the analyzer once
 * (`analyze-thread.ts`); a task sends the input (title, text, url, profile) and gets the scores back.
 * The analyzer is pure, so a thread's answer equals an inline `analyze()` of the same input.
 *
 * - A thread is started on first use and replaced after it dies; at most `size` run.
 * - Up to `depth` tasks are sent to a thread ahead, so it never idles between messages while the main thread
 *   is busy. A thread answers in order, so the first unanswered task is the one that was running.
 * - A thread that dies (uncaught error, exit, `taskTimeoutMs` exceeded) rejects the task it was running with
 *   `AnalyzerThreadError` (the caller retries it with backoff); tasks queued behind it are sent again to
 *   another thread, unharmed. An error thrown by the analyzer itself rejects only its task.
 */

/** Main thread → analyzer thread. */
export interface AnalyzeRequest {
  id: number;
  input: AnalyzeInput;
}

/** Analyzer thread → main thread: an answer, or (once, first) that the analyzer has loaded. */
export type AnalyzeReply = { id: number; result: AnalysisResult } | { id: number; error: string };
export type AnalyzeThreadMessage = AnalyzeReply | typeof THREAD_READY;

/** What a thread posts once its analyzer has loaded; only then are its tasks timed. */
export const THREAD_READY = 'ready';

/** The analyzer thread died (or overran) while running this task. */
export class AnalyzerThreadError extends Error {
  override name = 'AnalyzerThreadError';
}

export interface AnalyzePoolOptions {
  /** Threads (≥ 1). */
  size: number;
  /** The thread's module. Default: `analyze-thread.ts` beside this file (`analyze-thread.js` beside the bundle). */
  threadUrl?: URL;
  /** Tasks sent to a thread before it has answered (default 2). */
  depth?: number;
  /** A task running longer than this ends its thread (ms, default 60 s). A thread's start-up is not counted. */
  taskTimeoutMs?: number;
  /** A thread that has not loaded the analyzer within this ends (ms, default 60 s, at least `taskTimeoutMs`). */
  startTimeoutMs?: number;
  /** Told when a thread dies unexpectedly (logging). */
  onThreadError?: (error: AnalyzerThreadError) => void;
  /**
   * The threads' nice value (0–19; default 0): on Linux each thread lowers its own priority, so when the
   * cores are contended the event loop that serves requests, and the database, run first (decision 096).
   */
  nice?: number;
}

/** What an analyzer thread is started with (`workerData`). */
export interface AnalyzeThreadData {
  nice: number;
}

export interface AnalyzePool {
  readonly size: number;
  analyze(input: AnalyzeInput): Promise<AnalysisResult>;
  /**
   * Starts every thread now and has each analyse a short sample, so that the first page after a start (a
   * deploy) does not wait for a thread to load the analyzer (seconds on a busy machine). Resolves once they
   * have answered; never rejects.
   */
  warm(): Promise<void>;
  /** Threads alive now (tests). */
  threadCount(): number;
  /** Ends every thread; pending tasks reject. */
  close(): Promise<void>;
}

/** The default pool size: one thread per core the main thread does not need, at least one. */
export function defaultAnalyzeThreads(): number {
  return Math.max(1, os.availableParallelism() - 1);
}

/** The thread module: TypeScript source in development and tests, `dist/analyze-thread.js` in the bundle. */
function defaultThreadUrl(): URL {
  return import.meta.url.endsWith('.ts')
    ? new URL('./analyze-thread.ts', import.meta.url)
    : new URL('./analyze-thread.js', import.meta.url);
}

/**
 * Starts a thread on `url`. A `.ts` module (development, tests) is loaded through tsx's API inside the
 * thread: Node 20 does not pass the parent's loader hooks on to worker threads.
 */
function startThread(url: URL, workerData: AnalyzeThreadData): Worker {
  if (!url.pathname.endsWith('.ts')) return new Worker(url, { workerData });
  const require = createRequire(import.meta.url);
  const tsxApi = pathToFileURL(
    path.join(path.dirname(require.resolve('tsx/package.json')), 'dist/esm/api/index.mjs'),
  );
  const bootstrap = `import(${JSON.stringify(tsxApi.href)}).then(({ register }) => { register(); return import(${JSON.stringify(url.href)}); })`;
  return new Worker(bootstrap, { eval: true, workerData });
}

interface Task {
  id: number;
  input: AnalyzeInput;
  resolve: (result: AnalysisResult) => void;
  reject: (error: Error) => void;
}

interface Thread {
  worker: Worker;
  /** Sent and not yet answered, in the order sent. */
  tasks: Task[];
  timer: NodeJS.Timeout | undefined;
  /** The analyzer has loaded (the thread posted THREAD_READY). */
  ready: boolean;
  /** Why it was ended by us (timeout), if it was. */
  endedBecause: string | undefined;
}

/** What `warm()` has each thread analyse: a sentence, enough to load and run the analyzer once. */
const WARM_UP: AnalyzeInput = {
  title: 'Warm-up',
  text: 'The volunteers planted trees along the river, and the neighbours came out to thank them.',
};

export function createAnalyzePool(options: AnalyzePoolOptions): AnalyzePool {
  const size = Math.max(1, Math.floor(options.size));
  const depth = Math.max(1, options.depth ?? 2);
  const taskTimeoutMs = options.taskTimeoutMs ?? 60_000;
  const startTimeoutMs = Math.max(taskTimeoutMs, options.startTimeoutMs ?? 60_000);
  const threadUrl = options.threadUrl ?? defaultThreadUrl();
  const threadData: AnalyzeThreadData = { nice: Math.min(19, Math.max(0, Math.floor(options.nice ?? 0))) };

  const threads = new Set<Thread>();
  const queue: Task[] = [];
  let nextId = 1;
  let closed = false;

  const endAfter = (thread: Thread, ms: number, reason: string) => {
    thread.timer = setTimeout(() => {
      thread.endedBecause = reason;
      void thread.worker.terminate();
    }, ms);
  };

  /**
   * The head task of a thread is the one running: only it is timed, and only once the thread has loaded the
   * analyzer (a cold start on a busy machine takes seconds and is no fault of the page). Until then the
   * start-up itself is timed.
   */
  const timeHead = (thread: Thread) => {
    clearTimeout(thread.timer);
    thread.timer = undefined;
    if (thread.tasks.length === 0) {
      thread.worker.unref();
      return;
    }
    thread.worker.ref();
    if (thread.ready) endAfter(thread, taskTimeoutMs, `analysis took longer than ${taskTimeoutMs} ms`);
    else endAfter(thread, startTimeoutMs, `the analyzer did not load within ${startTimeoutMs} ms`);
  };

  const onMessage = (thread: Thread, message: AnalyzeThreadMessage) => {
    if (message === THREAD_READY) {
      thread.ready = true;
      timeHead(thread);
      return;
    }
    onReply(thread, message);
  };

  const onReply = (thread: Thread, reply: AnalyzeReply) => {
    const index = thread.tasks.findIndex((task) => task.id === reply.id);
    if (index < 0) return;
    const [task] = thread.tasks.splice(index, 1);
    if (index === 0) timeHead(thread);
    if ('error' in reply) task!.reject(new Error(reply.error));
    else task!.resolve(reply.result);
    pump();
  };

  const onExit = (thread: Thread, code: number, error: Error | undefined) => {
    clearTimeout(thread.timer);
    threads.delete(thread);
    if (closed) return;
    const [running, ...waiting] = thread.tasks;
    thread.tasks = [];
    // The tasks behind the one that was running never started: they go to another thread first.
    queue.unshift(...waiting);
    if (running) {
      const reason = thread.endedBecause ?? error?.message ?? `exit code ${code}`;
      const crash = new AnalyzerThreadError(`analyzer thread stopped: ${reason}`);
      options.onThreadError?.(crash);
      running.reject(crash);
    }
    pump();
  };

  const spawn = (): Thread => {
    const worker = startThread(threadUrl, threadData);
    const thread: Thread = { worker, tasks: [], timer: undefined, ready: false, endedBecause: undefined };
    let lastError: Error | undefined;
    worker.on('message', (message: AnalyzeThreadMessage) => onMessage(thread, message));
    worker.on('error', (error) => {
      lastError = error;
    });
    worker.on('exit', (code) => onExit(thread, code, lastError));
    threads.add(thread);
    return thread;
  };

  /** Sends queued tasks to the least busy thread with room, starting threads up to `size`. */
  const pump = () => {
    while (!closed && queue.length > 0) {
      let target: Thread | undefined;
      for (const thread of threads) {
        if (thread.tasks.length < depth && (!target || thread.tasks.length < target.tasks.length))
          target = thread;
      }
      if (!target || (target.tasks.length > 0 && threads.size < size)) {
        if (threads.size < size) target = spawn();
      }
      if (!target) return;
      const task = queue.shift()!;
      target.tasks.push(task);
      if (target.tasks.length === 1) timeHead(target);
      const request: AnalyzeRequest = { id: task.id, input: task.input };
      target.worker.postMessage(request);
    }
  };

  const analyze = (input: AnalyzeInput) => {
    if (closed) return Promise.reject(new Error('analyzer pool closed'));
    return new Promise<AnalysisResult>((resolve, reject) => {
      queue.push({ id: nextId++, input, resolve, reject });
      pump();
    });
  };

  return {
    size,
    analyze,
    async warm() {
      // One sample per thread: `pump` starts a new thread rather than queue behind a busy one.
      await Promise.all(Array.from({ length: size }, () => analyze(WARM_UP).catch(() => undefined)));
    },
    threadCount: () => threads.size,
    async close() {
      if (closed) return;
      closed = true;
      const pending = [...queue.splice(0), ...[...threads].flatMap((thread) => thread.tasks)];
      for (const task of pending) task.reject(new Error('analyzer pool closed'));
      await Promise.all(
        [...threads].map((thread) => {
          clearTimeout(thread.timer);
          return thread.worker.terminate();
        }),
      );
      threads.clear();
    },
  };
}
