// Money: integer cents, rounding, price rules, customer-group tiers, the prior price, cart totals, VAT,
// leasing's monthly figure and what kind of payment a method is.
export * from './rounding.ts';
export * from './money.ts';
export * from './pricing.ts';
export * from './totals.ts';
export * from './group-pricing.ts';
export * from './leasing.ts';
export * from './payment-kinds.ts';
export * from './price-history.ts';
export * from './tax-rate-changes.ts';
export * from './scheduled-tax-rates.ts';
