import { sameCartItem, type CartItemLike } from './cart-identity.ts';

/**
 * Two tabs of one shopper edit one cart on the device, each from the copy it last read (`base`).
 * When this tab's copy (`mine`) meets a newer one another tab wrote (`theirs`), both changes are
 * kept, as a three-way merge does: a line this tab changed, added or removed since `base` is taken
 * from `mine`; every other line is as `theirs` has it (their change, addition or removal). Lines
 * are matched by the cart's own identity rule (`sameCartItem`); their order is theirs, then the
 * lines only this tab added. Without it the later write wins whole, and a background tab's stock
 * check made from an older copy removed a line the shopper had just added in another tab.
 */
export function joinConcurrentLines<T extends CartItemLike>(
  base: readonly T[],
  mine: readonly T[],
  theirs: readonly T[],
): T[] {
  const find = (items: readonly T[], line: T) => items.find((x) => sameCartItem(x, line));
  const changed = (a: T | undefined, b: T | undefined) => JSON.stringify(a) !== JSON.stringify(b);
  const out: T[] = [];
  for (const their of theirs) {
    const was = find(base, their);
    const my = find(mine, their);
    if (!was) out.push(my ?? their);
    else if (!changed(my, was)) out.push(their);
    else if (my) out.push(my);
    // else: this tab removed the line (mine wins over their change)
  }
  for (const my of mine) {
    if (find(theirs, my)) continue;
    const was = find(base, my);
    // theirs removed it: gone, unless this tab changed or added it since base
    if (!was || changed(my, was)) out.push(my);
  }
  return out;
}

/**
 * One field of two concurrent copies: this tab's value when it changed it since `base`, else theirs.
 */
export function joinConcurrentField<V>(base: V, mine: V, theirs: V): V {
  return JSON.stringify(mine) !== JSON.stringify(base) ? mine : theirs;
}
