// The order's VAT as the back office shows it: per rate of its lines, and what the rest of the order
// (shipping, payment fee, discount) adds as one "other" row, taken as the order's stored totals less
// the lines' so that every column adds up to the stored grand total and tax amount exactly, even for
// an order whose tax was stored by an older rule. The VAT of a rate is the one the invoice takes
// (vatByRate, taxContained), not a second rounding of its own.
import { vatByRate } from '../money/index.ts';

export type VatRow = { gross: number; net: number; vat: number };
export type OrderVatBreakdown = {
  byRate: (VatRow & { rate: number })[];
  other: VatRow;
  total: VatRow;
};

const row = (gross: number, vat: number): VatRow => ({ gross, net: gross - vat, vat });

export function orderVatBreakdown(
  lines: readonly { rate: number; gross: number }[],
  totals: { grandTotal: number; taxAmount: number },
): OrderVatBreakdown {
  // the lines alone: no discount or fee shared over them (those are the "other" row)
  const byRate = lines.length
    ? vatByRate(
        lines.map((l) => ({ row_total_incl_tax: l.gross, tax_rate_percent: l.rate })),
        0,
        0,
        lines[0]!.rate,
      )
    : [];
  const linesGross = byRate.reduce((s, r) => s + r.gross, 0);
  const linesVat = byRate.reduce((s, r) => s + r.vat, 0);
  return {
    byRate,
    other: row(totals.grandTotal - linesGross, totals.taxAmount - linesVat),
    total: row(totals.grandTotal, totals.taxAmount),
  };
}
