// Refunds after the sale: how a refund (some units of some lines, the shipping, a plain amount, or
// everything left) is checked and split into cents per VAT rate so that its credit note reconciles
// with the invoice to the cent. Paid against due is payments.ts; what is left to refund, refund-offer.ts.
//
// The split follows the invoice's own (vatByRate): the order's discount is shared over the lines by
// their row totals, and the shipping and payment fee by what is left of them. A line refunded in
// parts is priced cumulatively (the first k of n units cost round(row × k / n)), so refunding all
// units in any number of steps returns exactly the line's share; the VAT of each rate is taken
// cumulatively too, so the credit notes of everything refunded carry exactly the invoice's VAT.
import type { MessageKey } from '../messages/index.ts';
import { taxContained } from '../money/index.ts';
import { allocateCents, roundHalfUp } from '../money/index.ts';
import { vatByRate, type VatShare } from '../money/index.ts';

/** an order as a refund sees it: its lines (row totals incl. VAT), discount, fees, and VAT split */
export type RefundableOrder = {
  lines: readonly { id: number; qty: number; rowTotal: number; rate: number }[];
  discount: number;
  shipping: number;
  paymentFee: number;
  defaultRate: number;
  /**
   * the invoice's VAT by rate when it differs from vatByRate (an order whose stored tax was computed
   * otherwise): the cumulative VAT ends on these figures
   */
  invoiceVat?: readonly VatShare[] | undefined;
};

/** what one refund (or credit note) took: per line the units and their gross, the fees, a plain amount, per rate */
export type RefundPart = {
  lines: { lineId: number; qty: number; rate: number; gross: number }[];
  shipping: number;
  paymentFee: number;
  /** a plain amount (goodwill, a price difference), shared over the rates by what is left of each */
  amount: number;
  byRate: VatShare[];
  total: number;
};

export type RefundRequest = {
  lines?: readonly { lineId: number; qty: number }[] | undefined;
  shipping?: boolean | undefined;
  amountCents?: number | undefined;
  /** everything not refunded yet (the lines, shipping and fee; or the rest of the money when a plain amount went before) */
  full?: boolean | undefined;
};

export type RefundRefusal = { error: MessageKey; field: string; params?: Record<string, string | number> };
export const isRefundRefusal = <T extends object>(r: T | RefundRefusal): r is RefundRefusal => 'error' in r;

/** the units of each line (by id) that the refunds (or credit notes) so far took back */
export function refundedQuantities(prior: readonly Pick<RefundPart, 'lines'>[]): Map<number, number> {
  const refunded = new Map<number, number>();
  for (const p of prior)
    for (const l of p.lines) refunded.set(l.lineId, (refunded.get(l.lineId) ?? 0) + l.qty);
  return refunded;
}

/** the shipping goes back once: any earlier refund that carried it took all of it */
export const shippingRefunded = (prior: readonly Pick<RefundPart, 'shipping'>[]) =>
  prior.some((p) => p.shipping > 0);

type Component = { rate: number; lineRow: number; shipping: number; fee: number };

/** each line's share of the order after the discount, and of the shipping and payment fee (as vatByRate) */
function components(o: RefundableOrder): Component[] {
  const discounts = allocateCents(
    o.discount,
    o.lines.map((l) => l.rowTotal),
  );
  const netRows = o.lines.map((l, i) => l.rowTotal - discounts[i]!);
  const fees = allocateCents(o.shipping + o.paymentFee, netRows);
  // the shipping's part of each fee share (the payment fee is the rest), so both add up exactly
  const shipping = o.shipping + o.paymentFee > 0 ? allocateCents(o.shipping, fees) : fees.map(() => 0);
  return o.lines.map((l, i) => ({
    rate: l.rate,
    lineRow: netRows[i]!,
    shipping: shipping[i]!,
    fee: fees[i]! - shipping[i]!,
  }));
}

/** the invoice's VAT by rate (vatByRate unless the order gives its own) */
export function orderVatShares(o: RefundableOrder): VatShare[] {
  if (o.invoiceVat) return o.invoiceVat.map((s) => ({ ...s }));
  return vatByRate(
    o.lines.map((l) => ({ row_total_incl_tax: l.rowTotal, tax_rate_percent: l.rate })),
    o.discount,
    o.shipping + o.paymentFee,
    o.defaultRate,
  );
}

/** the gross of the first `k` of a line's `n` units: cumulative, so the parts of a whole add up to it */
const unitsGross = (row: number, k: number, n: number) => (k >= n ? row : roundHalfUp((row * k) / n));

function sumByRate(parts: readonly RefundPart[]): Map<number, { gross: number; vat: number }> {
  const by = new Map<number, { gross: number; vat: number }>();
  for (const p of parts)
    for (const r of p.byRate) {
      const x = by.get(r.rate) ?? { gross: 0, vat: 0 };
      by.set(r.rate, { gross: x.gross + r.gross, vat: x.vat + r.vat });
    }
  return by;
}

/** the VAT contained in the first `gross` cents of a rate's invoice share (monotone, ends on the invoice's VAT) */
function cumulativeVat(share: VatShare | undefined, rate: number, gross: number): number {
  if (!share) return taxContained(gross, rate);
  if (gross >= share.gross) return share.vat;
  return Math.min(taxContained(gross, rate), share.vat);
}

/**
 * The next refund of an order, or why it is refused (a message key and the field). `prior`: the
 * refunds (or credit notes) already made; `refundable`: the money that may still go back (paid less
 * refunded; pass the remaining invoiced total for a credit note without money). Never more than
 * that, nor more units than a line has left, nor the shipping twice.
 */
export function planRefund(
  order: RefundableOrder,
  prior: readonly RefundPart[],
  refundable: number,
  request: RefundRequest,
): RefundPart | RefundRefusal {
  const comps = components(order);
  const shares = orderVatShares(order);
  const before = sumByRate(prior);
  const refundedQty = refundedQuantities(prior);
  const shippingDone = shippingRefunded(prior);
  const feeDone = prior.some((p) => p.paymentFee > 0);
  const plainBefore = prior.some((p) => p.amount > 0);

  let req = request;
  let includeFee = false;
  if (request.full) {
    const lines = order.lines
      .map((l) => ({ lineId: l.id, qty: l.qty - (refundedQty.get(l.id) ?? 0) }))
      .filter((l) => l.qty > 0);
    const linesLeft = lines.reduce((s, l) => {
      const i = order.lines.findIndex((x) => x.id === l.lineId);
      const k = refundedQty.get(l.lineId) ?? 0;
      return (
        s +
        unitsGross(comps[i]!.lineRow, k + l.qty, order.lines[i]!.qty) -
        unitsGross(comps[i]!.lineRow, k, order.lines[i]!.qty)
      );
    }, 0);
    const left = linesLeft + (shippingDone ? 0 : order.shipping) + (feeDone ? 0 : order.paymentFee);
    // after a plain amount (or when less was paid than is left) the rest of the money goes back as an amount
    if (plainBefore || left > refundable) req = { amountCents: refundable };
    else {
      req = { lines, shipping: !shippingDone };
      includeFee = !feeDone;
    }
  }

  const grossBy = new Map<number, number>();
  const add = (rate: number, g: number) => grossBy.set(rate, (grossBy.get(rate) ?? 0) + g);
  const lines: RefundPart['lines'] = [];
  for (const asked of req.lines ?? []) {
    if (!Number.isInteger(asked.qty) || asked.qty < 0) return { error: 'refund.invalidQty', field: 'lines' };
    if (asked.qty === 0) continue;
    const i = order.lines.findIndex((l) => l.id === asked.lineId);
    if (i === -1) return { error: 'refund.unknownLine', field: 'lines' };
    const line = order.lines[i]!;
    const k =
      (refundedQty.get(line.id) ?? 0) +
      lines.filter((l) => l.lineId === line.id).reduce((s, l) => s + l.qty, 0);
    if (k + asked.qty > line.qty)
      return { error: 'refund.qtyExceeds', field: 'lines', params: { left: line.qty - k } };
    const gross =
      unitsGross(comps[i]!.lineRow, k + asked.qty, line.qty) - unitsGross(comps[i]!.lineRow, k, line.qty);
    lines.push({ lineId: line.id, qty: asked.qty, rate: line.rate, gross });
    add(line.rate, gross);
  }
  let shipping = 0;
  if (req.shipping && order.shipping > 0) {
    if (shippingDone) return { error: 'refund.shippingRefunded', field: 'shipping' };
    shipping = order.shipping;
    if (comps.length === 0) add(order.defaultRate, order.shipping);
    else comps.forEach((c) => add(c.rate, c.shipping));
  }
  let paymentFee = 0;
  if (includeFee && order.paymentFee > 0) {
    paymentFee = order.paymentFee;
    if (comps.length === 0) add(order.defaultRate, order.paymentFee);
    else comps.forEach((c) => add(c.rate, c.fee));
  }
  const amount = req.amountCents ?? 0;
  if (!Number.isInteger(amount) || amount < 0) return { error: 'refund.invalidAmount', field: 'amountCents' };
  if (amount > 0) {
    // shared over the rates by what the invoice has left at each, so no rate is ever refunded beyond it
    const left = shares.map((s) =>
      Math.max(s.gross - (before.get(s.rate)?.gross ?? 0) - (grossBy.get(s.rate) ?? 0), 0),
    );
    if (amount > left.reduce((s, x) => s + x, 0))
      return { error: 'refund.exceedsPaid', field: 'amountCents', params: { max: refundable } };
    allocateCents(amount, left).forEach((g, i) => add(shares[i]!.rate, g));
  }
  const total = [...grossBy.values()].reduce((s, g) => s + g, 0);
  if (total <= 0) return { error: 'refund.nothing', field: 'lines' };
  if (total > refundable)
    return { error: 'refund.exceedsPaid', field: 'amountCents', params: { max: refundable } };
  // never more at a rate than the invoice has left there (a plain amount went before: it took some of each)
  for (const [rate, g] of grossBy) {
    const share = shares.find((s) => s.rate === rate);
    if (share && (before.get(rate)?.gross ?? 0) + g > share.gross)
      return { error: 'refund.exceedsPaid', field: 'lines', params: { max: refundable } };
  }
  const byRate: VatShare[] = [...grossBy]
    .filter(([, g]) => g !== 0)
    .map(([rate, gross]) => {
      const share = shares.find((s) => s.rate === rate);
      const was = before.get(rate) ?? { gross: 0, vat: 0 };
      const vat = cumulativeVat(share, rate, was.gross + gross) - was.vat;
      return { rate, gross, net: gross - vat, vat };
    })
    .sort((a, b) => b.rate - a.rate);
  return { lines, shipping, paymentFee, amount, byRate, total };
}

/**
 * Credit notes against their invoice, rate by rate: never more credited than invoiced (gross and
 * VAT), and when a rate is credited in full its VAT is the invoice's exactly. The problems found
 * (empty: they reconcile).
 */
export function creditNoteProblems(
  invoice: readonly VatShare[],
  notes: readonly Pick<RefundPart, 'byRate'>[],
): string[] {
  const problems: string[] = [];
  const credited = sumByRate(notes as RefundPart[]);
  for (const [rate, c] of credited) {
    const s = invoice.find((x) => x.rate === rate);
    if (!s) {
      problems.push(`rate ${rate} % is not on the invoice`);
      continue;
    }
    if (c.gross > s.gross) problems.push(`rate ${rate} %: credited ${c.gross} > invoiced ${s.gross}`);
    if (c.vat > s.vat) problems.push(`rate ${rate} %: VAT credited ${c.vat} > invoiced ${s.vat}`);
    if (c.gross === s.gross && c.vat !== s.vat)
      problems.push(`rate ${rate} %: fully credited but VAT ${c.vat} ≠ ${s.vat}`);
  }
  return problems;
}

/** a unit price without VAT, in cents (rounded half up): what the invoice prints beside the rate */
export const netOfGross = (gross: number, rate: number) => gross - taxContained(gross, rate);

/**
 * The refund a return comes to, as the staff's return page proposes it (docs/money-after-sale.md,
 * "A return's refund"): the returned units not refunded yet, priced as planRefund prices them; the
 * shipping (and payment fee) only when the return takes back everything of the order that was not
 * refunded yet (Directive 2011/83/EU art. 13(1) reimburses the delivery of a contract withdrawn from;
 * a partial return leaves the delivery of the goods kept performed). Never above what may still go
 * back: an order paid in part proposes at most that money, as a plain amount. `total` 0: nothing left.
 */
export function returnRefundProposal(
  order: RefundableOrder,
  prior: readonly RefundPart[],
  refundable: number,
  returned: readonly { lineId: number; qty: number }[],
): { request: RefundRequest; total: number } {
  const refundedQty = refundedQuantities(prior);
  const asked = new Map<number, number>();
  for (const r of returned) asked.set(r.lineId, (asked.get(r.lineId) ?? 0) + r.qty);
  const lines = order.lines
    .map((l) => ({ lineId: l.id, qty: Math.min(asked.get(l.id) ?? 0, l.qty - (refundedQty.get(l.id) ?? 0)) }))
    .filter((l) => l.qty > 0);
  if (lines.length === 0 || refundable <= 0) return { request: { lines: [] }, total: 0 };
  const whole = order.lines.every(
    (l) => (refundedQty.get(l.id) ?? 0) + (lines.find((x) => x.lineId === l.id)?.qty ?? 0) >= l.qty,
  );
  const request: RefundRequest = whole ? { full: true } : { lines };
  const plan = planRefund(order, prior, refundable, request);
  if (!isRefundRefusal(plan)) return { request, total: plan.total };
  // more than may still go back (an order paid in part): the money left, as a plain amount
  const unlimited = planRefund(order, prior, Number.MAX_SAFE_INTEGER, request);
  const amount = isRefundRefusal(unlimited) ? refundable : Math.min(unlimited.total, refundable);
  return { request: { amountCents: amount }, total: amount };
}

/**
 * The refund the staff make from a return's page: the proposal as it stands, or, when they lowered
 * the amount (goods handled beyond what was needed to try them, art. 14(2)), that amount as a plain
 * refund. More than the proposal is refused naming `amountCents` (a larger refund is the order
 * page's); so is less than a cent.
 */
export function returnRefundRequest(
  proposal: { request: RefundRequest; total: number },
  amountCents: number,
): RefundRequest | RefundRefusal {
  if (!Number.isInteger(amountCents) || amountCents <= 0)
    return { error: 'refund.invalidAmount', field: 'amountCents' };
  if (amountCents > proposal.total)
    return { error: 'refund.aboveReturn', field: 'amountCents', params: { max: proposal.total } };
  return amountCents === proposal.total ? proposal.request : { amountCents };
}
