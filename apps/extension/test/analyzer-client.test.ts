import type { AnalysisScores } from '@mediadiet/contract/analysis';
import { describe, expect, it, vi } from 'vitest';
import { ANALYZER_FILES, createAnalyzer, offscreenAnalyzer, workerAnalyzer, type OffscreenApi, type WorkerLike } from '../src/analyzer/client';
import { headlineResult, isOffscreenRequest, type HeadlineResult, type WorkerReply, type WorkerRequest } from '../src/analyzer/protocol';

const input = { title: 'A story', text: 'Markets fell sharply today.', url: 'https://news.example.com/s' };
const scores = { overallImpact: { valence: -0.4 } } as unknown as AnalysisScores;
const headline = { verdict: 'draining', drivers: ['fear'], valence: -0.3, scores: { fear: 40 } } as unknown as HeadlineResult;

/** A worker that answers each request on the next tick (or with `error`). */
class FakeWorker implements WorkerLike {
  static started: FakeWorker[] = [];
  onmessage: ((event: { data: WorkerReply }) => void) | null = null;
  onerror: ((event: { message?: string }) => void) | null = null;
  received: WorkerRequest[] = [];
  terminated = false;
  constructor(
    readonly url = '',
    readonly options: unknown = undefined,
    private readonly error?: string,
  ) {
    FakeWorker.started.push(this);
  }
  postMessage(message: WorkerRequest) {
    this.received.push(message);
    const answer: WorkerReply = this.error
      ? { id: message.id, error: this.error }
      : 'headlines' in message
        ? { id: message.id, results: message.headlines.map((_, i) => (i === 0 ? headline : null)) }
        : { id: message.id, scores };
    queueMicrotask(() => this.onmessage?.({ data: answer }));
  }
  terminate() {
    this.terminated = true;
  }
}

describe('workerAnalyzer', () => {
  it('starts nothing until the first analysis, then one worker for every request', async () => {
    const start = vi.fn(() => new FakeWorker());
    const analyze = workerAnalyzer(start);
    expect(start).not.toHaveBeenCalled();
    await expect(Promise.all([analyze(input), analyze(input)])).resolves.toEqual([scores, scores]);
    expect(start).toHaveBeenCalledTimes(1);
    expect((start.mock.results[0]!.value as FakeWorker).received.map((r) => ('input' in r ? r.input : null))).toEqual([input, input]);
  });

  it('ends the worker after the idle time and starts a new one when needed again', async () => {
    vi.useFakeTimers();
    try {
      const start = vi.fn(() => new FakeWorker());
      const onIdle = vi.fn();
      const analyze = workerAnalyzer(start, { idleMs: 1000, onIdle });
      await analyze(input);
      await vi.advanceTimersByTimeAsync(999);
      expect((start.mock.results[0]!.value as FakeWorker).terminated).toBe(false);
      await analyze(input); // a request resets the idle time
      await vi.advanceTimersByTimeAsync(999);
      expect(onIdle).not.toHaveBeenCalled();
      await vi.advanceTimersByTimeAsync(1);
      expect((start.mock.results[0]!.value as FakeWorker).terminated).toBe(true);
      expect(onIdle).toHaveBeenCalledTimes(1);
      await analyze(input);
      expect(start).toHaveBeenCalledTimes(2);
    } finally {
      vi.useRealTimers();
    }
  });

  it('a batch of headlines is one request to the same worker, answered in order', async () => {
    const start = vi.fn(() => new FakeWorker());
    const analyzer = workerAnalyzer(start);
    const items = [
      { title: 'One', text: '' },
      { title: 'Two', text: 'snippet' },
    ];
    await expect(analyzer.headlines(items)).resolves.toEqual([headline, null]);
    await expect(analyzer.headlines([])).resolves.toEqual([]);
    await analyzer(input);
    expect(start).toHaveBeenCalledTimes(1);
    const worker = start.mock.results[0]!.value as FakeWorker;
    expect(worker.received).toEqual([
      { id: 1, headlines: items },
      { id: 2, input },
    ]);
  });

  it("rejects with the worker's error, and when the worker cannot start", async () => {
    await expect(workerAnalyzer(() => new FakeWorker('', undefined, 'bad input'))(input)).rejects.toThrow(
      'The analyzer failed: bad input',
    );
    const broken = new FakeWorker();
    broken.postMessage = () => broken.onerror?.({ message: 'SyntaxError' });
    await expect(workerAnalyzer(() => broken)(input)).rejects.toThrow('The analyzer could not start: SyntaxError');
  });
});

function fakeChrome(opts: { open?: boolean; failFirstSend?: boolean } = {}) {
  let open = opts.open ?? false;
  let failSend = opts.failFirstSend ?? false;
  const api = {
    runtime: {
      getURL: (p: string) => `chrome-extension://id/${p}`,
      getContexts: vi.fn(() => Promise.resolve(open ? [{ contextType: 'OFFSCREEN_DOCUMENT' }] : [])),
      sendMessage: vi.fn((): Promise<unknown> => {
        if (failSend) {
          failSend = false;
          open = false;
          return Promise.reject(new Error('Could not establish connection. Receiving end does not exist.'));
        }
        return Promise.resolve({ scores });
      }),
    },
    offscreen: {
      createDocument: vi.fn(() => {
        open = true;
        return Promise.resolve();
      }),
    },
  } satisfies OffscreenApi;
  return api;
}

describe('offscreenAnalyzer (Chromium)', () => {
  it('opens the offscreen document on the first analysis only, with the WORKERS reason', async () => {
    const chrome = fakeChrome();
    const analyze = offscreenAnalyzer(chrome);
    expect(chrome.offscreen.createDocument).not.toHaveBeenCalled();
    await expect(analyze(input)).resolves.toEqual(scores);
    await analyze(input);
    expect(chrome.offscreen.createDocument).toHaveBeenCalledTimes(1);
    expect(chrome.offscreen.createDocument).toHaveBeenCalledWith(
      expect.objectContaining({ url: ANALYZER_FILES.offscreenHtml, reasons: ['WORKERS'] }),
    );
    expect(chrome.runtime.sendMessage).toHaveBeenCalledWith({ target: 'mediadiet-analyzer', input });
  });

  it('reuses a document that is already open, and reopens one that closed itself meanwhile', async () => {
    const chrome = fakeChrome({ open: true, failFirstSend: true });
    await expect(offscreenAnalyzer(chrome)(input)).resolves.toEqual(scores);
    expect(chrome.offscreen.createDocument).toHaveBeenCalledTimes(1);
    expect(chrome.runtime.sendMessage).toHaveBeenCalledTimes(2);
  });

  it('a batch of headlines is one message to the document', async () => {
    const chrome = fakeChrome();
    chrome.runtime.sendMessage.mockResolvedValueOnce({ results: [headline] });
    await expect(offscreenAnalyzer(chrome).headlines([{ title: 'One', text: '' }])).resolves.toEqual([headline]);
    expect(chrome.runtime.sendMessage).toHaveBeenCalledWith({ target: 'mediadiet-analyzer', headlines: [{ title: 'One', text: '' }] });
    // An answer of the wrong length is refused rather than misassigned.
    chrome.runtime.sendMessage.mockResolvedValueOnce({ results: [] });
    await expect(offscreenAnalyzer(chrome).headlines([{ title: 'One', text: '' }])).rejects.toThrow('The analyzer answered something else');
  });

  it("passes the document's error on", async () => {
    const chrome = fakeChrome();
    chrome.runtime.sendMessage.mockResolvedValueOnce({ error: 'The analyzer failed: x' });
    await expect(offscreenAnalyzer(chrome)(input)).rejects.toThrow('The analyzer failed: x');
  });
});

describe('createAnalyzer', () => {
  it('Firefox (the background has Worker): a module worker from the extension, started on first use', async () => {
    FakeWorker.started = [];
    const global = { Worker: FakeWorker, chrome: fakeChrome() } as unknown as typeof globalThis;
    const analyze = createAnalyzer(global);
    expect(FakeWorker.started).toHaveLength(0);
    await expect(analyze(input)).resolves.toEqual(scores);
    expect(FakeWorker.started).toHaveLength(1);
    expect(FakeWorker.started[0]!.url).toBe(`chrome-extension://id/${ANALYZER_FILES.worker}`);
    expect(FakeWorker.started[0]!.options).toEqual({ type: 'module' });
  });

  it('Chromium (a service worker has no Worker): the offscreen document', async () => {
    const chrome = fakeChrome();
    await createAnalyzer({ chrome } as unknown as typeof globalThis)(input);
    expect(chrome.offscreen.createDocument).toHaveBeenCalledTimes(1);
  });
});

describe('the protocol', () => {
  it('the offscreen document takes a page or a batch from the extension, nothing else', () => {
    expect(isOffscreenRequest({ target: 'mediadiet-analyzer', input })).toBe(true);
    expect(isOffscreenRequest({ target: 'mediadiet-analyzer', headlines: [] })).toBe(true);
    expect(isOffscreenRequest({ target: 'mediadiet-analyzer', headlines: 'x' })).toBe(false);
    expect(isOffscreenRequest({ target: 'other', headlines: [] })).toBe(false);
    expect(isOffscreenRequest(null)).toBe(false);
  });

  it("a headline's result keeps the verdict, drivers, valence and BaseScores; none without a verdict", () => {
    const full = {
      verdict: 'mixed' as const,
      drivers: ['fear' as const, 'joy' as const],
      valence: -0.01,
      categoryScores: { fear: { BaseScore: 31.5 }, joy: { BaseScore: 30 } },
      overallScore: 40,
    };
    expect(headlineResult(full)).toEqual({ verdict: 'mixed', drivers: ['fear', 'joy'], valence: -0.01, scores: { fear: 31.5, joy: 30 } });
    expect(headlineResult({ categoryScores: {} })).toBeNull();
  });
});
