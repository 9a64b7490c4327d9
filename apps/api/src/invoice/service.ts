/**
 * VAT invoices: numbered once per order from a gap-free series, rendered on
 * request from the order's stored amounts (document.ts) as a PDF (pdf.ts). The number, the issue
 * date and the seller's data are kept (table `invoices`), so every download of an invoice is the same
 * invoice even after SHOP_* change.
 *
 * Who may download: the holder of the order's token (the guest's link), the customer the order
 * belongs to, and the staff (ADMIN_TOKEN; the staff area). Anyone else gets the same 404 as for an
 * order that does not exist.
 */
import type { OrderItemRow } from '../order/rows.ts';
import { timingSafeEqual } from 'node:crypto';
import type { Database } from '@vitrina/db';
import { invoiceAvailable, isStoreCode, type StoreCode } from '@vitrina/domain';
import { ShopSettingsService } from '../settings/service.ts';
import type { ApiConfig } from '../config.ts';
import { ApiError, notFound } from '../http/errors.ts';
import { one, rows } from '../lib/db.ts';
import { localized, type Localized } from '../lib/localized.ts';
import { creditNoteDocument, invoiceDocument, type InvoiceItem, type InvoiceOrder } from './document.ts';
import { renderInvoicePdf } from './pdf.ts';
import { creditNotesOf, documentSeller, invoiceOf, issueInvoiceIn, type InvoiceRecord } from './numbering.ts';
import { invoiceTexts } from './texts.ts';

type OrderRow = Omit<InvoiceOrder, 'store_code'> & {
  id: number;
  store_code: string;
  order_token: string;
  customer_id: number | null;
  status: string;
  payment_method_code: string;
  shipping_method_code: string;
};

type InvoiceRow = InvoiceRecord;

export type InvoicePdf = { number: string; filename: string; pdf: Buffer };

type ItemRow = OrderItemRow & {
  id: number;
  attributes: Record<string, number | string> | null;
  parent_options: { attribute_code: string }[] | null;
};

type AttributeRow = {
  attribute_code: string;
  frontend_label: Localized;
  options: { value: number; label: Localized }[];
};

/** a method's title on a document: Lithuanian, and the store view's language beside it (as the labels) */
function both(title: Localized | undefined, store: StoreCode): string {
  const lt = localized(title, 'lt');
  const other = store === 'lt' ? lt : localized(title, store);
  return !lt || lt === other ? other : !other ? lt : `${lt} / ${other}`;
}

export class InvoiceService {
  constructor(
    private readonly database: Database,
    private readonly config: ApiConfig,
    /** the seller an invoice names (the shop's settings) */
    private readonly settings: ShopSettingsService = new ShopSettingsService(database),
  ) {}

  /** the invoice of an order, for the holder of its order token (guests, e-mail links) */
  async forOrderToken(number: string, orderToken: string): Promise<InvoicePdf> {
    const order = await this.order(number);
    const a = Buffer.from(order?.order_token ?? '');
    const b = Buffer.from(orderToken);
    if (!order || a.length !== b.length || !timingSafeEqual(a, b)) throw notFound('order.notFound');
    return this.pdf(order);
  }

  /** the invoice of one of the customer's orders; another's order is "not found" */
  async forCustomer(customerId: number, number: string): Promise<InvoicePdf> {
    const order = await this.order(number);
    if (!order || order.customer_id !== customerId) throw notFound('order.notFound');
    return this.pdf(order);
  }

  /** the staff's download (the caller checked the staff's right) */
  async forStaff(number: string): Promise<InvoicePdf> {
    const order = await this.order(number);
    if (!order) throw notFound('order.notFound');
    return this.pdf(order);
  }

  /** a credit note of an order, for the holder of its order token */
  async creditNoteForOrderToken(number: string, orderToken: string, note: string): Promise<InvoicePdf> {
    const order = await this.order(number);
    const a = Buffer.from(order?.order_token ?? '');
    const b = Buffer.from(orderToken);
    if (!order || a.length !== b.length || !timingSafeEqual(a, b)) throw notFound('order.notFound');
    return this.creditNotePdf(order, note);
  }

  /** a credit note of one of the customer's orders */
  async creditNoteForCustomer(customerId: number, number: string, note: string): Promise<InvoicePdf> {
    const order = await this.order(number);
    if (!order || order.customer_id !== customerId) throw notFound('order.notFound');
    return this.creditNotePdf(order, note);
  }

  /** the staff's download of a credit note */
  async creditNoteForStaff(number: string, note: string): Promise<InvoicePdf> {
    const order = await this.order(number);
    if (!order) throw notFound('order.notFound');
    return this.creditNotePdf(order, note);
  }

  private async creditNotePdf(order: OrderRow, noteNumber: string): Promise<InvoicePdf> {
    const note = (await creditNotesOf(this.database, order.id)).find((n) => n.number === noteNumber);
    const invoice = await invoiceOf(this.database, order.id);
    if (!note || !invoice) throw notFound('creditNote.notFound');
    const store: StoreCode = isStoreCode(order.store_code) ? order.store_code : 'lt';
    const [items, shipping, payment] = await Promise.all([
      this.items(order.id, store),
      one<{ title: Localized }>(this.database, 'SELECT title FROM shipping_methods WHERE code = $1', [
        order.shipping_method_code,
      ]),
      one<{ title: Localized }>(this.database, 'SELECT title FROM payment_methods WHERE code = $1', [
        order.payment_method_code,
      ]),
    ]);
    const doc = creditNoteDocument(
      { ...order, store_code: store },
      items,
      {
        number: note.number,
        issuedAt: note.issued_at,
        reason: note.reason,
        parts: note.parts,
        seller: note.seller,
      },
      { number: invoice.number, issuedAt: invoice.issued_at },
      {
        shippingTitle: both(shipping?.title, store),
        paymentTitle: both(payment?.title, store) || order.payment_method_code,
      },
    );
    return { number: note.number, filename: `${note.number}.pdf`, pdf: await renderInvoicePdf(doc) };
  }

  private order(number: string) {
    return one<OrderRow>(this.database, 'SELECT * FROM orders WHERE increment_id = $1', [number]);
  }

  private async pdf(order: OrderRow): Promise<InvoicePdf> {
    const invoice = await this.issue(order);
    const store: StoreCode = isStoreCode(order.store_code) ? order.store_code : 'lt';
    const [items, shipping, payment] = await Promise.all([
      this.items(order.id, store),
      one<{ title: Localized }>(this.database, 'SELECT title FROM shipping_methods WHERE code = $1', [
        order.shipping_method_code,
      ]),
      one<{ title: Localized }>(this.database, 'SELECT title FROM payment_methods WHERE code = $1', [
        order.payment_method_code,
      ]),
    ]);
    const doc = invoiceDocument({ ...order, store_code: store }, items, {
      number: invoice.number,
      issuedAt: invoice.issued_at,
      suppliedOn: invoice.supplied_on,
      seller: invoice.seller,
      shippingTitle: both(shipping?.title, store),
      paymentTitle: both(payment?.title, store) || order.payment_method_code,
    });
    return { number: invoice.number, filename: `${invoice.number}.pdf`, pdf: await renderInvoicePdf(doc) };
  }

  /**
   * The order's invoice, numbered now if it has none: in one transaction the order row is locked (two
   * first downloads at once wait for each other: one number per order), the series row is advanced
   * and the invoice written. A failure rolls the series back with it, so numbers have no gaps.
   */
  async issue(order: OrderRow): Promise<InvoiceRow> {
    const existing = await invoiceOf(this.database, order.id);
    if (existing) return existing;
    if (!invoiceAvailable(order)) throw new ApiError(409, 'invoice.unavailable');
    // refused, saying which details are missing, while the settings lack what an invoice must state
    // (read before the transaction: the embedded database has one connection, which it holds)
    if (!(await documentSeller(this.database, this.config)))
      throw new ApiError(409, 'settings.invoiceSellerMissing');
    // an order that became due before invoices were issued with the change (numbering.ts): now, under
    // the order's lock, so two first downloads at once make one invoice
    return this.database.transaction(async (tx) => {
      await tx.query('SELECT id FROM orders WHERE id = $1 FOR UPDATE', [order.id]);
      const issued = await issueInvoiceIn(tx, this.config, order.id);
      if (!issued) throw new ApiError(409, 'invoice.unavailable');
      return issued;
    });
  }

  /** the order's lines with their grade, chosen options and a bundle's contents, in the store's language */
  private async items(orderId: number, store: StoreCode): Promise<(InvoiceItem & { id: number })[]> {
    const lines = await rows<ItemRow>(
      this.database,
      `SELECT i.id, i.sku, i.name, i.qty, i.product_type, i.product_option, i.price_incl_tax, i.row_total_incl_tax,
              i.tax_percent, p.attributes, parent.configurable_options AS parent_options
         FROM order_items i
         LEFT JOIN products p ON p.id = i.product_id
         LEFT JOIN products parent ON parent.id = p.parent_id
        WHERE i.order_id = $1 ORDER BY i.id`,
      [orderId],
    );
    const attributes = await rows<AttributeRow>(
      this.database,
      'SELECT attribute_code, frontend_label, options FROM attributes',
    );
    const byCode = new Map(attributes.map((a) => [a.attribute_code, a]));
    const t = invoiceTexts(store);
    const label = (code: string, value: number | string | undefined) => {
      if (value === undefined || value === '') return '';
      const a = byCode.get(code);
      const option = a?.options.find((o) => String(o.value) === String(value));
      return option ? localized(option.label, store) : typeof value === 'string' ? value : '';
    };
    return lines.map((l) => {
      const details: string[] = [];
      const grade = label('condition', l.attributes?.condition);
      if (grade) details.push(`${t.grade}: ${grade}`);
      // the options a configurable's child was chosen by (colour, memory ...), the grade said once
      for (const o of l.parent_options ?? []) {
        if (o.attribute_code === 'condition') continue;
        const v = label(o.attribute_code, l.attributes?.[o.attribute_code]);
        const a = byCode.get(o.attribute_code);
        if (v) details.push(`${a ? localized(a.frontend_label, store) : o.attribute_code}: ${v}`);
      }
      const picks = l.product_type === 'bundle' ? l.product_option?.bundle_picks : undefined;
      if (Array.isArray(picks) && picks.length)
        details.push(
          `${t.contains}: ${picks
            .map((p: { sku?: unknown; qty?: unknown }) => `${String(p.sku)} × ${Number(p.qty)}`)
            .join(', ')}`,
        );
      return {
        id: l.id,
        sku: l.sku,
        name: l.name,
        qty: l.qty,
        price_incl_tax: l.price_incl_tax,
        row_total_incl_tax: l.row_total_incl_tax,
        tax_percent: l.tax_percent,
        details,
      };
    });
  }
}
