import { describe, expect, it } from 'vitest';
import { encode } from 'gpt-tokenizer/encoding/o200k_base';
import { CATEGORY_IDS } from '@mediadiet/contract/categories';
import { AffectModel, analyze, MODEL_VERSION, POPULATION_SENSITIVITIES, sensitivitiesFromLikert } from '../src/index.ts';
import { SEED_CUES, SEED_WEIGHT } from '../src/cues.ts';
import { MODEL_TABLE } from '../src/model/index.ts';
import { fnv1a } from '../src/model/table.ts';


const top = (text: string): string => {
  const r = analyze({ text });
  return [...CATEGORY_IDS].sort((a, b) => r.categoryScores[b].BaseScore - r.categoryScores[a].BaseScore)[0]!;
};

describe('analyze', () => {
  it('is deterministic and returns every category with its classification', () => {
    const input = { title: 'Storm warning', text: 'A dangerous storm is coming. Residents are afraid.' };
    const a = analyze(input);
    expect(analyze(input)).toEqual(a);
    expect(Object.keys(a.categoryScores).sort()).toEqual([...CATEGORY_IDS].sort());
    expect(a.categoryScores.fear.Classification).toBe('mal');
    expect(a.categoryScores.joy.Classification).toBe('pro');
    for (const s of Object.values(a.categoryScores)) {
      expect(s.BaseScore).toBeGreaterThanOrEqual(0);
      expect(s.BaseScore).toBeLessThanOrEqual(100);
      expect(s.PosteriorProbability).toBeGreaterThanOrEqual(0);
      expect(s.PosteriorProbability).toBeLessThanOrEqual(1);
    }
  });

  it('finds the obvious category of hand-made texts', () => {
    expect(top('Thank you so much, I really appreciate your help!')).toBe('gratitude');
    expect(top('I am terrified, the gunman is still out there and I am scared.')).toBe('fear');
    const curious = analyze({ text: 'Why does the moon look bigger near the horizon? I wonder how that works.' });
    const plain = analyze({ text: 'The moon is near the horizon. It is bigger.' });
    expect(curious.categoryScores.curiosity.BaseScore).toBeGreaterThan(3 * plain.categoryScores.curiosity.BaseScore);
    expect(top('My grandmother died yesterday and I miss her so much. So sad.')).toBe('sadness');
  });

  it('gives positive valence to good news and negative to bad news', () => {
    expect(analyze({ text: 'What a wonderful, happy day. We celebrated with friends.' }).valence).toBeGreaterThan(0.2);
    expect(analyze({ text: 'The attack killed dozens of people. Families grieve a terrible loss.' }).valence).toBeLessThan(-0.2);
  });

  it('Bayes factor and effective N: cue-dense text is evidence for the category, cue-free text against it', () => {
    const dense = analyze({ text: 'Thanks so much. I am grateful. Thank you all. Thanks again for everything.' });
    expect(dense.categoryScores.gratitude.BayesFactor).toBeGreaterThan(10);
    expect(dense.categoryScores.gratitude.PosteriorProbability).toBeGreaterThan(0.9);
    // Four hits in a row: constant series, ρ₁ = 0, EffectiveN = 4
    expect(dense.categoryScores.gratitude.EffectiveN).toBe(4);
    const none = analyze({ text: 'The table is brown. The chair is brown. The floor is brown.' });
    expect(none.categoryScores.gratitude.BayesFactor).toBeLessThan(1);
  });

  it('counts tokens with the o200k_base BPE', () => {
    const text = 'I love this calm morning.';
    expect(analyze({ text }).tokens).toBe(encode(text).length);
    expect(analyze({ title: 'Morning', text }).tokens).toBe(encode(`Morning\n${text}`).length);
  });

  it('handles empty text', () => {
    const r = analyze({ text: '' });
    expect(r.valence).toBe(0);
    expect(r.tokens).toBe(0);
    expect(r.categoryScores.joy.EffectiveN).toBe(0);
    expect(r.categoryScores.joy.BayesFactor).toBe(1);
  });

  it('pattern strength follows the profile: a fear-sensitive reader correlates with a frightening page', () => {
    const text = 'Terrifying attack: the gunman killed three. People are scared and afraid to go out.';
    const fearful = analyze({ text, profile: sensitivitiesFromLikert({ fear: 5, anxiety: 5, joy: 1, calm: 1, gratitude: 1, hope: 1, curiosity: 1, compassion: 1, awe: 1, anger: 1, outrage: 1, sadness: 1, disgust: 1, envy: 1 }) });
    const carefree = analyze({ text, profile: { sensitivities: { fear: 0, anxiety: 0, joy: 1 } } });
    expect(fearful.classificationAnalysis.correlationCoefficient).toBeGreaterThan(0.5);
    expect(fearful.classificationAnalysis.correlationCoefficient).toBeGreaterThan(carefree.classificationAnalysis.correlationCoefficient);
    expect(fearful.classificationAnalysis.bayesFactor).toBeGreaterThan(1);
    expect(fearful.overallScore).toBeGreaterThan(carefree.overallScore);
  });

  it('uses the documented population default without a profile', () => {
    const text = 'A quiet walk.';
    expect(analyze({ text })).toEqual(analyze({ text, profile: { sensitivities: { ...POPULATION_SENSITIVITIES } } }));
  });
});

describe('model version', () => {
  it('is stamped on every analysis and names the table fingerprint', () => {
    expect(analyze({ text: 'hello' }).modelVersion).toBe(MODEL_VERSION);
    expect(MODEL_VERSION).toMatch(/^mediadiet-affect-\d+\.\d+\.\d+\+[0-9a-f]{8}$/);
    const { fingerprint, ...rest } = MODEL_TABLE;
    expect(fingerprint).toBe(fnv1a(JSON.stringify(rest)));
  });

  it('the committed table was trained from the current cue lexicons (else: npm run train)', () => {
    expect(MODEL_TABLE.seedFingerprint).toBe(fnv1a(JSON.stringify(SEED_CUES) + SEED_WEIGHT));
  });

  it('changes when the weights change', () => {
    const changed = { ...MODEL_TABLE, bias: MODEL_TABLE.bias.map((b) => b + 0.1) };
    const { fingerprint: _f, ...rest } = changed;
    const model = new AffectModel({ ...changed, fingerprint: fnv1a(JSON.stringify(rest)) });
    expect(model.modelVersion).not.toBe(MODEL_VERSION);
  });
});
