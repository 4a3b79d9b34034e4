/**
 * Concurrent calls with the same key share one call of `fn` (the first one's); once it settles, the next
 * call calls again. Nothing is kept after that — an in-flight de-duplication, not a cache. The touch-point
 * worker scores a batch at once: its pages of one user need that user's profile read once, not per page.
 */
export function coalesceByKey<K, V>(fn: (key: K) => Promise<V>): (key: K) => Promise<V> {
  const inFlight = new Map<K, Promise<V>>();
  return (key) => {
    const pending = inFlight.get(key);
    if (pending) return pending;
    const call = fn(key).finally(() => inFlight.delete(key));
    inFlight.set(key, call);
    return call;
  };
}

/**
 * `coalesceByKey` for callers that must sometimes not join what is in flight: `forget` makes later calls of
 * the matching keys start afresh (a read in flight may have begun before the data changed). The caches
 * use it so that a miss under load is one database read, not one per waiting request.
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
