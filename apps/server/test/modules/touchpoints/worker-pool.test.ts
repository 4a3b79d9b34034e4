import { analyze } from '@mediadiet/analyzer';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyses, touchpoints } from '../../../src/db/schema.ts';
import { createAnalyzePool, type AnalyzePool } from '../../../src/modules/analysis/analyze-pool.ts';
import { createScorer } from '../../../src/modules/analysis/scorer.ts';
import { subscribed } from '../../helpers/billing.ts';
import { pair, postTouchpoint, touchpoint } from '../../helpers/extension.ts';
import { createTestApp, type TestApp } from '../../helpers/test-app.ts';

/**
 * The worker scoring on the analyzer thread pool (decision 061): the stored scores are what an inline
 * analyze() gives, and a thread that dies on a page sends that page back to the queue with backoff (the
 * pool starts a new thread) while the rest of the batch is stored.
 */

const crashingThread = new URL('../../helpers/crashing-analyze-thread.ts', import.meta.url);
let t: TestApp;
let pool: AnalyzePool;

beforeAll(async () => {
  pool = createAnalyzePool({ size: 1, threadUrl: crashingThread });
  t = await createTestApp({
    scorer: (input) => pool.analyze(input),
    touchpointWorker: { backoffMs: 1_000, maxBackoffMs: 60_000, staleMs: 60_000 },
  });
});
afterAll(async () => {
  await t.close();
  await pool.close();
});

const row = async (id: string) => (await t.db.select().from(touchpoints).where(eq(touchpoints.id, id)))[0]!;

describe('touch-point worker on the analyzer thread pool', () => {
  it('a thread crash sends that page back with backoff; the others are stored as inline analyze() scores them', async () => {
    const who = await subscribed(t, 'basic');
    const apiKey = await pair(t, who.token);
    const bodies = [
      touchpoint({
        text: 'The volunteers planted a hundred trees and the whole street came out to thank them.',
      }),
      touchpoint({ text: 'A page that takes the analyzer thread down with it: CRASH_THREAD.' }),
      touchpoint({ text: 'Officials ignored the warnings again. Residents are furious about the cover-up.' }),
    ];
    const ids: string[] = [];
    for (const body of bodies) {
      const response = await postTouchpoint(t, apiKey, body);
      expect(response.statusCode).toBe(202);
      ids.push(response.json<{ id: string }>().id);
    }
    const [calm, crash, angry] = ids as [string, string, string];

    expect(await t.app.touchpoints.worker.runOnce()).toEqual({ claimed: 3, done: 2, retried: 1, failed: 0 });
    const crashed = await row(crash);
    expect(crashed).toMatchObject({
      status: 'queued',
      attempts: 1,
      lastError: 'analyzer thread stopped: exit code 70',
    });
    expect(Math.round((crashed.nextAttemptAt.getTime() - crashed.updatedAt.getTime()) / 1000)).toBe(1);
    expect(pool.threadCount()).toBe(1);

    const stored = await t.db.select().from(analyses).where(inArray(analyses.touchpointId, ids));
    expect(stored.map((a) => a.id).sort()).toEqual([calm, angry].sort());
    for (const analysis of stored) {
      const body = bodies[ids.indexOf(analysis.id)]!;
      const inline = analyze({ title: body.title, text: body.text, url: body.url });
      expect(analysis).toMatchObject({
        mode: 'server',
        tokens: inline.tokens,
        categoryScores: inline.categoryScores,
        classificationAnalysis: inline.classificationAnalysis,
        overallScore: inline.overallScore,
        valence: inline.valence,
        modelVersion: inline.modelVersion,
      });
    }

    // The cause goes away (as a transient fault would); once due, the page is analysed and billed once.
    await t.db.execute(
      sql`update touchpoints set text = replace(text, 'CRASH_THREAD', 'calm'), next_attempt_at = now() where id = ${crash}`,
    );
    expect(await t.app.touchpoints.worker.drain()).toMatchObject({ claimed: 1, done: 1 });
    expect(await row(crash)).toMatchObject({ status: 'done', attempts: 2, text: null });
    expect(await t.db.select().from(analyses).where(eq(analyses.touchpointId, crash))).toHaveLength(1);
    expect(await t.app.usage.current(who.userId)).toMatchObject({ touchpoints: 3 });
  });

  it('the production scorer with threads answers what the inline one does', async () => {
    const threaded = await createScorer({ kind: 'offline' }, { threads: 2 });
    const inline = await createScorer({ kind: 'offline' }, { threads: 0 });
    try {
      const input = {
        title: 'Storm',
        text: 'Experts fear the storm could flood the valley tonight; families are afraid.',
      };
      const profile = { sensitivities: { fear: 0.9, joy: 0.1 } };
      expect(await threaded(input)).toEqual(await inline(input));
      expect(await threaded({ ...input, profile })).toEqual(await inline({ ...input, profile }));
    } finally {
      await threaded.close();
    }
  });
});
