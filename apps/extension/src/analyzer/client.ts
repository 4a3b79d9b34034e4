/**
 * How the background reaches the on-device analyzer without bundling it (decision 124). Nothing is loaded
 * until the first on-device analysis or the first batch of link headlines to label (decision 159); in server
 * mode without labels the background never touches the analyzer's files.
 *  - Firefox (event page, `Worker` exists): a module worker started from the background itself.
 *  - Chromium (service worker: no `Worker`, no dynamic `import()`): an offscreen document (reason WORKERS)
 *    that starts the same worker and answers runtime messages.
 * Both let go of the analyzer after IDLE_MS without an analysis (the worker ends; the offscreen document
 * closes itself), so its memory is returned while the person is not reading.
 */
import type { AnalysisScores } from '@mediadiet/contract/analysis';
import type { AnalyzeInput, AnalyzerPayload, HeadlineInput, HeadlineResult, OffscreenRequest, WorkerReply, WorkerRequest } from './protocol';
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

/** A batch of link headlines, one round trip: each one's result in order (null: it could not be analysed). */
export type AnalyzeHeadlines = (headlines: HeadlineInput[]) => Promise<(HeadlineResult | null)[]>;

/** The analyzer as the background sees it: a page's scores (called), or a batch of headlines (`headlines`). */
export type Analyzer = AsyncAnalyze & { headlines: AnalyzeHeadlines };

/** A reply without its id: what a request resolves with. */
type Answer = { scores: AnalysisScores } | { results: (HeadlineResult | null)[] };

/** The analyzer over one request function: pages and batches go the same way, and fail the same way. */
function analyzerOver(ask: (payload: AnalyzerPayload) => Promise<Answer>): Analyzer {
  const analyze = async (input: AnalyzeInput) => {
    const answer = await ask({ input });
    if (!('scores' in answer)) throw new Error('The analyzer answered something else');
    return answer.scores;
  };
  const headlines: AnalyzeHeadlines = async (items) => {
    if (items.length === 0) return [];
    const answer = await ask({ headlines: items });
    if (!('results' in answer) || answer.results.length !== items.length) throw new Error('The analyzer answered something else');
    return answer.results;
  };
  return Object.assign(analyze, { headlines });
}

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
): Analyzer {
  const idleMs = opts.idleMs ?? IDLE_MS;
  const setTimer = opts.setTimer ?? setTimeout;
  const clearTimer = opts.clearTimer ?? clearTimeout;
  let worker: WorkerLike | undefined;
  let nextId = 1;
  let idle: ReturnType<typeof setTimeout> | undefined;
  const pending = new Map<number, { resolve: (a: Answer) => void; reject: (e: Error) => void }>();

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

  return analyzerOver((payload) => {
    if (!worker) {
      const w = start();
      w.onmessage = ({ data }) => {
        const p = pending.get(data.id);
        if (!p) return;
        pending.delete(data.id);
        if ('error' in data) p.reject(new Error(`The analyzer failed: ${data.error}`));
        else p.resolve(data);
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
    const result = new Promise<Answer>((resolve, reject) => pending.set(id, { resolve, reject }));
    worker.postMessage({ id, ...payload });
    return result;
  });
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
export function offscreenAnalyzer(api: OffscreenApi): Analyzer {
  const url = api.runtime.getURL(ANALYZER_FILES.offscreenHtml);
  let creating: Promise<void> | undefined;
  const ensure = async () => {
    const open = await api.runtime.getContexts?.({ contextTypes: ['OFFSCREEN_DOCUMENT'], documentUrls: [url] });
    if (open && open.length > 0) return;
    creating ??= api.offscreen
      .createDocument({
        url: ANALYZER_FILES.offscreenHtml,
        reasons: ['WORKERS'],
        justification: 'Runs the on-device analyzer in a worker, only while on-device analysis or link labels need it.',
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
  const ask = async (payload: AnalyzerPayload): Promise<Answer> => {
    await ensure();
    const request: OffscreenRequest = { target: OFFSCREEN_TARGET, ...payload };
    const reply = (await api.runtime.sendMessage(request)) as Answer | { error: string } | undefined;
    if (!reply) throw new Error('The analyzer did not answer');
    if ('error' in reply) throw new Error(reply.error);
    return reply;
  };
  return analyzerOver(async (payload) => {
    try {
      return await ask(payload);
    } catch (error) {
      // The document may have closed itself (idle) between the check and the message: open it again once.
      if (!/receiving end|did not answer/i.test(error instanceof Error ? error.message : String(error))) throw error;
      return ask(payload);
    }
  });
}

/** The background's analyzer: a worker where the context has `Worker` (Firefox), else the offscreen route. */
export function createAnalyzer(global: typeof globalThis): Analyzer {
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
