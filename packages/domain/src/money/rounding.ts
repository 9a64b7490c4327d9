// Rounding of cent amounts (CONTRACTS.md "Money": integer cents everywhere).

/**
 * Rounds half away from zero to an integer, tolerant of binary float noise (x.4999999999 from a
 * product such as 1999 * 21 / 100 that is really x.5 in decimal).
 */
export function roundHalfUp(x: number): number {
  if (!Number.isFinite(x)) throw new RangeError(`Not a finite amount: ${x}`);
  const r = Math.floor(Math.abs(x) + 0.5 + 1e-9);
  return x < 0 && r !== 0 ? -r : r;
}

/** Throws RangeError unless `n` is a safe integer (a cent amount or a quantity). */
export function assertInteger(n: number, what: string): number {
  if (!Number.isSafeInteger(n)) throw new RangeError(`${what} must be an integer, got ${n}`);
  return n;
}

/**
 * Splits `amount` cents over `weights` in proportion, in whole cents that add up to `amount` exactly
 * (largest remainder; ties to the earlier weight). All-zero or empty weights put everything on the
 * first share (an empty list answers []).
 */
export function allocateCents(amount: number, weights: readonly number[]): number[] {
  assertInteger(amount, 'amount');
  if (weights.length === 0) return [];
  const total = weights.reduce((s, w) => s + Math.max(w, 0), 0);
  if (total <= 0) return weights.map((_, i) => (i === 0 ? amount : 0));
  const exact = weights.map((w) => (amount * Math.max(w, 0)) / total);
  const shares = exact.map((x) => Math.floor(x));
  let rest = amount - shares.reduce((s, x) => s + x, 0);
  const order = exact
    .map((x, i) => ({ i, frac: x - Math.floor(x) }))
    .sort((a, b) => b.frac - a.frac || a.i - b.i);
  for (let k = 0; rest > 0; k = (k + 1) % order.length, rest--) shares[order[k]!.i]! += 1;
  return shares;
}
