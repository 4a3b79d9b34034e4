/**
 * The learned word-valence column (README "Valence"), used by scripts/train.ts.
 *
 * Model, per labelled sentence i of source s(i):
 *   y_i ≈ a_s + b_s·c_i + d_s·(pos − neg)_i + Σ_{w ∈ W_i} δ_w / √|W_i|
 * with one head (a, b, d) per source (its own rating scale), the word corrections δ shared, and the loss
 *   Σ_i ω_s(i) (y_i − ŷ_i)² + λ Σ_w δ_w²    (ridge; heads unpenalised),
 * solved exactly (to 1e-10) by Jacobi-preconditioned conjugate gradients on the normal equations. Deterministic.
 * At run time only the NYT head and δ are kept: the analyzer scores news-like text.
 */
import { cueWords } from '../src/text.ts';
import { composedVaderScores } from '../src/composition.ts';

export interface LexSample {
  source: number;
  words: readonly string[];
  compound: number;
  posMinusNeg: number;
  /** Target on a −1..1 scale. */
  y: number;
}

/** One labelled sentence; `extended` = the extended word valence ṽ the analyzer uses (src/composition.ts). */
export function lexSample(source: number, text: string, y: number, extended?: ReadonlyMap<string, number>): LexSample {
  const v = composedVaderScores(text, extended);
  return { source, words: cueWords(text), compound: v.compound, posMinusNeg: v.pos - v.neg, y };
}

export interface LexiconFit {
  /** Per source: [a, b, d]. */
  heads: number[][];
  vocab: string[];
  delta: Float64Array;
  /** Per vocab word: h_w = Σ_i ω_i / |W_i| over the samples holding w (the data precision of δ_w). */
  evidence: Float64Array;
}

/**
 * Ridge fit of the model above. `weights[s]` = ω_s; `lambda` = λ; words seen in fewer than `minCount` samples get
 * no δ (still counted in |W_i|).
 *
 * With a `prior` (word → m_w) the penalty is λ Σ_w (δ_w − m_w)² instead (a Gaussian prior N(m_w, 1/λ), i.e.
 * empirical-Bayes shrinkage toward m_w by per-word evidence): solved as the plain ridge on ε_w = δ_w − m_w with
 * targets y_i − Σ_{w ∈ W_i} m_w / √|W_i| (every word with a prior, seen ≥ minCount times or not). The returned
 * `delta` is δ_w = m_w + ε_w for the fitted vocabulary; words below minCount keep δ_w = m_w (not returned).
 */
export function fitLexicon(
  samples: readonly LexSample[],
  weights: readonly number[],
  lambda: number,
  minCount = 2,
  maxIterations = 2000,
  prior?: ReadonlyMap<string, number>,
): LexiconFit {
  if (prior !== undefined && prior.size > 0) {
    const shifted = samples.map((s) => {
      let m = 0;
      for (const w of s.words) m += prior.get(w) ?? 0;
      return s.words.length > 0 && m !== 0 ? { ...s, y: s.y - m / Math.sqrt(s.words.length) } : s;
    });
    const fit = fitLexicon(shifted, weights, lambda, minCount, maxIterations);
    fit.vocab.forEach((w, j) => (fit.delta[j]! += prior.get(w) ?? 0));
    return fit;
  }
  const S = weights.length;
  const count = new Map<string, number>();
  for (const s of samples) for (const w of s.words) count.set(w, (count.get(w) ?? 0) + 1);
  const vocab = [...count].filter(([, n]) => n >= minCount).map(([w]) => w).sort();
  const index = new Map(vocab.map((w, i) => [w, i]));
  const B = 3 * S;
  const P = B + vocab.length;
  const rows = samples.map((s) => {
    const ids = Int32Array.from(s.words.map((w) => index.get(w) ?? -1).filter((i) => i >= 0));
    return { s, ids, scale: s.words.length > 0 ? 1 / Math.sqrt(s.words.length) : 0, omega: weights[s.source] ?? 0 };
  });
  // x_i · β
  const dot = (r: (typeof rows)[number], beta: Float64Array): number => {
    const o = 3 * r.s.source;
    const z = beta[o]! + beta[o + 1]! * r.s.compound + beta[o + 2]! * r.s.posMinusNeg;
    let d = 0;
    for (const j of r.ids) d += beta[B + j]!;
    return z + d * r.scale;
  };
  // out += a · x_i
  const axpy = (r: (typeof rows)[number], a: number, out: Float64Array): void => {
    const o = 3 * r.s.source;
    out[o]! += a;
    out[o + 1]! += a * r.s.compound;
    out[o + 2]! += a * r.s.posMinusNeg;
    const v = a * r.scale;
    for (const j of r.ids) out[B + j]! += v;
  };
  const apply = (p: Float64Array): Float64Array => {
    const out = new Float64Array(P);
    for (const r of rows) if (r.omega > 0) axpy(r, r.omega * dot(r, p), out);
    for (let j = B; j < P; j++) out[j]! += lambda * p[j]!;
    return out;
  };
  const rhs = new Float64Array(P);
  const diag = new Float64Array(P);
  for (const r of rows) {
    if (r.omega <= 0) continue;
    axpy(r, r.omega * r.s.y, rhs);
    const o = 3 * r.s.source;
    diag[o]! += r.omega;
    diag[o + 1]! += r.omega * r.s.compound ** 2;
    diag[o + 2]! += r.omega * r.s.posMinusNeg ** 2;
    for (const j of r.ids) diag[B + j]! += r.omega * r.scale ** 2;
  }
  for (let j = 0; j < P; j++) diag[j] = j >= B ? diag[j]! + lambda : Math.max(diag[j]!, 1e-12);
  // Preconditioned conjugate gradients.
  const beta = new Float64Array(P);
  const res = Float64Array.from(rhs);
  const z = res.map((v, j) => v / diag[j]!);
  const p = Float64Array.from(z);
  let rz = res.reduce((a, v, j) => a + v * z[j]!, 0);
  const rhsNorm = Math.sqrt(rhs.reduce((a, v) => a + v * v, 0));
  for (let it = 0; it < maxIterations; it++) {
    const Ap = apply(p);
    const alpha = rz / p.reduce((a, v, j) => a + v * Ap[j]!, 0);
    for (let j = 0; j < P; j++) {
      beta[j]! += alpha * p[j]!;
      res[j]! -= alpha * Ap[j]!;
    }
    if (Math.sqrt(res.reduce((a, v) => a + v * v, 0)) < 1e-10 * rhsNorm) break;
    for (let j = 0; j < P; j++) z[j] = res[j]! / diag[j]!;
    const rzNew = res.reduce((a, v, j) => a + v * z[j]!, 0);
    for (let j = 0; j < P; j++) p[j] = z[j]! + (rzNew / rz) * p[j]!;
    rz = rzNew;
  }
  const heads = Array.from({ length: S }, (_, s) => [beta[3 * s]!, beta[3 * s + 1]!, beta[3 * s + 2]!]);
  return { heads, vocab, delta: beta.slice(B), evidence: diag.slice(B).map((v) => v - lambda) };
}

/** Weighted least squares with an unpenalised intercept: returns [intercept, ...coefficients]. */
export function weightedLeastSquares(x: readonly (readonly number[])[], y: readonly number[], w: readonly number[]): number[] {
  const P = (x[0]?.length ?? 0) + 1;
  const A = Array.from({ length: P }, () => new Array<number>(P).fill(0));
  const b = new Array<number>(P).fill(0);
  x.forEach((row, i) => {
    const r = [1, ...row];
    for (let a = 0; a < P; a++) {
      b[a]! += w[i]! * r[a]! * y[i]!;
      for (let c = 0; c < P; c++) A[a]![c]! += w[i]! * r[a]! * r[c]!;
    }
  });
  return solve(A, b);
}

export function solve(A: number[][], b: number[]): number[] {
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
