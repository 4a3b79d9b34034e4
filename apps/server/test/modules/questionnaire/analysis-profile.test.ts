import { analyze } from '@mediadiet/analyzer';
import type { ClassificationAnalysis } from '@mediadiet/contract/analysis';
import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { analyses } from '../../../src/db/schema.ts';
import { normalizeScores, sensitivitiesFor } from '../../../src/modules/questionnaire/personality.ts';
import { call } from '../../helpers/billing.ts';
import { pairedSubscriber, postTouchpoint, touchpoint } from '../../helpers/extension.ts';
import { ANXIOUS_READER, submit } from '../../helpers/questionnaire.ts';
import { sharedTestApp } from '../../helpers/test-app.ts';

/**
 * The profile feeds the analysis (decision 081): the touch-point worker scores each page against its
 * user's personality, so moving a slider changes the pattern strength (correlationCoefficient) of later
 * analyses of the same text, and only for that user.
 */

const t = sharedTestApp();

const TITLE = 'Flood response';
const TEXT =
  'The flood destroyed hundreds of homes and frightened families fear the river will rise again tonight. ' +
  'Residents are furious about the delays, yet volunteers arrived with food and warm blankets, and neighbours ' +
  'thanked them with tears of gratitude. Scientists were amazed by how quickly the wetlands recovered.';

const premiumWithExtension = () => pairedSubscriber(t, 'premium');

/** Sends the same page (new URL) through ingest and the worker; answers its stored pattern figures. */
async function analyseSamePage(apiKey: string): Promise<ClassificationAnalysis> {
  const response = await postTouchpoint(t, apiKey, touchpoint({ title: TITLE, text: TEXT }));
  expect(response.statusCode).toBe(202);
  const { id } = response.json<{ id: string }>();
  await t.app.touchpoints.worker.drain();
  const [row] = await t.db
    .select({ classificationAnalysis: analyses.classificationAnalysis })
    .from(analyses)
    .where(eq(analyses.touchpointId, id));
  return row!.classificationAnalysis as ClassificationAnalysis;
}

const populationFigures = () => analyze({ title: TITLE, text: TEXT }).classificationAnalysis;
const figuresFor = (scores: Record<string, number>) =>
  analyze({ title: TITLE, text: TEXT, profile: sensitivitiesFor(normalizeScores(scores)) })
    .classificationAnalysis;

describe('personalised analysis', () => {
  it('moving a slider changes the pattern strength of later analyses of the same text', async () => {
    const who = await premiumWithExtension();
    await call(t, who.token, 'DELETE', '/api/questionnaire');

    // The default profile: the population figures.
    const before = await analyseSamePage(who.apiKey);
    expect(before).toEqual(populationFigures());

    // Far more shaken by threat and anger, far less lifted by good news.
    const patch = await call(t, who.token, 'PATCH', '/api/account/personalization', {
      categoryScores: {
        emotional: [
          { category: 'Composure', score: 1 },
          { category: 'Anger Regulation', score: 1 },
          { category: 'Uplift Receptivity', score: 1 },
        ],
      },
    });
    expect(patch.statusCode).toBe(200);
    const after = await analyseSamePage(who.apiKey);
    expect(after.correlationCoefficient).not.toBeCloseTo(before.correlationCoefficient, 3);
    expect(after).toEqual(figuresFor({ composure: 1, angerRegulation: 1, uplift: 1 }));

    // One slider by index (PATCH /api/questionnaire) moves it again.
    await call(t, who.token, 'PATCH', '/api/questionnaire', { index: 0, score: 5 });
    const again = await analyseSamePage(who.apiKey);
    expect(again.correlationCoefficient).not.toBeCloseTo(after.correlationCoefficient, 3);
    expect(again).toEqual(figuresFor({ composure: 5, angerRegulation: 1, uplift: 1 }));

    // Back to Balanced everywhere: the population figures again.
    await call(t, who.token, 'PATCH', '/api/account/personalization', {
      categoryScores: {
        emotional: [
          { category: 'Composure', score: 3 },
          { category: 'Anger Regulation', score: 3 },
          { category: 'Uplift Receptivity', score: 3 },
        ],
      },
    });
    expect(await analyseSamePage(who.apiKey)).toEqual(populationFigures());
  });

  it('a completed questionnaire’s profile is used, and only for its own user', async () => {
    const anxious = await premiumWithExtension();
    const other = await premiumWithExtension();
    await submit(t, anxious.token, ANXIOUS_READER);
    await t.app.questionnaire.worker.drain();
    const snapshot = await call(t, anxious.token, 'GET', '/api/account/personalization');
    expect(snapshot.statusCode).toBe(200);

    const mine = await analyseSamePage(anxious.apiKey);
    const theirs = await analyseSamePage(other.apiKey);
    expect(theirs).toEqual(populationFigures());
    expect(mine.correlationCoefficient).not.toBeCloseTo(theirs.correlationCoefficient, 3);
  });

  it('pages of several users claimed in one batch are each scored with their own user’s profile', async () => {
    const shaken = await premiumWithExtension();
    const steady = await premiumWithExtension();
    const balanced = await premiumWithExtension();
    for (const [who, score] of [
      [shaken, 1],
      [steady, 5],
    ] as const) {
      await call(t, who.token, 'DELETE', '/api/questionnaire');
      const patch = await call(t, who.token, 'PATCH', '/api/account/personalization', {
        categoryScores: { emotional: [{ category: 'Composure', score }] },
      });
      expect(patch.statusCode).toBe(200);
    }
    const ids = new Map<string, string>();
    for (const who of [shaken, steady, balanced, shaken]) {
      const response = await postTouchpoint(t, who.apiKey, touchpoint({ title: TITLE, text: TEXT }));
      expect(response.statusCode).toBe(202);
      ids.set(response.json<{ id: string }>().id, who.userId);
    }
    // One pass claims all four pages (one batch), so their profiles are looked up together.
    const pass = await t.app.touchpoints.worker.runOnce();
    expect(pass.done).toBe(4);
    const rows = await t.db
      .select({
        touchpointId: analyses.touchpointId,
        classificationAnalysis: analyses.classificationAnalysis,
      })
      .from(analyses)
      .where(inArray(analyses.touchpointId, [...ids.keys()]));
    expect(rows).toHaveLength(4);
    const expected = new Map([
      [shaken.userId, figuresFor({ composure: 1 })],
      [steady.userId, figuresFor({ composure: 5 })],
      [balanced.userId, populationFigures()],
    ]);
    for (const row of rows)
      expect(row.classificationAnalysis).toEqual(expected.get(ids.get(row.touchpointId)!));
    expect(figuresFor({ composure: 1 }).correlationCoefficient).not.toBeCloseTo(
      figuresFor({ composure: 5 }).correlationCoefficient,
      3,
    );
  });
});
