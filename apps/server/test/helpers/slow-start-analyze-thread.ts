import { parentPort } from 'node:worker_threads';
import { analyze } from '@mediadiet/analyzer';
import {
  THREAD_READY,
  type AnalyzeReply,
  type AnalyzeRequest,
} from '../../src/modules/analysis/analyze-pool.ts';

/**
 * An analyzer thread for the pool's tests whose start-up takes 1.5 s after its module has loaded (as loading the
 * analyzer can on a busy machine), then behaves as the real one.
 */
export const SLOW_START_MS = 1_500;

const port = parentPort!;
Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, SLOW_START_MS);
port.on('message', ({ id, input }: AnalyzeRequest) => {
  const reply: AnalyzeReply = { id, result: analyze(input) };
  port.postMessage(reply);
});
port.postMessage(THREAD_READY);
