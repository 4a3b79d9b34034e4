import { describe, expect, it } from 'vitest';
import { analyze, patternStrength, polarity, sentenceIntensity, verdictOf, type VerdictModel } from '../src/index.ts';
import { labelledVerdict, macroF1 } from '../scripts/felt.ts';

const m = { deadZone: 0.1, expressedWeight: 0.7 };

describe('reader-felt intensity (hand-worked)', () => {
  it('polarity: the dead zone is neither negative nor positive, the rest is rescaled to 0..1', () => {
    expect(polarity(0.05, 0.1)).toEqual({ negative: 0, positive: 0 });
    // (0.55 − 0.1) / 0.9 = 0.5
    expect(polarity(-0.55, 0.1).negative).toBeCloseTo(0.5, 12);
    expect(polarity(1, 0.1).positive).toBeCloseTo(1, 12);
  });

  it('a mal category: expressed evidence above the neutral reference plus the gated felt part', () => {
    // valence −0.55 → negative 0.5, positive 0; e = (0.4 − 0.2)/(1 − 0.2) = 0.25;
    // I = 0.7·0.25·(1 − 0) + 0.5·(0.4 + 0.6·0.5) = 0.175 + 0.35 = 0.525
    const i = sentenceIntensity(m, { gate: 'negative', valence: -0.55, probability: 0.4, neutralReference: 0.2, topic: 0.5, topicFloor: 0.4 });
    expect(i).toBeCloseTo(0.525, 12);
  });

  it('coherence: a strongly positive sentence carries no mal evidence, a strongly negative one no pro evidence', () => {
    expect(sentenceIntensity(m, { gate: 'negative', valence: 1, probability: 0.9, neutralReference: 0.1, topic: 1, topicFloor: 0.4 })).toBe(0);
    expect(sentenceIntensity(m, { gate: 'positive', valence: -1, probability: 0.9, neutralReference: 0.1, topic: 1, topicFloor: 0.1 })).toBe(0);
  });

  it('0 means none: a neutral sentence at the neutral reference and without a topic word scores 0', () => {
    expect(sentenceIntensity(m, { gate: 'negative', valence: 0.02, probability: 0.15, neutralReference: 0.2, topic: 0, topicFloor: 0.4 })).toBe(0);
  });

  it('ungated categories (curiosity, awe) count only expressed evidence, damped by negativity', () => {
    // negative (0.55) = 0.5; e = (0.6 − 0.2)/0.8 = 0.5; I = 0.7·0.5·(1 − 0.5) = 0.175
    expect(sentenceIntensity(m, { gate: 'none', valence: -0.55, probability: 0.6, neutralReference: 0.2, topic: 1, topicFloor: 0.1 })).toBeCloseTo(0.175, 12);
  });

  it('is capped at 1', () => {
    expect(sentenceIntensity(m, { gate: 'negative', valence: -1, probability: 1, neutralReference: 0, topic: 1, topicFloor: 0.4 })).toBe(1);
  });
});

describe('verdict (hand-worked)', () => {
  const flat = { x: [0, 1], y: [0.5, 0.9] };
  const model: VerdictModel = { valence: 0.2, balance: 0, strength: 10, mixed: 15, confidence: { uplifting: flat, neutral: { x: [-1, 0], y: [0.2, 0.8] }, mixed: flat, draining: flat } };
  const s = (anger: number, fear: number, joy: number, hope: number) => [
    { id: 'anger' as const, classification: 'mal' as const, score: anger },
    { id: 'fear' as const, classification: 'mal' as const, score: fear },
    { id: 'joy' as const, classification: 'pro' as const, score: joy },
    { id: 'hope' as const, classification: 'pro' as const, score: hope },
  ];

  it('draining with its two strongest mal categories when the second is at least half the first', () => {
    const v = verdictOf(model, -0.5, s(30, 16, 2, 0));
    expect(v.verdict).toBe('draining');
    expect(v.drivers).toEqual(['anger', 'fear']);
    // |valence| 0.5 on the map (0, 0.5)–(1, 0.9): 0.5 + 0.5·0.4 = 0.7
    expect(v.confidence).toBeCloseTo(0.7, 12);
  });

  it('uplifting with one driver when the second is under half the first', () => {
    expect(verdictOf(model, 0.6, s(0, 0, 40, 10))).toMatchObject({ verdict: 'uplifting', drivers: ['joy'] });
  });

  it('mixed when the valence does not lean and both sides reach the mixed score', () => {
    expect(verdictOf(model, 0.1, s(20, 0, 18, 0))).toMatchObject({ verdict: 'mixed', drivers: ['anger', 'joy'] });
  });

  it('neutral when the valence leans but nothing is felt strongly enough; confidence falls with |valence|', () => {
    const v = verdictOf(model, -0.3, s(5, 0, 0, 0));
    expect(v).toMatchObject({ verdict: 'neutral', drivers: [] });
    // x = −0.3 on (−1, 0.2)–(0, 0.8): 0.8 − 0.3·0.6 = 0.62
    expect(v.confidence).toBeCloseTo(0.62, 12);
  });

  it('the category balance leans a page whose valence does not', () => {
    // lean = 0.05 + 2·(30 − 4)/100 = 0.57 ≥ 0.2
    expect(verdictOf({ ...model, balance: 2 }, 0.05, s(4, 0, 30, 0)).verdict).toBe('uplifting');
    expect(verdictOf(model, 0.05, s(4, 0, 30, 0)).verdict).toBe('neutral');
  });

  it('training labels and macro-F1', () => {
    expect(labelledVerdict(['joy', 'sadness'])).toBe('mixed');
    expect(labelledVerdict(['curiosity'])).toBe('neutral');
    expect(labelledVerdict(['grief'])).toBe('draining');
    // uplifting F1 1, draining F1 2/3 (1 tp, 1 fn), neutral F1 2/3 (1 tp, 1 fp); mixed occurs nowhere → (7/3)/3
    expect(macroF1(['uplifting', 'draining', 'draining', 'neutral'], ['uplifting', 'draining', 'neutral', 'neutral'])).toBeCloseTo((1 + 2 / 3 + 2 / 3) / 3, 12);
    // predicted mixed that never occurs counts as a class with F1 0
    expect(macroF1(['uplifting', 'neutral'], ['uplifting', 'mixed'])).toBeCloseTo((1 + 0 + 0) / 3, 12);
  });
});

describe('pattern strength (hand-worked)', () => {
  it('r⁺ · I / (I + 5)', () => {
    expect(patternStrength(0.8, 15)).toBeCloseTo(0.6, 12);
    expect(patternStrength(-0.9, 30)).toBe(0);
    expect(patternStrength(0.9, 0)).toBe(0);
  });
});

describe('pages a reader would agree with', () => {
  const recipe = {
    title: 'Roasted tomato soup',
    text: 'Halve the tomatoes and roast them with garlic and olive oil for forty minutes. Blend with stock, season with salt and pepper, and serve with bread. The soup keeps for three days in the fridge.',
  };
  const war = {
    title: 'Shelling kills dozens in besieged city',
    text: 'Artillery fire struck a crowded market on Tuesday, killing at least 40 civilians and wounding hundreds, officials said. Hospitals are overwhelmed and families are searching the rubble for missing relatives. Aid groups warned of a humanitarian catastrophe as food and water run out.',
  };
  const kindness = {
    title: 'Neighbours rebuild a widow’s home after the flood',
    text: 'When the river destroyed her house, volunteers from across the town spent their weekends rebuilding it. Local shops donated materials and children painted a mural on the new fence. She said she was grateful beyond words and hopeful again.',
  };
  const strongest = (r: ReturnType<typeof analyze>, c: 'pro' | 'mal') =>
    Math.max(...Object.values(r.categoryScores).filter((s) => s.Classification === c).map((s) => s.BaseScore));

  it('a recipe feels of nothing much: neutral, every category near 0', () => {
    const r = analyze(recipe);
    expect(r.verdict).toBe('neutral');
    expect(strongest(r, 'mal')).toBeLessThan(4);
    expect(r.classificationAnalysis.correlationCoefficient).toBeLessThan(0.4);
  });

  it('a war report is draining, led by mal categories, and a strong pattern for the population reader', () => {
    const r = analyze(war);
    expect(r.verdict).toBe('draining');
    expect(strongest(r, 'mal')).toBeGreaterThan(3 * strongest(r, 'pro'));
    expect(['fear', 'sadness', 'anger', 'outrage', 'anxiety', 'disgust']).toContain(r.drivers[0]);
    expect(r.classificationAnalysis.correlationCoefficient).toBeGreaterThanOrEqual(0.6);
  });

  it('a kindness story after a flood is led by pro categories and never called draining', () => {
    const r = analyze(kindness);
    expect(r.verdict).not.toBe('draining');
    expect(r.drivers.every((d) => ['gratitude', 'hope', 'compassion', 'joy', 'calm', 'awe', 'curiosity'].includes(d))).toBe(true);
    expect(strongest(r, 'pro')).toBeGreaterThan(strongest(r, 'mal'));
  });

  it('a page matching the reader’s sensitivities is a stronger pattern than for a reader it does not match', () => {
    const fearful = analyze({ ...war, profile: { sensitivities: { fear: 1, sadness: 1, anger: 1, joy: 0, hope: 0 } } });
    const unmoved = analyze({ ...war, profile: { sensitivities: { fear: 0, sadness: 0, anger: 0, outrage: 0, anxiety: 0, disgust: 0, envy: 0, joy: 1, hope: 1, calm: 1 } } });
    expect(fearful.classificationAnalysis.correlationCoefficient).toBeGreaterThan(unmoved.classificationAnalysis.correlationCoefficient + 0.3);
  });
});
