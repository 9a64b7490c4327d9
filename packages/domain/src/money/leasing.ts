// "Leasing from X €/month" beside the price when MOKILIZINGAS (consumer financing) is offered.
// The lender publishes no protocol or rate table we could read (STACK-NOTES.md), so
// the figure is an estimate on stated assumptions, shown with them; the lender sets the final terms.

export interface LeasingTerms {
  /** the longest term offered, in months (the "from" figure uses it: the lowest instalment) */
  months: number;
  /** annual interest rate in basis points (100 = 1 %); 0 = an interest-free instalment plan */
  annualRateBp: number;
  /** the smallest amount financed, in cents (below it no leasing line is shown) */
  minAmountCents: number;
  /** the largest amount financed, in cents */
  maxAmountCents: number;
}

/**
 * The shop's assumptions: up to 24 months, interest-free (the shop's own instalment plan; a lender's
 * interest would raise the figure, which the page says), from 100 € to 10 000 €.
 */
export const LEASING_TERMS: LeasingTerms = {
  months: 24,
  annualRateBp: 0,
  minAmountCents: 10_000,
  maxAmountCents: 1_000_000,
};

/**
 * The monthly instalment in whole cents for `amountCents` over `terms.months`, or null outside the
 * financed range. Interest-free: the amount divided by the months, rounded up (never a figure below
 * what the buyer pays). With interest: the annuity payment P·r / (1 − (1 + r)^−n), r the monthly
 * rate, rounded up to the cent. Rounding up makes instalments × months ≥ the amount.
 */
export function leasingMonthlyCents(amountCents: number, terms: LeasingTerms = LEASING_TERMS): number | null {
  if (
    !Number.isInteger(amountCents) ||
    amountCents < terms.minAmountCents ||
    amountCents > terms.maxAmountCents
  )
    return null;
  const n = terms.months;
  if (!Number.isInteger(n) || n < 1) return null;
  if (terms.annualRateBp <= 0) return Math.ceil(amountCents / n);
  const r = terms.annualRateBp / 10_000 / 12;
  const payment = (amountCents * r) / (1 - (1 + r) ** -n);
  // 1e-6: a float a hair above a whole cent must not round up to the next one
  return Math.ceil(payment - 1e-6);
}
