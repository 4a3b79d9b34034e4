import { analyze, POPULATION_SENSITIVITIES } from '@mediadiet/analyzer';
import { CATEGORY_IDS } from '@mediadiet/contract/categories';
import { flattenPersonalization, PersonalizationSchema } from '@mediadiet/contract/questionnaire';
import { describe, expect, it } from 'vitest';
import {
  balancedScores,
  ITEMS_IN_INDEX_ORDER,
  PERSONALITY_ITEMS,
  sensitivitiesFor,
  toPersonalization,
} from '../../../src/modules/questionnaire/personality.ts';
import { QUESTIONS } from '../../../src/modules/questionnaire/questions.ts';
import { cueStrength, scoreAnswers, type AnalyzeText } from '../../../src/modules/questionnaire/scoring.ts';
import { validateAnswers } from '../../../src/modules/questionnaire/validation.ts';
import { ANXIOUS_READER, buildAnswers, CALM_READER } from '../../helpers/questionnaire.ts';

/** The scoring key of decision 081, as pure functions. */

const offline: AnalyzeText = (text) => analyze({ text });

describe('questions', () => {
  it('every option and cue names a known item; the helpers’ answer sets are valid', () => {
    const items = new Set(PERSONALITY_ITEMS.map((i) => i.key));
    for (const q of QUESTIONS) {
      const effects = 'options' in q ? q.options.map((o) => o.effects) : Object.values(q.cues);
      for (const e of effects) for (const key of Object.keys(e)) expect(items).toContain(key);
    }
    for (const answers of [buildAnswers(), CALM_READER, ANXIOUS_READER])
      expect(() => validateAnswers(answers)).not.toThrow();
  });

  it('every item can be moved by some question, in both directions', () => {
    for (const item of PERSONALITY_ITEMS) {
      const deltas = QUESTIONS.flatMap((q) =>
        'options' in q
          ? q.options.map((o) => o.effects[item.key] ?? 0)
          : Object.values(q.cues).map((e) => e[item.key] ?? 0),
      );
      expect({ item: item.key, up: deltas.some((d) => d > 0) }).toEqual({ item: item.key, up: true });
      expect({ item: item.key, down: deltas.some((d) => d < 0) }).toEqual({ item: item.key, down: true });
    }
  });
});

describe('scoreAnswers', () => {
  it('answers nobody gave leave every item Balanced (3)', async () => {
    expect(await scoreAnswers({}, offline)).toEqual(balancedScores());
  });

  it('adds option effects, at most ±1 per question, rounding halves away from 3', async () => {
    const scores = await scoreAnswers(
      { 'daily-time': 'More than 3 hours', checking: 'Several times a day' },
      offline,
    );
    // −1 (daily-time) − 0.5 (checking) = −1.5 → 3 − 2 = 1.
    expect(scores.mindful).toBe(1);
    const capped = await scoreAnswers(
      { sources: ['Social media feeds', 'Newsletters and blogs', 'Long-form magazines and books'] },
      offline,
    );
    // Social −0.5 + newsletters +0.5 = 0 (mindful); depth +1 → 4.
    expect(capped).toMatchObject({ mindful: 3, depth: 4, selfAssurance: 2 });
    const topics = await scoreAnswers(
      { topics: ['Crime, conflict and disasters', 'Politics and current affairs'] },
      offline,
    );
    // −1 − 0.5 = −1.5, capped at −1 for one question.
    expect(topics.balance).toBe(2);
  });

  it('scores text answers by the analyzer’s categories', async () => {
    expect(cueStrength(50)).toBe(1);
    expect(cueStrength(20)).toBe(0.5);
    expect(cueStrength(10)).toBe(0);
    const fearful = await scoreAnswers(
      { 'recent-story': 'I read about another shooting and felt anxious and scared for hours.' },
      offline,
    );
    expect(fearful.composure).toBeLessThan(3);
    const stub: AnalyzeText = (text) => {
      const result = analyze({ text: '' });
      for (const id of CATEGORY_IDS) result.categoryScores[id].BaseScore = text.includes(id) ? 90 : 0;
      return result;
    };
    expect(await scoreAnswers({ 'want-more': 'awe' }, stub)).toMatchObject({ openness: 4, seeking: 3 });
    expect(await scoreAnswers({ 'want-less': 'envy' }, stub)).toMatchObject({ selfAssurance: 2 });
  });

  it('tells a calm reader from an anxious one', async () => {
    const calm = await scoreAnswers(CALM_READER, offline);
    const anxious = await scoreAnswers(ANXIOUS_READER, offline);
    for (const key of [
      'composure',
      'angerRegulation',
      'recovery',
      'mindful',
      'restraint',
      'critical',
    ] as const) {
      expect(calm[key]).toBeGreaterThan(anxious[key]);
    }
  });
});

describe('personality → analyzer profile', () => {
  it('the balanced profile is exactly the population default', () => {
    expect(sensitivitiesFor(balancedScores()).sensitivities).toEqual(POPULATION_SENSITIVITIES);
  });

  it('one point of an item moves its categories by 0.1 × weight, clamped to 0–1', () => {
    const low = sensitivitiesFor({ ...balancedScores(), composure: 1 }).sensitivities!;
    expect(low.fear).toBeCloseTo(Math.min(1, POPULATION_SENSITIVITIES.fear + 0.2), 6);
    expect(low.anxiety).toBe(1);
    expect(low.joy).toBe(POPULATION_SENSITIVITIES.joy);
    const high = sensitivitiesFor({ ...balancedScores(), uplift: 5 }).sensitivities!;
    expect(high.joy).toBeCloseTo(POPULATION_SENSITIVITIES.joy + 0.2, 6);
    expect(high.calm).toBeCloseTo(POPULATION_SENSITIVITIES.calm + 0.1, 6);
  });

  it('the API shape: three groups, unique names, the index order of the contract', () => {
    const p = PersonalizationSchema.parse(toPersonalization(balancedScores()));
    expect(flattenPersonalization(p).map(({ item }) => item.category)).toEqual(
      ITEMS_IN_INDEX_ORDER.map((i) => i.category),
    );
    expect(new Set(PERSONALITY_ITEMS.map((i) => i.category)).size).toBe(PERSONALITY_ITEMS.length);
    for (const group of ['emotional', 'behavioral', 'cognitive'] as const) {
      expect(p.categoryScores[group].length).toBeGreaterThanOrEqual(4);
    }
  });
});
