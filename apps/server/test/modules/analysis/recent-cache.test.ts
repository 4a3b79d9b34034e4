import { RecentAnalysesResponseSchema } from '@mediadiet/contract/analysis';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import * as repo from '../../../src/modules/analysis/repository.ts';
import { RECENT_CACHE_TTL_MS, RecentPagesCache } from '../../../src/modules/analysis/recent-cache.ts';
import { buildAnalyses, HOUR } from '../../helpers/analysis.ts';
import { call, subscribed } from '../../helpers/billing.ts';
import { fakeMonotonicNow } from '../../helpers/builders.ts';
import { deviceScores, pair, postTouchpoint, touchpoint } from '../../helpers/extension.ts';
import { createTestApp, type TestApp } from '../../helpers/test-app.ts';

/**
 * GET /api/analysis/recent answers are kept a moment per user and query (decision 071): a hit is the same
 * body without a database read; a new analysis of the user (the worker's analysis_created) drops only that
 * user's pages; everything else is seen within the TTL.
 */

let t: TestApp;
beforeAll(async () => {
  // The system clock: the worker stores analyses "now", inside the 7-day window.
  t = await createTestApp({ scorer: () => Promise.reject(new Error('device scores only here')) });
});
afterAll(() => t.close());

const recentRaw = (token: string, query = '') => call(t, token, 'GET', `/api/analysis/recent${query}`);

/** Makes the stored view of the user's analyses say something else, behind the app's back (another writer). */
const rewriteViews = (userId: string, from: string, to: string) =>
  t.db.execute(
    sql`update analyses set view_json = replace(view_json, ${from}, ${to}), card_json = replace(card_json, ${from}, ${to}) where user_id = ${userId}`,
  );

/** Stores one analysis for the user the way the product does: extension upload, then the worker. */
async function workerStores(apiKey: string, url: string) {
  const response = await postTouchpoint(
    t,
    apiKey,
    touchpoint({ url, text: undefined, scores: deviceScores(), capturedAt: new Date().toISOString() }),
  );
  expect(response.statusCode, response.body).toBe(202);
  expect(await t.app.touchpoints.worker.drain()).toMatchObject({ done: 1 });
}

describe('recent pages cache', () => {
  it('a hit answers the identical body (JSON) without reading the database', async () => {
    const who = await subscribed(t, 'basic');
    await buildAnalyses(t, who.userId, [
      { createdAt: new Date(Date.now() - HOUR), host: 'kept.example.org' },
    ]);
    const first = await recentRaw(who.token);
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('application/json; charset=utf-8');
    RecentAnalysesResponseSchema.parse(first.json());

    const read = vi.spyOn(repo, 'recentPage');
    try {
      await rewriteViews(who.userId, 'kept.example.org', 'changed.example.org');
      const second = await recentRaw(who.token);
      expect(second.statusCode).toBe(200);
      expect(second.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(second.body).toBe(first.body);
      expect(read).not.toHaveBeenCalled();
      // Another query is another page.
      expect((await recentRaw(who.token, '?limit=5')).body).toContain('changed.example.org');
    } finally {
      read.mockRestore();
    }
  });

  it('a new analysis from the worker drops that user’s pages at once, and nobody else’s', async () => {
    const me = await subscribed(t, 'basic');
    const apiKey = await pair(t, me.token);
    const other = await subscribed(t, 'basic');
    await buildAnalyses(t, me.userId, [{ createdAt: new Date(Date.now() - HOUR), host: 'mine.example.org' }]);
    await buildAnalyses(t, other.userId, [
      { createdAt: new Date(Date.now() - HOUR), host: 'theirs.example.org' },
    ]);
    const mine = RecentAnalysesResponseSchema.parse((await recentRaw(me.token)).json());
    const theirs = await recentRaw(other.token);
    expect(mine.results).toHaveLength(1);

    // The other user's data changes behind the app's back: their kept page must stay as it was.
    await rewriteViews(other.userId, 'theirs.example.org', 'rewritten.example.org');
    await workerStores(apiKey, 'https://fresh.example.org/new');

    const after = RecentAnalysesResponseSchema.parse((await recentRaw(me.token)).json());
    expect(after.results.map((a) => a.url)).toEqual(['https://fresh.example.org/new', mine.results[0]!.url]);
    expect(after.totals.touchpoints).toBe(2);
    expect((await recentRaw(other.token)).body).toBe(theirs.body);
  });

  it(`anything else is seen after the TTL (${RECENT_CACHE_TTL_MS} ms)`, async () => {
    const who = await subscribed(t, 'basic');
    await buildAnalyses(t, who.userId, [
      { createdAt: new Date(Date.now() - HOUR), host: 'before.example.org' },
    ]);
    expect((await recentRaw(who.token)).body).toContain('before.example.org');
    await rewriteViews(who.userId, 'before.example.org', 'after.example.org');
    expect((await recentRaw(who.token)).body).toContain('before.example.org');
    await new Promise((resolve) => setTimeout(resolve, RECENT_CACHE_TTL_MS + 50));
    expect((await recentRaw(who.token)).body).toContain('after.example.org');
  });

  it('keeps nothing for a refused query, and another user never gets the page', async () => {
    const me = await subscribed(t, 'basic');
    const other = await subscribed(t, 'basic');
    await buildAnalyses(t, me.userId, [{ createdAt: new Date(Date.now() - HOUR) }]);
    expect(RecentAnalysesResponseSchema.parse((await recentRaw(me.token)).json()).results).toHaveLength(1);
    expect(RecentAnalysesResponseSchema.parse((await recentRaw(other.token)).json()).results).toEqual([]);
    expect((await recentRaw(me.token, '?cursor=bm90LWEtY3Vyc29y')).statusCode).toBe(400);
    expect((await recentRaw(me.token, '?cursor=bm90LWEtY3Vyc29y')).statusCode).toBe(400);
  });
});

describe('RecentPagesCache', () => {
  const query = { days: 7, limit: 24, cursor: undefined };
  const body = (text: string) => Buffer.from(text);

  it('keeps a page per user and query until the TTL', () => {
    const now = fakeMonotonicNow();
    const cache = new RecentPagesCache({ now, ttlMs: 2_000 });
    cache.set('u1', query, body('one'), cache.ticket());
    expect(cache.get('u1', query)).toEqual(body('one'));
    expect(cache.get('u2', query)).toBeUndefined();
    expect(cache.get('u1', { ...query, cursor: 'c' })).toBeUndefined();
    now.advance(1_999);
    expect(cache.get('u1', query)).toEqual(body('one'));
    now.advance(1);
    expect(cache.get('u1', query)).toBeUndefined();
  });

  it('does not keep a page read while the user’s pages were invalidated', () => {
    const now = fakeMonotonicNow();
    const cache = new RecentPagesCache({ now });
    const ticket = cache.ticket();
    now.advance(1);
    cache.invalidate('u1'); // an analysis was stored while the page was being read
    now.advance(1);
    cache.set('u1', query, body('stale'), ticket);
    expect(cache.get('u1', query)).toBeUndefined();
    cache.set('u2', query, body('fine'), ticket);
    expect(cache.get('u2', query)).toEqual(body('fine'));
    cache.set('u1', query, body('fresh'), cache.ticket());
    expect(cache.get('u1', query)).toEqual(body('fresh'));
  });

  it('is bounded', () => {
    const cache = new RecentPagesCache({ now: fakeMonotonicNow(), maxEntries: 2 });
    for (const user of ['a', 'b', 'c']) cache.set(user, query, body(user), cache.ticket());
    expect(cache.get('a', query)).toBeUndefined();
    expect(cache.get('b', query)).toEqual(body('b'));
    expect(cache.get('c', query)).toEqual(body('c'));
    cache.set('big', query, body('x'.repeat(70 * 1024)), cache.ticket());
    expect(cache.get('big', query)).toBeUndefined();
  });
});
