/**
 * Reader-felt category intensity, the page verdict and pattern strength (README "Reader-felt categories",
 * "Verdict", "Pattern strength"). Pure functions over numbers the analyzer already has; no I/O.
 */
import type { CategoryId, Classification } from '@mediadiet/contract/categories';
import { applyCalibration, type Calibration } from './stats.ts';

/** Numbers of the reader-felt layer, written by scripts/felt.ts into the model table. */
export interface FeltModel {
  /** Sentence valence in (−deadZone, 0] is felt as neither negative nor positive (the usual tone of news). */
  deadZone: number;
  /** The same for positive valence; 0 lets a reader's joy follow any positivity. */
  positiveDeadZone: number;
  /** Weight of the expressed-emotion evidence (GoEmotions column, above its neutral reference). */
  expressedWeight: number;
  /** Share ε of the calibrated probability kept below the neutral reference, so weak evidence still ranks. */
  residual: number;
  /** Exponent of the mal categories' share of a negative sentence's floor: (p_c / max mal p)^exponent. */
  floorShare: number;
  /** Per category (table order): the share of a valenced sentence's strength felt without any topic word. */
  topicFloor: readonly number[];
  /** Per category (table order): calibrated probability of a neutral comment (upper quartile); 0 below it. */
  neutralReference: readonly number[];
  /** Per category (table order): words that carry the category for a reader, and their strength 0..1. */
  topics: readonly { words: readonly string[]; strength: readonly number[] }[];
  verdict: VerdictModel;
}

/** Which way a category's felt part is gated by the sentence's valence. */
export type Gate = 'negative' | 'positive' | 'none';

/** Pro categories a reader feels from the page's positivity; the others are read from their own wording only. */
const POSITIVE_GATED: ReadonlySet<CategoryId> = new Set(['joy', 'gratitude']);

export function gateOf(id: CategoryId, classification: Classification): Gate {
  if (classification === 'mal') return 'negative';
  // Curiosity and awe are not valenced feelings; compassion is felt at suffering as much as at kindness; hope and
  // calm need their own words. Only their expressed evidence counts.
  return POSITIVE_GATED.has(id) ? 'positive' : 'none';
}

/** Strength of a sentence's negativity and positivity, 0..1, outside the dead zones. */
export function polarity(
  valence: number,
  deadZone: number,
  positiveDeadZone = deadZone,
): { negative: number; positive: number } {
  return {
    negative: Math.max(0, (-valence - deadZone) / (1 - deadZone)),
    positive: Math.max(0, (valence - positiveDeadZone) / (1 - positiveDeadZone)),
  };
}

export interface SentenceFeltInput {
  gate: Gate;
  /** Sentence valence −1..1. */
  valence: number;
  /** Calibrated P(category | sentence) of the expressed-emotion model. */
  probability: number;
  /** The category's neutral reference probability. */
  neutralReference: number;
  /** Strongest topic word of the category in the sentence, 0..1. */
  topic: number;
  topicFloor: number;
  /** The category's share of the floor, 0..1 (mal: (p / max mal p)^floorShare; otherwise 1). */
  floorShare: number;
}

/**
 * Intensity (0..1) of a category in one sentence:
 *   I = min(1, w · e · (1 − opposite) + gate · (floor · share + (1 − floor) · topic)),
 * e = max(0, (p − p₀) / (1 − p₀)) + ε · p the expressed evidence above a neutral comment's (ε keeps weaker
 * evidence in order), gate the sentence's negativity (mal) or positivity (joy, gratitude) and opposite the other
 * one (so a strongly negative sentence carries no pro evidence, and vice versa), share the category's part of a
 * bad sentence's general negativity.
 */
export function sentenceIntensity(
  m: Pick<FeltModel, 'deadZone' | 'positiveDeadZone' | 'expressedWeight' | 'residual'>,
  s: SentenceFeltInput,
): number {
  const { negative, positive } = polarity(s.valence, m.deadZone, m.positiveDeadZone);
  const expressed =
    Math.max(0, (s.probability - s.neutralReference) / (1 - s.neutralReference)) + m.residual * s.probability;
  const gate = s.gate === 'negative' ? negative : s.gate === 'positive' ? positive : 0;
  const opposite = s.gate === 'negative' ? positive : negative;
  const felt = gate * (s.topicFloor * s.floorShare + (1 - s.topicFloor) * s.topic);
  return Math.min(1, m.expressedWeight * expressed * (1 - opposite) + felt);
}

/** Each mal category's share of a negative sentence's floor: (p_c / max over mal p)^exponent; 1 for the others. */
export function floorShares(
  probability: ArrayLike<number>,
  isMal: readonly boolean[],
  exponent: number,
): Float64Array {
  let strongest = 0;
  for (let c = 0; c < isMal.length; c++) if (isMal[c]) strongest = Math.max(strongest, probability[c] ?? 0);
  return Float64Array.from(isMal, (mal, c) =>
    !mal ? 1 : strongest > 0 ? ((probability[c] ?? 0) / strongest) ** exponent : 1,
  );
}

export const VERDICTS = ['uplifting', 'neutral', 'mixed', 'draining'] as const;
export type Verdict = (typeof VERDICTS)[number];

/** Fitted thresholds of the verdict and its confidence maps (scripts/felt.ts). */
export interface VerdictModel {
  /** lean at or above which a page leans uplifting; lean = valence + balance · (strongest pro − strongest mal) / 100. */
  valence: number;
  /**
   * −lean at or above which a page leans draining. Fitted apart from `valence` because the page valence reaches
   * further on the negative side (bad news is rated more extremely than good news, and most sentences of a good
   * story are neutral narration), so one threshold for both sides leaves positive stories neutral.
   */
  drainingValence: number;
  /** Weight of the category balance in the lean. */
  balance: number;
  /** Strongest category score (0–100) of the leaning side needed to call it uplifting or draining. */
  strength: number;
  /** Score both sides must reach for "mixed" when the valence does not lean. */
  mixed: number;
  /** Per verdict: isotonic map from |lean| (for neutral: −|lean|) to P(verdict is right). */
  confidence: Record<Verdict, Calibration>;
}

export interface VerdictResult {
  verdict: Verdict;
  /** The one or two categories that drive it (strongest first); none for a neutral page. */
  drivers: CategoryId[];
  /** Calibrated probability that a reader would agree, 0..1. */
  confidence: number;
}

export type ScoredCategory = { id: CategoryId; classification: Classification; score: number };

/**
 * The one or two categories that drive a verdict, from each side's categories strongest first: the strongest of
 * its side, and the second when it reaches half the first; for mixed the strongest of each side; none for neutral.
 */
export function verdictDrivers(
  verdict: Verdict,
  pro: readonly { id: CategoryId; score: number }[],
  mal: readonly { id: CategoryId; score: number }[],
): CategoryId[] {
  const drivers = (list: readonly { id: CategoryId; score: number }[]): CategoryId[] => {
    const [first, second] = list;
    if (!first || first.score <= 0) return [];
    return second && second.score >= first.score / 2 ? [first.id, second.id] : [first.id];
  };
  if (verdict === 'draining') return drivers(mal);
  if (verdict === 'uplifting') return drivers(pro);
  if (verdict === 'mixed') return [...drivers(mal).slice(0, 1), ...drivers(pro).slice(0, 1)];
  return [];
}

/** The verdict from the page valence and its category scores (0–100); thresholds in README "Verdict". */
export function verdictOf(
  m: VerdictModel,
  valence: number,
  scores: readonly ScoredCategory[],
): VerdictResult {
  const { verdict, drivers, confidenceInput } = decideVerdict(m, valence, scores);
  return { verdict, drivers, confidence: applyCalibration(m.confidence[verdict], confidenceInput) };
}

/**
 * The verdict and its drivers without the confidence map, and the map's input: |lean| (for neutral, −|lean|).
 * The training script fits the maps on this input.
 */
export function decideVerdict(
  m: Omit<VerdictModel, 'confidence'>,
  valence: number,
  scores: readonly ScoredCategory[],
): { verdict: Verdict; drivers: CategoryId[]; confidenceInput: number } {
  const side = (c: Classification) =>
    scores.filter((s) => s.classification === c).sort((a, b) => b.score - a.score);
  const pro = side('pro');
  const mal = side('mal');
  const topPro = pro[0]?.score ?? 0;
  const topMal = mal[0]?.score ?? 0;
  const lean = valence + (m.balance * (topPro - topMal)) / 100;
  const verdict = leanVerdict(m, lean, topPro, topMal);
  const driving = verdictDrivers(verdict, pro, mal);
  const confidenceInput = verdict === 'neutral' ? -Math.abs(lean) : Math.abs(lean);
  return { verdict, drivers: driving, confidenceInput };
}

/**
 * The verdict from the lean and the strongest score of each side: draining when lean ≤ −drainingValence and the
 * strongest mal score reaches `strength`, uplifting when lean ≥ valence and the strongest pro score does, mixed when
 * the lean reaches neither threshold and both sides reach `mixed`, else neutral.
 */
export function leanVerdict(
  m: Pick<VerdictModel, 'valence' | 'drainingValence' | 'strength' | 'mixed'>,
  lean: number,
  topPro: number,
  topMal: number,
): Verdict {
  const leans = lean >= m.valence || lean <= -m.drainingValence;
  if (!leans && topPro >= m.mixed && topMal >= m.mixed) return 'mixed';
  if (lean <= -m.drainingValence && topMal >= m.strength) return 'draining';
  if (lean >= m.valence && topPro >= m.strength) return 'uplifting';
  return 'neutral';
}

/** A strongest category score of PATTERN_HALF halves the pattern strength (README "Pattern strength"). */
export const PATTERN_HALF = 5;

/**
 * Pattern strength: r⁺ · I / (I + PATTERN_HALF), r⁺ = max(0, Pearson r of the page's scores and the reader's
 * sensitivities), I the strongest score. A page with nothing felt, or whose profile runs against the reader's
 * sensitivities, is a weak pattern; a clear profile where the reader is sensitive is a strong one.
 */
export function patternStrength(r: number, strongest: number): number {
  if (!(strongest > 0) || !Number.isFinite(r)) return 0;
  return Math.max(0, r) * (strongest / (strongest + PATTERN_HALF));
}
