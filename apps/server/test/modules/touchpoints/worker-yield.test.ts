import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTouchpointWorker } from '../../../src/modules/touchpoints/worker.ts';
import { createScorer } from '../../../src/modules/analysis/scorer.ts';
import { subscribed } from '../../helpers/billing.ts';
import { pair, postTouchpoint, touchpoint } from '../../helpers/extension.ts';
import { createTestApp, sharedTestApp, type TestApp } from '../../helpers/test-app.ts';

/**
 * The worker yields to requests (decision 095): while the instance is busy serving requests, a lane pauses
 * after each full pass instead of claiming the next batch at once; `stop()` ends a pause. The instance counts
 * its requests in flight for that, sent or aborted.
 */

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until(check: () => boolean | Promise<boolean>, ms = 5_000) {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await sleep(20);
  }
}

describe('the touch-point worker while requests are queueing', () => {
  const t = sharedTestApp();

  it('pauses after a full pass while busy, goes on at once when not, and stop() ends a pause', async () => {
    const who = await subscribed(t, 'basic');
    const apiKey = await pair(t, who.token);
    for (let i = 0; i < 12; i++) {
      const response = await postTouchpoint(t, apiKey, touchpoint());
      expect(response.statusCode).toBe(202);
    }
    const scorer = await createScorer({ kind: 'offline' });
    const make = (busy: boolean) => {
      const passes: number[] = [];
      const worker = createTouchpointWorker({
        db: t.db,
        usage: t.app.usage,
        scorer,
        log: t.app.log,
        onStored: () => {},
        busy: () => busy,
        onPass: (result) => passes.push(result.claimed),
        options: { batchSize: 4, passes: 1, busyPauseMs: 60_000 },
      });
      return { worker, passes };
    };

    const busy = make(true);
    busy.worker.start();
    await until(() => busy.passes.length === 1);
    await sleep(400);
    // One full pass, then the pause: the eight pages left wait.
    expect(busy.passes).toEqual([4]);
    const stopping = Date.now();
    await busy.worker.stop();
    expect(Date.now() - stopping).toBeLessThan(2_000);

    const free = make(false);
    free.worker.start();
    try {
      await until(() => free.passes.filter((n) => n > 0).length >= 2);
      expect(free.passes.slice(0, 2)).toEqual([4, 4]);
    } finally {
      await free.worker.stop();
    }
  });
});

describe('requests in flight, as the worker counts them', () => {
  let t: TestApp;
  let base: string;
  const gates: (() => void)[] = [];
  beforeAll(async () => {
    t = await createTestApp({
      env: { TOUCHPOINT_WORKER: 'on', TOUCHPOINT_WORKER_YIELD_REQUESTS: '2' },
      setup: (app) => {
        app.get('/test/slow', async () => {
          await new Promise<void>((resolve) => gates.push(resolve));
          return { ok: true };
        });
      },
    });
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => t.close());

  it('counts requests until their answer is sent or their client goes away', async () => {
    expect(t.app.touchpoints.requestsInFlight()).toBe(0);
    const answered = [fetch(`${base}/test/slow`), fetch(`${base}/test/slow`)];
    const aborted = new AbortController();
    const gone = fetch(`${base}/test/slow`, { signal: aborted.signal }).catch(() => 'aborted');
    await until(() => gates.length === 3);
    expect(t.app.touchpoints.requestsInFlight()).toBe(3);
    aborted.abort();
    expect(await gone).toBe('aborted');
    await until(() => t.app.touchpoints.requestsInFlight() === 2);
    for (const open of gates.splice(0)) open();
    for (const response of await Promise.all(answered)) expect(response.status).toBe(200);
    await until(() => t.app.touchpoints.requestsInFlight() === 0);
  });
});
