import { parentPort } from 'node:worker_threads';
import { analyze } from '@mediadiet/analyzer';
import type { AnalyzeReply, AnalyzeRequest } from './analyze-pool.ts';

/**
 * An analyzer thread of the pool (`analyze-pool.ts`): loads the offline analyzer once, then answers each
 * request with its scores, in the order received. An analyzer error answers that request only.
 */
if (!parentPort) throw new Error('analyze-thread.ts runs as a worker thread of the analyzer pool');
const port = parentPort;

port.on('message', ({ id, input }: AnalyzeRequest) => {
  let reply: AnalyzeReply;
  try {
    reply = { id, result: analyze(input) };
  } catch (error) {
    reply = { id, error: error instanceof Error ? error.message : String(error) };
  }
  port.postMessage(reply);
});
