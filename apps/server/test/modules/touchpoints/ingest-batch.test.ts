import { eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { touchpoints } from '../../../src/db/schema.ts';
import { call, customer, subscribed } from '../../helpers/billing.ts';
import { pair, postTouchpoint, touchpoint } from '../../helpers/extension.ts';
import { sharedTestApp } from '../../helpers/test-app.ts';
import { usageOracle } from '../../helpers/usage.ts';

/**
 * Concurrent uploads share their statements (group commit, decision 061): one statement per batch checks the
 * allowance and stores the rows (decision 098). Every upload still gets its own answer: duplicates agree on one row, an
 * ignored site is 422, a user without a subscription 402, and the others 202 with their own ids.
 */

const t = sharedTestApp();

describe('POST /api/extension/touchpoints, many at once', () => {
  it('answers each upload of a concurrent burst as if it came alone', async () => {
    const reader = await subscribed(t, 'basic');
    const readerKey = await pair(t, reader.token);
    await call(t, reader.token, 'POST', '/api/account/urls', { url: 'example.net' });
    const unsubscribed = await customer(t);
    const unsubscribedKey = await pair(t, unsubscribed.token);

    const distinct = Array.from({ length: 12 }, (_, i) =>
      touchpoint({ url: `https://news.example.org/burst-${i}` }),
    );
    const duplicate = touchpoint({ url: 'https://news.example.org/same' });
    const ignored = touchpoint({ url: 'https://blog.example.net/post' });
    const uploads = [
      ...distinct.map((body) => ({ key: readerKey, body })),
      ...Array.from({ length: 4 }, () => ({ key: readerKey, body: duplicate })),
      { key: readerKey, body: ignored },
      { key: unsubscribedKey, body: touchpoint() },
    ];
    const execute = vi.spyOn(t.app.db, 'execute');
    const responses = await Promise.all(uploads.map(({ key, body }) => postTouchpoint(t, key, body)));
    // Shared statements: far fewer stores than uploads, each one statement (`enqueue_metered_touchpoints`)
    // that also checks the allowance: no statement of its own reads the subscriptions or the usage.
    const sent = execute.mock.calls.map(([query]) => JSON.stringify(query));
    execute.mockRestore();
    const stores = sent.filter((query) => query.includes('enqueue_metered_touchpoints(')).length;
    expect(stores).toBeGreaterThan(0);
    expect(stores).toBeLessThan(uploads.length / 2);
    expect(sent.filter((query) => /subscriptions|usage_periods/.test(query))).toEqual([]);

    const ids = responses.slice(0, 12).map((r) => {
      expect(r.statusCode).toBe(202);
      return r.json<{ id: string }>().id;
    });
    expect(new Set(ids).size).toBe(12);
    const duplicateIds = responses.slice(12, 16).map((r) => {
      expect(r.statusCode).toBe(202);
      return r.json<{ id: string }>().id;
    });
    expect(new Set(duplicateIds).size).toBe(1);
    expect(responses[16]!.statusCode).toBe(422);
    expect(responses[16]!.json<{ error: string }>().error).toBe(
      'This site is on the ignored or protected list and is never captured',
    );
    expect(responses[17]!.statusCode).toBe(402);
    expect(responses[17]!.json<{ error: string }>().error).toBe('An active subscription is required');

    const stored = await t.db.select().from(touchpoints).where(eq(touchpoints.userId, reader.userId));
    expect(stored).toHaveLength(13);
    expect(stored.map((r) => r.id).sort()).toEqual([...ids, duplicateIds[0]!].sort());
    expect(stored.every((r) => r.status === 'queued' && r.text === distinct[0]!.text)).toBe(true);
    expect(await t.db.select().from(touchpoints).where(eq(touchpoints.userId, unsubscribed.userId))).toEqual(
      [],
    );

    // Sent again later: the same ids, nothing new stored.
    const again = await Promise.all(
      [distinct[0]!, duplicate].map((body) => postTouchpoint(t, readerKey, body)),
    );
    expect(again.map((r) => r.json<{ id: string }>().id)).toEqual([ids[0], duplicateIds[0]]);
    expect(await t.db.select().from(touchpoints).where(eq(touchpoints.userId, reader.userId))).toHaveLength(
      13,
    );
  });

  it('an ignored site answers 422 even when the allowance is used up (402 for the others)', async () => {
    const reader = await subscribed(t, 'free');
    const key = await pair(t, reader.token);
    await call(t, reader.token, 'POST', '/api/account/urls', { url: 'example.net' });
    for (let i = 0; i < 50; i++) await usageOracle(t.app).record(reader.userId, 1);
    const [ignored, other] = await Promise.all([
      postTouchpoint(t, key, touchpoint({ url: 'https://www.example.net/x' })),
      postTouchpoint(t, key, touchpoint({ url: 'https://news.example.org/y' })),
    ]);
    expect(ignored.statusCode).toBe(422);
    expect(other.statusCode).toBe(402);
  });
});
