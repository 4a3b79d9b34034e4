/**
 * The reader-felt layer of the model table (README "Reader-felt categories", "Verdict"):
 *  1. topic words per category: the project's cue lexicons (src/cues.ts) and mapped Empath categories (MIT), and,
 *     for the mal categories, the embedding words whose three nearest members are close (event and topic words
 *     such as "troops", "blast", "slaying": what a news reader reacts to);
 *  2. the neutral reference of each category: the upper quartile of its calibrated probability over GoEmotions
 *     train comments labelled only neutral (below it, no expressed evidence);
 *  3. the verdict thresholds, fitted on GoEmotions train (labels grouped into uplifting / neutral / mixed /
 *     draining) by macro-F1, and each verdict's confidence map (isotonic in |valence|) on the same comments.
 * Called by scripts/train.ts; `npm run train:felt -w packages/analyzer` rebuilds only this layer of the
 * committed table.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { CATEGORIES, type CategoryId } from '@mediadiet/contract/categories';
import { AffectModel } from '../src/analyzer.ts';
import { SEED_CUES } from '../src/cues.ts';
import {
  VERDICTS,
  decideVerdict,
  gateOf,
  leanVerdict,
  type FeltModel,
  type Verdict,
  type VerdictModel,
} from '../src/felt.ts';
import type { verdictOf } from '../src/felt.ts';
import { fnv1a, type ModelTable } from '../src/model/table.ts';
import { isotonicFit } from '../src/stats.ts';
import { dataPath, loadEmoBank, loadGoEmotions, loadNyt, nytArticles } from './data.ts';
import { loadEmbeddings, type Embeddings } from './embedding.ts';

export const FELT_BASE_VERSION = '2.4.0';

/** Empath categories (Fast et al. 2016, MIT) whose words carry each of our categories for a reader. */
export const EMPATH_MAP: Record<CategoryId, readonly string[]> = {
  anger: [
    'anger',
    'rage',
    'hate',
    'aggression',
    'fight',
    'dispute',
    'irritability',
    'exasperation',
    'swearing_terms',
  ],
  outrage: ['deception', 'stealing', 'neglect', 'crime', 'ridicule'],
  fear: [
    'fear',
    'horror',
    'terrorism',
    'war',
    'weapon',
    'violence',
    'kill',
    'medical_emergency',
    'fire',
    'monster',
  ],
  anxiety: ['nervousness', 'timidity', 'confusion', 'medical_emergency'],
  sadness: ['sadness', 'death', 'suffering', 'pain', 'disappointment', 'torment', 'injury', 'poor'],
  disgust: ['disgust', 'ugliness', 'crime', 'deception'],
  envy: ['envy', 'wealthy'],
  joy: [
    'joy',
    'celebration',
    'fun',
    'party',
    'cheerfulness',
    'zest',
    'achievement',
    'positive_emotion',
    'wedding',
  ],
  calm: ['contentment', 'leisure', 'healing', 'vacation'],
  gratitude: ['giving', 'politeness'],
  hope: ['optimism', 'healing', 'gain'],
  curiosity: ['science', 'philosophy'],
  compassion: ['sympathy', 'help', 'affection', 'giving', 'friends'],
  awe: ['heroic', 'beauty', 'divine', 'legend'],
};

/** Settings chosen on the dev data (README "Reader-felt categories" lists the alternatives measured). */
export const FELT_SETTINGS = {
  deadZone: 0.05,
  positiveDeadZone: 0,
  expressedWeight: 0.7,
  residual: 0.03,
  floorShare: 0.5,
  /** Floor for mal categories, for joy (general positivity) and for the other valenced pro categories. */
  floor: { mal: 0.4, joy: 1, pro: 0.1 },
  neutralQuantile: 0.75,
  /** Embedding extension of the mal topic words: mean cosine of the 3 nearest members mapped [lo, hi] → [0, 1]. */
  extension: { neighbours: 3, lo: 0.68, hi: 0.85, skipMostFrequent: 300, keep: 0.2 },
};

const WORD = /^[a-z]+$/;

function empathCategories(): Map<string, string[]> {
  const lines = readFileSync(dataPath('empath/categories.tsv'), 'utf8').split(/\r?\n/).filter(Boolean);
  return new Map(
    lines.map((l) => {
      const [name = '', ...words] = l.split('\t');
      return [name, words.map((w) => w.toLowerCase())];
    }),
  );
}

function unitRows(emb: Embeddings): Float64Array[] {
  const rows: Float64Array[] = [];
  for (let i = 0; i < emb.words.length; i++) {
    const v = emb.vectors.subarray(i * emb.dim, (i + 1) * emb.dim);
    let n = 0;
    for (const x of v) n += x * x;
    n = Math.sqrt(n) || 1;
    rows.push(Float64Array.from(v, (x) => x / n));
  }
  return rows;
}

/** Topic words of each category, strength 1 for members and the embedding extension for mal categories. */
export function topicWords(categories: readonly CategoryId[], emb: Embeddings): FeltModel['topics'] {
  const empath = empathCategories();
  const X = unitRows(emb);
  const { neighbours, lo, hi, skipMostFrequent, keep } = FELT_SETTINGS.extension;
  return categories.map((id) => {
    // A category read from its own wording only has no use for topic words.
    if (gateOf(id, CATEGORIES[id].classification) === 'none') return { words: [], strength: [] };
    const members = new Set<string>(SEED_CUES[id].filter((w) => WORD.test(w)));
    for (const g of EMPATH_MAP[id]) for (const w of empath.get(g) ?? []) if (WORD.test(w)) members.add(w);
    const strength = new Map<string, number>([...members].map((w) => [w, 1]));
    if (CATEGORIES[id].classification === 'mal') {
      const memberRows = [...members]
        .map((m) => emb.index.get(m))
        .filter((i): i is number => i !== undefined);
      for (let i = skipMostFrequent; i < emb.words.length; i++) {
        const word = emb.words[i]!;
        if (members.has(word)) continue;
        const xi = X[i]!;
        const top = new Array<number>(neighbours).fill(-1);
        for (const j of memberRows) {
          const xj = X[j]!;
          let d = 0;
          for (let k = 0; k < emb.dim; k++) d += xi[k]! * xj[k]!;
          if (d > top[neighbours - 1]!) {
            top[neighbours - 1] = d;
            top.sort((a, b) => b - a);
          }
        }
        const sim = top.reduce((a, b) => a + b, 0) / neighbours;
        const t = Math.min(1, Math.max(0, (sim - lo) / (hi - lo)));
        if (t >= keep) strength.set(word, Math.round(t * 100) / 100);
      }
    }
    const words = [...strength.keys()].sort();
    return { words, strength: words.map((w) => strength.get(w)!) };
  });
}

/** Verdict class of a GoEmotions comment from its labels (the dataset's own sentiment groups). */
const POSITIVE = new Set([
  'admiration',
  'amusement',
  'approval',
  'caring',
  'desire',
  'excitement',
  'gratitude',
  'joy',
  'love',
  'optimism',
  'pride',
  'relief',
]);
const NEGATIVE = new Set([
  'anger',
  'annoyance',
  'disappointment',
  'disapproval',
  'disgust',
  'embarrassment',
  'fear',
  'grief',
  'nervousness',
  'remorse',
  'sadness',
]);
export function labelledVerdict(labels: readonly string[]): Verdict {
  const pos = labels.some((l) => POSITIVE.has(l));
  const neg = labels.some((l) => NEGATIVE.has(l));
  return pos && neg ? 'mixed' : pos ? 'uplifting' : neg ? 'draining' : 'neutral';
}

/** Macro-F1 over the verdicts that occur in the truth or the predictions. */
export function macroF1(truth: readonly Verdict[], predicted: readonly Verdict[]): number {
  let sum = 0;
  let classes = 0;
  for (const v of VERDICTS) {
    if (!truth.includes(v) && !predicted.includes(v)) continue;
    classes++;
    let tp = 0;
    let fp = 0;
    let fn = 0;
    truth.forEach((t, i) => {
      const p = predicted[i];
      if (p === v && t === v) tp++;
      else if (p === v) fp++;
      else if (t === v) fn++;
    });
    sum += tp === 0 ? 0 : (2 * tp) / (2 * tp + fp + fn);
  }
  return classes === 0 ? 0 : sum / classes;
}

const FLAT: VerdictModel['confidence'] = {
  uplifting: { x: [], y: [] },
  neutral: { x: [], y: [] },
  mixed: { x: [], y: [] },
  draining: { x: [], y: [] },
};

/** A layer that scores nothing, for the stages of training before it exists. */
export const FELT_PLACEHOLDER: FeltModel = {
  deadZone: FELT_SETTINGS.deadZone,
  positiveDeadZone: FELT_SETTINGS.positiveDeadZone,
  expressedWeight: FELT_SETTINGS.expressedWeight,
  residual: FELT_SETTINGS.residual,
  floorShare: FELT_SETTINGS.floorShare,
  topicFloor: [],
  neutralReference: [],
  topics: [],
  verdict: { valence: 0.2, drainingValence: 0.2, balance: 0, strength: 10, mixed: 10, confidence: FLAT },
};

export interface LabelledPage {
  valence: number;
  scores: Parameters<typeof verdictOf>[2];
  truth: Verdict;
}

/** The grid of both leaning thresholds (uplifting and draining, fitted apart). */
const THRESHOLDS = [0.01, 0.02, 0.03, 0.05, 0.06, 0.075, 0.1, 0.125, 0.15, 0.2, 0.3];

/**
 * Grid search of the five numbers (both leaning thresholds, the balance weight, the strength and the mixed score)
 * by the mean over the data sets of their macro-F1 (each set weighs the same: short comments, news sentences and
 * whole articles lean with different strengths), then each verdict's isotonic confidence map on all pages together.
 */
export function fitVerdict(sets: readonly (readonly LabelledPage[])[]): VerdictModel & { f1: number[] } {
  let best: VerdictModel & { f1: number[] } = {
    valence: 0.2,
    drainingValence: 0.2,
    balance: 0,
    strength: 10,
    mixed: 10,
    confidence: FLAT,
    f1: [],
  };
  let bestMean = -1;
  const pages = sets.flat();
  // The strongest score of each side, once per page (the grid only needs those and the valence).
  const compact = sets.map((set) =>
    set.map((p) => {
      const top = (c: string): number =>
        Math.max(0, ...p.scores.filter((x) => x.classification === c).map((x) => x.score));
      return { valence: p.valence, truth: p.truth, pro: top('pro'), mal: top('mal') };
    }),
  );
  for (const valence of THRESHOLDS) {
    for (const drainingValence of THRESHOLDS) {
      for (const balance of [0, 0.25, 0.5, 1]) {
        for (const strength of [5, 8, 10, 15, 20]) {
          for (const mixed of [10, 20, 30, 40]) {
            const m = { valence, drainingValence, balance, strength, mixed, confidence: FLAT };
            const f1 = compact.map((set) =>
              macroF1(
                set.map((p) => p.truth),
                set.map((p) => leanVerdict(m, p.valence + (balance * (p.pro - p.mal)) / 100, p.pro, p.mal)),
              ),
            );
            const mean = f1.reduce((a, b) => a + b, 0) / f1.length;
            if (mean > bestMean) {
              bestMean = mean;
              best = { ...m, f1 };
            }
          }
        }
      }
    }
  }
  const confidence = { ...FLAT };
  for (const v of VERDICTS) {
    const xs: number[] = [];
    const ys: number[] = [];
    for (const p of pages) {
      const decided = decideVerdict(best, p.valence, p.scores);
      if (decided.verdict !== v) continue;
      xs.push(decided.confidenceInput);
      ys.push(p.truth === v ? 1 : 0);
    }
    const fit = isotonicFit(xs, ys);
    confidence[v] = {
      x: fit.x.map((x) => Math.round(x * 1e4) / 1e4),
      y: fit.y.map((y) => Math.round(y * 1e3) / 1e3),
    };
  }
  return { ...best, confidence };
}

/** Adds the reader-felt layer to a trained table (all other fields unchanged). */
export function addFeltLayer(table: ModelTable, emb: Embeddings): ModelTable {
  const { categories } = table;
  const { deadZone, positiveDeadZone, expressedWeight, residual, floorShare, floor, neutralQuantile } =
    FELT_SETTINGS;
  const train = loadGoEmotions('train');
  const base = new AffectModel({ ...table, felt: FELT_PLACEHOLDER });
  const neutral = train
    .filter((r) => r.labels.length === 1 && r.labels[0] === 'neutral')
    .map((r) => base.sentence(r.text).probability);
  const neutralReference = categories.map((_, c) => {
    const ps = neutral.map((p) => p[c]!).sort((a, b) => a - b);
    return Math.round(ps[Math.floor(ps.length * neutralQuantile)]! * 1e4) / 1e4;
  });
  const topicFloor = categories.map((id) =>
    CATEGORIES[id].classification === 'mal' ? floor.mal : id === 'joy' ? floor.joy : floor.pro,
  );
  const felt: FeltModel = {
    deadZone,
    positiveDeadZone,
    expressedWeight,
    residual,
    floorShare,
    topicFloor,
    neutralReference,
    topics: topicWords(categories, emb),
    verdict: { valence: 0.2, drainingValence: 0.2, balance: 0, strength: 10, mixed: 10, confidence: FLAT },
  };
  const draft = new AffectModel({ ...table, felt });
  const labelled = (text: string, truth: Verdict): LabelledPage => {
    const a = draft.analyze({ text });
    const scores = categories.map((id) => ({
      id,
      classification: CATEGORIES[id].classification,
      score: a.categoryScores[id].BaseScore,
    }));
    return { valence: a.valence, scores, truth };
  };
  const lean = (v: number, low: number, high: number): Verdict =>
    v <= low ? 'draining' : v >= high ? 'uplifting' : 'neutral';
  // Every fourth GoEmotions train comment (no dev data), every NYT editorial article (mean rating −4..4) and
  // every fourth EmoBank sentence (reader valence 1..5): each labelled by its own scale's outer tenths or so.
  const comments = train
    .filter((_, i) => i % 4 === 0)
    .map((r) => labelled(r.text, labelledVerdict(r.labels)));
  const articles = nytArticles(loadNyt()).map((a) => labelled(a.text, lean(a.valence, -0.5, 0.5)));
  const sentences = loadEmoBank()
    .filter((_, i) => i % 4 === 0)
    .map((r) => labelled(r.text, lean(r.readerV, 2.6, 3.4)));
  const { f1, ...verdict } = fitVerdict([comments, articles, sentences]);
  console.info(
    `  verdict: lean ≥ ${verdict.valence} / ≤ −${verdict.drainingValence}, balance ${verdict.balance}, strength ≥ ${verdict.strength}, mixed ≥ ${verdict.mixed}; macro-F1 ${f1.map((x) => x.toFixed(3)).join(' / ')} on ${comments.length} comments / ${articles.length} articles / ${sentences.length} sentences`,
  );
  return { ...table, version: FELT_BASE_VERSION, felt: { ...felt, verdict } };
}

export function withFingerprint(table: ModelTable): ModelTable {
  const { fingerprint: _unused, ...rest } = table;
  return { ...table, fingerprint: fnv1a(JSON.stringify(rest)) };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const file = path.resolve(import.meta.dirname, '../src/model/weights.json');
  const table = JSON.parse(readFileSync(file, 'utf8')) as ModelTable;
  const out = withFingerprint(addFeltLayer(table, loadEmbeddings(50_000)));
  writeFileSync(file, `${JSON.stringify(out)}\n`);
  console.info(`train:felt: wrote ${file}, modelVersion ${new AffectModel(out).modelVersion}`);
}
