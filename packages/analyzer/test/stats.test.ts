import { describe, expect, it } from 'vitest';
import {
  applyCalibration,
  betaBinomialBayesFactor,
  effectiveSampleSize,
  incompleteBeta,
  isotonicFit,
  jzsCorrelationBayesFactor,
  lag1Autocorrelation,
  logGamma,
  pearson,
  posteriorProbability,
} from '../src/stats.ts';

// Reference values: by hand where shown, otherwise with mpmath (30 digits), see README "Tests".
describe('special functions', () => {
  it('logGamma matches Γ at integers and half-integers', () => {
    expect(logGamma(5)).toBeCloseTo(Math.log(24), 12); // Γ(5) = 4! = 24
    expect(logGamma(0.5)).toBeCloseTo(Math.log(Math.sqrt(Math.PI)), 12);
    expect(logGamma(4.5)).toBeCloseTo(2.453736570842442, 12);
    expect(logGamma(0.3)).toBeCloseTo(1.095797994818076, 12);
  });

  it('incompleteBeta: I_x(1,1) = x, I_0.3(2,5) from the binomial sum', () => {
    expect(incompleteBeta(0.37, 1, 1)).toBeCloseTo(0.37, 14);
    // I_x(2,5) = P(Bin(6, x) ≥ 2) = 1 − 0.7^6 − 6·0.3·0.7^5 = 0.579825
    expect(incompleteBeta(0.3, 2, 5)).toBeCloseTo(0.579825, 12);
  });
});

describe('beta-binomial Bayes factor BF₊₀', () => {
  it('one hit in one sentence, θ₀ = 0.1: [∫₀.₁¹ θ dθ / 0.9] / 0.1 = 0.55 / 0.1 = 5.5', () => {
    expect(betaBinomialBayesFactor({ k: 1, n: 1, p0: 0.1 })).toBeCloseTo(5.5, 10);
  });
  it('no hit in one sentence, θ₀ = 0.1: [∫₀.₁¹ (1−θ) dθ / 0.9] / 0.9 = 0.5', () => {
    expect(betaBinomialBayesFactor({ k: 0, n: 1, p0: 0.1 })).toBeCloseTo(0.5, 10);
  });
  it('3 of 10 at θ₀ = 0.05 and a fractional case with a Beta(2, 8) prior (mpmath)', () => {
    expect(betaBinomialBayesFactor({ k: 3, n: 10, p0: 0.05 })).toBeCloseTo(9.12121212121212, 9);
    expect(betaBinomialBayesFactor({ k: 2.5, n: 6.2, p0: 0.2, a: 2, b: 8 })).toBeCloseTo(1.54954186701016, 9);
  });
});

describe('effective N', () => {
  it('lag-1 autocorrelation of 1,1,0,0 is 0.25 (Σ d_t d_{t+1} = .25 − .25 + .25; Σ d² = 1)', () => {
    expect(lag1Autocorrelation([1, 1, 0, 0])).toBeCloseTo(0.25, 12);
    expect(effectiveSampleSize([1, 1, 0, 0])).toBeCloseTo((4 * 0.75) / 1.25, 12); // 2.4
  });
  it('negative autocorrelation is not credited; constant and short series give n', () => {
    expect(lag1Autocorrelation([1, 0, 1, 0])).toBeCloseTo(-0.75, 12);
    expect(effectiveSampleSize([1, 0, 1, 0])).toBe(4);
    expect(effectiveSampleSize([0, 0, 0, 0, 0])).toBe(5);
    expect(effectiveSampleSize([1, 0])).toBe(2);
  });
});

describe('correlation', () => {
  it('pearson by hand: x = 1,2,3, y = 1,3,2 → r = 0.5', () => {
    expect(pearson([1, 2, 3], [1, 3, 2])).toBeCloseTo(0.5, 12);
    expect(pearson([1, 1, 1], [1, 2, 3])).toBe(0);
  });
  it('JZS Bayes factor (Wetzels & Wagenmakers 2012) against mpmath quadrature', () => {
    expect(jzsCorrelationBayesFactor(0, 14)).toBeCloseTo(0.200476201841175, 8);
    expect(jzsCorrelationBayesFactor(0.5, 14)).toBeCloseTo(1.05227948300330, 8);
    expect(jzsCorrelationBayesFactor(-0.8, 14)).toBeCloseTo(67.4485186202638, 6);
    expect(jzsCorrelationBayesFactor(0.3, 50)).toBeCloseTo(1.02511462900616, 8);
  });
  it('posterior from BF and prior: BF 3 at π = 0.5 → 0.75; BF 1 leaves the prior', () => {
    expect(posteriorProbability(3, 0.5)).toBeCloseTo(0.75, 12);
    expect(posteriorProbability(1, 0.2)).toBeCloseTo(0.2, 12);
  });
});

describe('isotonic calibration', () => {
  it('pools adjacent violators: y = 0,1,0,1 at x = 1..4 → blocks (1:0), (2.5:0.5), (4:1)', () => {
    const cal = isotonicFit([1, 2, 3, 4], [0, 1, 0, 1]);
    expect(cal.x).toEqual([1, 2.5, 4]);
    expect(cal.y).toEqual([0, 0.5, 1]);
    expect(applyCalibration(cal, 0)).toBe(0);
    expect(applyCalibration(cal, 1.75)).toBeCloseTo(0.25, 12);
    expect(applyCalibration(cal, 9)).toBe(1);
  });
});
