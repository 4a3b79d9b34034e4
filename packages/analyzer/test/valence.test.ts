import { describe, expect, it } from 'vitest';
import { AffectModel, lexicalValence } from '../src/index.ts';
import { MODEL_TABLE } from '../src/model/index.ts';
import { vaderScores } from '../src/vader.ts';
import { fitLexicon, weightedLeastSquares, type LexSample } from '../scripts/valence.ts';
import { embeddingPrior, extendVaderValence, ridgeRegression, type Embeddings } from '../scripts/embedding.ts';

describe('lexical valence ℓ = h₀ + h₁·c + h₂·(pos − neg) + Σδ / √|W|', () => {
  it('matches hand-computed values', () => {
    // 0.1 + 0.5·0.4 + 0.2·(−0.5) + (0.3 + 0.6)/√9 = 0.1 + 0.2 − 0.1 + 0.3 = 0.5
    expect(lexicalValence([0.1, 0.5, 0.2], 0.4, -0.5, 0.9, 9)).toBeCloseTo(0.5, 12);
    // no cue words: the head only
    expect(lexicalValence([0.1, 0.5, 0.2], 0.4, -0.5, 0, 0)).toBeCloseTo(0.2, 12);
  });

  it('page valence = tanh(α + Σ γ_j · mean_s f_js) with a hand-made table', () => {
    const table = {
      ...MODEL_TABLE,
      valenceLexicon: { head: [0, 0, 0], vocab: ['crisis', 'rescue'], delta: [-0.6, 0.4] },
      valence: { features: ['lexical'], coefficients: [2], intercept: 0.1, scale: 1 },
    };
    const m = new AffectModel(table);
    // "Crisis deepens." → cue words {crisis, deepens}: ℓ = −0.6/√2; "Rescue teams arrive." → {rescue, teams, arrive}: ℓ = 0.4/√3
    const l1 = -0.6 / Math.SQRT2;
    const l2 = 0.4 / Math.sqrt(3);
    const page = m.evidence(undefined, 'Crisis deepens. Rescue teams arrive.');
    expect(page.sentences.map((s) => s.lexical)).toEqual([expect.closeTo(l1, 12), expect.closeTo(l2, 12)]);
    expect(page.features.lexical).toBeCloseTo((l1 + l2) / 2, 12);
    expect(m.valence(page.features)).toBeCloseTo(Math.tanh(0.1 + 2 * ((l1 + l2) / 2)), 12);
  });

  it('extended word valence: sentence mean over the words that have one, and min(0, min ṽ_w)', () => {
    const table = {
      ...MODEL_TABLE,
      wordValence: { vocab: ['bombing', 'calm', 'victims'], value: [-0.5, 0.3, -0.2] },
      valence: { features: ['wordValence', 'wordValenceMin'], coefficients: [1, 2], intercept: 0, scale: 1 },
    };
    const m = new AffectModel(table);
    // "The bombing left victims." → {bombing, victims} known: mean (−0.5 − 0.2)/2 = −0.35, min −0.5;
    // "All calm now." → {calm}: mean 0.3, min(0, 0.3) = 0; "Nothing here." → no known word: 0 and 0.
    const page = m.evidence(undefined, 'The bombing left victims. All calm now. Nothing here.');
    expect(page.sentences.map((s) => s.wordValence)).toEqual([expect.closeTo(-0.35, 12), expect.closeTo(0.3, 12), 0]);
    expect(page.sentences.map((s) => s.wordValenceMin)).toEqual([-0.5, 0, 0]);
    expect(page.features.wordValence).toBeCloseTo((-0.35 + 0.3) / 3, 12);
    expect(page.features.wordValenceMin).toBeCloseTo(-0.5 / 3, 12);
    expect(m.valence(page.features)).toBeCloseTo(Math.tanh(-0.05 / 3 - 1 / 3), 12);
    // a negated word is no cue word, so it has no say ("not calm": VADER carries the flip)
    expect(m.sentence('They were not calm.').wordValence).toBe(0);
  });

  it('the committed head uses VADER as documented', () => {
    const m = new AffectModel(MODEL_TABLE);
    const text = 'The plan is a good one.';
    const v = vaderScores(text);
    const [h0, h1, h2] = MODEL_TABLE.valenceLexicon.head as [number, number, number];
    const words = ['the', 'plan', 'is', 'a', 'good', 'one'];
    const index = new Map(MODEL_TABLE.valenceLexicon.vocab.map((w, i) => [w, MODEL_TABLE.valenceLexicon.delta[i]!]));
    const deltaSum = words.reduce((a, w) => a + (index.get(w) ?? 0), 0);
    const expected = h0 + h1 * v.compound + h2 * (v.pos - v.neg) + deltaSum / Math.sqrt(words.length);
    expect(m.sentence(text).lexical).toBeCloseTo(expected, 12);
  });
});

describe('training helpers', () => {
  it('weighted least squares recovers an exact line', () => {
    // y = 1 + 2x on three points, any positive weights
    const beta = weightedLeastSquares([[0], [1], [2]], [1, 3, 5], [1, 2, 3]);
    expect(beta[0]).toBeCloseTo(1, 10);
    expect(beta[1]).toBeCloseTo(2, 10);
  });

  it('fitLexicon solves the ridge normal equations (one word, worked by hand)', () => {
    // One source (ω = 1), columns a (intercept), b (compound), d (pos − neg, all 0 here) and δ_w. Sentences:
    // (c = 1, y = 1), (c = −1, y = −1), and the single word "w" (|W| = 1, c = 0, y = 1).
    const samples: LexSample[] = [
      { source: 0, words: [], compound: 1, posMinusNeg: 0, y: 1 },
      { source: 0, words: [], compound: -1, posMinusNeg: 0, y: -1 },
      { source: 0, words: ['w'], compound: 0, posMinusNeg: 0, y: 1 },
    ];
    const lambda = 1;
    const fit = fitLexicon(samples, [1], lambda, 1);
    // Normal equations, λ = 1:  3a + δ = 1;  2b = 2;  a + (1 + λ)δ = 1  →  a = 1/5, b = 1, δ = 2/5.
    expect(fit.heads[0]![0]).toBeCloseTo(0.2, 8);
    expect(fit.heads[0]![1]).toBeCloseTo(1, 8);
    expect(fit.vocab).toEqual(['w']);
    expect(fit.delta[0]).toBeCloseTo(0.4, 8);
  });

  it('fitLexicon with a prior shrinks δ toward m_w (one word, worked by hand)', () => {
    // Same data as above, prior m_w = 1 for "w" and m_u = 0.5 for the unseen "u"; penalty λ (δ − m)², λ = 1.
    // Normal equations: 3a + δ = 1;  2b = 2;  a + δ + λ(δ − 1) = 1  →  a + 2δ = 2  →  δ = 1, a = 0.
    const samples: LexSample[] = [
      { source: 0, words: [], compound: 1, posMinusNeg: 0, y: 1 },
      { source: 0, words: [], compound: -1, posMinusNeg: 0, y: -1 },
      { source: 0, words: ['w'], compound: 0, posMinusNeg: 0, y: 1 },
    ];
    const fit = fitLexicon(samples, [1], 1, 1, 2000, new Map([['w', 1], ['u', 0.5]]));
    expect(fit.heads[0]![0]).toBeCloseTo(0, 8);
    expect(fit.heads[0]![1]).toBeCloseTo(1, 8);
    expect(fit.vocab).toEqual(['w']);
    expect(fit.delta[0]).toBeCloseTo(1, 8);
    // evidence h_w = Σ ω / |W| = 1
    expect(fit.evidence[0]).toBeCloseTo(1, 12);
    // Two words in one sentence (|W| = 2): "u" has a prior, seen once (< minCount 2): it shifts the target by
    // m_u/√2 and gets no fitted δ. Only the head is fitted: a = mean(y − offset) = (0 + 0 + (1 − 0.5/√2))/3.
    const two = fitLexicon([...samples.slice(0, 2), { source: 0, words: ['u', 'v'], compound: 0, posMinusNeg: 0, y: 1 }], [1], 1, 2, 2000, new Map([['u', 0.5]]));
    expect(two.vocab).toEqual([]);
    expect(two.heads[0]![0]).toBeCloseTo((1 - 0.5 / Math.SQRT2) / 3, 8);
  });

  it('ridgeRegression: weighted, intercept unpenalised (worked by hand)', () => {
    // x = (−1, 0, 1), y = (−1, 0, 3), w = 1, α = 1: centred design (x̄ = 0), so b₀ = ȳ = 2/3 and
    // b = Σ x y / (Σ x² + α) = 4 / 3.
    const beta = ridgeRegression([[-1], [0], [1]], [-1, 0, 3], [1, 1, 1], 1);
    expect(beta[0]).toBeCloseTo(2 / 3, 10);
    expect(beta[1]).toBeCloseTo(4 / 3, 10);
    // weights: w = (1, 1, 0) drops the last point; α = 0: the line through (−1, −1), (0, 0): b₀ = 0, b = 1
    const w = ridgeRegression([[-1], [0], [1]], [-1, 0, 3], [1, 1, 0], 0);
    expect(w[0]).toBeCloseTo(0, 10);
    expect(w[1]).toBeCloseTo(1, 10);
  });

  it('extendVaderValence: ridge on unit vectors to v/4, the most frequent words skipped, centred on the median', () => {
    // 2-d vectors; the first word is skipped. VADER rates a (+2 → 0.5, e = (1, 0)) and b (−2 → −0.5, e = (−3, 0),
    // unit (−1, 0)); α ≈ 0: v̂ = 0.5·x₁ (c₀ = 0). Kept words a, b, c (unit (0, 1): v̂ = 0, the second coordinate
    // is 0 on the rated words, so its coefficient is 0): v̂ = (0.5, −0.5, 0), median 0.
    const emb: Embeddings = {
      words: ['the', 'a', 'b', 'c'],
      dim: 2,
      vectors: Float64Array.from([1, 1, 1, 0, -3, 0, 0, 2]),
      index: new Map([['the', 0], ['a', 1], ['b', 2], ['c', 3]]),
    };
    const vader = (w: string): number | undefined => ({ a: 2, b: -2 })[w];
    const ext = extendVaderValence(emb, { alpha: 1e-9, skip: 1, vader });
    expect(ext.trained).toBe(2);
    expect(ext.words).toEqual(['a', 'b', 'c']);
    expect(ext.values).toEqual([expect.closeTo(0.5, 6), expect.closeTo(-0.5, 6), expect.closeTo(0, 6)]);
    // α = 1 shrinks the slope: c₁ = Σ x y / (Σ x² + α) = (0.5 + 0.5) / (2 + 1) = 1/3 (x̄ = 0, ȳ = 0); median still 0
    const shrunk = extendVaderValence(emb, { alpha: 1, skip: 1, vader });
    expect(shrunk.values).toEqual([expect.closeTo(1 / 3, 6), expect.closeTo(-1 / 3, 6), expect.closeTo(0, 6)]);
  });

  it('embeddingPrior: m_w = c₀ + c·e_w + c_v·v_w/4, weights r_w = h_w/(h_w + λ)', () => {
    // 1-d embeddings; words a, b with δ = (−1, 1) at e = (−1, 1), not in VADER; equal evidence; α = 0:
    // exact fit m = e (c₀ = 0, c = 1) — the VADER column is all 0 on the fitted words, so only α > 0 keeps it
    // solvable: use α = 1e-9 (negligible). Predicted for c (e = 0.5): 0.5.
    const emb: Embeddings = { words: ['a', 'b', 'c'], dim: 1, vectors: Float64Array.from([-1, 1, 0.5]), index: new Map([['a', 0], ['b', 1], ['c', 2]]) };
    const { prior } = embeddingPrior(emb, { vocab: ['a', 'b'], delta: [-1, 1], evidence: [3, 3] }, { alpha: 1e-9, lambda: 10, vader: () => undefined });
    expect(prior[0]).toBeCloseTo(-1, 6);
    expect(prior[1]).toBeCloseTo(1, 6);
    expect(prior[2]).toBeCloseTo(0.5, 6);
  });
});
