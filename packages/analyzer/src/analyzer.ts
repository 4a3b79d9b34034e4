import { CATEGORIES, type CategoryId } from '@mediadiet/contract/categories';
import { countTokens } from './tokens.ts';
import { scopedCueWords, splitSentences } from './text.ts';
import { listingSentences } from './listing.ts';
import { REVERSAL_FACTOR, REVERSAL_SCOPE, REVERSERS, composedVaderScores } from './composition.ts';
import {
  applyCalibration,
  betaBinomialBayesFactor,
  effectiveSampleSize,
  jzsCorrelationBayesFactor,
  pearson,
  posteriorProbability,
  sigmoid,
} from './stats.ts';
import type { ModelTable } from './model/table.ts';
import { resolveSensitivities } from './profile.ts';
import { floorShares, gateOf, patternStrength, sentenceIntensity, verdictOf, type Gate } from './felt.ts';
import type { AnalysisResult, AnalyzeInput, CategoryScore, ClassificationAnalysis } from './types.ts';

/** Prior probability that a page carries a given category above its background rate (equal odds). */
export const CATEGORY_PRIOR = 0.5;
/** Prior probability that the page's profile is correlated with the reader's sensitivities (equal odds). */
export const CORRELATION_PRIOR = 0.5;
/** Exponent of the power mean that turns sentence probabilities into BaseScore (2 = root mean square). */
export const BASE_SCORE_POWER = 2;

/** What the model sees in one sentence. */
export interface SentenceEvidence {
  text: string;
  /** VADER compound, −1..1. */
  compound: number;
  /** VADER positive minus negative proportion. */
  posMinusNeg: number;
  /** Per category (table order): calibrated P(category | sentence). */
  probability: Float64Array;
  /** Per category: 1 when the sentence holds a cue with weight ≥ hitWeight. */
  hit: Uint8Array;
  /** Per category: the strongest topic word's strength, 0..1 (README "Reader-felt categories"). */
  topic: Float64Array;
  /** Per auxiliary column: σ(logit). */
  auxiliary: Float64Array;
  /** Lexical valence ℓ_s (learned word valence on top of VADER; README "Valence"). */
  lexical: number;
  /** Mean extended word valence ṽ over the sentence's cue words that have one (0 if none). */
  wordValence: number;
  /** min(0, min ṽ_w): the sentence's most negative word. */
  wordValenceMin: number;
}

export interface PageEvidence {
  sentences: SentenceEvidence[];
  /** Valence-model features by name (see README "Valence"). */
  features: Record<string, number>;
}

function round(v: number, digits: number): number {
  const f = 10 ** digits;
  return Math.round(v * f) / f;
}

/** The offline analyzer for one model table. `analyze` in index.ts uses the committed table. */
export class AffectModel {
  readonly table: ModelTable;
  readonly modelVersion: string;
  private readonly cues: Map<string, Float64Array>;
  private readonly k: number;
  private readonly columns: number;
  private readonly delta: Map<string, number>;
  private readonly extended: Map<string, number>;
  private readonly topics: Map<string, Float64Array>;
  private readonly gates: Gate[];
  private readonly isMal: boolean[];

  constructor(table: ModelTable) {
    this.table = table;
    this.k = table.categories.length;
    this.columns = this.k + table.auxiliary.length;
    this.modelVersion = `mediadiet-affect-${table.version}+${table.fingerprint}`;
    this.cues = new Map();
    table.vocab.forEach((word, i) => this.cues.set(word, Float64Array.from(table.weights[i] ?? [])));
    this.delta = new Map(table.valenceLexicon.vocab.map((word, i) => [word, table.valenceLexicon.delta[i] ?? 0]));
    this.extended = new Map(table.wordValence.vocab.map((word, i) => [word, table.wordValence.value[i] ?? 0]));
    this.topics = new Map();
    table.felt.topics.forEach((t, c) =>
      t.words.forEach((word, i) => {
        let row = this.topics.get(word);
        if (!row) this.topics.set(word, (row = new Float64Array(this.k)));
        row[c] = t.strength[i] ?? 0;
      }),
    );
    this.gates = table.categories.map((id) => gateOf(id, CATEGORIES[id].classification));
    this.isMal = table.categories.map((id) => CATEGORIES[id].classification === 'mal');
  }

  /** Evidence of one sentence. */
  sentence(text: string): SentenceEvidence {
    const { table, k, columns } = this;
    const logit = Float64Array.from(table.bias);
    const strongest = new Float64Array(k).fill(-Infinity);
    const { words, reversed } = scopedCueWords(text, REVERSERS, REVERSAL_SCOPE);
    let deltaSum = 0;
    let extendedSum = 0;
    let extendedCount = 0;
    let wordValenceMin = 0;
    const topic = new Float64Array(k);
    for (let i = 0; i < words.length; i++) {
      const w = words[i] as string;
      const t = this.topics.get(w);
      if (t) for (let c = 0; c < k; c++) if ((t[c] as number) > (topic[c] as number)) topic[c] = t[c] as number;
      deltaSum += this.delta.get(w) ?? 0;
      let e = this.extended.get(w);
      if (e !== undefined) {
        if (e < 0 && reversed[i]) e *= REVERSAL_FACTOR;
        extendedSum += e;
        extendedCount++;
        if (e < wordValenceMin) wordValenceMin = e;
      }
      const weights = this.cues.get(w);
      if (weights === undefined) continue;
      for (let c = 0; c < columns; c++) {
        const v = weights[c] as number;
        logit[c] = (logit[c] as number) + v;
        if (c < k && v > (strongest[c] as number)) strongest[c] = v;
      }
    }
    const auxiliary = new Float64Array(columns - k);
    for (let a = 0; a < columns - k; a++) auxiliary[a] = sigmoid(logit[k + a] as number);
    const probability = new Float64Array(k);
    const hit = new Uint8Array(k);
    for (let c = 0; c < k; c++) {
      probability[c] = applyCalibration(table.calibration[c] ?? { x: [], y: [] }, logit[c] as number);
      hit[c] = (strongest[c] as number) >= table.hitWeight ? 1 : 0;
    }
    const v = composedVaderScores(text, this.extended);
    const posMinusNeg = v.pos - v.neg;
    const lexical = lexicalValence(table.valenceLexicon.head, v.compound, posMinusNeg, deltaSum, words.length);
    const wordValence = extendedCount > 0 ? extendedSum / extendedCount : 0;
    return { text, compound: v.compound, posMinusNeg, probability, hit, topic, auxiliary, lexical, wordValence, wordValenceMin };
  }

  /**
   * Sentence evidence and valence features of a page. A sentence of a product listing without a narrative clause
   * (src/listing.ts) has the evidence of a sentence without words: it is read, and felt as nothing.
   */
  evidence(title: string | undefined, text: string): PageEvidence {
    const heading = title?.trim() ? splitSentences(title) : [];
    const parts = [...heading, ...splitSentences(text)];
    const listing = listingSentences(parts, Math.max(1, heading.length));
    const sentences = parts.map((s, i) => (listing[i] ? { ...this.sentence(''), text: s } : this.sentence(s)));
    return { sentences, features: this.features(sentences) };
  }

  features(sentences: readonly SentenceEvidence[]): Record<string, number> {
    const n = Math.max(1, sentences.length);
    let compound = 0;
    let posMinusNeg = 0;
    let proMinusMal = 0;
    let lexical = 0;
    let wordValence = 0;
    let wordValenceMin = 0;
    this.table.categories.forEach((id, c) => {
      const sign = CATEGORIES[id].classification === 'pro' ? 1 : -1;
      for (const s of sentences) proMinusMal += sign * (s.probability[c] as number);
    });
    const aux = new Float64Array(this.columns - this.k);
    for (const s of sentences) {
      compound += s.compound;
      posMinusNeg += s.posMinusNeg;
      lexical += s.lexical;
      wordValence += s.wordValence;
      wordValenceMin += s.wordValenceMin;
      s.auxiliary.forEach((v, a) => (aux[a] = (aux[a] as number) + v));
    }
    const out: Record<string, number> = {
      compound: compound / n,
      posMinusNeg: posMinusNeg / n,
      proMinusMal: proMinusMal / n,
      lexical: lexical / n,
      wordValence: wordValence / n,
      wordValenceMin: wordValenceMin / n,
    };
    this.table.auxiliary.forEach((name, a) => (out[name] = (aux[a] as number) / n));
    this.table.categories.forEach((id, c) => {
      let sum = 0;
      for (const s of sentences) sum += s.probability[c] as number;
      out[id] = sum / n;
    });
    return out;
  }

  valence(features: Record<string, number>): number {
    const m = this.table.valence;
    let z = m.intercept;
    m.features.forEach((name, i) => {
      z += (m.coefficients[i] ?? 0) * (features[name] ?? 0);
    });
    return Math.tanh(m.scale * z);
  }

  analyze(input: AnalyzeInput): AnalysisResult {
    const { table } = this;
    const page = this.evidence(input.title, input.text);
    const { sentences } = page;
    const n = sentences.length;
    const sensitivities = resolveSensitivities(input.profile);
    const categoryScores = {} as Record<CategoryId, CategoryScore>;
    const felt = table.felt;
    // Reader-felt intensity of each category in each sentence (README "Reader-felt categories").
    const powerSums = new Float64Array(this.k);
    for (const s of sentences) {
      const valence = this.valence(this.features([s]));
      const shares = floorShares(s.probability, this.isMal, felt.floorShare);
      for (let c = 0; c < this.k; c++) {
        const intensity = sentenceIntensity(felt, {
          gate: this.gates[c] as Gate,
          valence,
          probability: s.probability[c] as number,
          neutralReference: felt.neutralReference[c] ?? 0,
          topic: s.topic[c] as number,
          topicFloor: felt.topicFloor[c] ?? 0,
          floorShare: shares[c] as number,
        });
        powerSums[c] = (powerSums[c] as number) + intensity ** BASE_SCORE_POWER;
      }
    }
    table.categories.forEach((id, c) => {
      const hits: number[] = [];
      for (const s of sentences) hits.push(s.hit[c] as number);
      const base = n === 0 ? 0 : 100 * ((powerSums[c] as number) / n) ** (1 / BASE_SCORE_POWER);
      const k = hits.reduce((a, b) => a + b, 0);
      const nEff = n === 0 ? 0 : effectiveSampleSize(hits);
      const bf = n === 0 ? 1 : betaBinomialBayesFactor({ k: (k * nEff) / n, n: nEff, p0: table.background[c] ?? 0.05 });
      categoryScores[id] = {
        BaseScore: round(base, 2),
        Classification: CATEGORIES[id].classification,
        BayesFactor: round(bf, 4),
        PosteriorProbability: round(posteriorProbability(bf, CATEGORY_PRIOR), 4),
        EffectiveN: round(nEff, 3),
      };
    });
    const scores = table.categories.map((id) => categoryScores[id].BaseScore);
    const sens = table.categories.map((id) => sensitivities[id]);
    const classificationAnalysis = correlate(scores, sens);
    const valence = round(n === 0 ? 0 : this.valence(page.features), 4);
    const verdict = verdictOf(
      felt.verdict,
      valence,
      table.categories.map((id, c) => ({ id, classification: CATEGORIES[id].classification, score: scores[c] ?? 0 })),
    );
    // Noisy-OR: P(the reader feels at least one category), each felt with probability sensitivity × BaseScore/100.
    let none = 1;
    table.categories.forEach((id, c) => {
      none *= 1 - (sens[c] ?? 0) * ((scores[c] ?? 0) / 100);
    });
    const text = input.title ? `${input.title}\n${input.text}` : input.text;
    return {
      categoryScores,
      classificationAnalysis,
      valence,
      verdict: verdict.verdict,
      drivers: verdict.drivers,
      confidence: round(verdict.confidence, 3),
      overallScore: round(100 * (1 - none), 2),
      tokens: countTokens(text),
      modelVersion: this.modelVersion,
    };
  }
}

/**
 * Lexical valence of one sentence: ℓ = h₀ + h₁·compound + h₂·(pos − neg) + (Σ δ_w) / √(number of cue words)
 * (0 words: no lexical term).
 */
export function lexicalValence(
  head: readonly number[],
  compound: number,
  posMinusNeg: number,
  deltaSum: number,
  wordCount: number,
): number {
  const base = (head[0] ?? 0) + (head[1] ?? 0) * compound + (head[2] ?? 0) * posMinusNeg;
  return wordCount > 0 ? base + deltaSum / Math.sqrt(wordCount) : base;
}

/**
 * Pattern strength (README "Pattern strength"): `correlationCoefficient` = max(0, r) · I / (I + PATTERN_HALF), r the
 * Pearson correlation of the page's scores with the reader's sensitivities and I the strongest score; its JZS
 * Bayes factor and posterior.
 */
export function correlate(pageScores: readonly number[], sensitivities: readonly number[]): ClassificationAnalysis {
  const r = pearson(pageScores, sensitivities);
  const strength = patternStrength(r, Math.max(0, ...pageScores));
  const bf = jzsCorrelationBayesFactor(strength, Math.min(pageScores.length, sensitivities.length));
  return {
    correlationCoefficient: round(strength, 4),
    bayesFactor: round(bf, 4),
    posteriorProbability: round(posteriorProbability(bf, CORRELATION_PRIOR), 4),
  };
}
