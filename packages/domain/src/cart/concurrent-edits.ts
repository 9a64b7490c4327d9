import { sameCartItem, type CartItemLike } from './cart-identity.ts';

/**
 * Two tabs of one shopper edit one list on the device (a cart's lines, the wish list), each from
 * the copy it last read (`base`). When this tab's copy (`mine`) meets a newer one another tab wrote
 * (`theirs`), both changes are kept, as a three-way merge does: an item this tab changed, added or
 * removed since `base` is taken from `mine`; every other item is as `theirs` has it (their change,
 * addition or removal). Items are matched by the list's own identity rule (`same`); their order is
 * theirs, then the items only this tab added. Without it the later write wins whole, and a
 * background tab's stock check made from an older copy removed a line the shopper had just added
 * in another tab.
 */
export function joinConcurrentItems<T>(
  base: readonly T[],
  mine: readonly T[],
  theirs: readonly T[],
  same: (a: T, b: T) => boolean,
): T[] {
  const find = (items: readonly T[], item: T) => items.find((x) => same(x, item));
  const changed = (a: T | undefined, b: T | undefined) => JSON.stringify(a) !== JSON.stringify(b);
  const out: T[] = [];
  for (const their of theirs) {
    const was = find(base, their);
    const my = find(mine, their);
    if (!was) out.push(my ?? their);
    else if (!changed(my, was)) out.push(their);
    else if (my) out.push(my);
    // else: this tab removed the item (mine wins over their change)
  }
  for (const my of mine) {
    if (find(theirs, my)) continue;
    const was = find(base, my);
    // theirs removed it: gone, unless this tab changed or added it since base
    if (!was || changed(my, was)) out.push(my);
  }
  return out;
}

/** A cart's lines joined (`joinConcurrentItems`), matched by the cart's identity rule. */
export function joinConcurrentLines<T extends CartItemLike>(
  base: readonly T[],
  mine: readonly T[],
  theirs: readonly T[],
): T[] {
  return joinConcurrentItems(base, mine, theirs, sameCartItem);
}

/**
 * One field of two concurrent copies: this tab's value when it changed it since `base`, else theirs.
 */
export function joinConcurrentField<V>(base: V, mine: V, theirs: V): V {
  return JSON.stringify(mine) !== JSON.stringify(base) ? mine : theirs;
}
