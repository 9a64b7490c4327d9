/**
 * What a VAT invoice says, from the order's stored amounts: no price is
 * computed again. The VAT by rate is the domain's `vatByRate`, the very split whose sum is the
 * order's tax_amount (cart/pricing.ts totalsOf → computeTotals), so the invoice's totals are the
 * order's to the cent. Rendering is pdf.ts's job; this module is pure.
 */
import type { OrderAmountsRow } from '../order/rows.ts';
import { formatDate, netOfGross, vatByRate, type RefundPart, type StoreCode, type VatShare } from '@vitrina/domain';
import type { ShopIdentity } from '../config.ts';
import { invoiceTexts, type InvoiceTextKey } from './texts.ts';

export type InvoiceOrder = OrderAmountsRow & {
  increment_id: string;
  store_code: StoreCode;
  created_at: Date | string;
  email: string;
  payment_status: string;
  personal_details: Record<string, unknown>;
  billing_address: Record<string, unknown>;
};

export type InvoiceItem = {
  sku: string;
  name: string;
  qty: number;
  price_incl_tax: number;
  row_total_incl_tax: number;
  tax_percent: number;
  /** grade, chosen options, a bundle's contents: one text each */
  details: string[];
};

export type InvoiceMeta = {
  number: string;
  issuedAt: Date | string;
  /** the date of supply (YYYY-MM-DD), printed when it differs from the date of issue */
  suppliedOn?: string | null | undefined;
  seller: ShopIdentity;
  shippingTitle: string;
  paymentTitle: string;
};

export type InvoiceLine = {
  no: number;
  name: string;
  sku: string;
  details: string[];
  qty: number;
  /** the unit price incl. VAT, and without VAT (rounded half up to the cent) */
  unit: number;
  unitNet: number;
  rate: number;
  amount: number;
  /** the row without VAT */
  amountNet: number;
};

export type InvoiceDocument = {
  store: StoreCode;
  t: Record<InvoiceTextKey, string>;
  number: string;
  issuedAt: string;
  /** the date of supply when it differs from the date of issue */
  suppliedOn: string | null;
  /** a credit note: the invoice it corrects (number and date) and why */
  credit?: { invoiceNumber: string; invoiceDate: string; reason: string; adjustment: number } | undefined;
  orderNumber: string;
  orderDate: string;
  seller: { name: string; lines: string[] };
  buyer: { name: string; lines: string[] };
  lines: InvoiceLine[];
  vat: VatShare[];
  totals: {
    subtotal: number;
    shipping: number;
    paymentFee: number;
    discount: number;
    net: number;
    vat: number;
    grand: number;
  };
  payment: string;
  /** the shipping method's title, beside the shipping amount */
  shipping: string;
  coupon: string | null;
};

const text = (v: unknown) => (typeof v === 'string' ? v.trim() : '');

/** `label: value` for each non-empty value */
function labelled(pairs: [string, string][]): string[] {
  return pairs.filter(([, v]) => v !== '').map(([l, v]) => `${l}: ${v}`);
}

/** the buyer: a legal person when the billing address names a company, a natural person otherwise */
function buyerOf(order: InvoiceOrder, t: Record<InvoiceTextKey, string>) {
  const a = order.billing_address;
  const person = [text(a.firstname), text(a.lastname)].filter(Boolean).join(' ') ||
    [text(order.personal_details.firstName), text(order.personal_details.lastName)].filter(Boolean).join(' ');
  const street = Array.isArray(a.street) ? a.street.map(text).filter(Boolean).join(' ') : '';
  const address = [street, [text(a.postcode), text(a.city)].filter(Boolean).join(' '), text(a.countryId)]
    .filter(Boolean)
    .join(', ');
  const company = text(a.company);
  return {
    name: company || person,
    lines: labelled([
      [t.companyCode, company ? text(a.company_code) : ''],
      [t.vatCode, company ? text(a.vat_id) : ''],
      // a company's invoice names who ordered for it
      ...(company && person ? ([[t.orderedBy, person]] as [string, string][]) : []),
      [t.address, address],
      [t.phone, text(a.telephone)],
      [t.email, order.email],
    ]),
  };
}

function sellerOf(s: ShopIdentity, t: Record<InvoiceTextKey, string>) {
  return {
    name: s.companyName,
    lines: labelled([
      [t.companyCode, s.companyCode],
      [t.vatCode, s.vatCode],
      [t.address, s.address],
      [t.phone, s.phone],
      [t.email, s.email],
      [t.bank, s.bankName],
      // grouped by four as printed on paper (the setting holds it without spaces), with no-break
      // spaces: a line too narrow moves the whole number down instead of splitting it
      [t.iban, s.iban.replace(/(.{4})(?=.)/g, '$1\u00a0')],
    ]),
  };
}

/**
 * The VAT split of the order. Each line's rate is the one stored with it; fees and the discount
 * follow the goods (vatByRate). Orders are written with totals from the same function, so the sum
 * equals tax_amount; an order whose stored tax_amount was computed otherwise (a rule changed since)
 * keeps its stored total, the difference put on the largest rate, so that the invoice never
 * contradicts the amount charged.
 */
export function vatSplit(order: InvoiceOrder, items: readonly InvoiceItem[]): VatShare[] {
  const shares = vatByRate(
    items.map((i) => ({ row_total_incl_tax: i.row_total_incl_tax, tax_rate_percent: i.tax_percent })),
    order.discount_amount,
    order.shipping_incl_tax + order.payment_fee,
    items[0]?.tax_percent ?? 21,
  );
  const off = order.tax_amount - shares.reduce((s, r) => s + r.vat, 0);
  const largest = shares.reduce((a, b) => (b.gross > a.gross ? b : a), shares[0]!);
  if (off !== 0) {
    largest.vat += off;
    largest.net -= off;
  }
  return shares;
}

export function invoiceDocument(order: InvoiceOrder, items: readonly InvoiceItem[], meta: InvoiceMeta): InvoiceDocument {
  const t = invoiceTexts(order.store_code);
  const vat = vatSplit(order, items);
  return {
    store: order.store_code,
    t,
    number: meta.number,
    issuedAt: formatDate(meta.issuedAt),
    suppliedOn: meta.suppliedOn && formatDate(meta.suppliedOn) !== formatDate(meta.issuedAt) ? formatDate(meta.suppliedOn) : null,
    orderNumber: order.increment_id,
    orderDate: formatDate(order.created_at),
    seller: sellerOf(meta.seller, t),
    buyer: buyerOf(order, t),
    lines: items.map((i, n) => ({
      no: n + 1,
      name: i.name,
      sku: i.sku,
      details: i.details,
      qty: i.qty,
      unit: i.price_incl_tax,
      unitNet: netOfGross(i.price_incl_tax, i.tax_percent),
      rate: i.tax_percent,
      amount: i.row_total_incl_tax,
      amountNet: netOfGross(i.row_total_incl_tax, i.tax_percent),
    })),
    vat,
    totals: {
      subtotal: order.subtotal_incl_tax,
      shipping: order.shipping_incl_tax,
      paymentFee: order.payment_fee,
      discount: order.discount_amount,
      net: order.grand_total - order.tax_amount,
      vat: order.tax_amount,
      grand: order.grand_total,
    },
    shipping: meta.shippingTitle,
    coupon: order.coupon_code,
    payment: [meta.paymentTitle, order.payment_status === 'paid' ? t.paid : ''].filter(Boolean).join(' · '),
  };
}

export { type VatShare };

/**
 * A credit note (kreditinė PVM sąskaita faktūra) as a document: the invoice's parties and the
 * credited part (RefundPart) as negative amounts: the lines with the units credited, the shipping, the
 * payment fee, a plain amount, and the VAT per rate, whose sums are the credit note's total.
 */
export function creditNoteDocument(
  order: InvoiceOrder,
  items: readonly (InvoiceItem & { id: number })[],
  note: { number: string; issuedAt: Date | string; reason: string; parts: RefundPart; seller: ShopIdentity },
  invoice: { number: string; issuedAt: Date | string },
  meta: { shippingTitle: string; paymentTitle: string },
): InvoiceDocument {
  const base = invoiceDocument(order, items, { number: note.number, issuedAt: note.issuedAt, seller: note.seller, ...meta });
  const p = note.parts;
  const lines = p.lines.map((l, n) => {
    const item = items.find((i) => i.id === l.lineId);
    const unit = Math.round(l.gross / l.qty);
    return {
      no: n + 1,
      name: item?.name ?? '',
      sku: item?.sku ?? '',
      details: item?.details ?? [],
      qty: -l.qty,
      unit,
      unitNet: netOfGross(unit, l.rate),
      rate: l.rate,
      amount: -l.gross,
      amountNet: -netOfGross(l.gross, l.rate),
    };
  });
  const vat = p.byRate.map((r) => ({ rate: r.rate, gross: -r.gross, net: -r.net, vat: -r.vat }));
  const vatTotal = p.byRate.reduce((s, r) => s + r.vat, 0);
  return {
    ...base,
    lines,
    vat,
    suppliedOn: null,
    credit: { invoiceNumber: invoice.number, invoiceDate: formatDate(invoice.issuedAt), reason: note.reason, adjustment: -p.amount },
    totals: {
      subtotal: -p.lines.reduce((s, l) => s + l.gross, 0),
      shipping: -p.shipping,
      paymentFee: -p.paymentFee,
      discount: 0,
      net: -(p.total - vatTotal),
      vat: -vatTotal,
      grand: -p.total,
    },
    coupon: null,
    // the method only: the order's "paid" beside a credit note would read as the credit note settled
    payment: meta.paymentTitle,
  };
}
