import { parentPort } from 'node:worker_threads';
import { analyze } from '@mediadiet/analyzer';
import {
  THREAD_READY,
  type AnalyzeReply,
  type AnalyzeRequest,
} from '../../src/modules/analysis/analyze-pool.ts';

/**
 * An analyzer thread for the pool's tests: the real analyzer, except that a text containing CRASH_THREAD
 * kills the thread (as an out-of-memory abort or a native fault would), HANG_THREAD never answers and
 * THROW_IN_ANALYZER throws inside the analysis (an ordinary, per-task error).
 */
const port = parentPort!;
port.on('message', ({ id, input }: AnalyzeRequest) => {
  if (input.text.includes('CRASH_THREAD')) process.exit(70);
  if (input.text.includes('HANG_THREAD')) for (;;);
  let reply: AnalyzeReply;
  try {
    if (input.text.includes('THROW_IN_ANALYZER')) throw new Error('analyzer rejected the page');
    reply = { id, result: analyze(input) };
  } catch (error) {
    reply = { id, error: (error as Error).message };
  }
  port.postMessage(reply);
});
port.postMessage(THREAD_READY);
