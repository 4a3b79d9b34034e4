import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import fp from 'fastify-plugin';
import type { Db } from '../db/database.ts';
import { rateLimits } from '../db/schema.ts';
import { tooManyRequests } from '../http/errors.ts';
import type { Clock } from '../lib/clock.ts';

/**
 * A small fixed-window rate limiter. A rule ("5 PIN e-mails per address per 15 minutes") is applied to
 * an id (the address, the client IP); each call counts one hit. Stores are pluggable: in memory (one
 * process), the database (default: shared by every instance, survives restarts), and Redis (with REDIS_URL:
 * shared, and no database write per hit; the database when Redis fails).
 */

export interface RateRule {
  /** Part of the key, e.g. 'pin-email'. */
  name: string;
  limit: number;
  windowMs: number;
}

export interface RateDecision {
  allowed: boolean;
  /** Hits in the current window, this one included. */
  count: number;
  remaining: number;
  resetAt: Date;
}

export interface RateLimitStore {
  /** Count one hit on `key` and return the window's count and end (a new window starts when the old one ended). */
  hit(key: string, windowMs: number, now: Date): Promise<{ count: number; resetAt: Date }>;
  /** Forget a key (e.g. after a successful sign-in). */
  reset(key: string): Promise<void>;
}

export class MemoryRateLimitStore implements RateLimitStore {
  readonly #windows = new Map<string, { count: number; resetAt: number }>();

  hit(key: string, windowMs: number, now: Date): Promise<{ count: number; resetAt: Date }> {
    const at = now.getTime();
    if (this.#windows.size > 10_000) {
      for (const [k, w] of this.#windows) if (w.resetAt <= at) this.#windows.delete(k);
    }
    let window = this.#windows.get(key);
    if (!window || window.resetAt <= at) {
      window = { count: 0, resetAt: at + windowMs };
      this.#windows.set(key, window);
    }
    window.count += 1;
    return Promise.resolve({ count: window.count, resetAt: new Date(window.resetAt) });
  }

  reset(key: string): Promise<void> {
    this.#windows.delete(key);
    return Promise.resolve();
  }
}

/** Counters in the `rate_limits` table: one atomic upsert per hit, so concurrent instances agree. */
export class DatabaseRateLimitStore implements RateLimitStore {
  #hits = 0;
  constructor(private readonly db: Db) {}

  async hit(key: string, windowMs: number, now: Date): Promise<{ count: number; resetAt: Date }> {
    const nowIso = now.toISOString();
    const nextReset = new Date(now.getTime() + windowMs).toISOString();
    const expired = sql`${rateLimits.resetAt} <= ${nowIso}::timestamptz`;
    const [row] = await this.db
      .insert(rateLimits)
      .values({ key, count: 1, resetAt: new Date(nextReset) })
      .onConflictDoUpdate({
        target: rateLimits.key,
        set: {
          count: sql`CASE WHEN ${expired} THEN 1 ELSE ${rateLimits.count} + 1 END`,
          resetAt: sql`CASE WHEN ${expired} THEN ${nextReset}::timestamptz ELSE ${rateLimits.resetAt} END`,
        },
      })
      .returning({ count: rateLimits.count, resetAt: rateLimits.resetAt });
    // Now and then, drop windows that ended (the table only ever holds recent keys).
    if (++this.#hits % 200 === 0) {
      await this.db.delete(rateLimits).where(sql`${rateLimits.resetAt} <= ${nowIso}::timestamptz`);
    }
    if (!row) throw new Error('rate limit upsert returned no row');
    return { count: row.count, resetAt: row.resetAt };
  }

  async reset(key: string): Promise<void> {
    await this.db.delete(rateLimits).where(sql`${rateLimits.key} = ${key}`);
  }
}

/**
 * One hit, atomically, with the app clock's time (so windows behave exactly as the database store's): a hash
 * { c: count, r: window end in ms }; a window that ended starts again at 1. The key expires with its window
 * (real time), so Redis only ever holds recent keys.
 */
const HIT_SCRIPT = `
local now = tonumber(ARGV[1])
local window = tonumber(ARGV[2])
local reset = tonumber(redis.call('HGET', KEYS[1], 'r'))
if (not reset) or reset <= now then
  reset = now + window
  redis.call('HSET', KEYS[1], 'c', 1, 'r', reset)
  redis.call('PEXPIRE', KEYS[1], window)
  return {1, reset}
end
return {redis.call('HINCRBY', KEYS[1], 'c', 1), reset}
`;

/**
 * Counters in Redis under `<prefix>rl:<key>` (one round trip per hit). If Redis fails — down, or slow to
 * answer — that call is counted by `fallback` (the database store) instead: never allowed uncounted, never a
 * 500. The switch is logged once per outage, and so is the return to Redis.
 */
export class RedisRateLimitStore implements RateLimitStore {
  #fallingBack = false;
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    private readonly fallback: RateLimitStore,
    private readonly log: FastifyBaseLogger,
  ) {}

  async hit(key: string, windowMs: number, now: Date): Promise<{ count: number; resetAt: Date }> {
    try {
      const reply = (await this.redis.eval(HIT_SCRIPT, 1, this.#key(key), now.getTime(), windowMs)) as [
        number,
        number,
      ];
      this.#recovered();
      return { count: Number(reply[0]), resetAt: new Date(Number(reply[1])) };
    } catch (error) {
      this.#failed(error);
      return this.fallback.hit(key, windowMs, now);
    }
  }

  async reset(key: string): Promise<void> {
    try {
      await this.redis.del(this.#key(key));
      this.#recovered();
    } catch (error) {
      this.#failed(error);
    }
    // Hits counted by the fallback during an outage are forgotten too.
    await this.fallback.reset(key);
  }

  #key(key: string): string {
    return `${this.prefix}rl:${key}`;
  }

  #failed(error: unknown): void {
    if (this.#fallingBack) return;
    this.#fallingBack = true;
    this.log.warn({ err: error, event: 'rate_limit_fallback' }, 'Redis rate limiting failed: counting in the database');
  }

  #recovered(): void {
    if (!this.#fallingBack) return;
    this.#fallingBack = false;
    this.log.info({ event: 'rate_limit_redis' }, 'rate limiting is back on Redis');
  }
}

export interface RateLimiter {
  /** Count one hit of `id` against `rule`. */
  hit(rule: RateRule, id: string): Promise<RateDecision>;
  /** Count one hit; throw 429 (with Retry-After) when over the limit. */
  enforce(rule: RateRule, id: string, message: string): Promise<void>;
  reset(rule: RateRule, id: string): Promise<void>;
}

export function createRateLimiter(store: RateLimitStore, clock: Clock): RateLimiter {
  const keyOf = (rule: RateRule, id: string) => `${rule.name}:${id}`;
  const hit = async (rule: RateRule, id: string): Promise<RateDecision> => {
    const now = clock();
    const { count, resetAt } = await store.hit(keyOf(rule, id), rule.windowMs, now);
    return { allowed: count <= rule.limit, count, remaining: Math.max(0, rule.limit - count), resetAt };
  };
  return {
    hit,
    async enforce(rule, id, message) {
      const decision = await hit(rule, id);
      if (!decision.allowed) {
        const seconds = Math.max(1, Math.ceil((decision.resetAt.getTime() - clock().getTime()) / 1000));
        throw tooManyRequests(message, seconds);
      }
    },
    reset: (rule, id) => store.reset(keyOf(rule, id)),
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    rateLimiter: RateLimiter;
  }
}

export interface RateLimitPluginOptions {
  /** Default: Redis when REDIS_URL is set (the database when Redis fails), otherwise the database. */
  store?: RateLimitStore;
}

export default fp<RateLimitPluginOptions>(
  function rateLimit(app: FastifyInstance, options) {
    const database = new DatabaseRateLimitStore(app.db);
    const store =
      options.store ??
      (app.redis
        ? new RedisRateLimitStore(app.redis.command, app.redis.prefix, database, app.log.child({ component: 'rate-limit' }))
        : database);
    app.decorate('rateLimiter', createRateLimiter(store, app.clock));
  },
  { name: 'rate-limit', dependencies: ['db', 'redis'] },
);
