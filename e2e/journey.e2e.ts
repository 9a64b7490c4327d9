/**
 * The Foundation journey, in Lithuanian and English: home → category → product → add to cart →
 * mini cart shows the quantity → checkout as a guest (cash on delivery) → order placed → thank-you
 * page with the order number. Then the order is read back from the server and compared with the
 * prices the catalogue API gives for the same product: the order carries the server's prices, and
 * its grand total is, to the cent, the one the review step showed (with the cash-on-delivery fee as
 * its own line).
 */
import { describe, expect, inject, it } from 'vitest';
import { formatPrice, type StoreCode } from '@vitrina/domain';
import { getT } from '../apps/web/app/i18n/index.ts';
import { cartT } from '../apps/web/app/i18n/cart.ts';
import { checkoutT } from '../apps/web/app/i18n/checkout.ts';
import { useBrowser } from './support/browser.ts';
import { watchErrors, chooseOptionsIfNeeded, openFirstCategory } from './support/page.ts';

const shopUrl = inject('shopUrl');
const browser = useBrowser();

/** url_path of a simple product on the first page of the category with at least 10 in stock */
async function productWithStock(storeCode: StoreCode, categorySlug: string): Promise<string> {
  const index = storeCode === 'lt' ? 'vue_storefront_catalog' : `vue_storefront_catalog_${storeCode}`;
  const category = await searchDocs<{ id: number }>(index, 'category', {
    filters: { slug: decodeURIComponent(categorySlug) },
  });
  const products = await searchDocs<{ type_id: string; url_path: string; stock: { qty: number } }>(
    index,
    'product',
    { filters: { category_ids: category[0]!.id } },
    '&size=12&sort=is_promoted:desc',
  );
  const hit = products.find((p) => p.type_id === 'simple' && p.stock.qty >= 10);
  expect(hit, 'a simple product with stock on the first page').toBeDefined();
  return hit!.url_path;
}

async function searchDocs<T>(index: string, type: string, request: unknown, extra = ''): Promise<T[]> {
  const q = encodeURIComponent(JSON.stringify(request));
  const res = await fetch(`${shopUrl}/vsbridge/catalog/${index}/${type}/_search?request=${q}${extra}`);
  return ((await res.json()) as { hits: { hits: { _source: T }[] } }).hits.hits.map((h) => h._source);
}

describe.each<[StoreCode, string]>([
  ['lt', ''],
  ['en', '/en'],
])('guest journey (%s)', (storeCode, prefix) => {
  const t = checkoutT(cartT(getT(storeCode)));

  it('buys a product from the home page to the thank-you page', async () => {
    const page = await browser.newPage();
    const errors = watchErrors(page);

    // home, in the right language
    await page.goto(`${shopUrl}${prefix || '/'}`, { waitUntil: 'networkidle' });
    expect(await page.getAttribute('html', 'lang')).toBe(storeCode);
    expect(await page.locator('.card').count()).toBeGreaterThanOrEqual(8);

    // a category from the menu
    await openFirstCategory(page, t('header.categories'));
    await page.waitForURL(/\/c\//);
    await page.locator('.card a').first().waitFor();

    // a simple product of this listing with stock for two (other journeys buy from the same shop)
    const slug = new URL(page.url()).pathname.split('/c/')[1]!;
    const target = await productWithStock(storeCode, slug);
    await page.locator(`.card a[href$="/${target}"]`).first().click();
    await page.waitForURL(/\/p\//);
    await chooseOptionsIfNeeded(page);
    const add = page.getByRole('button', { name: t('product.addToCart'), exact: true });
    await expect.poll(() => add.isEnabled()).toBe(true);
    const parentSku = decodeURIComponent(new URL(page.url()).pathname.split('/p/')[1]!.split('/')[0]!);

    await add.click();
    await page.getByText(t.msg('cart.addedToCart')).first().waitFor();
    await add.click();
    // mini cart button shows the quantity (quantities are counted, spec §2)
    const cartButton = page.getByRole('button', { name: t('header.cartCount', { count: 2 }) });
    await cartButton.waitFor();
    await cartButton.click();
    await page.locator('.totals').waitFor();
    await page.getByRole('link', { name: t('cart.goToCheckout') }).click();
    await page.waitForURL(/\/checkout/);

    // personal details → shipping → payment → review
    await page.getByLabel(t('checkout.firstName')).fill('Jonas');
    await page.getByLabel(t('checkout.lastName')).fill('Jonaitis');
    await page.getByLabel(t('checkout.email')).fill(`jonas.${storeCode}@example.com`);
    await page.getByRole('button', { name: t('checkout.continue') }).click();
    await page.getByLabel(t('checkout.street')).fill('Gedimino pr.');
    await page.getByLabel(t('checkout.house')).fill('1');
    await page.getByLabel(t('checkout.city')).fill('Vilnius');
    await page.getByLabel(t('checkout.zip')).fill('LT-01103');
    await page.getByLabel(t('checkout.phone')).fill('+37060000000');
    // the delivery step offers its methods first (courier by default), then the address: one Continue
    await page.getByRole('button', { name: t('checkout.continue') }).click();
    await page.locator('.methods').first().waitFor();
    // cash on delivery (the demo's default method is NEOPAY, preselected: see payment.e2e.ts)
    await page.getByLabel(storeCode === 'lt' ? 'Grynaisiais pristatymo metu' : 'Cash on delivery').check();
    await page.getByRole('button', { name: t('checkout.continue') }).click();
    await page.getByLabel(t('checkout.terms')).check();
    // the review: the server's totals for the chosen methods, the fee on its own line, the final
    // total on the button
    const summary = (code: string) => page.locator(`.checkout-summary .totals-${code} dd`);
    await summary('payment').waitFor();
    const reviewed = {
      total: await summary('grand_total').textContent(),
      fee: await summary('payment').textContent(),
    };
    const place = page.getByRole('button', { name: t('checkout.placeOrder') });
    expect(await place.textContent()).toBe(t('checkout.placeOrderTotal', { total: reviewed.total ?? '' }));
    await place.click();

    // thank-you page with the order number
    await page.waitForURL(/order-completed/, { timeout: 20_000 });
    const url = new URL(page.url());
    const number = url.searchParams.get('number')!;
    const token = url.searchParams.get('token')!;
    expect(number).toMatch(/^\d{9}$/);
    await page.getByText(t('thankYou.number', { number })).waitFor();

    // the order as the server recorded it: two of the product at the catalogue's price incl. tax
    const pulled = await fetch(
      `${shopUrl}/vsbridge/order/pull?number=${number}&orderToken=${encodeURIComponent(token)}`,
    );
    const order = ((await pulled.json()) as { result: OrderView }).result;
    const request = encodeURIComponent(JSON.stringify({ filters: { sku: parentSku } }));
    const search = await fetch(
      `${shopUrl}/vsbridge/catalog/vue_storefront_catalog/product/_search?request=${request}`,
    );
    const doc = ((await search.json()) as { hits: { hits: { _source: ProductDoc }[] } }).hits.hits[0]!
      ._source;
    const line = order.items[0]!;
    const priced = line.sku === doc.sku ? doc : doc.configurable_children?.find((c) => c.sku === line.sku);
    expect(order.items).toHaveLength(1);
    expect(line.qty).toBe(2);
    expect(priced, `${line.sku} belongs to ${parentSku}`).toBeDefined();
    expect(line.price_incl_tax).toBe(priced!.final_price_incl_tax);
    expect(line.row_total_incl_tax).toBe(2 * priced!.final_price_incl_tax);
    expect(order.grand_total).toBe(
      order.subtotal_incl_tax + order.shipping_incl_tax + order.payment_fee - order.discount_amount,
    );
    // what the review showed is what the order charges
    expect(formatPrice(order.grand_total, storeCode)).toBe(reviewed.total);
    expect(formatPrice(order.payment_fee, storeCode)).toBe(reviewed.fee);
    expect(order.payment_fee).toBeGreaterThan(0);
    await page.getByTestId('grand-total').getByText(formatPrice(order.grand_total, storeCode)).waitFor();
    expect(errors).toEqual([]);
    await page.close();
  });
});

type OrderView = {
  grand_total: number;
  subtotal_incl_tax: number;
  shipping_incl_tax: number;
  payment_fee: number;
  discount_amount: number;
  items: { sku: string; qty: number; price_incl_tax: number; row_total_incl_tax: number }[];
};
type ProductDoc = {
  sku: string;
  final_price_incl_tax: number;
  configurable_children?: { sku: string; final_price_incl_tax: number }[];
};
