import type { AnalysisResult, AnalyzeInput } from '@mediadiet/analyzer';
import type { Config } from '../../config.ts';
import { createAnalyzePool } from './analyze-pool.ts';

/**
 * What the touch-point worker scores text with: the offline analyzer (default) or the LLM back end
 * (`ANALYZER=llm`). Tests inject their own (a failing one, a slow one). The worker scores a whole claimed
 * batch at once; a scorer bounds its own concurrency.
 */
export type Scorer = (input: AnalyzeInput, context?: ScoreContext) => Promise<AnalysisResult>;

/** Whose page is scored: the touch-point worker passes it so the user's profile can be looked up (decision 081). */
export interface ScoreContext {
  userId: string;
}

/** A scorer that holds resources (analyzer threads): `close` releases them. */
export type ClosableScorer = Scorer & {
  close(): Promise<void>;
  /** Loads the analyzer threads ahead of the first page (see AnalyzePool.warm); absent without threads. */
  warm?(): Promise<void>;
};

export interface ScorerOptions {
  /**
   * Offline analyzer threads (decision 061): 0 = inline on the calling thread; n = a pool of n worker
   * threads (TOUCHPOINT_ANALYZE_THREADS). Default 0.
   */
  threads?: number;
  /** The analyzer threads' nice value (TOUCHPOINT_ANALYZE_NICE; see analyze-pool.ts). Default 0. */
  nice?: number;
  /** LLM requests in flight at once (default 8). */
  llmConcurrency?: number;
}

export async function createScorer(
  config: Config['analyzer'],
  options: ScorerOptions = {},
): Promise<ClosableScorer> {
  if (config.kind === 'llm') {
    const { createLlmScorer } = await import('@mediadiet/analyzer/llm');
    const llm = createLlmScorer({
      baseUrl: config.baseUrl,
      model: config.model,
      ...(config.apiKey ? { apiKey: config.apiKey } : {}),
    });
    const limit = limiter(options.llmConcurrency ?? 8);
    return Object.assign((input: AnalyzeInput) => limit(() => llm.analyze(input)), { close: async () => {} });
  }
  const threads = options.threads ?? 0;
  if (threads > 0) {
    const pool = createAnalyzePool({ size: threads, nice: options.nice ?? 0 });
    return Object.assign((input: AnalyzeInput) => pool.analyze(input), {
      close: () => pool.close(),
      warm: () => pool.warm(),
    });
  }
  const { analyze } = await import('@mediadiet/analyzer');
  return Object.assign((input: AnalyzeInput) => Promise.resolve().then(() => analyze(input)), {
    close: async () => {},
  });
}

/** Runs at most `max` of the given jobs at once, the rest in order as slots free up. */
function limiter(max: number) {
  let active = 0;
  const waiting: (() => void)[] = [];
  return async <T>(job: () => Promise<T>): Promise<T> => {
    if (active >= max) await new Promise<void>((resolve) => waiting.push(resolve));
    active++;
    try {
      return await job();
    } finally {
      active--;
      waiting.shift()?.();
    }
  };
}
