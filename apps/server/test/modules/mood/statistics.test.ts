import { describe, expect, it } from 'vitest';
import { correlate, finding, fisherInterval, pearson } from '../../../src/modules/mood/statistics.ts';

describe('mood statistics', () => {
  it('computes Pearson r as by hand', () => {
    // x̄ = 3, ȳ = 4; Σdxdy = 6, Σdx² = 10, Σdy² = 6 → r = 6 / √60.
    expect(pearson([1, 2, 3, 4, 5], [2, 4, 5, 4, 5])).toBeCloseTo(0.774597, 6);
    expect(pearson([0, 1, 2], [6, 4, 2])).toBe(-1);
  });

  it('has no r below two pairs or when a side does not vary', () => {
    expect(pearson([1], [2])).toBeNull();
    expect(pearson([1, 1, 1], [1, 2, 3])).toBeNull();
    expect(pearson([1, 2, 3], [4, 4, 4])).toBeNull();
  });

  it('gives the 95 % interval by the Fisher z-transform with n − 3', () => {
    // atanh(0.774597) = 1.03172, ± 1.95996 / √2 → tanh(−0.35417), tanh(2.41761).
    const [lo, hi] = fisherInterval(0.7745966692414834, 5)!;
    expect(lo).toBeCloseTo(-0.340082, 5);
    expect(hi).toBeCloseTo(0.984236, 5);
    // atanh(−0.6) = −0.693147, ± 1.95996 / √17 = 0.475362.
    const [lo2, hi2] = fisherInterval(-0.6, 20)!;
    expect(lo2).toBeCloseTo(-0.823793, 5);
    expect(hi2).toBeCloseTo(-0.214407, 5);
    expect(fisherInterval(0.9, 3)).toBeNull();
    expect(fisherInterval(-1, 10)).toEqual([-1, -1]);
  });

  it('makes no claim when the interval spans zero', () => {
    expect(finding(0.77, [-0.34, 0.98])).toBe('none');
    expect(finding(0, [-0.53, 0.53])).toBe('none');
    expect(finding(0.3, [0, 0.6])).toBe('none');
    expect(finding(null, null)).toBe('none');
    expect(finding(0.9, null)).toBe('none');
    expect(finding(-0.6, [-0.82, -0.21])).toBe('lower');
    expect(finding(0.6, [0.21, 0.82])).toBe('higher');
  });

  it('correlates pairs into n, r, interval and finding', () => {
    const weak = correlate([
      [1, 2],
      [2, 4],
      [3, 5],
      [4, 4],
      [5, 5],
    ]);
    expect(weak.n).toBe(5);
    expect(weak.r).toBeCloseTo(0.774597, 6);
    expect(weak.finding).toBe('none');
    const strong = correlate(Array.from({ length: 10 }, (_, i) => [i, 10 - i] as const));
    expect(strong).toEqual({ n: 10, r: -1, interval: [-1, -1], finding: 'lower' });
    expect(correlate([])).toEqual({ n: 0, r: null, interval: null, finding: 'none' });
  });
});
