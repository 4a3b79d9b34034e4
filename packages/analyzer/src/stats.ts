/**
 * The statistics of the model, as small pure functions. Formulas are written out in README.md ("The model") and
 * each is tested against values computed by hand / with mpmath in test/stats.test.ts.
 */

const LANCZOS = [
  0.99999999999980993, 676.5203681218851, -1259.1392167224028, 771.32342877765313, -176.61502916214059,
  12.507343278686905, -0.13857109526572012, 9.9843695780195716e-6, 1.5056327351493116e-7,
];

/** ln Γ(x) for x > 0 (Lanczos, g = 7, n = 9; relative error < 1e-13). */
export function logGamma(x: number): number {
  if (x < 0.5) return Math.log(Math.PI / Math.abs(Math.sin(Math.PI * x))) - logGamma(1 - x);
  const z = x - 1;
  let a = LANCZOS[0] as number;
  const t = z + 7.5;
  for (let i = 1; i < 9; i++) a += (LANCZOS[i] as number) / (z + i);
  return 0.5 * Math.log(2 * Math.PI) + (z + 0.5) * Math.log(t) - t + Math.log(a);
}

/** ln B(a, b) = ln Γ(a) + ln Γ(b) − ln Γ(a + b). */
export function logBeta(a: number, b: number): number {
  return logGamma(a) + logGamma(b) - logGamma(a + b);
}

/** Continued fraction for the incomplete beta function (modified Lentz). */
function betaContinuedFraction(x: number, a: number, b: number): number {
  const tiny = 1e-300;
  let c = 1;
  let d = 1 - ((a + b) * x) / (a + 1);
  if (Math.abs(d) < tiny) d = tiny;
  d = 1 / d;
  let h = d;
  for (let m = 1; m <= 300; m++) {
    const m2 = 2 * m;
    let aa = (m * (b - m) * x) / ((a + m2 - 1) * (a + m2));
    d = 1 + aa * d;
    if (Math.abs(d) < tiny) d = tiny;
    c = 1 + aa / c;
    if (Math.abs(c) < tiny) c = tiny;
    d = 1 / d;
    h *= d * c;
    aa = (-(a + m) * (a + b + m) * x) / ((a + m2) * (a + m2 + 1));
    d = 1 + aa * d;
    if (Math.abs(d) < tiny) d = tiny;
    c = 1 + aa / c;
    if (Math.abs(c) < tiny) c = tiny;
    d = 1 / d;
    const del = d * c;
    h *= del;
    if (Math.abs(del - 1) < 1e-15) break;
  }
  return h;
}

/** Regularized incomplete beta I_x(a, b) = P(θ ≤ x) for θ ~ Beta(a, b). */
export function incompleteBeta(x: number, a: number, b: number): number {
  if (x <= 0) return 0;
  if (x >= 1) return 1;
  const lnFront = a * Math.log(x) + b * Math.log1p(-x) - logBeta(a, b);
  if (x < (a + 1) / (a + b + 2)) return (Math.exp(lnFront) * betaContinuedFraction(x, a, b)) / a;
  return 1 - (Math.exp(lnFront) * betaContinuedFraction(1 - x, b, a)) / b;
}

/** ln P(θ > x) for θ ~ Beta(a, b), computed on the side that keeps precision. */
function logUpperTail(x: number, a: number, b: number): number {
  return Math.log(incompleteBeta(1 - x, b, a));
}

export interface BetaBinomialInput {
  /** Hits (may be fractional after the effective-N correction). */
  k: number;
  /** Trials (sentences; may be fractional). */
  n: number;
  /** Background rate θ₀ under H0. */
  p0: number;
  /** Beta(a, b) prior of θ under H1, truncated to θ > θ₀. Default Beta(1, 1): uniform on (θ₀, 1). */
  a?: number;
  b?: number;
}

/**
 * One-sided beta-binomial Bayes factor BF₊₀ for "the rate θ exceeds the background rate θ₀" against "θ = θ₀":
 *
 *   BF₊₀ = [B(a+k, b+n−k) / B(a, b)] · [P(θ > θ₀ | a+k, b+n−k) / P(θ > θ₀ | a, b)] / [θ₀^k (1−θ₀)^(n−k)]
 */
export function betaBinomialBayesFactor({ k, n, p0, a = 1, b = 1 }: BetaBinomialInput): number {
  const logM1 =
    logBeta(a + k, b + n - k) - logBeta(a, b) + logUpperTail(p0, a + k, b + n - k) - logUpperTail(p0, a, b);
  const logM0 = k * Math.log(p0) + (n - k) * Math.log1p(-p0);
  return Math.exp(logM1 - logM0);
}

/** Lag-1 autocorrelation ρ₁ = Σ (x_t − x̄)(x_{t+1} − x̄) / Σ (x_t − x̄)²; 0 when n < 3 or the series is constant. */
export function lag1Autocorrelation(xs: readonly number[]): number {
  const n = xs.length;
  if (n < 3) return 0;
  let mean = 0;
  for (const x of xs) mean += x;
  mean /= n;
  let num = 0;
  let den = 0;
  for (let t = 0; t < n; t++) {
    const d = (xs[t] as number) - mean;
    den += d * d;
    if (t < n - 1) num += d * ((xs[t + 1] as number) - mean);
  }
  return den === 0 ? 0 : num / den;
}

/**
 * Effective sample size of an AR(1)-like series: n_eff = n (1 − ρ₁) / (1 + ρ₁), with ρ₁ clamped to [0, 0.99]
 * (negative autocorrelation is not credited: n_eff ≤ n).
 */
export function effectiveSampleSize(xs: readonly number[]): number {
  const n = xs.length;
  const rho = Math.min(0.99, Math.max(0, lag1Autocorrelation(xs)));
  return (n * (1 - rho)) / (1 + rho);
}

/** Pearson correlation; 0 when either side has no variance or n < 2. */
export function pearson(x: readonly number[], y: readonly number[]): number {
  const n = Math.min(x.length, y.length);
  if (n < 2) return 0;
  let mx = 0;
  let my = 0;
  for (let i = 0; i < n; i++) {
    mx += x[i] as number;
    my += y[i] as number;
  }
  mx /= n;
  my /= n;
  let sxy = 0;
  let sxx = 0;
  let syy = 0;
  for (let i = 0; i < n; i++) {
    const dx = (x[i] as number) - mx;
    const dy = (y[i] as number) - my;
    sxy += dx * dy;
    sxx += dx * dx;
    syy += dy * dy;
  }
  return sxx === 0 || syy === 0 ? 0 : sxy / Math.sqrt(sxx * syy);
}

/**
 * JZS Bayes factor BF₁₀ for a Pearson correlation r from n pairs (Wetzels & Wagenmakers 2012, eq. 13):
 *
 *   BF₁₀ = √(n/2) / Γ(1/2) · ∫₀^∞ (1+g)^((n−2)/2) · (1+(1−r²)g)^(−(n−1)/2) · g^(−3/2) · e^(−n/(2g)) dg
 *
 * integrated over t = ln g with the trapezoid rule (the integrand decays double-exponentially in t).
 */
export function jzsCorrelationBayesFactor(r: number, n: number): number {
  if (n < 3) return 1;
  const r2 = Math.min(r * r, 1 - 1e-12);
  const logIntegrand = (t: number): number => {
    const g = Math.exp(t);
    // dg = g dt, so g^(−3/2) · g = g^(−1/2)
    return ((n - 2) / 2) * Math.log1p(g) - ((n - 1) / 2) * Math.log1p((1 - r2) * g) - 0.5 * t - n / (2 * g);
  };
  const lo = -12;
  const hi = 40;
  const h = 0.02;
  let max = -Infinity;
  const values: number[] = [];
  for (let t = lo; t <= hi + 1e-9; t += h) {
    const v = logIntegrand(t);
    values.push(v);
    if (v > max) max = v;
  }
  let sum = 0;
  values.forEach((v, i) => {
    const w = i === 0 || i === values.length - 1 ? 0.5 : 1;
    sum += w * Math.exp(v - max);
  });
  const logIntegral = Math.log(sum * h) + max;
  return Math.exp(0.5 * Math.log(n / 2) - logGamma(0.5) + logIntegral);
}

/** Posterior probability of H1 from its Bayes factor and prior probability: BF·π / (BF·π + 1 − π). */
export function posteriorProbability(bayesFactor: number, prior: number): number {
  if (!Number.isFinite(bayesFactor)) return bayesFactor > 0 ? 1 : 0;
  return (bayesFactor * prior) / (bayesFactor * prior + 1 - prior);
}

export interface Calibration {
  /** Increasing knots (raw scores). */
  x: readonly number[];
  /** Calibrated values at the knots (non-decreasing). */
  y: readonly number[];
}

/**
 * Isotonic regression by pool-adjacent-violators: the non-decreasing step function minimising Σ wᵢ (yᵢ − f(xᵢ))².
 * Returns one knot per pooled block at the block's weighted mean x, so `applyCalibration` interpolates linearly
 * between block centres (keeps ranking ties rare) and is flat outside.
 */
export function isotonicFit(xs: readonly number[], ys: readonly number[], ws?: readonly number[]): Calibration {
  const order = xs.map((_, i) => i).sort((i, j) => (xs[i] as number) - (xs[j] as number));
  const bx: number[] = [];
  const by: number[] = [];
  const bw: number[] = [];
  for (const i of order) {
    const w = ws?.[i] ?? 1;
    bx.push((xs[i] as number) * w);
    by.push((ys[i] as number) * w);
    bw.push(w);
    while (by.length > 1) {
      const m = by.length - 1;
      if ((by[m - 1] as number) / (bw[m - 1] as number) < (by[m] as number) / (bw[m] as number)) break;
      bx[m - 1] = (bx[m - 1] as number) + (bx.pop() as number);
      by[m - 1] = (by[m - 1] as number) + (by.pop() as number);
      bw[m - 1] = (bw[m - 1] as number) + (bw.pop() as number);
    }
  }
  return { x: bx.map((v, i) => v / (bw[i] as number)), y: by.map((v, i) => v / (bw[i] as number)) };
}

/** Piecewise-linear interpolation through the calibration knots; constant beyond the end knots. */
export function applyCalibration(cal: Calibration, v: number): number {
  const { x, y } = cal;
  const n = x.length;
  if (n === 0) return v;
  if (v <= (x[0] as number)) return y[0] as number;
  if (v >= (x[n - 1] as number)) return y[n - 1] as number;
  let lo = 0;
  let hi = n - 1;
  while (hi - lo > 1) {
    const mid = (lo + hi) >> 1;
    if ((x[mid] as number) <= v) lo = mid;
    else hi = mid;
  }
  const x0 = x[lo] as number;
  const x1 = x[hi] as number;
  const y0 = y[lo] as number;
  const y1 = y[hi] as number;
  return x1 === x0 ? y1 : y0 + ((y1 - y0) * (v - x0)) / (x1 - x0);
}

export function sigmoid(z: number): number {
  return z >= 0 ? 1 / (1 + Math.exp(-z)) : Math.exp(z) / (1 + Math.exp(z));
}
