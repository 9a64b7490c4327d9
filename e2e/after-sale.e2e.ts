/**
 * After the sale, lawful and exact, in the browser (docs/legal.md, docs/money-after-sale.md): a
 * product on special shows the lowest price of the 30 days before the discount; a guest who bought it
 * and another product withdraws from that one line by the order-token link; staff in the back office
 * receive the return, put it back in stock and refund it from the return's page (the amount filled
 * in by the API: the line as paid, no shipping for a partial withdrawal), then confirm the manual
 * refund made on the order's page; the buyer's outbox holds the acknowledgement, the "we will refund"
 * and the "refunded" e-mails; the credit note PDF the buyer downloads names the invoice and the amount.
 */
import { randomBytes } from 'node:crypto';
import { describe, expect, inject, it } from 'vitest';
import { centsToDecimalString, formatPrice } from '@vitrina/domain';
import { getT } from '../apps/web/app/i18n/index.ts';
import { afterSaleT } from '../apps/web/app/i18n/after-sale.ts';
import { pdfText } from '../apps/api/test/pdf-text.ts';
import { downloadBytes, useBrowser } from './support/browser.ts';
import { watchErrors } from './support/page.ts';
import { addStaff, api, outbox, staffSession } from './support/shop-api.ts';

const shopUrl = inject('shopUrl');
const dataDir = inject('dataDir');
const browser = useBrowser();
const t = getT('lt');
const ta = afterSaleT('lt');
/** prices as the PDF's text and the pages print them (no non-breaking space) */
const plain = (cents: number) => formatPrice(cents, 'lt').replace(/\u00a0/g, ' ');

type Doc = {
  sku: string;
  slug: string;
  type_id: string;
  final_price_incl_tax: number;
  reference_price_incl_tax?: number | null;
  stock: { qty: number; is_in_stock: boolean };
};

async function simpleDocs(): Promise<Doc[]> {
  const request = encodeURIComponent(JSON.stringify({ filters: { type_id: 'simple' } }));
  const r = await fetch(
    `${shopUrl}/vsbridge/catalog/vue_storefront_catalog/product/_search?size=200&request=${request}`,
  );
  return ((await r.json()) as { hits: { hits: { _source: Doc }[] } }).hits.hits.map((h) => h._source);
}

describe('after the sale: reference price, a withdrawn line, its return and refund, the credit note (lt)', () => {
  it('runs from the product page to the credit note', async () => {
    // 1. a special price names the lowest price of the 30 days before it (the demo's price history)
    const docs = (await simpleDocs()).filter((d) => d.stock.is_in_stock && d.stock.qty >= 3);
    const reduced = docs.find(
      (d) => d.reference_price_incl_tax != null && d.reference_price_incl_tax > d.final_price_incl_tax,
    );
    expect(reduced, 'a simple product on special with a reference price').toBeDefined();
    const other = docs.find((d) => d.sku !== reduced!.sku);
    expect(other).toBeDefined();
    const shopper = await browser.newPage({ viewport: { width: 390, height: 844 } });
    const shopperErrors = watchErrors(shopper);
    await shopper.goto(`${shopUrl}/p/${reduced!.sku}/${reduced!.slug}`, { waitUntil: 'networkidle' });
    await shopper
      .getByText(t('price.lowest30', { price: formatPrice(reduced!.reference_price_incl_tax!, 'lt') }))
      .first()
      .waitFor();

    // 2. a guest's cash-on-delivery order of both; shipped (invoiced at handover) and its cash recorded
    const email = `as-${randomBytes(4).toString('hex')}@example.com`;
    const address = {
      firstname: 'Ona',
      lastname: 'Onaitė',
      city: 'Vilnius',
      postcode: 'LT-01100',
      street: ['Gedimino pr. 1'],
      countryId: 'LT',
      telephone: '+37060000000',
      email,
    };
    const order = await api<{ orderNumber: string; orderToken: string; grand_total: number }>(
      shopUrl,
      'POST',
      '/order/create?storeCode=lt',
      {
        cart_id: `offline-${randomBytes(8).toString('hex')}`,
        products: [
          { sku: reduced!.sku, qty: 1 },
          { sku: other!.sku, qty: 1 },
        ],
        addressInformation: {
          shippingAddress: address,
          billingAddress: address,
          shipping_method_code: 'courier',
          shipping_carrier_code: 'courier',
          payment_method_code: 'cashondelivery',
        },
        personalDetails: { firstName: 'Ona', lastName: 'Onaitė', emailAddress: email },
        idempotency_key: `after-sale-${randomBytes(8).toString('hex')}`,
      },
    );
    const cookie = await staffSession(shopUrl, dataDir);
    const asStaff = async (path: string, body?: unknown) => {
      const r = await fetch(`${shopUrl}/vsbridge/staff${path}`, {
        method: body === undefined ? 'GET' : 'POST',
        headers: { cookie, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      expect(r.status, `${path}: ${await r.clone().text()}`).toBe(200);
      return ((await r.json()) as { result: never }).result;
    };
    const found = await asStaff(`/orders?q=${encodeURIComponent(order.orderNumber)}`);
    const orderId = (found as { items: { id: number; number: string }[] }).items.find(
      (o) => o.number === order.orderNumber,
    )!.id;
    await asStaff(`/orders/${orderId}/transition`, { action: 'confirm' });
    await asStaff(`/orders/${orderId}/transition`, {
      action: 'ship',
      carrier: 'omniva',
      trackingNumber: 'AS1EE',
    });
    await asStaff(`/orders/${orderId}/payments`, {
      method: 'cashondelivery',
      amountCents: order.grand_total,
      receivedOn: new Date().toISOString().slice(0, 10),
    });
    const detail = (await asStaff(`/orders/${orderId}`)) as {
      lines: { id: number; sku: string; row_total_incl_tax?: number; row_total?: number }[];
      invoice: { number: string } | null;
    };
    const invoiceNumber = detail.invoice?.number;
    expect(invoiceNumber).toMatch(/^VIT-\d{6}$/);

    // 3. the guest withdraws from the discounted line only, by the order-token link
    await shopper.goto(`${shopUrl}/order-completed?number=${order.orderNumber}&token=${order.orderToken}`);
    await shopper.getByRole('link', { name: ta('withdrawal.button') }).click();
    await shopper.getByRole('heading', { name: ta('withdrawal.title') }).waitFor();
    await shopper.getByRole('spinbutton').first().fill('1');
    await shopper.getByRole('button', { name: ta('withdrawal.continue') }).click();
    await shopper.getByRole('button', { name: ta('withdrawal.confirm') }).click();
    await shopper.getByTestId('withdrawal-done').waitFor();

    // 4. staff receive it, put it back in stock and refund it from the return's page
    const staffEmail = `returns-${randomBytes(4).toString('hex')}@shop.lt`;
    const password = `returns staff ${randomBytes(6).toString('hex')}`;
    expect((await addStaff(dataDir, staffEmail, password)).code).toBe(0);
    const staff = await browser.newPage({ viewport: { width: 1366, height: 900 } });
    const staffErrors = watchErrors(staff);
    await staff.goto(`${shopUrl}/en/admin/returns`);
    await staff.getByLabel('E-mail').fill(staffEmail);
    await staff.getByLabel('Password').fill(password);
    await staff.getByRole('button', { name: 'Log in' }).click();
    await staff.getByRole('button', { name: 'Log in' }).waitFor({ state: 'detached' });
    await staff.goto(`${shopUrl}/en/admin/returns`);
    const row = staff.getByRole('row').filter({ hasText: order.orderNumber });
    await row.getByRole('link', { name: /^Return no\. \d+$/ }).click();
    await staff.waitForURL(/\/en\/admin\/returns\/\d+$/);
    for (const step of ['Mark received', 'Mark inspected', 'Put back in stock']) {
      await staff.getByRole('button', { name: step }).click();
      await staff.getByRole('button', { name: step }).waitFor({ state: 'detached' });
    }
    // the form holds what the API computed: the line as paid (no discount here), no shipping (a partial withdrawal)
    const line = await fetch(`${shopUrl}/vsbridge/staff/orders/${orderId}`, { headers: { cookie } });
    const paidLine = (
      (await line.json()) as { result: { lines: { sku: string; row_total_incl_tax: number }[] } }
    ).result.lines.find((l) => l.sku === reduced!.sku)!;
    const amount = staff.getByLabel(/^Amount to refund/);
    expect(await amount.inputValue()).toBe(centsToDecimalString(paidLine.row_total_incl_tax));
    await staff.getByRole('button', { name: 'Refund', exact: true }).click();
    await staff.getByTestId('return-refund').waitFor();
    // a manual refund (cash on delivery): confirmed on the order's page once the money is sent
    await staff.getByRole('link', { name: order.orderNumber }).first().click();
    await staff.waitForURL(/\/en\/admin\/orders\/\d+$/);
    await staff.getByLabel('Reference').last().fill('LT-REFUND-1');
    await staff.getByRole('button', { name: 'Confirm refunded' }).click();
    await staff.getByText('Refunded · LT-REFUND-1').waitFor();

    // 5. the buyer was told at each step, in Lithuanian
    for (const kind of [
      'mail.withdrawal-acknowledgement',
      'mail.order-refund-decided',
      'mail.order-refund-made',
    ])
      await expect.poll(async () => (await outbox(shopUrl, kind, email)).length, { message: kind }).toBe(1);
    const [decided] = await outbox(shopUrl, 'mail.order-refund-decided', email);
    expect(decided!.subject).toContain(formatPrice(paidLine.row_total_incl_tax, 'lt'));

    // 6. the credit note the buyer downloads names the invoice and the refunded amount
    await shopper.goto(`${shopUrl}/order-completed?number=${order.orderNumber}&token=${order.orderToken}`, {
      waitUntil: 'networkidle',
    });
    const [download] = await Promise.all([
      shopper.waitForEvent('download'),
      shopper.getByTestId('credit-note-link').first().click(),
    ]);
    const text = await pdfText(await downloadBytes(download));
    expect(text).toContain(invoiceNumber!);
    expect(text).toMatch(/VITK-\d{6}/);
    expect(text).toContain(plain(paidLine.row_total_incl_tax));
    expect(shopperErrors).toEqual([]);
    expect(staffErrors).toEqual([]);
  });
});
