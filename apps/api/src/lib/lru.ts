/**
 * A small least-recently-used cache over a Map (insertion order = recency), bounded by entry count
 * and, optionally, by a total weight (bytes of cached images).
 */
export class Lru<K, V> {
  private readonly map = new Map<K, { value: V; weight: number }>();
  private total = 0;

  constructor(
    private readonly maxEntries: number,
    private readonly maxWeight = Number.POSITIVE_INFINITY,
    private readonly weigh: (value: V) => number = () => 0,
  ) {}

  get size() {
    return this.map.size;
  }

  /** the total weight of the entries held */
  get weight() {
    return this.total;
  }

  get(key: K): V | undefined {
    const hit = this.map.get(key);
    if (!hit) return undefined;
    this.map.delete(key);
    this.map.set(key, hit);
    return hit.value;
  }

  set(key: K, value: V): void {
    if (this.maxEntries <= 0) return;
    const weight = this.weigh(value);
    if (weight > this.maxWeight) return;
    this.delete(key);
    this.map.set(key, { value, weight });
    this.total += weight;
    while (this.map.size > this.maxEntries || this.total > this.maxWeight) {
      const oldest = this.map.keys().next();
      if (oldest.done) break;
      this.delete(oldest.value);
    }
  }

  delete(key: K): void {
    const hit = this.map.get(key);
    if (!hit) return;
    this.map.delete(key);
    this.total -= hit.weight;
  }

  clear(): void {
    this.map.clear();
    this.total = 0;
  }
}
