/**
 * A guest's order page (Russian store view) links the VAT invoice; the browser
 * downloads the PDF, whose text (extracted here) carries the invoice number, the order's number and
 * its grand total in the order's language.
 */
import { randomBytes } from 'node:crypto';
import { describe, expect, inject, it } from 'vitest';
import { formatPrice } from '@vitrina/domain';
import { getT } from '../apps/web/app/i18n/index.ts';
import { checkoutT } from '../apps/web/app/i18n/checkout.ts';
import { pdfText } from '../apps/api/test/pdf-text.ts';
import { downloadBytes, useBrowser } from './support/browser.ts';
import { watchErrors } from './support/page.ts';
import { staffSession } from './support/shop-api.ts';

const shopUrl = inject('shopUrl');
const dataDir = inject('dataDir');
const browser = useBrowser();
const t = checkoutT(getT('ru'));

describe('VAT invoice from the order page', () => {
  it('downloads the PDF with the order’s totals', async () => {
    const search = await fetch(
      `${shopUrl}/vsbridge/catalog/vue_storefront_catalog_ru/product/_search?size=20&request=${encodeURIComponent(JSON.stringify({ filters: { type_id: 'simple' } }))}`,
    );
    const docs = (
      (await search.json()) as { hits: { hits: { _source: { sku: string; stock: { qty: number } } }[] } }
    ).hits.hits;
    const sku = docs.map((h) => h._source).find((d) => d.stock.qty >= 5)?.sku;
    expect(sku, 'a simple product in stock').toBeDefined();
    const placed = await fetch(`${shopUrl}/vsbridge/order/create?storeCode=ru`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        cart_id: `offline-${randomBytes(8).toString('hex')}`,
        products: [{ sku, qty: 1 }],
        addressInformation: {
          shippingAddress: {
            firstname: 'Анна',
            lastname: 'Петрова',
            city: 'Vilnius',
            postcode: 'LT-01100',
            street: ['Gedimino pr. 1'],
            countryId: 'LT',
            telephone: '+37060000000',
            email: 'anna@example.com',
          },
          shipping_method_code: 'courier',
          shipping_carrier_code: 'courier',
          payment_method_code: 'cashondelivery',
        },
        personalDetails: { firstName: 'Анна', lastName: 'Петрова', emailAddress: 'anna@example.com' },
        idempotency_key: `e2e-invoice-${randomBytes(8).toString('hex')}`,
      }),
    });
    const order = (
      (await placed.json()) as { result: { orderNumber: string; orderToken: string; grand_total: number } }
    ).result;
    // cash on delivery is invoiced at handover (domain invoiceDue): the shop ships it first
    // a cash-on-delivery order is invoiced at handover: staff confirm and ship it
    const cookie = await staffSession(shopUrl, dataDir);
    for (const action of [
      { action: 'confirm' },
      { action: 'ship', carrier: 'omniva', trackingNumber: 'CC1EE' },
    ]) {
      const moved = await fetch(`${shopUrl}/vsbridge/admin/orders/${order.orderNumber}/transition`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie },
        body: JSON.stringify(action),
      });
      expect(moved.status).toBe(200);
    }

    const page = await browser.newPage();
    const errors = watchErrors(page);
    await page.goto(`${shopUrl}/ru/order-completed?number=${order.orderNumber}&token=${order.orderToken}`, {
      waitUntil: 'networkidle',
    });
    const link = page.getByRole('link', { name: t('invoice.download') });
    const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
    const text = await pdfText(await downloadBytes(download));
    expect(text).toContain('Счёт-фактура НДС');
    expect(text).toMatch(/VIT-\d{6}/);
    expect(text).toContain(order.orderNumber);
    expect(text).toContain('Анна Петрова');
    expect(text).toContain(formatPrice(order.grand_total, 'ru').replace(/\u00a0/g, ' '));
    expect(errors).toEqual([]);
    await page.close();
  });
});
