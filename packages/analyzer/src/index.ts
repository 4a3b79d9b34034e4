import { AffectModel } from './analyzer.ts';
import { MODEL_TABLE } from './model/index.ts';
import type { AnalysisResult, AnalyzeInput } from './types.ts';

export { AffectModel, BASE_SCORE_POWER, CATEGORY_PRIOR, CORRELATION_PRIOR, correlate, lexicalValence } from './analyzer.ts';
export { PATTERN_HALF, VERDICTS, floorShares, leanVerdict, patternStrength, polarity, sentenceIntensity, verdictDrivers, verdictOf } from './felt.ts';
export type { FeltModel, Verdict, VerdictModel, VerdictResult } from './felt.ts';
export { isNarrative, isSpecList, listingSentences, listingSignals, readsAsListing } from './listing.ts';
export { POPULATION_SENSITIVITIES, resolveSensitivities, sensitivitiesFromLikert } from './profile.ts';
export { countTokens, TOKENIZER } from './tokens.ts';
export type { AnalysisResult, AnalyzeInput, CategoryScore, ClassificationAnalysis, Profile } from './types.ts';
export type { ModelTable } from './model/table.ts';

const defaultModel = new AffectModel(MODEL_TABLE);

/** The version stamped on every offline analysis: base version + fingerprint of the learned table. */
export const MODEL_VERSION = defaultModel.modelVersion;

/** Analyse a page offline (pure and deterministic: equal input, equal output). */
export function analyze(input: AnalyzeInput): AnalysisResult {
  return defaultModel.analyze(input);
}
