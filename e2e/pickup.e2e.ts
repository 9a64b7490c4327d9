/**
 * Paying for a pickup in the browser: a parcel locker and store pickup ask no home address. A
 * shopper (390 px phone, lt) picks an Omniva locker, gives only the phone, and places the order
 * (the order has no street); another (1366 px, en) chooses store pickup and sees the store's
 * address and opening hours in checkout, at review and on the thank-you page. axe-clean steps.
 */
import { describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { StoreCode } from '@vitrina/domain';
import { getT } from '../apps/web/app/i18n/index.ts';
import { checkoutT } from '../apps/web/app/i18n/checkout.ts';
import { useBrowser } from './support/browser.ts';
import { watchErrors } from './support/page.ts';
import { axeViolations } from './support/axe.ts';

const shopUrl = inject('shopUrl');
const browser = useBrowser();

/** a simple product with stock, by its shop path `/p/{sku}/{slug}` */
async function productPathWithStock(storeCode: StoreCode): Promise<string> {
  const index = storeCode === 'lt' ? 'vue_storefront_catalog' : `vue_storefront_catalog_${storeCode}`;
  const q = encodeURIComponent(JSON.stringify({ filters: { type_id: 'simple' } }));
  const res = await fetch(`${shopUrl}/vsbridge/catalog/${index}/product/_search?request=${q}&size=24`);
  const docs = (
    (await res.json()) as {
      hits: { hits: { _source: { sku: string; slug: string; stock: { qty: number } } }[] };
    }
  ).hits.hits.map((h) => h._source);
  const hit = docs.find((d) => d.stock.qty >= 5);
  expect(hit, 'a simple product with stock').toBeDefined();
  return `${storeCode === 'lt' ? '' : `/${storeCode}`}/p/${encodeURIComponent(hit!.sku)}/${encodeURIComponent(hit!.slug)}`;
}

async function toDelivery(page: Page, storeCode: StoreCode, email: string) {
  const t = checkoutT(getT(storeCode));
  await page.goto(`${shopUrl}${await productPathWithStock(storeCode)}`, { waitUntil: 'networkidle' });
  const add = page.getByRole('button', { name: t('product.addToCart'), exact: true });
  await expect.poll(() => add.isEnabled()).toBe(true);
  await add.click();
  await page.getByText(t.msg('cart.addedToCart')).first().waitFor();
  await page.goto(`${shopUrl}${storeCode === 'lt' ? '' : `/${storeCode}`}/checkout`, {
    waitUntil: 'networkidle',
  });
  await page.getByLabel(t('checkout.firstName')).fill('Ona');
  await page.getByLabel(t('checkout.lastName')).fill('Onaitė');
  await page.getByLabel(t('checkout.email')).fill(email);
  await page.getByRole('button', { name: t('checkout.continue') }).click();
}

async function toReview(page: Page, storeCode: StoreCode) {
  const t = checkoutT(getT(storeCode));
  await page.getByRole('button', { name: t('checkout.continue') }).click();
  const cod = storeCode === 'lt' ? 'Grynaisiais pristatymo metu' : 'Cash on delivery';
  await page.getByLabel(cod).check();
  await page.getByRole('button', { name: t('checkout.continue') }).click();
  await page.getByLabel(t('checkout.terms')).check();
}

const noHorizontalScroll = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

describe('pickup without a home address', () => {
  it('a parcel locker on a phone (lt): no home address asked, the order placed without a street', async () => {
    const t = checkoutT(getT('lt'));
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    const errors = watchErrors(page);
    await toDelivery(page, 'lt', 'ona.locker@example.com');
    await page.getByLabel(/^Omniva paštomatas/).check();
    await page.getByLabel(t('checkout.street')).waitFor({ state: 'detached' });
    expect(await page.getByLabel(t('checkout.city')).count()).toBe(0);
    const search = page.getByRole('combobox', { name: t('checkout.pickupPoint') });
    await search.fill('Kaun');
    await page.getByRole('listbox').waitFor();
    await search.press('ArrowDown');
    await search.press('Enter');
    await page.getByTestId('pickup-chosen').waitFor();
    await page.getByLabel(t('checkout.phone')).fill('+37060000002');
    expect(await axeViolations(page)).toEqual([]);
    expect(await noHorizontalScroll(page)).toBe(true);
    await toReview(page, 'lt');
    await page.getByRole('button', { name: t('checkout.placeOrder') }).click();
    await page.waitForURL(/order-completed/, { timeout: 20_000 });
    const url = new URL(page.url());
    const pulled = await fetch(
      `${shopUrl}/vsbridge/order/pull?number=${url.searchParams.get('number')}&orderToken=${encodeURIComponent(url.searchParams.get('token')!)}`,
    );
    const order = (
      (await pulled.json()) as {
        result: { shipping_address: { street: string[]; telephone: string; pickup_point: { city: string } } };
      }
    ).result;
    expect(order.shipping_address.street).toEqual([]);
    expect(order.shipping_address.telephone).toBe('+37060000002');
    expect(order.shipping_address.pickup_point.city).toBe('Kaunas');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('store pickup on a desktop (en): the store and its opening hours in checkout, review and thank-you', async () => {
    const t = checkoutT(getT('en'));
    const page = await browser.newPage({ viewport: { width: 1366, height: 900 } });
    const errors = watchErrors(page);
    await toDelivery(page, 'en', 'ona.store@example.com');
    await page.getByLabel(/^Pickup at our store in Vilnius/).check();
    const hours = page.getByTestId('opening-hours');
    await hours.waitFor();
    expect(await page.getByTestId('pickup-chosen').textContent()).toContain('Demo g. 1, Vilnius');
    expect(await hours.textContent()).toContain('Mon–Fri10:00–19:00');
    expect(await page.getByLabel(t('checkout.street')).count()).toBe(0);
    await page.getByLabel(t('checkout.phone')).fill('+37060000003');
    expect(await axeViolations(page)).toEqual([]);
    await toReview(page, 'en');
    expect(await page.getByTestId('review-details').textContent()).toContain('Sat10:00–16:00');
    await page.getByRole('button', { name: t('checkout.placeOrder') }).click();
    await page.waitForURL(/order-completed/, { timeout: 20_000 });
    const thanks = page.locator('.thank-you-delivery');
    await thanks.getByTestId('opening-hours').waitFor();
    expect(await thanks.textContent()).toContain('Demo g. 1');
    expect(await thanks.textContent()).toContain(`Sun${t('checkout.closed')}`);
    expect(await axeViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    await page.close();
  });
});
