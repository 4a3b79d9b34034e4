import { describe, expect, it } from 'vitest';
import { HttpError } from '../../src/http/errors.ts';
import {
  createRateLimiter,
  DatabaseRateLimitStore,
  MemoryRateLimitStore,
  type RateLimitStore,
} from '../../src/plugins/rate-limit.ts';
import { testClock } from '../helpers/builders.ts';
import { rollingRuleCases } from '../helpers/rolling-rule-cases.ts';
import { sharedTestDatabase } from '../helpers/test-database.ts';

const database = sharedTestDatabase();

const rule = { name: 'test', limit: 3, windowMs: 60_000 };

describe.each([
  ['memory', () => new MemoryRateLimitStore() as RateLimitStore],
  ['database', () => new DatabaseRateLimitStore(database.db) as RateLimitStore],
])('rate limiter (%s store)', (_name, makeStore) => {
  it('allows the limit per window, then refuses until the window ends', async () => {
    const clock = testClock();
    const limiter = createRateLimiter(makeStore(), clock);
    const id = `id-${Math.random()}`;
    for (let i = 1; i <= 3; i++) expect(await limiter.hit(rule, id)).toMatchObject({ allowed: true, count: i });
    expect((await limiter.hit(rule, id)).allowed).toBe(false);
    expect((await limiter.hit(rule, 'someone-else')).allowed).toBe(true);

    const error = await limiter.enforce(rule, id, 'slow down').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({ statusCode: 429, message: 'slow down', headers: { 'retry-after': '60' } });

    clock.advance(60_000);
    expect(await limiter.hit(rule, id)).toMatchObject({ allowed: true, count: 1 });
    await limiter.reset(rule, id);
    expect(await limiter.hit(rule, id)).toMatchObject({ count: 1 });
  });

  it('counts concurrent hits exactly', async () => {
    const limiter = createRateLimiter(makeStore(), testClock());
    const id = `burst-${Math.random()}`;
    const results = await Promise.all(Array.from({ length: 10 }, () => limiter.hit(rule, id)));
    expect(results.map((r) => r.count).sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(results.filter((r) => r.allowed)).toHaveLength(3);
  });
});

describe.each([
  ['memory', () => new MemoryRateLimitStore() as RateLimitStore],
  ['database', () => new DatabaseRateLimitStore(database.db) as RateLimitStore],
])('rolling rules (%s store)', (_name, makeStore) => {
  rollingRuleCases(makeStore);
});
