import { CATEGORY_IDS, type CategoryId } from '@mediadiet/contract/categories';
import type { Profile } from './types.ts';

/**
 * The population default of sensitivities (0–1), used where a person has no personality profile.
 * Chosen, not fitted: negative content weighs more than positive content of the same strength ("bad is stronger
 * than good", Baumeister et al. 2001; stronger physiological responses to negative news, Soroka, Fournier &
 * Nir 2019), threat (fear, anxiety) and moral outrage most of all; among pro categories, the low-arousal ones
 * (calm, gratitude) move people less than joy, hope and compassion.
 */
export const POPULATION_SENSITIVITIES: Readonly<Record<CategoryId, number>> = {
  joy: 0.55,
  calm: 0.4,
  gratitude: 0.45,
  hope: 0.5,
  curiosity: 0.45,
  compassion: 0.5,
  awe: 0.5,
  anger: 0.7,
  outrage: 0.75,
  fear: 0.8,
  anxiety: 0.8,
  sadness: 0.7,
  disgust: 0.6,
  envy: 0.55,
};

/** Complete the profile with the population default; values are clamped to 0–1. */
export function resolveSensitivities(profile?: Profile): Record<CategoryId, number> {
  const out = { ...POPULATION_SENSITIVITIES };
  for (const id of CATEGORY_IDS) {
    const v = profile?.sensitivities?.[id];
    if (typeof v === 'number' && Number.isFinite(v)) out[id] = Math.min(1, Math.max(0, v));
  }
  return out;
}

/** Sensitivities from questionnaire answers on a 1–5 scale: (score − 1) / 4. */
export function sensitivitiesFromLikert(scores: Partial<Record<CategoryId, number>>): Profile {
  const sensitivities: Partial<Record<CategoryId, number>> = {};
  for (const id of CATEGORY_IDS) {
    const v = scores[id];
    if (typeof v === 'number') sensitivities[id] = Math.min(1, Math.max(0, (v - 1) / 4));
  }
  return { sensitivities };
}
