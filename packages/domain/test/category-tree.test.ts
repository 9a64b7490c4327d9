import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  categoryPath,
  descendantsOf,
  isSelfOrDescendant,
  movedPath,
  nestedUnder,
  treeOrder,
  urlKeyFor,
  urlKeyOf,
} from '../src/index.ts';

describe('the category tree', () => {
  it.each([
    ['laptops', 'laptops'],
    ['electronics/phones', 'phones'],
    ['a/b/c', 'c'],
  ])('the url key of %s is %s', (slug, key) => expect(urlKeyOf(slug)).toBe(key));

  it.each([
    ['electronics/phones', 'electronics', true],
    ['electronics-old/phones', 'electronics', false],
    ['phones', 'electronics', false],
    ['phones', null, false],
  ])('%s nested under %s: %s', (slug, parent, nested) => expect(nestedUnder(slug, parent)).toBe(nested));

  it.each([
    ['phones', 'electronics', true, 'electronics/phones'],
    ['phones', 'electronics', false, 'phones'],
    ['phones', null, true, 'phones'],
  ])('the path of %s under %s (nested %s) is %s', (key, parent, nested, path) =>
    expect(categoryPath(key, parent, nested)).toBe(path),
  );

  it.each([
    ['electronics/phones/apple', 'electronics/phones', 'gadgets/phones', 'gadgets/phones/apple'],
    ['electronics/phones-old', 'electronics/phones', 'gadgets/phones', null],
    ['laptops', 'electronics', 'gadgets', null],
  ])('%s after %s moves to %s is %s', (slug, from, to, moved) =>
    expect(movedPath(slug, from, to)).toBe(moved),
  );

  it('a url key left empty is made from the name of that store view', () => {
    expect(urlKeyFor('', 'Nešiojami kompiuteriai')).toBe('nesiojami-kompiuteriai');
    expect(urlKeyFor(' Laptops ', 'x')).toBe('laptops');
    expect(urlKeyFor(undefined, 'Ноутбуки')).toBe('noutbuki');
  });

  const nodes = [
    { id: 2, parent_id: 1, position: 0 },
    { id: 10, parent_id: 2, position: 2 },
    { id: 11, parent_id: 2, position: 1 },
    { id: 12, parent_id: 11, position: 0 },
    { id: 13, parent_id: 12, position: 0 },
  ];

  it('lists each parent before its children, siblings by position', () => {
    expect(treeOrder(nodes).map((n) => [n.id, n.depth])).toEqual([
      [2, 0],
      [11, 1],
      [12, 2],
      [13, 3],
      [10, 1],
    ]);
  });

  it('knows what lies under a category (a move under its own child is refused with it)', () => {
    const parents = new Map(nodes.map((n) => [n.id, n.parent_id]));
    expect(descendantsOf(nodes, 11).map((n) => n.id)).toEqual([12, 13]);
    expect(isSelfOrDescendant(parents, 11, 13)).toBe(true);
    expect(isSelfOrDescendant(parents, 11, 11)).toBe(true);
    expect(isSelfOrDescendant(parents, 11, 10)).toBe(false);
  });

  it('every node is listed once, whatever the parent links (loops included)', () => {
    const tree = fc.array(
      fc.record({
        id: fc.integer({ min: 1, max: 30 }),
        parent_id: fc.option(fc.integer({ min: 1, max: 30 })),
        position: fc.integer({ min: 0, max: 5 }),
      }),
      { maxLength: 25 },
    );
    fc.assert(
      fc.property(tree, (raw) => {
        const unique = [...new Map(raw.map((n) => [n.id, n])).values()];
        expect(
          treeOrder(unique)
            .map((n) => n.id)
            .sort((a, b) => a - b),
        ).toEqual(unique.map((n) => n.id).sort((a, b) => a - b));
      }),
    );
  });
});
