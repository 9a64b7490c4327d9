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
