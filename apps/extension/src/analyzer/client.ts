/**
 * How the background reaches the on-device analyzer without bundling it (decision 124). Nothing is loaded
 * until the first on-device analysis; in server mode the background never touches the analyzer's files.
 *  - Firefox (event page, `Worker` exists): a module worker started from the background itself.
 *  - Chromium (service worker: no `Worker`, no dynamic `import()`): an offscreen document (reason WORKERS)
 *    that starts the same worker and answers runtime messages.
 * Both let go of the analyzer after IDLE_MS without an analysis (the worker ends; the offscreen document
 * closes itself), so its memory is returned while the person is not reading.
 */
import type { AnalysisScores } from '@mediadiet/contract/analysis';
import type { AnalyzeInput, OffscreenRequest, WorkerReply, WorkerRequest } from './protocol';
import { OFFSCREEN_TARGET } from './protocol';

/** Paths inside dist/<target>/ (scripts/build.ts writes them). */
export const ANALYZER_FILES = {
  worker: 'analyzer/worker.js',
  model: 'analyzer/model.js',
  tokenizer: 'analyzer/tokenizer.js',
  offscreenHtml: 'analyzer/offscreen.html',
  offscreen: 'analyzer/offscreen.js',
} as const;

export const IDLE_MS = 2 * 60_000;

export type AsyncAnalyze = (input: AnalyzeInput) => Promise<AnalysisScores>;

export interface WorkerLike {
  postMessage(message: WorkerRequest): void;
  terminate(): void;
  onmessage: ((event: { data: WorkerReply }) => void) | null;
  onerror: ((event: { message?: string }) => void) | null;
}

/**
 * A module worker started on first use and ended after `idleMs` without a request. `onIdle` runs after it
 * ended (the offscreen document closes itself there).
 */
export function workerAnalyzer(
  start: () => WorkerLike,
  opts: { idleMs?: number; onIdle?: () => void; setTimer?: typeof setTimeout; clearTimer?: typeof clearTimeout } = {},
): AsyncAnalyze {
  const idleMs = opts.idleMs ?? IDLE_MS;
  const setTimer = opts.setTimer ?? setTimeout;
  const clearTimer = opts.clearTimer ?? clearTimeout;
  let worker: WorkerLike | undefined;
  let nextId = 1;
  let idle: ReturnType<typeof setTimeout> | undefined;
  const pending = new Map<number, { resolve: (s: AnalysisScores) => void; reject: (e: Error) => void }>();

  const stop = (reason: string) => {
    worker?.terminate();
    worker = undefined;
    for (const p of pending.values()) p.reject(new Error(reason));
    pending.clear();
  };
  const armIdle = () => {
    if (idle !== undefined) clearTimer(idle);
    idle = undefined;
    if (pending.size > 0) return;
    idle = setTimer(() => {
      idle = undefined;
      if (pending.size > 0) return;
      stop('The analyzer was stopped');
      opts.onIdle?.();
    }, idleMs);
  };

  return (input) => {
    if (!worker) {
      const w = start();
      w.onmessage = ({ data }) => {
        const p = pending.get(data.id);
        if (!p) return;
        pending.delete(data.id);
        if ('scores' in data) p.resolve(data.scores);
        else p.reject(new Error(`The analyzer failed: ${data.error}`));
        armIdle();
      };
      w.onerror = (event) => {
        stop(`The analyzer could not start: ${event.message ?? 'worker error'}`);
        armIdle();
      };
      worker = w;
    }
    if (idle !== undefined) clearTimer(idle);
    idle = undefined;
    const id = nextId++;
    const result = new Promise<AnalysisScores>((resolve, reject) => pending.set(id, { resolve, reject }));
    worker.postMessage({ id, input });
    return result;
  };
}

/** The subset of Chromium's API the offscreen route uses (not in BrowserApi: Chromium only). */
export interface OffscreenApi {
  runtime: {
    getURL(path: string): string;
    sendMessage(message: OffscreenRequest): Promise<unknown>;
    getContexts?(filter: { contextTypes: string[]; documentUrls?: string[] }): Promise<unknown[]>;
  };
  offscreen: {
    createDocument(p: { url: string; reasons: string[]; justification: string }): Promise<void>;
  };
}

/** Chromium: ask the offscreen document (opened on demand) to analyse. */
export function offscreenAnalyzer(api: OffscreenApi): AsyncAnalyze {
  const url = api.runtime.getURL(ANALYZER_FILES.offscreenHtml);
  let creating: Promise<void> | undefined;
  const ensure = async () => {
    const open = await api.runtime.getContexts?.({ contextTypes: ['OFFSCREEN_DOCUMENT'], documentUrls: [url] });
    if (open && open.length > 0) return;
    creating ??= api.offscreen
      .createDocument({
        url: ANALYZER_FILES.offscreenHtml,
        reasons: ['WORKERS'],
        justification: 'Runs the on-device analyzer in a worker, only while on-device analysis is on.',
      })
      .catch((error: unknown) => {
        // Opened meanwhile by another wake of the worker: that one serves.
        if (!/single offscreen|already/i.test(error instanceof Error ? error.message : String(error))) throw error;
      })
      .finally(() => {
        creating = undefined;
      });
    await creating;
  };
  const ask = async (input: AnalyzeInput): Promise<AnalysisScores> => {
    await ensure();
    const reply = (await api.runtime.sendMessage({ target: OFFSCREEN_TARGET, input })) as
      | { scores: AnalysisScores }
      | { error: string }
      | undefined;
    if (!reply) throw new Error('The analyzer did not answer');
    if ('error' in reply) throw new Error(reply.error);
    return reply.scores;
  };
  return async (input) => {
    try {
      return await ask(input);
    } catch (error) {
      // The document may have closed itself (idle) between the check and the message: open it again once.
      if (!/receiving end|did not answer/i.test(error instanceof Error ? error.message : String(error))) throw error;
      return ask(input);
    }
  };
}

/** The background's analyzer: a worker where the context has `Worker` (Firefox), else the offscreen route. */
export function createAnalyzer(global: typeof globalThis): AsyncAnalyze {
  const g = global as unknown as { Worker?: typeof Worker; chrome?: OffscreenApi & { runtime: { getURL(p: string): string } } };
  const chrome = g.chrome;
  if (!chrome) throw new Error('No extension API available');
  const WorkerCtor = g.Worker;
  if (typeof WorkerCtor === 'function') {
    return workerAnalyzer(
      () => new WorkerCtor(chrome.runtime.getURL(ANALYZER_FILES.worker), { type: 'module' }) as unknown as WorkerLike,
    );
  }
  return offscreenAnalyzer(chrome);
}
