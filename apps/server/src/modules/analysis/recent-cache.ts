import type { MonotonicNow } from '../../lib/lru-cache.ts';
import { PerUserCache } from '../../lib/per-user-cache.ts';

/**
 * Answers of GET /api/analysis/recent, kept a moment per user and query (decision 071, "Credential and
 * response caches"): the serialised JSON as UTF-8 bytes, so a hit reads no database, serialises nothing and
 * the socket gets the bytes as they are.
 *
 * - A new analysis of the user stored on this instance invalidates the user's pages at once (the
 *   `analysis_created` event, before it reaches the user's sockets: see plugin.ts).
 * - Another instance's new analyses are seen within RECENT_CACHE_TTL_MS (the window's start moves by as much).
 * - A page read from the database while the user's pages were invalidated is answered but not kept.
 */

export const RECENT_CACHE_TTL_MS = 2_000;
export const RECENT_CACHE_MAX_ENTRIES = 1_000;
/** Larger answers (a `limit` far above the default page) are not kept: ≤ 64 MB for the whole cache. */
export const RECENT_CACHE_MAX_BODY_BYTES = 64 * 1024;

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
  readonly #pages: PerUserCache<Buffer>;

  constructor(options: RecentPagesCacheOptions = {}) {
    this.#pages = new PerUserCache({
      ttlMs: options.ttlMs ?? RECENT_CACHE_TTL_MS,
      maxEntries: options.maxEntries ?? RECENT_CACHE_MAX_ENTRIES,
      ...(options.now ? { now: options.now } : {}),
    });
  }

  get(userId: string, query: RecentPageQuery): Buffer | undefined {
    return this.#pages.get(userId, pageKey(query));
  }

  /** Take before reading the database; `set` with it keeps nothing if the user's pages were invalidated since. */
  ticket(): number {
    return this.#pages.ticket();
  }

  set(userId: string, query: RecentPageQuery, body: Buffer, ticket: number): void {
    if (body.length > RECENT_CACHE_MAX_BODY_BYTES) return;
    this.#pages.set(userId, pageKey(query), body, ticket);
  }

  /** `get`, else `read` and keep (a miss under load is one read: see PerUserCache.through). */
  through(userId: string, query: RecentPageQuery, read: () => Promise<Buffer>): Promise<Buffer> {
    return this.#pages.through(
      userId,
      pageKey(query),
      read,
      (body) => body.length <= RECENT_CACHE_MAX_BODY_BYTES,
    );
  }

  /** Drops every kept page of the user (a new analysis of theirs was stored). */
  invalidate(userId: string): void {
    this.#pages.invalidate(userId);
  }
}

const pageKey = (query: RecentPageQuery) => `${query.days}\n${query.limit}\n${query.cursor ?? ''}`;
