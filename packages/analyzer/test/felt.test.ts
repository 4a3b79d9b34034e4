import { describe, expect, it } from 'vitest';
import { analyze, floorShares, leanVerdict, patternStrength, polarity, sentenceIntensity, verdictOf, type VerdictModel } from '../src/index.ts';
import { labelledVerdict, macroF1 } from '../scripts/felt.ts';

const m = { deadZone: 0.1, positiveDeadZone: 0.1, expressedWeight: 0.7, residual: 0 };

describe('reader-felt intensity (hand-worked)', () => {
  it('polarity: the dead zone is neither negative nor positive, the rest is rescaled to 0..1', () => {
    expect(polarity(0.05, 0.1)).toEqual({ negative: 0, positive: 0 });
    // (0.55 − 0.1) / 0.9 = 0.5
    expect(polarity(-0.55, 0.1).negative).toBeCloseTo(0.5, 12);
    expect(polarity(1, 0.1).positive).toBeCloseTo(1, 12);
  });

  it('polarity: the positive side has its own dead zone', () => {
    // negative (0.05 − 0.05)/0.95 = 0; positive with no dead zone: 0.05 / 1
    expect(polarity(-0.05, 0.05, 0)).toEqual({ negative: 0, positive: 0 });
    expect(polarity(0.05, 0.05, 0).positive).toBeCloseTo(0.05, 12);
    // (0.525 − 0.05)/0.95 = 0.5
    expect(polarity(-0.525, 0.05, 0).negative).toBeCloseTo(0.5, 12);
  });

  it('floor shares: each mal category gets (p / strongest mal p)^exponent, pro categories 1', () => {
    // mal p = 0.4, 0.1, 0 and a pro 0.9: shares √(0.4/0.4) = 1, √(0.1/0.4) = 0.5, 0, 1
    expect([...floorShares([0.4, 0.1, 0, 0.9], [true, true, true, false], 0.5)]).toEqual([1, 0.5, 0, 1]);
    // no mal evidence at all: every mal category keeps the whole floor
    expect([...floorShares([0, 0], [true, true], 0.5)]).toEqual([1, 1]);
  });

  it('the residual keeps weak expressed evidence below the neutral reference in order', () => {
    // e = max(0, (0.15 − 0.2)/0.8) + 0.03·0.15 = 0.0045; I = 0.7·0.0045 = 0.00315
    const r = { ...m, residual: 0.03 };
    const input = { gate: 'none' as const, valence: 0, probability: 0.15, neutralReference: 0.2, topic: 0, topicFloor: 0, floorShare: 1 };
    expect(sentenceIntensity(r, input)).toBeCloseTo(0.00315, 12);
    expect(sentenceIntensity(r, { ...input, probability: 0.05 })).toBeLessThan(sentenceIntensity(r, input));
  });

  it('a mal category: expressed evidence above the neutral reference plus the gated felt part', () => {
    // valence −0.55 → negative 0.5, positive 0; e = (0.4 − 0.2)/(1 − 0.2) = 0.25;
    // I = 0.7·0.25·(1 − 0) + 0.5·(0.4 + 0.6·0.5) = 0.175 + 0.35 = 0.525
    const i = sentenceIntensity(m, { gate: 'negative', valence: -0.55, probability: 0.4, neutralReference: 0.2, topic: 0.5, topicFloor: 0.4, floorShare: 1 });
    expect(i).toBeCloseTo(0.525, 12);
    // with a floor share of 0.5: 0.175 + 0.5·(0.4·0.5 + 0.6·0.5) = 0.175 + 0.25 = 0.425
    expect(sentenceIntensity(m, { gate: 'negative', valence: -0.55, probability: 0.4, neutralReference: 0.2, topic: 0.5, topicFloor: 0.4, floorShare: 0.5 })).toBeCloseTo(0.425, 12);
  });

  it('coherence: a strongly positive sentence carries no mal evidence, a strongly negative one no pro evidence', () => {
    expect(sentenceIntensity(m, { gate: 'negative', valence: 1, probability: 0.9, neutralReference: 0.1, topic: 1, topicFloor: 0.4, floorShare: 1 })).toBe(0);
    expect(sentenceIntensity(m, { gate: 'positive', valence: -1, probability: 0.9, neutralReference: 0.1, topic: 1, topicFloor: 0.1, floorShare: 1 })).toBe(0);
  });

  it('0 means none: a neutral sentence at the neutral reference and without a topic word scores 0', () => {
    expect(sentenceIntensity(m, { gate: 'negative', valence: 0.02, probability: 0.15, neutralReference: 0.2, topic: 0, topicFloor: 0.4, floorShare: 1 })).toBe(0);
  });

  it('ungated categories (curiosity, awe, compassion, hope, calm) count only expressed evidence, damped by negativity', () => {
    // negative (0.55) = 0.5; e = (0.6 − 0.2)/0.8 = 0.5; I = 0.7·0.5·(1 − 0.5) = 0.175
    expect(sentenceIntensity(m, { gate: 'none', valence: -0.55, probability: 0.6, neutralReference: 0.2, topic: 1, topicFloor: 0.1, floorShare: 1 })).toBeCloseTo(0.175, 12);
  });

  it('is capped at 1', () => {
    expect(sentenceIntensity(m, { gate: 'negative', valence: -1, probability: 1, neutralReference: 0, topic: 1, topicFloor: 0.4, floorShare: 1 })).toBe(1);
  });
});

describe('verdict (hand-worked)', () => {
  const flat = { x: [0, 1], y: [0.5, 0.9] };
  const model: VerdictModel = { valence: 0.2, drainingValence: 0.2, balance: 0, strength: 10, mixed: 15, confidence: { uplifting: flat, neutral: { x: [-1, 0], y: [0.2, 0.8] }, mixed: flat, draining: flat } };
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

  it('leans uplifting and draining at their own thresholds (hand-worked)', () => {
    const own = { ...model, valence: 0.075, drainingValence: 0.125, balance: 0.25 };
    // lean = 0.036 + 0.25·(22.65 − 6.22)/100 = 0.0770750 ≥ 0.075, joy 22.65 ≥ strength 10
    expect(verdictOf(own, 0.036, s(6.22, 0, 22.65, 0)).verdict).toBe('uplifting');
    // lean = −0.08 + 0.25·(0 − 12)/100 = −0.11: past −0.075 but not −0.125, so neutral (one threshold of 0.075 would drain)
    expect(verdictOf(own, -0.08, s(12, 0, 0, 0)).verdict).toBe('neutral');
    expect(verdictOf({ ...own, drainingValence: 0.075 }, -0.08, s(12, 0, 0, 0)).verdict).toBe('draining');
    // lean = −0.1 + 0.25·(0 − 12)/100 = −0.13 ≤ −0.125
    expect(verdictOf(own, -0.1, s(12, 0, 0, 0))).toMatchObject({ verdict: 'draining', drivers: ['anger'] });
    // lean = 0.05 + 0.25·(18 − 20)/100 = 0.045: reaches neither threshold, both sides ≥ mixed 15
    expect(verdictOf(own, 0.05, s(20, 0, 18, 0)).verdict).toBe('mixed');
    // lean = 0.07 + 0.25·(24 − 20)/100 = 0.08 ≥ 0.075: the page leans, so not mixed
    expect(verdictOf(own, 0.07, s(20, 0, 24, 0)).verdict).toBe('uplifting');
    // The same rule on the lean and the two strongest scores directly.
    expect(leanVerdict(own, 0.075, 10, 0)).toBe('uplifting');
    expect(leanVerdict(own, 0.0749, 10, 0)).toBe('neutral');
    expect(leanVerdict(own, -0.125, 0, 10)).toBe('draining');
    expect(leanVerdict(own, -0.1249, 0, 10)).toBe('neutral');
    expect(leanVerdict(own, 0.2, 9.99, 0)).toBe('neutral');
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
  // A kindness story without a disaster, told mostly in neutral narration (like the demo seed's stories).
  const busDriver = {
    title: 'The bus driver who learned sign language for one passenger',
    text: 'Every weekday a young deaf woman boards the number 9 bus on her way to work. One morning the driver greeted her with a careful "good morning" in sign language, and her face lit up. He had been taking evening classes and practising during his lunch breaks. "I just wanted her to feel welcome," he said. Other passengers started learning a few signs too, and a group of schoolchildren proudly signs "thank you" to her every time they get off. "Now I feel like part of a little family," she wrote. The bus company has since offered free sign language lessons to all its drivers. "It costs so little," he said, smiling. "And it means so much."',
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

  it('a kindness story told in plain narration is uplifting, driven by pro categories', () => {
    const r = analyze(busDriver);
    // Its page valence is small (most sentences are neutral narration); the uplifting threshold is fitted apart
    // from the draining one (README "Verdict").
    expect(r.valence).toBeGreaterThan(0);
    expect(r.valence).toBeLessThan(0.1);
    expect(r.verdict).toBe('uplifting');
    expect(r.drivers.length).toBeGreaterThan(0);
    expect(r.drivers.every((d) => ['gratitude', 'hope', 'compassion', 'joy', 'calm', 'awe'].includes(d))).toBe(true);
  });

  it('a page matching the reader’s sensitivities is a stronger pattern than for a reader it does not match', () => {
    const fearful = analyze({ ...war, profile: { sensitivities: { fear: 1, sadness: 1, anger: 1, joy: 0, hope: 0 } } });
    const unmoved = analyze({ ...war, profile: { sensitivities: { fear: 0, sadness: 0, anger: 0, outrage: 0, anxiety: 0, disgust: 0, envy: 0, joy: 1, hope: 1, calm: 1 } } });
    expect(fearful.classificationAnalysis.correlationCoefficient).toBeGreaterThan(unmoved.classificationAnalysis.correlationCoefficient + 0.3);
  });
});
