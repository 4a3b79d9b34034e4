/**
 * A least-recently-used map of at most `max` entries: the labels' in-memory cache of headline results.
 * Hand-written rather than `lru-cache` (11.5.3: 18.7 KB minified in the background bundle, which every wake of
 * the background parses, against a dozen lines here): a Map keeps insertion order, so a read re-inserts its entry
 * and the first key is always the least recently used one.
 */
export class Lru<K, V> {
  private readonly map = new Map<K, V>();

  constructor(readonly max: number) {
    if (!(max >= 1)) throw new Error('An LRU needs room for one entry at least');
  }

  get size(): number {
    return this.map.size;
  }

  get(key: K): V | undefined {
    if (!this.map.has(key)) return undefined;
    const value = this.map.get(key) as V;
    this.map.delete(key);
    this.map.set(key, value);
    return value;
  }

  set(key: K, value: V): void {
    this.map.delete(key);
    this.map.set(key, value);
    while (this.map.size > this.max) this.map.delete(this.map.keys().next().value as K);
  }
}
