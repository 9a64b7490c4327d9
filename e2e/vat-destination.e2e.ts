/**
 * A shopper who ships to Estonia pays the net prices plus Estonian VAT (24 %), not
 * the Lithuanian gross: the checkout's review shows the totals computed by hand from the catalogue's
 * net price and the demo's net shipping amounts, says "Prices include Estonian VAT 24 %", and the
 * order charges exactly what the review showed.
 */
import { describe, expect, inject, it } from 'vitest';
import { formatPrice, importedInclTax } from '@vitrina/domain';
import { getT } from '../apps/web/app/i18n/index.ts';
import { cartT } from '../apps/web/app/i18n/cart.ts';
import { checkoutT } from '../apps/web/app/i18n/checkout.ts';
import { useBrowser } from './support/browser.ts';
import { watchErrors, openFirstCategory } from './support/page.ts';

const shopUrl = inject('shopUrl');
const browser = useBrowser();
const t = checkoutT(cartT(getT('en')));

async function searchDocs<T>(type: string, request: unknown, extra = ''): Promise<T[]> {
  const q = encodeURIComponent(JSON.stringify(request));
  const res = await fetch(
    `${shopUrl}/vsbridge/catalog/vue_storefront_catalog_en/${type}/_search?request=${q}${extra}`,
  );
  return ((await res.json()) as { hits: { hits: { _source: T }[] } }).hits.hits.map((h) => h._source);
}

type Doc = {
  sku: string;
  type_id: string;
  url_path: string;
  final_price: number;
  final_price_incl_tax: number;
  stock: { qty: number };
};

describe('VAT by destination (CROSS_BORDER_TRADE off)', () => {
  it('an Estonian address changes the totals to net + 24 % VAT, and the order charges them', async () => {
    const page = await browser.newPage();
    const errors = watchErrors(page);

    await page.goto(`${shopUrl}/en`, { waitUntil: 'networkidle' });
    // the second category: the first is the graded goods, configurable products only
    await openFirstCategory(page, t('header.categories'), 1);
    await page.waitForURL(/\/c\//);
    await page.locator('.card a').first().waitFor();
    const slug = decodeURIComponent(new URL(page.url()).pathname.split('/c/')[1]!);
    const category = await searchDocs<{ id: number }>('category', { filters: { slug } });
    const products = await searchDocs<Doc>(
      'product',
      { filters: { category_ids: category[0]!.id } },
      '&size=12&sort=is_promoted:desc',
    );
    const doc = products.find((p) => p.type_id === 'simple' && p.stock.qty >= 10);
    expect(doc, 'a simple product with stock on the first page').toBeDefined();
    await page.locator(`.card a[href$="/${doc!.url_path}"]`).first().click();
    await page.waitForURL(/\/p\//);
    const add = page.getByRole('button', { name: t('product.addToCart'), exact: true });
    await expect.poll(() => add.isEnabled()).toBe(true);
    await add.click();
    await page.getByText(t.msg('cart.addedToCart')).first().waitFor();
    await page.goto(`${shopUrl}/en/checkout`, { waitUntil: 'networkidle' });

    await page.getByLabel(t('checkout.firstName')).fill('Mari');
    await page.getByLabel(t('checkout.lastName')).fill('Tamm');
    await page.getByLabel(t('checkout.email')).fill('mari.tamm@example.com');
    await page.getByRole('button', { name: t('checkout.continue') }).click();
    await page.getByLabel(t('checkout.country')).selectOption('EE');
    await page.getByLabel(t('checkout.street')).fill('Narva mnt');
    await page.getByLabel(t('checkout.house')).fill('5');
    await page.getByLabel(t('checkout.city')).fill('Tallinn');
    await page.getByLabel(t('checkout.zip')).fill('10117');
    await page.getByLabel(t('checkout.phone')).fill('+3725000000');
    // the delivery step offers its methods first (courier by default), then the address: one Continue
    await page.getByRole('button', { name: t('checkout.continue') }).click();
    await page.locator('.methods').first().waitFor();
    await page.getByLabel('Cash on delivery').check();
    await page.getByRole('button', { name: t('checkout.continue') }).click();
    await page.getByLabel(t('checkout.terms')).check();

    const summary = (code: string) => page.locator(`.checkout-summary .totals-${code} dd`);
    await summary('payment').waitFor();
    // by hand: the catalogue's net price + 24 % (the tax rounded half up), not the listed LT gross
    const unit = importedInclTax(doc!.final_price, 24);
    expect(unit).not.toBe(doc!.final_price_incl_tax);
    expect(await summary('subtotal_incl_tax').textContent()).toBe(formatPrice(unit, 'en'));
    // the demo's shipping amounts are 3.30 and 2.47 net: 4.09 € and 3.06 € with Estonian VAT; "Free"
    // (the chosen method's line) from the threshold of 81.82 net, 101.46 € with Estonian VAT
    if (unit >= importedInclTax(8182, 24))
      expect(await summary('shipping').textContent()).toBe(t('checkout.free'));
    else
      expect([formatPrice(409, 'en'), formatPrice(306, 'en')]).toContain(
        await summary('shipping').textContent(),
      );
    await page
      .locator('.checkout-summary .totals-tax-note')
      .getByText('Prices include Estonian VAT 24 %')
      .waitFor();
    const reviewed = await summary('grand_total').textContent();
    await page.getByRole('button', { name: t('checkout.placeOrder') }).click();

    await page.waitForURL(/order-completed/, { timeout: 20_000 });
    const url = new URL(page.url());
    const pulled = await fetch(
      `${shopUrl}/vsbridge/order/pull?number=${url.searchParams.get('number')}&orderToken=${encodeURIComponent(url.searchParams.get('token')!)}`,
    );
    const order = (
      (await pulled.json()) as {
        result: { grand_total: number; subtotal_incl_tax: number; items: { price_incl_tax: number }[] };
      }
    ).result;
    expect(order.items[0]!.price_incl_tax).toBe(unit);
    expect(order.subtotal_incl_tax).toBe(unit);
    expect(formatPrice(order.grand_total, 'en')).toBe(reviewed);
    expect(errors).toEqual([]);
    await page.close();
  });
});
