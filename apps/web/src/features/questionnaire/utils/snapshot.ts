import {
  PERSONALITY_GROUPS,
  type PersonalityGroup,
  type Personalization,
  type PersonalizationUpdate,
} from '@mediadiet/contract/questionnaire';

/** Scores the reader moved but has not saved, by `draftKey(group, category)`. */
export type SnapshotDraft = Readonly<Record<string, number>>;

export function draftKey(group: PersonalityGroup, category: string): string {
  return `${group}/${category}`;
}

/** The score to show: the moved one, else the saved one. */
export function draftScore(draft: SnapshotDraft, group: PersonalityGroup, category: string, saved: number) {
  return draft[draftKey(group, category)] ?? saved;
}

/**
 * The partial update (spec §3 "updated with partial updates"): per group, only the categories whose score
 * differs from the saved one; groups without a change are left out. `count` = changed categories.
 */
export function snapshotChanges(
  personalization: Personalization,
  draft: SnapshotDraft,
): { update: PersonalizationUpdate; count: number } {
  const categoryScores: PersonalizationUpdate['categoryScores'] = {};
  let count = 0;
  for (const group of PERSONALITY_GROUPS) {
    const changed = personalization.categoryScores[group].flatMap((item) => {
      const score = draftScore(draft, group, item.category, item.score);
      return score === item.score ? [] : [{ category: item.category, score }];
    });
    if (changed.length > 0) {
      categoryScores[group] = changed;
      count += changed.length;
    }
  }
  return { update: { categoryScores }, count };
}
