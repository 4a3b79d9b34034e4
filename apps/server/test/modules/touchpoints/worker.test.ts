import { MODEL_VERSION } from '@mediadiet/analyzer';
import { AnalysisCreatedPayloadSchema } from '@mediadiet/contract/realtime';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTouchpointWorker } from '../../../src/modules/touchpoints/worker.ts';
import { analyses, touchpoints } from '../../../src/db/schema.ts';
import type { Scorer } from '../../../src/modules/analysis/scorer.ts';
import * as repo from '../../../src/modules/touchpoints/repository.ts';
import { call } from '../../helpers/billing.ts';
import { deviceScores, type Emitted, ingestAccepted, pairedSubscriber, recordEmits, touchpoint } from '../../helpers/extension.ts';
import { createTestApp, type TestApp } from '../../helpers/test-app.ts';
import { usageOracle } from '../../helpers/usage.ts';

let t: TestApp;
const events: Emitted[] = [];
/** Texts containing this word make the scorer throw (an analyzer outage). */
const FAIL = 'FAILME';
let scorerCalls = 0;
let realScorer: Scorer;

beforeAll(async () => {
  const { createScorer } = await import('../../../src/modules/analysis/scorer.ts');
  realScorer = await createScorer({ kind: 'offline' });
  t = await createTestApp({
    setup: recordEmits(events),
    scorer: async (input) => {
      scorerCalls++;
      if (input.text.includes(FAIL)) throw new Error('analyzer unavailable');
      return realScorer(input);
    },
    touchpointWorker: { backoffMs: 1_000, maxBackoffMs: 60_000, staleMs: 60_000 },
  });
});
afterAll(async () => {
  await t.close();
});

const pairedCustomer = (plan?: 'free' | 'basic') => pairedSubscriber(t, plan);
const ingest = (apiKey: string, body?: unknown) => ingestAccepted(t, apiKey, body);

const touchpointRow = async (id: string) => (await t.db.select().from(touchpoints).where(eq(touchpoints.id, id)))[0]!;
const analysesOf = (id: string) => t.db.select().from(analyses).where(eq(analyses.touchpointId, id));

describe('touch-point worker', () => {
  it('scores a page (mode server), stores it, drops the text, bills once and emits analysis_created', async () => {
    const who = await pairedCustomer();
    const id = await ingest(who.apiKey);
    events.length = 0;
    const result = await t.app.touchpoints.worker.drain();
    expect(result).toMatchObject({ done: 1, failed: 0 });

    const [analysis] = await analysesOf(id);
    expect(analysis).toMatchObject({ id, userId: who.userId, mode: 'server', modelVersion: MODEL_VERSION });
    expect(analysis!.tokens).toBeGreaterThan(10);
    expect(await touchpointRow(id)).toMatchObject({ status: 'done', text: null, lockedBy: null, attempts: 1 });

    const usage = await t.app.usage.current(who.userId);
    expect(usage).toMatchObject({ touchpoints: 1, tokens: analysis!.tokens });

    const event = events.find((e) => e.event === `analysis_created_${who.userId}`);
    const payload = AnalysisCreatedPayloadSchema.parse(event?.payload);
    expect(payload.analysis).toMatchObject({ id, mode: 'server', url: analysis!.url, tokens: analysis!.tokens });

    // Nothing left; the export carries the analysis.
    expect((await t.app.touchpoints.worker.runOnce()).claimed).toBe(0);
    const exported = await call(t, who.token, 'GET', '/api/account/export');
    expect(exported.json<{ analyses: unknown[] }>().analyses).toEqual([expect.objectContaining({ id, mode: 'server' })]);
  });

  it('stores device scores as the analysis (mode device) without calling the scorer', async () => {
    const who = await pairedCustomer();
    const before = scorerCalls;
    const id = await ingest(who.apiKey, touchpoint({ text: undefined, scores: deviceScores() }));
    await t.app.touchpoints.worker.drain();
    const [analysis] = await analysesOf(id);
    // 321 tokens claimed, billed as one whole touch point (decision 114).
    expect(analysis).toMatchObject({ mode: 'device', tokens: 2_000, modelVersion: 'device-test-1', overallScore: 55 });
    expect(scorerCalls).toBe(before);
    expect(await t.app.usage.current(who.userId)).toMatchObject({ touchpoints: 1, tokens: 2_000 });
  });

  it('retries a failed analysis with exponential backoff, then marks it failed visibly', async () => {
    const who = await pairedCustomer();
    const id = await ingest(who.apiKey, touchpoint({ text: `A page of ordinary news that breaks the scorer: ${FAIL}` }));
    const delays: number[] = [];
    for (let attempt = 1; attempt <= 5; attempt++) {
      const result = await t.app.touchpoints.worker.runOnce();
      expect(result.claimed).toBe(1);
      const row = await touchpointRow(id);
      expect(row.attempts).toBe(attempt);
      expect(row.lastError).toBe('analyzer unavailable');
      if (attempt < 5) {
        expect(row.status).toBe('queued');
        delays.push(row.nextAttemptAt.getTime() - row.updatedAt.getTime());
        // Not due yet: nothing is claimed until the backoff has passed.
        expect((await t.app.touchpoints.worker.runOnce()).claimed).toBe(0);
        await t.db.execute(sql`update touchpoints set next_attempt_at = now() where id = ${id}`);
      } else {
        expect(row.status).toBe('failed');
        expect(row.text).toBeNull();
      }
    }
    expect(delays.map((d) => Math.round(d / 1000))).toEqual([1, 2, 4, 8]);
    expect(await analysesOf(id)).toEqual([]);
    expect(await t.app.usage.current(who.userId)).toMatchObject({ touchpoints: 0, tokens: 0 });
    expect(await repo.findTouchpoint(t.db, who.userId, id)).toMatchObject({ status: 'failed', lastError: 'analyzer unavailable' });
  });

  it('reclaims a touch point left “processing” by a dead worker, once the lock is stale', async () => {
    const who = await pairedCustomer();
    const id = await ingest(who.apiKey);
    const claimed = await repo.claimDue(t.db, 'dead-worker', 100, 60_000);
    expect(claimed.map((c) => c.id)).toContain(id);
    expect((await t.app.touchpoints.worker.runOnce()).claimed).toBe(0);

    await t.db.execute(sql`update touchpoints set locked_at = now() - interval '2 minutes' where id = ${id}`);
    const result = await t.app.touchpoints.worker.runOnce();
    expect(result).toMatchObject({ claimed: 1, done: 1 });
    expect(await touchpointRow(id)).toMatchObject({ status: 'done', attempts: 2 });
    expect(await analysesOf(id)).toHaveLength(1);
  });

  it('claims the oldest due touch points first, stale and queued alike, never a live lock or a retry not yet due', async () => {
    const who = await pairedCustomer();
    const [queuedOld, staleLock, liveLock, notDue, queuedNew] = [
      await ingest(who.apiKey),
      await ingest(who.apiKey),
      await ingest(who.apiKey),
      await ingest(who.apiKey),
      await ingest(who.apiKey),
    ];
    const setRow = (id: string, minutesAgo: number, extra = sql``) =>
      t.db.execute(
        sql`update touchpoints set created_at = now() - ${minutesAgo} * interval '1 minute' ${extra} where id = ${id}`,
      );
    await setRow(queuedOld, 10);
    await setRow(staleLock, 9, sql`, status = 'processing', locked_at = now() - interval '2 minutes'`);
    await setRow(liveLock, 8, sql`, status = 'processing', locked_at = now()`);
    await setRow(notDue, 7, sql`, next_attempt_at = now() + interval '1 hour'`);
    await setRow(queuedNew, 6);
    const mine = new Set([queuedOld, staleLock, liveLock, notDue, queuedNew]);

    const first = await repo.claimDue(t.db, 'worker-a', 2, 60_000);
    expect(first.map((c) => c.id)).toEqual([queuedOld, staleLock]);
    const second = await repo.claimDue(t.db, 'worker-a', 5, 60_000);
    expect(second.map((c) => c.id).filter((id) => mine.has(id))).toEqual([queuedNew]);
    expect(second[0]?.id).toBe(queuedNew);
    expect(await touchpointRow(staleLock)).toMatchObject({ status: 'processing', lockedBy: 'worker-a', attempts: 1 });
    expect(await touchpointRow(liveLock)).toMatchObject({ status: 'processing', attempts: 0 });
    expect(await touchpointRow(notDue)).toMatchObject({ status: 'queued', attempts: 0 });
  });

  it('never bills twice: an analysis that already exists is not stored or billed again', async () => {
    const who = await pairedCustomer();
    const id = await ingest(who.apiKey);
    await t.app.touchpoints.worker.drain();
    const usage = await t.app.usage.current(who.userId);
    // As if the process died after the commit but the row was queued again.
    await t.db.execute(sql`update touchpoints set status = 'queued', next_attempt_at = now() where id = ${id}`);
    events.length = 0;
    expect(await t.app.touchpoints.worker.drain()).toMatchObject({ done: 1 });
    expect(await analysesOf(id)).toHaveLength(1);
    expect(await t.app.usage.current(who.userId)).toEqual(usage);
    expect(events.filter((e) => e.event.startsWith('analysis_created_'))).toEqual([]);
  });

  it('marks a touch point failed with the 402 reason when the allowance ran out after ingest', async () => {
    const who = await pairedCustomer('free');
    const id = await ingest(who.apiKey);
    for (let i = 0; i < 50; i++) await usageOracle(t.app).record(who.userId, 1);
    const result = await t.app.touchpoints.worker.drain();
    expect(result).toMatchObject({ failed: 1 });
    const row = await touchpointRow(id);
    expect(row.status).toBe('failed');
    expect(row.attempts).toBe(1);
    expect(row.lastError).toContain('You have used all touch points of the free plan this month');
    expect(await analysesOf(id)).toEqual([]);
  });

  it('two workers never process the same row', async () => {
    const who = await pairedCustomer();
    const ids: string[] = [];
    for (let i = 0; i < 40; i++) ids.push(await ingest(who.apiKey));
    const seen: string[] = [];
    const scorer: Scorer = async (input) => {
      seen.push(input.url ?? '');
      await new Promise((resolve) => setTimeout(resolve, 1));
      return realScorer(input);
    };
    const make = () =>
      createTouchpointWorker({
        db: t.db,
        usage: t.app.usage,
        scorer,
        log: t.app.log,
        onStored: () => {},
        options: { batchSize: 5 },
      });
    const [a, b] = await Promise.all([make().drain(), make().drain()]);
    expect(a.done + b.done).toBe(40);
    expect(a.claimed).toBeGreaterThan(0);
    expect(b.claimed).toBeGreaterThan(0);
    expect(new Set(seen).size).toBe(seen.length);
    const stored = await t.db.select({ id: analyses.id }).from(analyses).where(eq(analyses.userId, who.userId));
    expect(stored).toHaveLength(40);
    expect(await t.app.usage.current(who.userId)).toMatchObject({ touchpoints: 40 });
  });

  it('runs by itself when started, woken by ingest', async () => {
    const who = await pairedCustomer();
    const worker = t.app.touchpoints.worker;
    worker.start();
    try {
      const id = await ingest(who.apiKey);
      for (let i = 0; i < 100 && (await analysesOf(id)).length === 0; i++) await new Promise((r) => setTimeout(r, 50));
      expect(await analysesOf(id)).toHaveLength(1);
    } finally {
      await worker.stop();
    }
  });
});

describe('the analysis time', () => {
  it('is when the page was read: a page queued offline keeps its capture time, a future one is dated now', async () => {
    const who = await pairedCustomer();
    const readOffline = new Date(Date.now() - 3 * 3_600_000);
    const offline = await ingest(who.apiKey, touchpoint({ capturedAt: readOffline.toISOString() }));
    const ahead = await ingest(who.apiKey, touchpoint({ capturedAt: new Date(Date.now() + 60_000).toISOString() }));
    const before = Date.now();
    await t.app.touchpoints.worker.drain();

    const [offlineRow] = await analysesOf(offline);
    expect(offlineRow!.createdAt.toISOString()).toBe(readOffline.toISOString());
    const [aheadRow] = await analysesOf(ahead);
    expect(aheadRow!.createdAt.getTime()).toBeGreaterThanOrEqual(before);
    expect(aheadRow!.createdAt.getTime()).toBeLessThanOrEqual(Date.now());
    // The history shows it at its capture time.
    const recent = (await call(t, who.token, 'GET', '/api/analysis/recent')).json<{
      results: { id: string; createdAt: string }[];
    }>();
    expect(recent.results.find((r) => r.id === offline)?.createdAt).toBe(readOffline.toISOString());
  });
});
