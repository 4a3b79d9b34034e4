/// <reference lib="webworker" />
/**
 * The analyzer's module worker (dist/<target>/analyzer/worker.js). Its model table and tokenizer are separate
 * files (analyzer/model.js, analyzer/tokenizer.js) so that no file of the build exceeds 4 MB; see scripts/build.ts.
 */
import { analyze } from '@mediadiet/analyzer';
import type { WorkerReply, WorkerRequest } from './protocol';

declare const self: DedicatedWorkerGlobalScope;

self.onmessage = (event: MessageEvent<WorkerRequest>) => {
  const { id, input } = event.data;
  let reply: WorkerReply;
  try {
    reply = { id, scores: analyze(input) };
  } catch (error) {
    reply = { id, error: error instanceof Error ? error.message : String(error) };
  }
  self.postMessage(reply);
};
