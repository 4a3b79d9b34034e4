/// <reference lib="webworker" />
/**
 * The analyzer's module worker (dist/<target>/analyzer/worker.js). Its model table and tokenizer are separate
 * files (analyzer/model.js, analyzer/tokenizer.js) so that no file of the build exceeds 4 MB; see scripts/build.ts.
 * It answers a page (its scores) or a batch of link headlines (what labelling needs of each, decision 159).
 */
import { analyze } from '@mediadiet/analyzer';
import { headlineResult, type HeadlineResult, type WorkerReply, type WorkerRequest } from './protocol';

declare const self: DedicatedWorkerGlobalScope;

/** One headline that cannot be analysed leaves only its own label out. */
function analyzeHeadline(title: string, text: string): HeadlineResult | null {
  try {
    return headlineResult(analyze({ title, text }));
  } catch {
    return null;
  }
}

self.onmessage = (event: MessageEvent<WorkerRequest>) => {
  const request = event.data;
  const { id } = request;
  let reply: WorkerReply;
  try {
    reply =
      'headlines' in request
        ? { id, results: request.headlines.map((h) => analyzeHeadline(h.title, h.text)) }
        : { id, scores: analyze(request.input) };
  } catch (error) {
    reply = { id, error: error instanceof Error ? error.message : String(error) };
  }
  self.postMessage(reply);
};
