/** The LRU of the caches (src/lib/lru.ts): bounded by entries and by total weight (bytes). */
import { describe, expect, it } from 'vitest';
import { Lru } from '../src/lib/lru.ts';

describe('Lru by weight', () => {
  it('evicts the least recently used entries until the total weight is within the cap', () => {
    const lru = new Lru<string, string>(100, 10, (v) => v.length);
    lru.set('a', 'xxxx');
    lru.set('b', 'xxxx');
    lru.get('a'); // b is now the oldest
    lru.set('c', 'xxxx');
    expect(lru.get('b')).toBeUndefined();
    expect(lru.get('a')).toBe('xxxx');
    expect(lru.weight).toBe(8);
    expect(lru.size).toBe(2);
  });

  it('keeps nothing heavier than the cap, and counts a replaced entry once', () => {
    const lru = new Lru<string, string>(100, 10, (v) => v.length);
    lru.set('big', 'x'.repeat(11));
    expect(lru.size).toBe(0);
    lru.set('a', 'xxx');
    lru.set('a', 'xxxxx');
    expect(lru.weight).toBe(5);
    lru.delete('a');
    expect(lru.weight).toBe(0);
  });
});
