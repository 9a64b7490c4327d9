/**
 * The search index's typed-array containers (src/catalog/search/index-columns.ts) against the JavaScript
 * structures they replace: a Map for IntMap, an array of strings (ordered as PostgreSQL's C
 * collation orders them: by UTF-8 bytes) for TextColumn.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { IntList, IntMap, TextColumn } from '../src/catalog/search/index-columns.ts';

const byBytes = (a: string, b: string) => Buffer.compare(Buffer.from(a, 'utf8'), Buffer.from(b, 'utf8'));

describe('IntMap', () => {
  it('answers as a Map through sets, overwrites and deletes, across growth', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.tuple(
            fc.constantFrom('set', 'set', 'delete'),
            fc.integer({ min: -5000, max: 5000 }),
            fc.nat({ max: 1e6 }),
          ),
          { maxLength: 3000 },
        ),
        (ops) => {
          const map = new IntMap();
          const ref = new Map<number, number>();
          for (const [op, key, value] of ops) {
            if (op === 'set') {
              map.set(key, value);
              ref.set(key, value);
            } else {
              map.delete(key);
              ref.delete(key);
            }
          }
          for (let key = -5000; key <= 5000; key += 7) expect(map.get(key)).toBe(ref.get(key));
          for (const [key, value] of ref) expect(map.get(key)).toBe(value);
        },
      ),
      { numRuns: 40 },
    );
  });
});

describe('IntList', () => {
  it('keeps what was pushed, in order, through growth and trim', () => {
    const list = new IntList(2);
    for (let i = 0; i < 1000; i++) list.push(i * 3 - 7);
    expect(list.length).toBe(1000);
    expect(list.last()).toBe(999 * 3 - 7);
    list.trim();
    expect([...list.view()]).toEqual(Array.from({ length: 1000 }, (_, i) => i * 3 - 7));
  });
});

describe('TextColumn', () => {
  // short texts over a small alphabet (many repeats), with Lithuanian, Cyrillic and, or not, a
  // character beyond U+FFFF (ranks are computed from strings without one, from bytes with one)
  const letters = ['a', 'b', 'Z', '-', ' ', 'ą', 'ė', 'ж', 'Ж', '€', '0'];
  const textOf = (alphabet: string[]) =>
    fc.array(fc.constantFrom(...alphabet), { maxLength: 6 }).map((chars) => chars.join(''));

  it.each([
    ['without', textOf(letters)],
    ['with', textOf([...letters, '😀'])],
  ])(
    'reads back, matches, finds the latest ordinal of a value and sorts by bytes, before and after ranking (%s astral characters)',
    (_, text) => {
      fc.assert(
        fc.property(
          fc.array(text, { minLength: 1, maxLength: 400 }),
          fc.array(text, { maxLength: 40 }),
          (first, later) => {
            const col = new TextColumn({ lookup: true });
            const ref: string[] = [];
            const add = (s: string) => {
              col.push(s);
              ref.push(s);
            };
            first.forEach(add);
            col.trim();
            col.rank();
            later.forEach(add); // rows added after the ranks: compared by their bytes
            expect(col.unranked).toBe(later.length);
            expect(col.length).toBe(ref.length);
            ref.forEach((s, o) => expect(col.get(o)).toBe(s));
            for (const probe of [...ref.slice(0, 20), 'not there', '']) {
              const latest = ref.lastIndexOf(probe);
              expect(col.find(probe)).toBe(latest >= 0 ? latest : undefined);
              const test = col.matcher([probe, 'zzz']);
              ref.forEach((s, o) => expect(test(o)).toBe(s === probe || s === 'zzz'));
            }
            const ords = ref.map((_, o) => o);
            const sorted = [...ords].sort((a, b) => col.compare(a, b) || a - b);
            const expected = [...ords].sort((a, b) => byBytes(ref[a]!, ref[b]!) || a - b);
            expect(sorted).toEqual(expected);
          },
        ),
        { numRuns: 60 },
      );
    },
  );

  it('ranks equal texts equally, so ties fall to the next sort key', () => {
    const col = new TextColumn();
    for (const s of ['b', 'a', 'b', 'c', 'a']) col.push(s);
    col.rank();
    expect(col.compare(0, 2)).toBe(0);
    expect(col.compare(1, 4)).toBe(0);
    expect(Math.sign(col.compare(1, 0))).toBe(-1);
    expect(Math.sign(col.compare(3, 0))).toBe(1);
  });
});
