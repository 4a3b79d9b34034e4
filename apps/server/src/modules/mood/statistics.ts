/**
 * The statistics of the mood insight, pure: Pearson's correlation, its 95 % interval by Fisher's
 * z-transform, and the rule that decides whether the evidence allows any claim.
 */

/** z of the two-sided 95 % interval. */
const Z_95 = 1.959963984540054;

/** Pearson's r of paired samples; null below 2 pairs or when either side does not vary. */
export function pearson(xs: readonly number[], ys: readonly number[]): number | null {
  const n = Math.min(xs.length, ys.length);
  if (n < 2) return null;
  let mx = 0;
  let my = 0;
  for (let i = 0; i < n; i += 1) {
    mx += xs[i]!;
    my += ys[i]!;
  }
  mx /= n;
  my /= n;
  let sxy = 0;
  let sxx = 0;
  let syy = 0;
  for (let i = 0; i < n; i += 1) {
    const dx = xs[i]! - mx;
    const dy = ys[i]! - my;
    sxy += dx * dy;
    sxx += dx * dx;
    syy += dy * dy;
  }
  if (sxx === 0 || syy === 0) return null;
  // Rounding can push a perfect correlation a hair past ±1.
  return Math.max(-1, Math.min(1, sxy / Math.sqrt(sxx * syy)));
}

/**
 * The 95 % interval of a correlation `r` over `n` pairs: tanh(atanh(r) ± 1.96 / √(n − 3)). Null below 4 pairs,
 * where the transform's standard error is undefined.
 */
export function fisherInterval(r: number, n: number): [number, number] | null {
  if (n < 4) return null;
  if (Math.abs(r) === 1) return [r, r];
  const z = Math.atanh(r);
  const half = Z_95 / Math.sqrt(n - 3);
  return [Math.tanh(z - half), Math.tanh(z + half)];
}

export type Finding = 'none' | 'lower' | 'higher';

/**
 * What may be said: nothing when there is no interval or it spans zero (weak evidence); otherwise the
 * direction, where `lower` means mood tends to be lower after more draining reading (r < 0).
 */
export function finding(r: number | null, interval: readonly [number, number] | null): Finding {
  if (r === null || interval === null) return 'none';
  const [lo, hi] = interval;
  if (lo <= 0 && hi >= 0) return 'none';
  return r < 0 ? 'lower' : 'higher';
}

export interface Correlation {
  n: number;
  r: number | null;
  interval: [number, number] | null;
  finding: Finding;
}

/** Correlates paired samples: n, r, its interval and the finding the evidence allows. */
export function correlate(pairs: readonly (readonly [number, number])[]): Correlation {
  const r = pearson(
    pairs.map((p) => p[0]),
    pairs.map((p) => p[1]),
  );
  const interval = r === null ? null : fisherInterval(r, pairs.length);
  return { n: pairs.length, r, interval, finding: finding(r, interval) };
}
