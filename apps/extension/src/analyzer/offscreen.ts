/**
 * Chromium's offscreen document for the analyzer (analyzer/offscreen.html): starts the analyzer's module
 * worker on the first request (a page, or a batch of link headlines) and answers the service worker; closes itself
 * after IDLE_MS without a request.
 */
import { ANALYZER_FILES, workerAnalyzer, type WorkerLike } from './client';
import { isOffscreenRequest } from './protocol';

interface OffscreenRuntime {
  id: string;
  getURL(path: string): string;
  onMessage: {
    addListener(l: (message: unknown, sender: { id?: string }, sendResponse: (r: unknown) => void) => boolean | undefined): void;
  };
}

const runtime = (globalThis as unknown as { chrome: { runtime: OffscreenRuntime } }).chrome.runtime;

const analyze = workerAnalyzer(
  () => new Worker(runtime.getURL(ANALYZER_FILES.worker), { type: 'module' }) as unknown as WorkerLike,
  { onIdle: () => window.close() },
);

runtime.onMessage.addListener((message, sender, sendResponse) => {
  if (sender.id !== runtime.id || !isOffscreenRequest(message)) return undefined;
  const answer =
    'headlines' in message
      ? analyze.headlines(message.headlines).then((results) => ({ results }))
      : analyze(message.input).then((scores) => ({ scores }));
  answer.then(sendResponse, (error: unknown) =>
    sendResponse({ error: error instanceof Error ? error.message : String(error) }),
  );
  return true;
});
