import { messages } from '@mediadiet/contract/messages';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import fp from 'fastify-plugin';
import type { Db } from '../db/database.ts';
import { rateLimits } from '../db/schema.ts';
import type { AuthContext } from '../http/auth-context.ts';
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
  /** The counts of `keys` whose windows have not ended (0 for the others), in the order of `keys`. */
  counts(keys: string[], now: Date): Promise<number[]>;
  /** Take one hit back from `key` if its window has not ended (never below 0). */
  undo(key: string, now: Date): Promise<void>;
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

  counts(keys: string[], now: Date): Promise<number[]> {
    const at = now.getTime();
    return Promise.resolve(
      keys.map((key) => {
        const window = this.#windows.get(key);
        return window && window.resetAt > at ? window.count : 0;
      }),
    );
  }

  undo(key: string, now: Date): Promise<void> {
    const window = this.#windows.get(key);
    if (window && window.resetAt > now.getTime() && window.count > 0) window.count -= 1;
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

  async counts(keys: string[], now: Date): Promise<number[]> {
    if (keys.length === 0) return [];
    const rows = await this.db
      .select({ key: rateLimits.key, count: rateLimits.count })
      .from(rateLimits)
      .where(and(inArray(rateLimits.key, keys), sql`${rateLimits.resetAt} > ${now.toISOString()}::timestamptz`));
    const byKey = new Map(rows.map((row) => [row.key, row.count]));
    return keys.map((key) => byKey.get(key) ?? 0);
  }

  async undo(key: string, now: Date): Promise<void> {
    await this.db
      .update(rateLimits)
      .set({ count: sql`${rateLimits.count} - 1` })
      .where(
        and(
          eq(rateLimits.key, key),
          sql`${rateLimits.count} > 0`,
          sql`${rateLimits.resetAt} > ${now.toISOString()}::timestamptz`,
        ),
      );
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

/** The live counts of KEYS (0 for a key whose window ended or that does not exist). */
const COUNTS_SCRIPT = `
local now = tonumber(ARGV[1])
local out = {}
for i, key in ipairs(KEYS) do
  local reset = tonumber(redis.call('HGET', key, 'r'))
  if reset and reset > now then
    out[i] = tonumber(redis.call('HGET', key, 'c')) or 0
  else
    out[i] = 0
  end
end
return out
`;

/** One hit taken back from a live window (never below 0). */
const UNDO_SCRIPT = `
local now = tonumber(ARGV[1])
local reset = tonumber(redis.call('HGET', KEYS[1], 'r'))
if reset and reset > now and (tonumber(redis.call('HGET', KEYS[1], 'c')) or 0) > 0 then
  redis.call('HINCRBY', KEYS[1], 'c', -1)
end
return 0
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

  async counts(keys: string[], now: Date): Promise<number[]> {
    if (keys.length === 0) return [];
    try {
      const reply = (await this.redis.eval(
        COUNTS_SCRIPT,
        keys.length,
        ...keys.map((key) => this.#key(key)),
        now.getTime(),
      )) as number[];
      this.#recovered();
      // Hits the fallback counted during an outage keep counting until their windows end: a cap over a day
      // (decision 105) must not forget an hour of Redis being down.
      const fallback = await this.fallback.counts(keys, now);
      return keys.map((_, i) => Number(reply[i] ?? 0) + (fallback[i] ?? 0));
    } catch (error) {
      this.#failed(error);
      return this.fallback.counts(keys, now);
    }
  }

  async undo(key: string, now: Date): Promise<void> {
    try {
      await this.redis.eval(UNDO_SCRIPT, 1, this.#key(key), now.getTime());
      this.#recovered();
    } catch (error) {
      this.#failed(error);
      await this.fallback.undo(key, now);
    }
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

/**
 * A limit over a rolling window ("100 failures in any 24 hours"), counted in buckets of `bucketMs` (an hour):
 * the count is the current bucket plus the `windowMs / bucketMs` buckets before it, so it covers between one
 * window and one window plus a bucket — never less than the window (a conservative limit).
 */
export interface RollingRule {
  name: string;
  limit: number;
  windowMs: number;
  bucketMs: number;
}

export interface RollingState {
  /** Hits in the rolling window (a claim included). */
  count: number;
  allowed: boolean;
  /** Seconds until the count is back under the limit (0 while it is). */
  retryAfterS: number;
}

export interface RollingClaim extends RollingState {
  /** Takes the claimed hit back (the claim did not turn out to be a failure, or it was refused). */
  release(): Promise<void>;
}

export interface RateLimiter {
  /** Count one hit of `id` against `rule`. */
  hit(rule: RateRule, id: string): Promise<RateDecision>;
  /** Count one hit; throw 429 (with Retry-After) when over the limit. */
  enforce(rule: RateRule, id: string, message: string): Promise<void>;
  reset(rule: RateRule, id: string): Promise<void>;
  /**
   * Count one hit of `id` against a rolling rule before the attempt it stands for, so that concurrent attempts
   * cannot overshoot: allowed while the count, this hit included, is within the limit.
   */
  claim(rule: RollingRule, id: string): Promise<RollingClaim>;
  /** The rolling count without counting anything (allowed: one more hit would be within the limit). */
  peek(rule: RollingRule, id: string): Promise<RollingState>;
}

export function createRateLimiter(store: RateLimitStore, clock: Clock): RateLimiter {
  const keyOf = (rule: RateRule, id: string) => `${rule.name}:${id}`;
  const hit = async (rule: RateRule, id: string): Promise<RateDecision> => {
    const now = clock();
    const { count, resetAt } = await store.hit(keyOf(rule, id), rule.windowMs, now);
    return { allowed: count <= rule.limit, count, remaining: Math.max(0, rule.limit - count), resetAt };
  };

  const bucketKey = (rule: RollingRule, id: string, bucket: number) => `${rule.name}:${id}:${bucket}`;
  /** The buckets before the current one that are still in the window, oldest first. */
  const earlierBuckets = (rule: RollingRule, current: number) => {
    const n = Math.ceil(rule.windowMs / rule.bucketMs);
    return Array.from({ length: n }, (_, i) => current - n + i);
  };
  /** Seconds until the oldest buckets have left the window and the count is under the limit. */
  const retryAfter = (rule: RollingRule, current: number, counts: number[], nowMs: number, over: number) => {
    // counts: earlier buckets oldest first, then the current one. Bucket current-n leaves at the end of `current`.
    let total = counts.reduce((a, b) => a + b, 0);
    for (let i = 0; i < counts.length; i++) {
      if (total - over < rule.limit) return i === 0 ? 0 : Math.max(1, Math.ceil(((current + i) * rule.bucketMs - nowMs) / 1000));
      total -= counts[i]!;
    }
    return Math.max(1, Math.ceil(((current + counts.length) * rule.bucketMs - nowMs) / 1000));
  };
  const state = (rule: RollingRule, current: number, counts: number[], nowMs: number, claimed: boolean): RollingState => {
    const count = counts.reduce((a, b) => a + b, 0);
    // A claim is allowed while it is within the limit; a peek while one more would be.
    const allowed = claimed ? count <= rule.limit : count < rule.limit;
    return { count, allowed, retryAfterS: allowed ? 0 : retryAfter(rule, current, counts, nowMs, claimed ? 1 : 0) };
  };

  return {
    hit,
    async claim(rule, id) {
      const now = clock();
      const current = Math.floor(now.getTime() / rule.bucketMs);
      const key = bucketKey(rule, id, current);
      // The bucket lives until it has left the window (one window and one bucket after its first hit at most).
      const { count } = await store.hit(key, rule.windowMs + rule.bucketMs, now);
      const earlier = await store.counts(
        earlierBuckets(rule, current).map((b) => bucketKey(rule, id, b)),
        now,
      );
      let released = false;
      return {
        ...state(rule, current, [...earlier, count], now.getTime(), true),
        release: async () => {
          if (released) return;
          released = true;
          await store.undo(key, clock());
        },
      };
    },
    async peek(rule, id) {
      const now = clock();
      const current = Math.floor(now.getTime() / rule.bucketMs);
      const buckets = [...earlierBuckets(rule, current), current];
      const counts = await store.counts(
        buckets.map((b) => bucketKey(rule, id, b)),
        now,
      );
      return state(rule, current, counts, now.getTime(), false);
    },
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

/**
 * For a route the web app and the paired extension share: a call made with the extension's key counts against
 * `rule` for the key's owner (429 with Retry-After past it), like the extension's own calls; a call made with a
 * session is not counted (decision 157).
 */
export async function limitExtensionCall(limiter: RateLimiter, auth: AuthContext, rule: RateRule): Promise<void> {
  if (auth.kind === 'extension') await limiter.enforce(rule, auth.userId, messages.server.rateLimited);
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
