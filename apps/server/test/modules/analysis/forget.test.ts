import { ForgetAnalysisResponseSchema, RecentAnalysesResponseSchema } from '@mediadiet/contract/analysis';
import { InsightsResponseSchema } from '@mediadiet/contract/insights';
import { analysisDeletedEvent } from '@mediadiet/contract/realtime';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { analyses, touchpoints } from '../../../src/db/schema.ts';
import * as repo from '../../../src/modules/analysis/repository.ts';
import { call, subscribed } from '../../helpers/billing.ts';
import { pair, postTouchpoint, testAppWithEvents, touchpoint } from '../../helpers/extension.ts';

/**
 * "Forget this page" (issue 28, decision 116): DELETE /api/analysis/:id removes the analysis, its touch point,
 * its usage and its share of every rollup in one go, through the real path (ingest → worker → forget), and
 * tells the user's tabs.
 */

const { t, events } = testAppWithEvents();

const TEXTS = [
  'The volunteers planted a hundred trees and the whole street came out to thank them, smiling and hopeful.',
  'Officials ignored the warnings again. Residents are furious, and the outrage over the cover-up keeps growing.',
  'Experts fear the storm could flood the valley tonight; families are anxious and afraid for their homes.',
];

async function readerWithThreePages() {
  const who = await subscribed(t, 'basic');
  const apiKey = await pair(t, who.token);
  const hosts = ['news.example.org', 'news.example.org', 'forum.example.net'];
  const ids: string[] = [];
  for (const [i, text] of TEXTS.entries()) {
    const response = await postTouchpoint(
      t,
      apiKey,
      touchpoint({ url: `https://${hosts[i]}/story-${i}`, text }),
    );
    expect(response.statusCode, response.body).toBe(202);
    ids.push(response.json<{ id: string }>().id);
  }
  expect(await t.app.touchpoints.worker.drain()).toMatchObject({ done: 3, failed: 0 });
  return { ...who, ids };
}

const recent = async (token: string) =>
  RecentAnalysesResponseSchema.parse((await call(t, token, 'GET', '/api/analysis/recent')).json());
const insights = async (token: string) =>
  InsightsResponseSchema.parse((await call(t, token, 'GET', '/api/analysis/insights')).json());

/** Equal, numbers to 9 decimals (a sum with a term taken out again differs from the fresh sum in the last bits). */
function expectClose(actual: unknown, expected: unknown, path = 'rollups'): void {
  if (typeof expected === 'number') {
    expect(actual, path).toBeCloseTo(expected, 9);
    return;
  }
  if (expected !== null && typeof expected === 'object' && !(expected instanceof Date)) {
    expect(Object.keys(actual as object).sort(), path).toEqual(Object.keys(expected).sort());
    for (const [key, value] of Object.entries(expected))
      expectClose((actual as Record<string, unknown>)[key], value, `${path}.${key}`);
    return;
  }
  expect(actual, path).toEqual(expected);
}

describe('DELETE /api/analysis/:id', () => {
  it('removes the analysis, its touch point, its usage and its share of the history, insights and rollups', async () => {
    const who = await readerWithThreePages();
    const rows = await t.db.select().from(analyses).where(eq(analyses.userId, who.userId));
    const gone = rows.find((r) => r.id === who.ids[2])!; // the only forum.example.net page
    const kept = rows.filter((r) => r.id !== gone.id);
    // Read once, so the caches hold the answers with the page in them.
    expect((await recent(who.token)).results).toHaveLength(3);
    expect((await insights(who.token)).totalResults).toBe(3);
    const usageBefore = await t.app.usage.current(who.userId);
    expect(usageBefore.touchpoints).toBe(3);

    const response = await call(t, who.token, 'DELETE', `/api/analysis/${gone.id}`);
    expect(response.statusCode, response.body).toBe(200);
    expect(ForgetAnalysisResponseSchema.parse(response.json())).toEqual({ success: true, id: gone.id });

    // The history and its totals.
    const history = await recent(who.token);
    expect(history.results.map((r) => r.id).sort()).toEqual(kept.map((r) => r.id).sort());
    expect(history.totals).toEqual({ touchpoints: 2, tokens: kept.reduce((n, r) => n + r.tokens, 0) });
    // The insights: count, cards, domains and averages without it.
    const month = await insights(who.token);
    expect(month.totalResults).toBe(2);
    expect(month.results.map((r) => r.id)).not.toContain(gone.id);
    expect(month.topDomains.map((d) => [d.domain, d.visitCount])).toEqual([['news.example.org', 2]]);
    const joy =
      kept.reduce(
        (n, r) => n + (r.categoryScores as Record<string, { BaseScore: number }>).joy!.BaseScore,
        0,
      ) / 2;
    expect(month.trends.metadata.averageScores.joy).toBeCloseTo(joy, 3);
    // The rollups equal a rebuild from the remaining rows (sums to float precision).
    const stored = await repo.readRollups(t.db, who.userId);
    await repo.rebuildRollups(t.db, who.userId);
    expectClose(stored, await repo.readRollups(t.db, who.userId));
    // The detail, the stored rows and the usage.
    expect((await call(t, who.token, 'GET', `/api/analysis/get/${gone.id}`)).statusCode).toBe(404);
    expect(await t.db.select().from(touchpoints).where(eq(touchpoints.id, gone.id))).toEqual([]);
    expect(await t.app.usage.current(who.userId)).toMatchObject({
      touchpoints: 2,
      tokens: usageBefore.tokens - gone.tokens,
    });
    // Every tab of the user is told.
    expect(events).toContainEqual({
      userId: who.userId,
      event: analysisDeletedEvent(who.userId),
      payload: { userId: who.userId, id: gone.id },
    });
  });

  it('forgetting every page leaves no month, domain or day behind', async () => {
    const who = await readerWithThreePages();
    for (const id of who.ids) {
      expect((await call(t, who.token, 'DELETE', `/api/analysis/${id}`)).statusCode).toBe(200);
    }
    const month = await insights(who.token);
    expect(month).toMatchObject({ totalResults: 0, results: [], topDomains: [], directories: [] });
    expect(await repo.readRollups(t.db, who.userId)).toEqual({ daily: [], domains: [] });
    expect((await recent(who.token)).totals).toEqual({ touchpoints: 0, tokens: 0 });
    expect(await t.app.usage.current(who.userId)).toMatchObject({ touchpoints: 0, tokens: 0 });
  });

  it("answers 404 for somebody else's analysis, an unknown id or one already forgotten, and keeps the owner's", async () => {
    const owner = await readerWithThreePages();
    const other = await subscribed(t, 'basic');
    const [id] = owner.ids as [string];

    const foreign = await call(t, other.token, 'DELETE', `/api/analysis/${id}`);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toMatchObject({ success: false, error: 'Analysis not found' });
    expect((await recent(owner.token)).results).toHaveLength(3);
    expect(await t.app.usage.current(owner.userId)).toMatchObject({ touchpoints: 3 });

    expect((await call(t, owner.token, 'DELETE', '/api/analysis/not-a-uuid')).statusCode).toBe(404);
    expect(
      (await call(t, owner.token, 'DELETE', '/api/analysis/00000000-0000-4000-8000-000000000000')).statusCode,
    ).toBe(404);
    expect((await call(t, owner.token, 'DELETE', `/api/analysis/${id}`)).statusCode).toBe(200);
    expect((await call(t, owner.token, 'DELETE', `/api/analysis/${id}`)).statusCode).toBe(404);
    expect((await recent(owner.token)).results).toHaveLength(2);
  });
});
