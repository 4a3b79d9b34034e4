/**
 * Rebuilds src/model/weights.json:
 *  1. category weights: multi-label logistic regression on GoEmotions train (80 % of comments by id hash),
 *     MAP with a Gaussian prior centred on the project's cue lexicons (src/cues.ts);
 *  2. isotonic calibration of each category's logit on the other 20 %;
 *  3. background hit rates θ₀ on the reference corpus (EmoBank, all genres);
 *  4. the valence model: least squares on NYT editorials (articles) + EmoBank (sentences), equal weight.
 * Usage: npm run train -w packages/analyzer
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { CATEGORY_IDS, type CategoryId } from '@mediadiet/contract/categories';
import { SEED_CUES, SEED_WEIGHT } from '../src/cues.ts';
import { AffectModel } from '../src/analyzer.ts';
import { fnv1a, type ModelTable } from '../src/model/table.ts';
import { isotonicFit, pearson } from '../src/stats.ts';
import { cueWords } from '../src/text.ts';
import { lexicon as VADER_LEXICON } from 'vader-sentiment/src/vader_lexicon.js';
import { EVAL_MAP, PROXY_MAP, hasData, loadEmoBank, loadGoEmotions, loadNyt, nytArticles } from './data.ts';
import { rocAuc } from './metrics.ts';

export const MODEL_BASE_VERSION = '1.0.0';
const MIN_DOC_FREQ = 5;
const PRIOR_PRECISION = Number(process.env.PRIOR_PRECISION ?? 2); // λ: Gaussian prior N(μ, 1/λ) on each weight
const ITERATIONS = Number(process.env.ITERATIONS ?? 300);
const HIT_WEIGHT = 1.0;

const LABEL_MAP: Record<CategoryId, readonly string[]> = { ...EVAL_MAP, ...PROXY_MAP };

if (!hasData()) {
  console.error('train: ../shared/data is missing (see packages/analyzer/README.md, "Data").');
  process.exit(1);
}

const POSITIVE = ['admiration', 'amusement', 'approval', 'caring', 'desire', 'excitement', 'gratitude', 'joy', 'love', 'optimism', 'pride', 'relief'];
const NEGATIVE = ['anger', 'annoyance', 'disappointment', 'disapproval', 'disgust', 'embarrassment', 'fear', 'grief', 'nervousness', 'remorse', 'sadness'];
const AUXILIARY: Record<string, readonly string[]> = { positive: POSITIVE, negative: NEGATIVE };
const COLUMNS: string[] = [...CATEGORY_IDS, ...Object.keys(AUXILIARY)];
const COLUMN_LABELS = COLUMNS.map((c) => (c in AUXILIARY ? AUXILIARY[c]! : LABEL_MAP[c as CategoryId]));
const K = COLUMNS.length;
const KC = CATEGORY_IDS.length;
const rows = loadGoEmotions('train');
const docs = rows.map((r) => ({
  words: cueWords(r.text),
  y: COLUMN_LABELS.map((labels) => (labels.some((l) => r.labels.includes(l)) ? 1 : 0)),
  calibrationFold: parseInt(fnv1a(r.id), 16) % 5 === 0,
}));

// Vocabulary: document frequency ≥ MIN_DOC_FREQ, plus every seed cue.
const df = new Map<string, number>();
for (const d of docs) for (const w of d.words) df.set(w, (df.get(w) ?? 0) + 1);
const vocabSet = new Set([...df].filter(([, n]) => n >= MIN_DOC_FREQ).map(([w]) => w));
for (const id of CATEGORY_IDS) for (const w of SEED_CUES[id]) vocabSet.add(w);
const vocab = [...vocabSet].sort();
const index = new Map(vocab.map((w, i) => [w, i]));
const V = vocab.length;

const mu = new Float64Array(V * K);
CATEGORY_IDS.forEach((id, c) => {
  for (const w of SEED_CUES[id]) mu[index.get(w)! * K + c] = SEED_WEIGHT;
});

const fit = docs.filter((d) => !d.calibrationFold).map((d) => ({ x: d.words.map((w) => index.get(w)!).filter((i) => i !== undefined), y: d.y }));
const cal = docs.filter((d) => d.calibrationFold).map((d) => ({ x: d.words.map((w) => index.get(w)).filter((i): i is number => i !== undefined), y: d.y }));
console.info(`train: ${rows.length} comments (${fit.length} fit, ${cal.length} calibration), vocabulary ${V}, λ=${PRIOR_PRECISION}`);

// Full-batch Adam on the mean negative log posterior.
const w = Float64Array.from(mu);
const bias = new Float64Array(K);
COLUMNS.forEach((_, c) => {
  const rate = (fit.reduce((a, d) => a + d.y[c]!, 0) + 1) / (fit.length + 2);
  bias[c] = Math.log(rate / (1 - rate));
});
const mW = new Float64Array(V * K);
const vW = new Float64Array(V * K);
const mB = new Float64Array(K);
const vB = new Float64Array(K);
const gW = new Float64Array(V * K);
const gB = new Float64Array(K);
const N = fit.length;
const lr = 0.05;
const logits = new Float64Array(K);
for (let it = 1; it <= ITERATIONS; it++) {
  gW.fill(0);
  gB.fill(0);
  let loss = 0;
  for (const d of fit) {
    logits.set(bias);
    for (const j of d.x) for (let c = 0; c < K; c++) logits[c]! += w[j * K + c]!;
    for (let c = 0; c < K; c++) {
      const z = logits[c]!;
      const p = 1 / (1 + Math.exp(-z));
      const err = p - d.y[c]!;
      loss += d.y[c] ? -Math.log(p + 1e-12) : -Math.log(1 - p + 1e-12);
      gB[c]! += err;
      for (const j of d.x) gW[j * K + c]! += err;
    }
  }
  for (let i = 0; i < V * K; i++) {
    const g = gW[i]! / N + (PRIOR_PRECISION / N) * (w[i]! - mu[i]!);
    mW[i] = 0.9 * mW[i]! + 0.1 * g;
    vW[i] = 0.999 * vW[i]! + 0.001 * g * g;
    w[i]! -= (lr * (mW[i]! / (1 - 0.9 ** it))) / (Math.sqrt(vW[i]! / (1 - 0.999 ** it)) + 1e-8);
  }
  for (let c = 0; c < K; c++) {
    const g = gB[c]! / N;
    mB[c] = 0.9 * mB[c]! + 0.1 * g;
    vB[c] = 0.999 * vB[c]! + 0.001 * g * g;
    bias[c]! -= (lr * (mB[c]! / (1 - 0.9 ** it))) / (Math.sqrt(vB[c]! / (1 - 0.999 ** it)) + 1e-8);
  }
  if (it % 50 === 0) console.info(`  iteration ${it}: mean log-loss per label ${(loss / N / K).toFixed(5)}`);
}

// Calibration on the held-out fold.
const calibration = COLUMNS.map((id, c) => {
  const zs = cal.map((d) => d.x.reduce((a, j) => a + w[j * K + c]!, bias[c]!));
  const ys: number[] = cal.map((d) => d.y[c]!);
  const auc = rocAuc(zs, ys.map((y) => y === 1));
  const iso = isotonicFit(zs, ys);
  console.info(`  ${id.padEnd(10)} positives ${ys.reduce((a, b) => a + b, 0)}, calibration-fold AUC ${auc.toFixed(3)}, ${iso.x.length} knots`);
  if (c >= KC) return { x: [], y: [] };
  return { x: iso.x.map((v) => Math.round(v * 1e4) / 1e4), y: iso.y.map((v) => Math.round(v * 1e5) / 1e5) };
});

const r4 = (v: number): number => Math.round(v * 1e4) / 1e4;
// Keep words whose weights differ from zero somewhere (by ≥ 0.02).
const keep = vocab.map((_, i) => i).filter((i) => COLUMNS.some((_, c) => Math.abs(w[i * K + c]!) >= 0.02));
const table: ModelTable = {
  version: MODEL_BASE_VERSION,
  fingerprint: '',
  seedFingerprint: fnv1a(JSON.stringify(SEED_CUES) + SEED_WEIGHT),
  vaderFingerprint: fnv1a(JSON.stringify(VADER_LEXICON)),
  categories: [...CATEGORY_IDS],
  auxiliary: Object.keys(AUXILIARY),
  bias: [...bias].map(r4),
  vocab: keep.map((i) => vocab[i]!),
  weights: keep.map((i) => COLUMNS.map((_, c) => r4(w[i * K + c]!))),
  calibration: calibration.slice(0, KC),
  hitWeight: HIT_WEIGHT,
  background: CATEGORY_IDS.map(() => 0.05),
  valence: { features: ['compound'], coefficients: [1], intercept: 0, scale: 1 },
  provenance: {
    weights: 'GoEmotions train.tsv (Demszky et al. 2020, Apache-2.0), 80 % of comments; prior: src/cues.ts',
    calibration: 'GoEmotions train.tsv, the other 20 %',
    background: 'EmoBank (Buechel & Hahn 2017, CC-BY-SA 4.0), all genres: 14 hit rates (calibration only)',
    valence: 'NYT editorials dev (Hutto & Gilbert 2014, MIT) articles + EmoBank reader valence: least squares',
  },
};

// Background rates on the reference corpus.
let model = new AffectModel(table);
const emobank = loadEmoBank();
const hitCounts = new Float64Array(KC);
let sentenceCount = 0;
const emoFeatures = emobank.map((r) => {
  const page = model.evidence(undefined, r.text);
  for (const s of page.sentences) {
    sentenceCount++;
    for (let c = 0; c < KC; c++) hitCounts[c]! += s.hit[c]!;
  }
  return page;
});
table.background = [...hitCounts].map((h) => Math.round(((h + 1) / (sentenceCount + 2)) * 1e5) / 1e5);

// Valence: weighted least squares, each data set weighing the same.
const FEATURES = (process.env.VALENCE_FEATURES ?? 'compound,posMinusNeg,positive,negative').split(',');
const articles = nytArticles(loadNyt());
const samples = [
  ...articles.map((a) => ({ f: model.evidence(undefined, a.text).features, y: a.valence / 4, w: 1 / articles.length })),
  ...emobank.map((r, i) => ({ f: emoFeatures[i]!.features, y: (r.readerV - 3) / 2, w: 1 / emobank.length })),
];
const P = FEATURES.length + 1;
const XtX = Array.from({ length: P }, () => new Float64Array(P));
const Xty = new Float64Array(P);
for (const s of samples) {
  const x = [1, ...FEATURES.map((name) => s.f[name] ?? 0)];
  for (let a = 0; a < P; a++) {
    Xty[a]! += s.w * x[a]! * s.y;
    for (let b = 0; b < P; b++) XtX[a]![b]! += s.w * x[a]! * x[b]!;
  }
}
const beta = solve(XtX.map((r) => [...r]), [...Xty]);
table.valence = {
  features: FEATURES,
  coefficients: beta.slice(1).map(r4),
  intercept: r4(beta[0]!),
  scale: 1,
};
console.info(`  valence: ${JSON.stringify(table.valence)}`);
{
  const m = new AffectModel(table);
  const pred = samples.map((s) => m.valence(s.f));
  const nA = articles.length;
  const news = emobank.map((r, i) => [r.genre, i] as const).filter(([g]) => g === 'newspaper').map(([, i]) => nA + i);
  console.info(`  in-sample r: NYT articles ${pearson(pred.slice(0, nA), samples.slice(0, nA).map((s) => s.y)).toFixed(3)}, EmoBank all ${pearson(pred.slice(nA), samples.slice(nA).map((s) => s.y)).toFixed(3)}, newspaper ${pearson(news.map((i) => pred[i]!), news.map((i) => samples[i]!.y)).toFixed(3)}`);
}

const { fingerprint: _unused, ...rest } = table;
table.fingerprint = fnv1a(JSON.stringify(rest));
model = new AffectModel(table);
const out = path.resolve(import.meta.dirname, '../src/model/weights.json');
writeFileSync(out, `${JSON.stringify(table)}\n`);
console.info(`train: wrote ${out} (${table.vocab.length} cue words), modelVersion ${model.modelVersion}`);

function solve(A: number[][], b: number[]): number[] {
  const n = b.length;
  for (let i = 0; i < n; i++) {
    let p = i;
    for (let r = i + 1; r < n; r++) if (Math.abs(A[r]![i]!) > Math.abs(A[p]![i]!)) p = r;
    [A[i], A[p]] = [A[p]!, A[i]!];
    [b[i], b[p]] = [b[p]!, b[i]!];
    for (let r = i + 1; r < n; r++) {
      const f = A[r]![i]! / A[i]![i]!;
      for (let c = i; c < n; c++) A[r]![c]! -= f * A[i]![c]!;
      b[r]! -= f * b[i]!;
    }
  }
  const x = new Array<number>(n).fill(0);
  for (let i = n - 1; i >= 0; i--) {
    let s = b[i]!;
    for (let c = i + 1; c < n; c++) s -= A[i]![c]! * x[c]!;
    x[i] = s / A[i]![i]!;
  }
  return x;
}
