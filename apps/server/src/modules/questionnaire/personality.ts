import { POPULATION_SENSITIVITIES, type Profile } from '@mediadiet/analyzer';
import { CATEGORY_IDS, type CategoryId } from '@mediadiet/contract/categories';
import { SLIDER_MAX, SLIDER_MIN } from '@mediadiet/contract/constants';
import {
  PERSONALITY_GROUPS,
  type PersonalityGroup,
  type Personalization,
} from '@mediadiet/contract/questionnaire';

/**
 * The personality snapshot's items (spec §3 Personalization) and how they feed the analysis (decision 081).
 * Each item is a 1–5 slider; 3 ("Balanced") is the typical reader. An item moves the analyzer's sensitivity
 * of some categories by `SENSITIVITY_STEP × weight` per point away from 3, so a profile of threes is exactly
 * the analyzer's population default and every other profile is a documented deviation from it.
 */

export const ITEM_KEYS = [
  'composure',
  'angerRegulation',
  'recovery',
  'selfAssurance',
  'uplift',
  'mindful',
  'restraint',
  'balance',
  'seeking',
  'critical',
  'depth',
  'openness',
  'perspective',
] as const;
export type ItemKey = (typeof ITEM_KEYS)[number];

export interface PersonalityItemDef {
  key: ItemKey;
  group: PersonalityGroup;
  /** Shown as the slider's name; PATCH /api/account/personalization matches on it. */
  category: string;
  description: string;
  /** Sensitivity change per point above 3, in units of SENSITIVITY_STEP (negative: higher score, less affected). */
  sensitivity: Partial<Record<CategoryId, number>>;
}

/** How far one slider point moves a category's sensitivity (0–1 scale) at weight 1. */
export const SENSITIVITY_STEP = 0.1;
/** The typical reader: the score of every item in the population-default profile. */
export const BALANCED_SCORE = 3;

export const PERSONALITY_ITEMS: readonly PersonalityItemDef[] = [
  // ── Emotional Intelligence ──
  {
    key: 'composure',
    group: 'emotional',
    category: 'Composure',
    description: 'How steady you stay when stories are alarming, threatening or uncertain.',
    sensitivity: { fear: -1, anxiety: -1 },
  },
  {
    key: 'angerRegulation',
    group: 'emotional',
    category: 'Anger Regulation',
    description: 'How well you keep provocative, outrage-driven content from taking hold of you.',
    sensitivity: { anger: -1, outrage: -1, disgust: -0.5 },
  },
  {
    key: 'recovery',
    group: 'emotional',
    category: 'Emotional Recovery',
    description: 'How quickly your mood recovers after sad or heavy news.',
    sensitivity: { sadness: -1, anxiety: -0.5 },
  },
  {
    key: 'selfAssurance',
    group: 'emotional',
    category: 'Self-Assurance',
    description: "How content you stay with your own life when you see other people's highlights.",
    sensitivity: { envy: -1 },
  },
  {
    key: 'uplift',
    group: 'emotional',
    category: 'Uplift Receptivity',
    description: 'How much uplifting stories restore and energise you.',
    sensitivity: { joy: 1, hope: 1, gratitude: 1, calm: 0.5, compassion: 0.5 },
  },
  // ── Behavioral Patterns ──
  {
    key: 'mindful',
    group: 'behavioral',
    category: 'Mindful Consumption',
    description: 'How deliberately you choose what, when and how much you read.',
    sensitivity: { anxiety: -0.5, outrage: -0.5 },
  },
  {
    key: 'restraint',
    group: 'behavioral',
    category: 'Engagement Restraint',
    description: 'How rarely outrage bait pulls you into replying, sharing or reading on.',
    sensitivity: { outrage: -1, anger: -0.5 },
  },
  {
    key: 'balance',
    group: 'behavioral',
    category: 'Feed Balance',
    description: 'How varied your sources and topics are beyond alarming headlines.',
    sensitivity: { fear: -0.5, curiosity: 0.5, awe: 0.5 },
  },
  {
    key: 'seeking',
    group: 'behavioral',
    category: 'Positive Seeking',
    description: 'How actively you look for content that does you good.',
    sensitivity: { calm: 0.5, hope: 0.5, gratitude: 0.5 },
  },
  // ── Cognitive Processing ──
  {
    key: 'critical',
    group: 'cognitive',
    category: 'Critical Evaluation',
    description: 'How readily you check sources and weigh claims before you accept them.',
    sensitivity: { fear: -0.5, outrage: -0.5, disgust: -0.5 },
  },
  {
    key: 'depth',
    group: 'cognitive',
    category: 'Depth of Focus',
    description: 'How much you prefer staying with one text in depth over skimming many.',
    sensitivity: { curiosity: 0.5, anxiety: -0.5 },
  },
  {
    key: 'openness',
    group: 'cognitive',
    category: 'Intellectual Openness',
    description: 'How strongly new ideas, science and discovery draw you in.',
    sensitivity: { curiosity: 1, awe: 1 },
  },
  {
    key: 'perspective',
    group: 'cognitive',
    category: 'Perspective',
    description: 'How well you keep a story in proportion and see its wider context.',
    sensitivity: { anxiety: -0.5, sadness: -0.5, compassion: 0.5 },
  },
];

export type ItemScores = Record<ItemKey, number>;

const clampScore = (value: number) => Math.min(SLIDER_MAX, Math.max(SLIDER_MIN, Math.round(value)));

/** Every item at BALANCED_SCORE: the population-default profile. */
export function balancedScores(): ItemScores {
  return Object.fromEntries(ITEM_KEYS.map((key) => [key, BALANCED_SCORE])) as ItemScores;
}

/** Stored scores completed and cleaned: unknown keys dropped, missing ones balanced, values integers 1–5. */
export function normalizeScores(stored: Readonly<Record<string, unknown>> | null | undefined): ItemScores {
  const out = balancedScores();
  for (const key of ITEM_KEYS) {
    const value = stored?.[key];
    if (typeof value === 'number' && Number.isFinite(value)) out[key] = clampScore(value);
  }
  return out;
}

/** The API's Personalization (groups in the catalogue's order). */
export function toPersonalization(scores: ItemScores): Personalization {
  const categoryScores = Object.fromEntries(
    PERSONALITY_GROUPS.map((group) => [
      group,
      PERSONALITY_ITEMS.filter((item) => item.group === group).map((item) => ({
        category: item.category,
        score: scores[item.key],
        description: item.description,
      })),
    ]),
  ) as Personalization['categoryScores'];
  return { categoryScores };
}

/** The items in the order PATCH /api/questionnaire's `index` counts them (contract `flattenPersonalization`). */
export const ITEMS_IN_INDEX_ORDER: readonly PersonalityItemDef[] = PERSONALITY_GROUPS.flatMap((group) =>
  PERSONALITY_ITEMS.filter((item) => item.group === group),
);

/** The item named `category` in `group` (exact name first, then case- and space-insensitive). */
export function findItem(group: PersonalityGroup, category: string): PersonalityItemDef | undefined {
  const inGroup = PERSONALITY_ITEMS.filter((item) => item.group === group);
  const loose = (s: string) => s.trim().toLowerCase().replace(/\s+/g, ' ');
  return (
    inGroup.find((item) => item.category === category) ??
    inGroup.find((item) => loose(item.category) === loose(category))
  );
}

/**
 * The analyzer profile of a personality: for each of the 14 categories,
 * σ = clamp₀¹(population default + SENSITIVITY_STEP × Σ_items weight × (score − 3)).
 */
export function sensitivitiesFor(scores: ItemScores): Profile {
  const sensitivities = { ...POPULATION_SENSITIVITIES } as Record<CategoryId, number>;
  for (const item of PERSONALITY_ITEMS) {
    const offset = scores[item.key] - BALANCED_SCORE;
    if (offset === 0) continue;
    for (const [category, weight] of Object.entries(item.sensitivity) as [CategoryId, number][]) {
      sensitivities[category] += SENSITIVITY_STEP * weight * offset;
    }
  }
  for (const id of CATEGORY_IDS) {
    sensitivities[id] = Math.round(Math.min(1, Math.max(0, sensitivities[id])) * 1e6) / 1e6;
  }
  return { sensitivities };
}
