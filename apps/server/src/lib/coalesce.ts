/**
 * Lookups by key made in the same turn share one call of `fetchMany` (keys in order of first request, each
 * once), and a call for a key already being fetched joins that fetch. Nothing is kept once it settles — an
 * in-flight batching, not a cache. A key `fetchMany` leaves out of its map answers `missing`; if it fails,
 * every lookup of that batch fails with its error. The touch-point worker scores a claimed batch at once:
 * the profiles of all its users are one read, not one per user or per page.
 */
export function batchByKey<K, V>(
  fetchMany: (keys: readonly K[]) => Promise<ReadonlyMap<K, V>>,
  missing: V,
): (key: K) => Promise<V> {
  const inFlight = new Map<K, Promise<V>>();
  let waiting: Map<K, { resolve: (value: V) => void; reject: (error: unknown) => void }> | undefined;

  const flush = () => {
    const batch = waiting!;
    waiting = undefined;
    const settle = (answer: (key: K) => void) => {
      for (const key of batch.keys()) {
        inFlight.delete(key);
        answer(key);
      }
    };
    fetchMany([...batch.keys()]).then(
      (found) => settle((key) => batch.get(key)!.resolve(found.has(key) ? found.get(key)! : missing)),
      (error: unknown) => settle((key) => batch.get(key)!.reject(error)),
    );
  };

  return (key) => {
    const pending = inFlight.get(key);
    if (pending) return pending;
    if (!waiting) {
      waiting = new Map();
      queueMicrotask(flush);
    }
    const batch = waiting;
    const call = new Promise<V>((resolve, reject) => batch.set(key, { resolve, reject }));
    inFlight.set(key, call);
    return call;
  };
}

/**
 * Concurrent calls with the same key share one call of `fn`, for callers that must sometimes not join what is
 * in flight: `forget` makes later calls of the matching keys start afresh (a read in flight may have begun
 * before the data changed). The caches use it so that a miss under load is one database read, not one per
 * waiting request.
 */
export class SingleFlight<V> {
  readonly #calls = new Map<string, Promise<V>>();

  run(key: string, fn: () => Promise<V>): Promise<V> {
    const pending = this.#calls.get(key);
    if (pending) return pending;
    const call = fn().finally(() => {
      if (this.#calls.get(key) === call) this.#calls.delete(key);
    });
    this.#calls.set(key, call);
    return call;
  }

  forget(matches: (key: string) => boolean): void {
    for (const key of this.#calls.keys()) if (matches(key)) this.#calls.delete(key);
  }
}
