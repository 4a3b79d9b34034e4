import type { CategoryId, Classification } from '@mediadiet/contract/categories';
import type { Verdict } from './felt.ts';

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
  /** 0–100: the intensity a typical reader is likely to feel; 0 = none (README "Reader-felt categories"). */
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
  /** Pattern strength 0..1: the page's profile against the reader's sensitivities (README "Pattern strength"). */
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
  /** What the page leaves a reader with, in one word (README "Verdict"). */
  verdict: Verdict;
  /** The one or two categories that drive the verdict, strongest first (none for neutral). */
  drivers: CategoryId[];
  /** Calibrated probability (0–1) that a reader would agree with the verdict. */
  confidence: number;
  /** 0–100: overall emotional impact on this reader (see README "overallScore"). */
  overallScore: number;
  /** BPE tokens of title + text (o200k_base, the GPT-4o family's tokenizer). */
  tokens: number;
  modelVersion: string;
}
