import { expect, it } from 'vitest';
import { DAY, HOUR, MINUTE } from '../../src/lib/clock.ts';
import { createRateLimiter, type RateLimitStore, type RollingRule } from '../../src/plugins/rate-limit.ts';
import { testClock } from './builders.ts';

/**
 * The rolling-window rules (decision 105) against one store: the same cases for the memory, database and
 * Redis stores.
 */
export function rollingRuleCases(makeStore: () => RateLimitStore): void {
  const rule: RollingRule = { name: 'rolling-test', limit: 3, windowMs: DAY, bucketMs: HOUR };

  it('allows the limit in any 24 hours, counts hour by hour, and gives claims back', async () => {
    const clock = testClock(new Date('2025-03-01T12:30:00.000Z'));
    const limiter = createRateLimiter(makeStore(), clock);
    const id = `roll-${Math.random()}`;

    const first = await limiter.claim(rule, id);
    expect(first).toMatchObject({ allowed: true, count: 1, retryAfterS: 0 });
    clock.advance(5 * HOUR);
    expect(await limiter.claim(rule, id)).toMatchObject({ allowed: true, count: 2 });
    const given = await limiter.claim(rule, id);
    expect(given).toMatchObject({ allowed: true, count: 3 });
    await given.release();
    await given.release(); // once only
    expect(await limiter.peek(rule, id)).toMatchObject({ allowed: true, count: 2 });
    expect(await limiter.claim(rule, id)).toMatchObject({ allowed: true, count: 3 });

    const refused = await limiter.claim(rule, id);
    expect(refused.allowed).toBe(false);
    await refused.release();
    const peek = await limiter.peek(rule, id);
    expect(peek).toMatchObject({ allowed: false, count: 3 });
    // The first hit (12:30) leaves the window when its hour has: at 13:00 the next day.
    expect(peek.retryAfterS).toBe((DAY - 5 * HOUR + 30 * MINUTE) / 1000);

    clock.advance(DAY - 5 * HOUR + 30 * MINUTE); // 13:00 the next day
    expect(await limiter.peek(rule, id)).toMatchObject({ allowed: true, count: 2 });
    clock.advance(5 * HOUR);
    expect(await limiter.peek(rule, id)).toMatchObject({ allowed: true, count: 0 });
    expect(await limiter.peek(rule, 'someone-else')).toMatchObject({ allowed: true, count: 0 });
  });

  it('lets exactly the limit of concurrent claims through', async () => {
    const limiter = createRateLimiter(makeStore(), testClock());
    const id = `roll-burst-${Math.random()}`;
    const claims = await Promise.all(Array.from({ length: 10 }, () => limiter.claim(rule, id)));
    expect(claims.filter((c) => c.allowed)).toHaveLength(3);
  });
}
