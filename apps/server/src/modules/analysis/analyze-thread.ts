import { setPriority } from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import { analyze } from '@mediadiet/analyzer';
import {
  THREAD_READY,
  type AnalyzeReply,
  type AnalyzeRequest,
  type AnalyzeThreadData,
} from './analyze-pool.ts';

/**
 * An analyzer thread of the pool (`analyze-pool.ts`): loads the offline analyzer once, then answers each
 * request with its scores, in the order received. An analyzer error answers that request only.
 */
if (!parentPort) throw new Error('analyze-thread.ts runs as a worker thread of the analyzer pool');
const port = parentPort;

// A lower priority for this thread only: on Linux a nice value belongs to the thread, and setpriority() of
// "process 0" is the calling thread (elsewhere it would be the whole process, so it is left alone there).
const { nice } = (workerData ?? { nice: 0 }) as AnalyzeThreadData;
if (nice > 0 && process.platform === 'linux') {
  try {
    setPriority(0, nice);
  } catch {
    // Not permitted here (a sandbox): the thread runs at the process's priority.
  }
}

port.on('message', ({ id, input }: AnalyzeRequest) => {
  let reply: AnalyzeReply;
  try {
    reply = { id, result: analyze(input) };
  } catch (error) {
    reply = { id, error: error instanceof Error ? error.message : String(error) };
  }
  port.postMessage(reply);
});
// The analyzer has loaded (the import above): from now on the pool times this thread's tasks.
port.postMessage(THREAD_READY);
