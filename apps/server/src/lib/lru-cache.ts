import { performance } from 'node:perf_hooks';

/** Milliseconds on a monotonic clock (never moves back, unaffected by the app clock tests move). */
export type MonotonicNow = () => number;

export const monotonicNow: MonotonicNow = () => performance.now();

export interface LruCacheOptions {
  /** At most this many entries; the least recently used go first. */
  maxEntries: number;
  /** An entry is forgotten this long after it was set (a hit does not extend it). */
  ttlMs: number;
  /** Default: `performance.now()`. Tests pass a fake. */
  now?: MonotonicNow;
}

/**
 * A bounded in-memory cache: least recently used out first, every entry dropped `ttlMs` after it was set.
 * One process only — what another instance does is not seen here (callers keep `ttlMs` short for that).
 */
export class LruCache<V> {
  readonly #entries = new Map<string, { value: V; expiresAt: number }>();
  readonly #maxEntries: number;
  readonly #ttlMs: number;
  readonly #now: MonotonicNow;

  constructor(options: LruCacheOptions) {
    if (options.maxEntries < 1 || options.ttlMs <= 0)
      throw new Error('LruCache: maxEntries ≥ 1 and ttlMs > 0');
    this.#maxEntries = options.maxEntries;
    this.#ttlMs = options.ttlMs;
    this.#now = options.now ?? monotonicNow;
  }

  get size(): number {
    return this.#entries.size;
  }

  get(key: string): V | undefined {
    const entry = this.#entries.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt <= this.#now()) {
      this.#entries.delete(key);
      return undefined;
    }
    // Most recently used last (a Map keeps insertion order).
    this.#entries.delete(key);
    this.#entries.set(key, entry);
    return entry.value;
  }

  set(key: string, value: V): void {
    this.#entries.delete(key);
    this.#entries.set(key, { value, expiresAt: this.#now() + this.#ttlMs });
    if (this.#entries.size > this.#maxEntries) {
      const oldest = this.#entries.keys().next();
      if (!oldest.done) this.#entries.delete(oldest.value);
    }
  }

  delete(key: string): void {
    this.#entries.delete(key);
  }

  /** Drops every entry whose value matches (a scan: for rare events such as a revocation). Answers how many. */
  deleteWhere(matches: (value: V) => boolean): number {
    let dropped = 0;
    for (const [key, entry] of this.#entries) {
      if (matches(entry.value)) {
        this.#entries.delete(key);
        dropped += 1;
      }
    }
    return dropped;
  }

  clear(): void {
    this.#entries.clear();
  }
}
