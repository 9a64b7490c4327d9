/** Price helpers of the demo generator: shelf-like gross prices and their net amounts. */

export const LT_VAT = 21;

/** a shelf price: 7.99, 49.99, 899.99, 1249.99 */
export function niceGross(value: number): number {
  if (value < 10) return Math.max(0.99, Math.floor(value) + 0.99);
  if (value < 100) return Math.round(value) - 0.01;
  if (value < 1000) return Math.round(value / 10) * 10 - 0.01;
  return Math.round(value / 50) * 50 - 0.01;
}

/**
 * The net amount (decimal euros, 2 decimals) whose price incl. `rate`% VAT rounds back to `gross`
 * when such an amount exists (else the nearest one), so a shelf price of 899.99 shows as 899.99.
 */
export function netOf(gross: number, rate = LT_VAT): number {
  const target = Math.round(gross * 100);
  const factor = 100 + rate;
  const guess = Math.round((target * 100) / factor);
  let best = guess;
  let bestError = Infinity;
  for (let n = guess - 2; n <= guess + 2; n++) {
    const error = Math.abs(Math.round((n * factor) / 100) - target);
    if (error < bestError) {
      best = n;
      bestError = error;
    }
  }
  return best / 100;
}

/** a sum of euro amounts, kept to 2 decimals */
export function sumEuros(values: number[]): number {
  return Math.round(values.reduce((s, v) => s + Math.round(v * 100), 0)) / 100;
}
