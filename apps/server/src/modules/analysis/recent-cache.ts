import { LruCache, monotonicNow, type MonotonicNow } from '../../lib/lru-cache.ts';

/**
 * Answers of GET /api/analysis/recent, kept a moment per user and query (decision 071, "Credential and
 * response caches"): the serialised JSON as UTF-8 bytes, so a hit reads no database, serialises nothing and
 * the socket gets the bytes as they are.
 *
 * - A new analysis of the user stored on this instance invalidates the user's pages at once (the
 *   `analysis_created` event, before it reaches the user's sockets: see plugins/analysis-cache.ts).
 * - Another instance's new analyses are seen within RECENT_CACHE_TTL_MS (the window's start moves by as much).
 * - A page read from the database while the user's pages were invalidated is answered but not kept.
 */

export const RECENT_CACHE_TTL_MS = 2_000;
export const RECENT_CACHE_MAX_ENTRIES = 1_000;
/** Larger answers (a `limit` far above the default page) are not kept: ≤ 64 MB for the whole cache. */
export const RECENT_CACHE_MAX_BODY_BYTES = 64 * 1024;
/** How long an invalidation is remembered to refuse pages read before it. */
const INVALIDATION_MEMORY_MS = 60_000;

/** What a page depends on besides the user (the query with its defaults applied). */
export interface RecentPageQuery {
  days: number;
  limit: number;
  cursor: string | undefined;
}

export interface RecentPagesCacheOptions {
  ttlMs?: number;
  maxEntries?: number;
  now?: MonotonicNow;
}

export class RecentPagesCache {
  readonly #pages: LruCache<{ userId: string; body: Buffer }>;
  /** When each user's pages were last invalidated (monotonic ms), oldest first. */
  readonly #invalidatedAt = new Map<string, number>();
  readonly #maxEntries: number;
  readonly #now: MonotonicNow;

  constructor(options: RecentPagesCacheOptions = {}) {
    this.#now = options.now ?? monotonicNow;
    this.#maxEntries = options.maxEntries ?? RECENT_CACHE_MAX_ENTRIES;
    this.#pages = new LruCache({
      ttlMs: options.ttlMs ?? RECENT_CACHE_TTL_MS,
      maxEntries: this.#maxEntries,
      now: this.#now,
    });
  }

  get(userId: string, query: RecentPageQuery): Buffer | undefined {
    return this.#pages.get(pageKey(userId, query))?.body;
  }

  /** Take before reading the database; `set` with it keeps nothing if the user's pages were invalidated since. */
  ticket(): number {
    return this.#now();
  }

  set(userId: string, query: RecentPageQuery, body: Buffer, ticket: number): void {
    if (body.length > RECENT_CACHE_MAX_BODY_BYTES) return;
    const invalidated = this.#invalidatedAt.get(userId);
    if (invalidated !== undefined && invalidated >= ticket) return;
    this.#pages.set(pageKey(userId, query), { userId, body });
  }

  /** Drops every kept page of the user (a new analysis of theirs was stored). */
  invalidate(userId: string): void {
    const now = this.#now();
    this.#invalidatedAt.delete(userId);
    this.#invalidatedAt.set(userId, now);
    // Forget old invalidations (a page read before one would long be out of date anyway), and never keep
    // more than a few times the pages' bound.
    for (const [user, at] of this.#invalidatedAt) {
      if (at > now - INVALIDATION_MEMORY_MS && this.#invalidatedAt.size <= 4 * this.#maxEntries) break;
      this.#invalidatedAt.delete(user);
    }
    this.#pages.deleteWhere((page) => page.userId === userId);
  }
}

const pageKey = (userId: string, query: RecentPageQuery) =>
  `${userId}\n${query.days}\n${query.limit}\n${query.cursor ?? ''}`;
