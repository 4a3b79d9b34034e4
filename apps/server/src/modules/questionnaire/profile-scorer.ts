import type { Profile } from '@mediadiet/analyzer';
import type { Db } from '../../db/database.ts';
import { batchByKey } from '../../lib/coalesce.ts';
import type { Scorer } from '../analysis/scorer.ts';
import { normalizeScores, sensitivitiesFor } from './personality.ts';
import { findScoresOf } from './repository.ts';

/** The analyzer profile of a user: their personality's sensitivities, or undefined (population default). */
export type ProfileFor = (userId: string) => Promise<Profile | undefined>;

/**
 * Reads users' personalities (no row = the population default, which is also what a profile of threes gives)
 * and turns each into sensitivities (decision 081). Lookups made in the same turn — the pages of one claimed
 * batch — are one primary-key read for all their users.
 */
export function createProfileLookup(db: Db): ProfileFor {
  return batchByKey(async (userIds: readonly string[]) => {
    const found = await findScoresOf(db, userIds);
    return new Map([...found].map(([userId, scores]) => [userId, sensitivitiesFor(normalizeScores(scores))]));
  }, undefined);
}

/**
 * The touch-point scorer, personalised: when the worker says whose page it is (`context.userId`) and the
 * input carries no profile of its own, the user's profile is looked up and passed to the scorer, so
 * `classificationAnalysis` (pattern strength) correlates the page with this person's sensitivities.
 */
export function withProfiles(scorer: Scorer, profileFor: ProfileFor): Scorer {
  return async (input, context) => {
    if (!context || input.profile) return scorer(input, context);
    const profile = await profileFor(context.userId);
    return scorer(profile ? { ...input, profile } : input, context);
  };
}
