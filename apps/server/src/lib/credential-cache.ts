import { SingleFlight } from './coalesce.ts';
import { LruCache, type MonotonicNow } from './lru-cache.ts';

/** A credential cache's bounds, each with the service's default when left out (tests shorten them). */
export interface CredentialCacheOptions {
  ttlMs?: number;
  maxEntries?: number;
  /** Monotonic milliseconds for the TTL (tests pass a fake). */
  now?: MonotonicNow;
}

/**
 * What an instance remembers of the credentials it verified (sessions, extension keys; decision 071), by their
 * keyed hash: at most `maxEntries`, each for at most `ttlMs`. A revocation on this instance `forget`s the
 * matching entries at once. A miss is read through `lookup`: concurrent misses of one hash share one read, a
 * miss after a revocation does not join a read that began before it, and what a read that raced a revocation
 * found is answered but not remembered.
 */
export class CredentialCache<Entry, Found> {
  readonly #entries: LruCache<Entry>;
  readonly #lookups = new SingleFlight<Found>();
  /** Counts revocations: a lookup that started before one is not remembered. */
  #revocations = 0;

  constructor(defaults: { ttlMs: number; maxEntries: number }, options: CredentialCacheOptions = {}) {
    this.#entries = new LruCache({
      ttlMs: options.ttlMs ?? defaults.ttlMs,
      maxEntries: options.maxEntries ?? defaults.maxEntries,
      ...(options.now ? { now: options.now } : {}),
    });
  }

  get(hash: string): Entry | undefined {
    return this.#entries.get(hash);
  }

  delete(hash: string): void {
    this.#entries.delete(hash);
  }

  /** Drops the matching entries and counts a revocation. */
  forget(matches: (entry: Entry) => boolean): void {
    this.#revocations += 1;
    this.#entries.deleteWhere(matches);
  }

  /** Reads a miss with `read`, which hands `remember` what to keep of a live credential. */
  lookup(hash: string, read: (remember: (entry: Entry) => void) => Promise<Found>): Promise<Found> {
    const revocationsBefore = this.#revocations;
    return this.#lookups.run(`${revocationsBefore}:${hash}`, () =>
      read((entry) => {
        if (this.#revocations === revocationsBefore) this.#entries.set(hash, entry);
      }),
    );
  }
}
