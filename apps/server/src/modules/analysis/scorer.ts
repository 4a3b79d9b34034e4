import type { AnalysisResult, AnalyzeInput } from '@mediadiet/analyzer';
import type { Config } from '../../config.ts';

/**
 * What the touch-point worker scores text with: the offline analyzer (default) or the LLM back end
 * (`ANALYZER=llm`). Tests inject their own (a failing one, a slow one).
 */
export type Scorer = (input: AnalyzeInput) => Promise<AnalysisResult>;

export async function createScorer(config: Config['analyzer']): Promise<Scorer> {
  if (config.kind === 'llm') {
    const { createLlmScorer } = await import('@mediadiet/analyzer/llm');
    const llm = createLlmScorer({
      baseUrl: config.baseUrl,
      model: config.model,
      ...(config.apiKey ? { apiKey: config.apiKey } : {}),
    });
    return (input) => llm.analyze(input);
  }
  const { analyze } = await import('@mediadiet/analyzer');
  return (input) => Promise.resolve(analyze(input));
}
