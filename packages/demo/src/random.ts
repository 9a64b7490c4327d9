/**
 * A small seeded pseudo-random generator (mulberry32) and the helpers the demo generator needs.
 * Everything in the demo catalogue is drawn from here, so the same seed gives the same catalogue.
 */

/** mulberry32: a tiny, fast 32-bit PRNG; returns floats in [0, 1). */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** FNV-1a hash of a string, to derive independent streams from one seed and a label. */
export function hashString(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

export class Rng {
  private readonly next: () => number;

  constructor(readonly seed: number) {
    this.next = mulberry32(seed);
  }

  /** an independent stream for a sub-task, stable whatever else draws from this one */
  fork(label: string): Rng {
    return new Rng((hashString(label) ^ Math.imul(this.seed, 0x9e3779b1)) >>> 0);
  }

  float(): number {
    return this.next();
  }

  /** integer in [min, max], both inclusive */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  chance(p: number): boolean {
    return this.next() < p;
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new Error('pick from an empty list');
    return items[Math.floor(this.next() * items.length)] as T;
  }

  /** index drawn with the given relative weights */
  weightedIndex(weights: readonly number[]): number {
    let total = 0;
    for (const w of weights) total += w;
    let r = this.next() * total;
    for (let i = 0; i < weights.length; i++) {
      r -= weights[i] as number;
      if (r < 0) return i;
    }
    return weights.length - 1;
  }

  /** k distinct items, in their original order */
  sample<T>(items: readonly T[], k: number): T[] {
    if (k >= items.length) return [...items];
    const idx = items.map((_, i) => i);
    for (let i = 0; i < k; i++) {
      const j = i + Math.floor(this.next() * (idx.length - i));
      const t = idx[i] as number;
      idx[i] = idx[j] as number;
      idx[j] = t;
    }
    return idx
      .slice(0, k)
      .sort((a, b) => a - b)
      .map((i) => items[i] as T);
  }

  shuffle<T>(items: readonly T[]): T[] {
    const out = [...items];
    for (let i = out.length - 1; i > 0; i--) {
      const j = Math.floor(this.next() * (i + 1));
      const t = out[i] as T;
      out[i] = out[j] as T;
      out[j] = t;
    }
    return out;
  }

  /** upper-case letters and digits, without the look-alikes O, I, 0 and 1 */
  code(length: number): string {
    const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
    let s = '';
    for (let i = 0; i < length; i++) s += alphabet[Math.floor(this.next() * alphabet.length)];
    return s;
  }
}
