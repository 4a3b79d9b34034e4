import type { CategoryId } from '@mediadiet/contract/categories';
import type { Calibration } from '../stats.ts';
import type { FeltModel } from '../felt.ts';

/** Linear valence model on page-level features; see README "Valence". */
export interface ValenceModel {
  /** Feature names, in the order of `coefficients`. */
  features: readonly string[];
  coefficients: readonly number[];
  intercept: number;
  /** valence = tanh(scale · (intercept + Σ coefficient·feature)). */
  scale: number;
}

/**
 * Learned word valence (README "Valence"): a sentence's lexical valence is
 * *ℓ_s = h₀ + h₁·c_s + h₂·(pos − neg)_s + Σ_{w ∈ W_s} δ_w / √|W_s|*, W_s the sentence's cue words (`cueWords`).
 */
export interface ValenceLexicon {
  /** h₀, h₁, h₂: intercept, VADER compound, VADER (pos − neg). */
  head: readonly number[];
  /** Words with a learned valence correction δ_w (sorted). */
  vocab: readonly string[];
  /** δ_w, in the order of `vocab`. */
  delta: readonly number[];
}

/**
 * Extended word valence (README "Valence"): VADER's human word ratings carried to the frequent words VADER lacks
 * through a ridge regression on word embeddings (training time only), centred so that the median word is 0. The
 * sentence features are the mean of ṽ_w over the sentence's cue words found here (0 if none) and min(0, min ṽ_w).
 */
export interface WordValence {
  /** Words with an extended valence (sorted; the most frequent function words are left out). */
  vocab: readonly string[];
  /** ṽ_w, in the order of `vocab`. */
  value: readonly number[];
}

/** Cross-validated figures of the valence model, computed by scripts/train.ts (printed by scripts/eval.ts). */
export type ValenceCv = Record<string, number>;

/** The learned model, written by scripts/train.ts into src/model/weights.json. */
export interface ModelTable {
  /** Base model version; bump by hand on a change of method. */
  version: string;
  /** FNV-1a of the table (without this field); a retrained table changes it. */
  fingerprint: string;
  /** FNV-1a of the seed cue lexicons the table was trained from. */
  seedFingerprint: string;
  /** FNV-1a of the VADER lexicon the valence model was calibrated with. */
  vaderFingerprint: string;
  /** The 14 categories: the first columns of `bias` and `weights`, and the order of `calibration`, `background`. */
  categories: readonly CategoryId[];
  /** Extra columns after the categories: GoEmotions' positive and negative sentiment groups (valence features). */
  auxiliary: readonly string[];
  bias: readonly number[];
  vocab: readonly string[];
  /** vocab × (categories + auxiliary) logistic weights. */
  weights: readonly (readonly number[])[];
  /** Per category: isotonic map from a sentence's logit to P(category). */
  calibration: readonly Calibration[];
  /** A sentence "hits" a category when one of its cues has a weight ≥ hitWeight. */
  hitWeight: number;
  /** Per category: background sentence hit rate θ₀ on the reference corpus. */
  background: readonly number[];
  valence: ValenceModel;
  valenceLexicon: ValenceLexicon;
  wordValence: WordValence;
  /** The reader-felt layer: topic words, neutral references, verdict thresholds (scripts/felt.ts). */
  felt: FeltModel;
  /** Pearson r of the valence model under cross-validation (see README "Valence"). */
  valenceCv: ValenceCv;
  /** Where the numbers came from (printed in the README). */
  provenance: Record<string, string>;
}

/** FNV-1a 32-bit hash as 8 hex digits (no I/O, runs in the browser too). */
export function fnv1a(text: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h.toString(16).padStart(8, '0');
}
