import { describe, expect, it } from 'vitest';
import { AffectModel } from '../src/index.ts';
import { MODEL_TABLE } from '../src/model/index.ts';
import { composedVaderScores, eventRating, EVENT_DEAD_ZONE, REVERSAL_FACTOR, REVERSAL_SCOPE, REVERSERS, reverseScope } from '../src/composition.ts';
import { scopedCueWords } from '../src/text.ts';
import { N_SCALAR, vaderLexiconValence, vaderScores } from '../src/vader.ts';

describe('reversal scope', () => {
  it('uses VADER’s negation scalar over four words', () => {
    expect(REVERSAL_FACTOR).toBe(N_SCALAR);
    expect(REVERSAL_SCOPE).toBe(4);
    for (const w of ['halts', 'ended', 'survived', 'prevention', 'relief', 'cut', 'fought']) expect(REVERSERS.has(w)).toBe(true);
  });

  it('multiplies negative valences after a reverser by −0.74, once, within the scope only', () => {
    // "rights group halts violent strikes": violent −2.9 → 2.146, strikes −1.5 → 1.11
    const got = reverseScope(['rights', 'group', 'halts', 'violent', 'strikes'], [0, 0, 0, -2.9, -1.5]);
    expect(got).toEqual([0, 0, 0, expect.closeTo(2.146, 12), expect.closeTo(1.11, 12)]);
    // the fourth word after the reverser is in scope, the fifth is not
    expect(reverseScope(['halt', 'a', 'b', 'c', 'd', 'war'], [0, 0, 0, 0, -1, -2.9])).toEqual([0, 0, 0, 0, expect.closeTo(0.74, 12), -2.9]);
    // positive words keep their sign; two reversers flip once
    expect(reverseScope(['ended', 'peace', 'war'], [0, 2.5, -2.9])).toEqual([0, 2.5, expect.closeTo(2.146, 12)]);
    expect(reverseScope(['stop', 'ending', 'war'], [0, 0, -2.9])).toEqual([0, 0, expect.closeTo(2.146, 12)]);
  });

  it('turns VADER’s compound of "Miners survive collapse" positive (hand-computed)', () => {
    expect(vaderLexiconValence('collapse')).toBe(-2.2);
    const plain = vaderScores('Miners survive collapse');
    expect(plain.compound).toBeCloseTo(-2.2 / Math.sqrt(2.2 ** 2 + 15), 12);
    const s = composedVaderScores('Miners survive collapse');
    // collapse: −2.2 · −0.74 = 1.628; compound = x/√(x² + 15); pos = (1.628 + 1)/(1.628 + 1 + 2 neutral tokens)
    expect(s.compound).toBeCloseTo(1.628 / Math.sqrt(1.628 ** 2 + 15), 12);
    expect(s.pos).toBeCloseTo(2.628 / 4.628, 12);
    expect(s.neg).toBe(0);
  });

  it('marks the cue words in a reversal scope', () => {
    expect(scopedCueWords('Rights group halts violent strikes', REVERSERS, REVERSAL_SCOPE)).toEqual({
      words: ['rights', 'group', 'halts', 'violent', 'strikes'],
      reversed: [false, false, false, true, true],
    });
    // without reversers it is cueWords
    expect(scopedCueWords("I don't love this cruel world")).toEqual({ words: ['i', 'world'], reversed: [false, false] });
  });
});

describe('event words rated from the extended word valence', () => {
  it('rates words below the dead zone 4·(ṽ + 0.3), others not at all', () => {
    expect(EVENT_DEAD_ZONE).toBe(0.3);
    expect(eventRating(-0.55)).toBeCloseTo(-1, 12);
    expect(eventRating(-0.3)).toBeUndefined();
    expect(eventRating(0.6)).toBeUndefined();
    expect(eventRating(undefined)).toBeUndefined();
  });

  it('feeds them through VADER’s rules (hand-computed)', () => {
    const ext = new Map([['bombing', -0.55]]);
    expect(vaderLexiconValence('bombing')).toBeUndefined();
    expect(composedVaderScores('The bombing').compound).toBe(0);
    // bombing −1: compound −1/√(1 + 15) = −0.25; neg = (1 + 1)/(2 + 1 neutral token)
    const s = composedVaderScores('The bombing', ext);
    expect(s.compound).toBeCloseTo(-0.25, 12);
    expect(s.neg).toBeCloseTo(2 / 3, 12);
    // negation two words back (×−0.74) and the reversal scope (×−0.74) both apply
    expect(composedVaderScores('not the bombing', ext).compound).toBeCloseTo(0.74 / Math.sqrt(0.74 ** 2 + 15), 12);
    expect(composedVaderScores('Troops halt the bombing', ext).compound).toBeCloseTo(0.74 / Math.sqrt(0.74 ** 2 + 15), 12);
    // a word inside the dead zone gets nothing
    expect(composedVaderScores('The bombing', new Map([['bombing', -0.25]])).compound).toBe(0);
  });
});

describe('sentence features with the composition rules', () => {
  it('flips negative extended word valences in a reversal scope', () => {
    const table = {
      ...MODEL_TABLE,
      wordValence: { vocab: ['calm', 'strikes', 'violent'], value: [0.3, -0.4, -0.6] },
    };
    const m = new AffectModel(table);
    // "Police halt violent strikes": violent −0.6 → 0.444, strikes −0.4 → 0.296: mean 0.37, min(0, …) = 0
    const s = m.sentence('Police halt violent strikes.');
    expect(s.wordValence).toBeCloseTo(0.37, 12);
    expect(s.wordValenceMin).toBe(0);
    // no reverser: mean −0.5, min −0.6
    const t = m.sentence('Violent strikes go on.');
    expect(t.wordValence).toBeCloseTo(-0.5, 12);
    expect(t.wordValenceMin).toBe(-0.6);
  });
});
