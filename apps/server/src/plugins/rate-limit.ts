import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../db/database.ts';
import { rateLimits } from '../db/schema.ts';
import { tooManyRequests } from '../http/errors.ts';
import type { Clock } from '../lib/clock.ts';

/**
 * A small fixed-window rate limiter. A rule ("5 PIN e-mails per address per 15 minutes") is applied to
 * an id (the address, the client IP); each call counts one hit. Stores are pluggable: in memory (one
 * process), the database (default: shared by every instance, survives restarts), and later Redis.
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
  /** Default: the database store. */
  store?: RateLimitStore;
}

export default fp<RateLimitPluginOptions>(
  function rateLimit(app: FastifyInstance, options) {
    const store = options.store ?? new DatabaseRateLimitStore(app.db);
    app.decorate('rateLimiter', createRateLimiter(store, app.clock));
  },
  { name: 'rate-limit', dependencies: ['db'] },
);
