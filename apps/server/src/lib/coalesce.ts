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
