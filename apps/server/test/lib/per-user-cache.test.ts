import { describe, expect, it } from 'vitest';
import { PerUserCache } from '../../src/lib/per-user-cache.ts';
import { fakeMonotonicNow } from '../helpers/builders.ts';

/** A read that answers only when released, counting its calls. */
function gatedRead(value: string) {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  const read = Object.assign(
    async () => {
      const call = (read.calls += 1);
      await gate;
      return `${value}#${call}`;
    },
    { calls: 0, release: () => release() },
  );
  return read;
}

describe('PerUserCache', () => {
  it('keeps an answer per user and key until the TTL', () => {
    const now = fakeMonotonicNow();
    const cache = new PerUserCache<string>({ now, ttlMs: 2_000, maxEntries: 10 });
    cache.set('u1', 'k', 'one', cache.ticket());
    expect(cache.get('u1', 'k')).toBe('one');
    expect(cache.get('u1', 'other')).toBeUndefined();
    expect(cache.get('u2', 'k')).toBeUndefined();
    now.advance(1_999);
    expect(cache.get('u1', 'k')).toBe('one');
    now.advance(1);
    expect(cache.get('u1', 'k')).toBeUndefined();
  });

  it('invalidating a user drops only that user’s answers, and refuses what was read before', () => {
    const now = fakeMonotonicNow();
    const cache = new PerUserCache<string>({ now, ttlMs: 2_000, maxEntries: 10 });
    cache.set('u1', 'a', 'a1', cache.ticket());
    cache.set('u1', 'b', 'b1', cache.ticket());
    cache.set('u2', 'a', 'a2', cache.ticket());
    const ticket = cache.ticket();
    now.advance(1);
    cache.invalidate('u1');
    expect([cache.get('u1', 'a'), cache.get('u1', 'b'), cache.get('u2', 'a')]).toEqual([
      undefined,
      undefined,
      'a2',
    ]);
    cache.set('u1', 'a', 'stale', ticket);
    expect(cache.get('u1', 'a')).toBeUndefined();
    now.advance(1);
    cache.set('u1', 'a', 'fresh', cache.ticket());
    expect(cache.get('u1', 'a')).toBe('fresh');
  });

  it('concurrent misses share one read; a miss after an invalidation reads again, and the older read is not kept', async () => {
    const now = fakeMonotonicNow();
    const cache = new PerUserCache<string>({ now, ttlMs: 2_000, maxEntries: 10 });
    const read = gatedRead('v');
    const first = Array.from({ length: 10 }, () => cache.through('u1', 'k', read));
    expect(read.calls).toBe(1);
    now.advance(1);
    cache.invalidate('u1'); // the data changed while the read was in flight
    now.advance(1);
    const after = cache.through('u1', 'k', read);
    expect(read.calls).toBe(2);
    read.release();
    expect(await Promise.all(first)).toEqual(Array.from({ length: 10 }, () => 'v#1'));
    expect(await after).toBe('v#2');
    // Only the read that began after the invalidation was kept.
    expect(cache.get('u1', 'k')).toBe('v#2');
    expect(await cache.through('u1', 'k', read)).toBe('v#2');
    expect(read.calls).toBe(2);
  });

  it('`keep` decides what is kept; a failed read keeps nothing and the next miss reads again', async () => {
    const cache = new PerUserCache<string | null>({ now: fakeMonotonicNow(), ttlMs: 2_000, maxEntries: 10 });
    let calls = 0;
    const none = () => Promise.resolve((calls++, null));
    expect(await cache.through('u1', '', none, (v) => v !== null)).toBeNull();
    expect(await cache.through('u1', '', none, (v) => v !== null)).toBeNull();
    expect(calls).toBe(2);
    await expect(cache.through('u2', '', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await cache.through('u2', '', () => Promise.resolve('up'))).toBe('up');
  });

  it('is bounded', () => {
    const cache = new PerUserCache<string>({ now: fakeMonotonicNow(), ttlMs: 2_000, maxEntries: 2 });
    for (const user of ['a', 'b', 'c']) cache.set(user, '', user, cache.ticket());
    expect([cache.get('a'), cache.get('b'), cache.get('c')]).toEqual([undefined, 'b', 'c']);
  });
});
