import type { CategoryId, Classification } from '@mediadiet/contract/categories';

/**
 * A person's sensitivities: how strongly each category tends to affect them, 0 (not at all) … 1 (very strongly).
 * Missing categories take the population default (see `POPULATION_SENSITIVITIES`).
 */
export interface Profile {
  sensitivities?: Partial<Record<CategoryId, number>>;
}

export interface AnalyzeInput {
  title?: string;
  text: string;
  url?: string;
  profile?: Profile;
}

export interface CategoryScore {
  /** 0–100: the intensity a reader is likely to feel (calibrated; see README). */
  BaseScore: number;
  Classification: Classification;
  /** BF₊₀: evidence that the page's cue rate exceeds the background rate, against equal to it. */
  BayesFactor: number;
  /** P(rate above background | page), from BayesFactor and the prior `CATEGORY_PRIOR`. */
  PosteriorProbability: number;
  /** Independent sentences of evidence: n (1 − ρ₁)/(1 + ρ₁) from the lag-1 autocorrelation of the hits. */
  EffectiveN: number;
}

export interface ClassificationAnalysis {
  /** Pearson r between the page's 14 BaseScores and the reader's 14 sensitivities. */
  correlationCoefficient: number;
  /** JZS Bayes factor of that correlation against ρ = 0 (Wetzels & Wagenmakers 2012). */
  bayesFactor: number;
  /** P(ρ ≠ 0 | r) with prior `CORRELATION_PRIOR`. */
  posteriorProbability: number;
}

export interface AnalysisResult {
  categoryScores: Record<CategoryId, CategoryScore>;
  classificationAnalysis: ClassificationAnalysis;
  /** −1 (very negative) … 1 (very positive): the feeling a reader is left with. */
  valence: number;
  /** 0–100: overall emotional impact on this reader (see README "overallScore"). */
  overallScore: number;
  /** BPE tokens of title + text (o200k_base, the GPT-4o family's tokenizer). */
  tokens: number;
  modelVersion: string;
}
