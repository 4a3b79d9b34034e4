import { analyze, type AnalyzeInput } from '@mediadiet/analyzer';

/** piscina's task for the pool comparison (pool.bench.ts): the same call the server's analyzer thread makes. */
export default function task(input: AnalyzeInput) {
  return analyze(input);
}
