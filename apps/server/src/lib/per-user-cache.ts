import { SingleFlight } from './coalesce.ts';
import { LruCache, monotonicNow, type MonotonicNow } from './lru-cache.ts';

/**
 * Answers about one user kept a moment (decision 071, "Credential and response caches"): the history pages,
 * the insights and the signed-in user. An LRU with a TTL, plus what keeps it honest when the user's data
 * changes:
 *
 * - `invalidate(userId)` drops every kept answer of that user (the change was made, or announced, here);
 * - an answer read from the database while an invalidation happened is answered but not kept: take a
 *   `ticket()` before reading, and `set` with it refuses to keep what was read before the change.
 *
 * One process only: other instances learn of a change through the cluster's broadcast (decision 090), and
 * without it within `ttlMs`.
 */

/** How long an invalidation is remembered to refuse answers read before it. */
const INVALIDATION_MEMORY_MS = 60_000;

export interface PerUserCacheOptions {
  ttlMs: number;
  maxEntries: number;
  now?: MonotonicNow;
}

export class PerUserCache<V> {
  readonly #answers: LruCache<{ userId: string; value: V }>;
  /** When each user's answers were last invalidated (monotonic ms), oldest first. */
  readonly #invalidatedAt = new Map<string, number>();
  readonly #maxEntries: number;
  readonly #now: MonotonicNow;
  /** Reads in flight (`through`): concurrent misses of one answer share one read. */
  readonly #reads = new SingleFlight<V>();

  constructor(options: PerUserCacheOptions) {
    this.#now = options.now ?? monotonicNow;
    this.#maxEntries = options.maxEntries;
    this.#answers = new LruCache({ ttlMs: options.ttlMs, maxEntries: options.maxEntries, now: this.#now });
  }

  /** `key`: what the answer depends on besides the user (a query with its defaults applied). */
  get(userId: string, key = ''): V | undefined {
    return this.#answers.get(entryKey(userId, key))?.value;
  }

  /** Take before reading the database; `set` with it keeps nothing if the user's answers were invalidated since. */
  ticket(): number {
    return this.#now();
  }

  set(userId: string, key: string, value: V, ticket: number): void {
    const invalidated = this.#invalidatedAt.get(userId);
    if (invalidated !== undefined && invalidated >= ticket) return;
    this.#answers.set(entryKey(userId, key), { userId, value });
  }

  /** Drops every kept answer of the user (their data changed). */
  invalidate(userId: string): void {
    const now = this.#now();
    this.#invalidatedAt.delete(userId);
    this.#invalidatedAt.set(userId, now);
    // Forget old invalidations (an answer read before one would long be out of date anyway), and never keep
    // more than a few times the answers' bound.
    for (const [user, at] of this.#invalidatedAt) {
      if (at > now - INVALIDATION_MEMORY_MS && this.#invalidatedAt.size <= 4 * this.#maxEntries) break;
      this.#invalidatedAt.delete(user);
    }
    this.#answers.deleteWhere((answer) => answer.userId === userId);
    // A read in flight began before the change: later misses read again.
    const prefix = `${userId}\n`;
    this.#reads.forget((key) => key.startsWith(prefix));
  }

  /**
   * `get`, else `read` and keep (unless invalidated meanwhile, or `keep` says no). Concurrent misses of the
   * same answer share one read, unless the user's answers were invalidated after it began.
   */
  through(
    userId: string,
    key: string,
    read: () => Promise<V>,
    keep: (value: V) => boolean = () => true,
  ): Promise<V> {
    const kept = this.get(userId, key);
    if (kept !== undefined) return Promise.resolve(kept);
    return this.#reads.run(entryKey(userId, key), async () => {
      const ticket = this.ticket();
      const value = await read();
      if (keep(value)) this.set(userId, key, value, ticket);
      return value;
    });
  }
}

const entryKey = (userId: string, key: string) => `${userId}\n${key}`;
