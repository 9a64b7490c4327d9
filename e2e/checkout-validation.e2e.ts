/**
 * Checkout validation messages in Lithuanian (accounts-checkout-routes.md §5 "Validation rules"): the personal details and shipping steps
 * submitted empty and then with invalid values show the spec's messages in lt next to their fields,
 * including the zip-code formats of Lithuania, Latvia and Estonia; the terms must be accepted.
 * Nothing is ordered.
 */
import { describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { getT } from '../apps/web/app/i18n/index.ts';
import { checkoutT } from '../apps/web/app/i18n/checkout.ts';
import { useBrowser } from './support/browser.ts';
import { chooseOptionsIfNeeded, watchErrors } from './support/page.ts';

const shopUrl = inject('shopUrl');
const browser = useBrowser();

const t = checkoutT(getT('lt'));
/** the message shown under a field (Field.tsx: `<id>-error`, linked by aria-describedby) */
const errorOf = (page: Page, id: string) => page.locator(`#${id}-error`);
const continueButton = (page: Page) => page.getByRole('button', { name: t('checkout.continue') });

async function expectError(page: Page, id: string, message: string) {
  await expect.poll(() => errorOf(page, id).textContent()).toBe(message);
  expect(await page.locator(`#${id}`).getAttribute('aria-invalid')).toBe('true');
}

describe('checkout validation in Lithuanian', () => {
  it('shows the spec messages for the personal details, the address, the zip codes and the terms', async () => {
    const page = await browser.newPage();
    const errors = watchErrors(page);
    // a simple product in stock, from the catalogue API (any one: nothing is ordered)
    const request = encodeURIComponent(JSON.stringify({ filters: { type_id: 'simple' } }));
    const search = await fetch(
      `${shopUrl}/vsbridge/catalog/vue_storefront_catalog/product/_search?size=40&request=${request}`,
    );
    const hits = (
      (await search.json()) as {
        hits: { hits: { _source: { sku: string; slug: string; stock: { qty: number } } }[] };
      }
    ).hits.hits;
    const product = hits.map((h) => h._source).find((p) => p.stock.qty >= 5);
    expect(product, 'a simple product in stock').toBeDefined();
    await page.goto(`${shopUrl}/p/${encodeURIComponent(product!.sku)}/${encodeURIComponent(product!.slug)}`, {
      waitUntil: 'networkidle',
    });
    await chooseOptionsIfNeeded(page);
    const add = page.getByRole('button', { name: t('product.addToCart'), exact: true });
    await expect.poll(() => add.isEnabled()).toBe(true);
    await add.click();
    await page.getByText(t.msg('cart.addedToCart')).first().waitFor();
    await page.goto(`${shopUrl}/checkout`, { waitUntil: 'networkidle' });

    // personal details, empty
    await continueButton(page).click();
    for (const id of ['firstName', 'lastName', 'emailAddress'])
      await expectError(page, id, t.msg('validation.required'));
    // the first invalid field has the focus
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('firstName');

    // personal details, invalid
    await page.getByLabel(t('checkout.firstName')).fill('J');
    await page.getByLabel(t('checkout.lastName')).fill('Jonait1s');
    await page.getByLabel(t('checkout.email')).fill('jonas@pastas');
    await page.getByLabel(t('checkout.createAccount')).check();
    await page.getByLabel(t('checkout.password'), { exact: true }).fill('trumpas');
    await page.getByLabel(t('checkout.passwordRepeat')).fill('kitoks');
    await continueButton(page).click();
    await expectError(page, 'firstName', t.msg('validation.nameMinLength', { min: 2 }));
    await expectError(page, 'lastName', t.msg('validation.alphaOnly'));
    await expectError(page, 'emailAddress', t.msg('validation.email'));
    await expectError(page, 'password', t.msg('validation.passwordMinLength', { min: 8 }));
    await page.getByLabel(t('checkout.password'), { exact: true }).fill('pakankamai-ilgas');
    await continueButton(page).click();
    await expectError(page, 'passwordRepeat', t.msg('validation.passwordsMustMatch'));
    expect(await errorOf(page, 'firstName').textContent()).toBe('Vardą turi sudaryti bent 2 raidės.');

    // corrected: the shipping step opens (no account is created: nothing is ordered)
    await page.getByLabel(t('checkout.firstName')).fill('Jonas');
    // Lithuanian letters and a hyphen are fine in a name
    await page.getByLabel(t('checkout.lastName')).fill('Jonaitis-Žemaitis');
    await page.getByLabel(t('checkout.email')).fill('jonas.validation@example.com');
    await page.getByLabel(t('checkout.createAccount')).uncheck();
    await continueButton(page).click();
    await page.getByLabel(t('checkout.street')).waitFor();

    // shipping, empty
    await continueButton(page).click();
    for (const id of ['streetAddress', 'apartmentNumber', 'city', 'zipCode', 'phoneNumber'])
      await expectError(page, id, t.msg('validation.required'));

    // zip codes: too short, then each country's format
    await page.getByLabel(t('checkout.street')).fill('Gedimino pr.');
    await page.getByLabel(t('checkout.house')).fill('1');
    await page.getByLabel(t('checkout.city')).fill('Vilnius');
    await page.getByLabel(t('checkout.phone')).fill('+37060000000');
    const zip = page.getByLabel(t('checkout.zip'));
    const country = page.getByLabel(t('checkout.country'));
    const cases: [string, string, string][] = [
      ['LT', '12', t.msg('validation.zipMinLength', { min: 3 })],
      ['LT', '1234', t.msg('validation.zipFormat', { format: 'LT-00000' })],
      ['LT', 'LV-1010', t.msg('validation.zipFormat', { format: 'LT-00000' })],
      ['LV', 'LV-10100', t.msg('validation.zipFormat', { format: 'LV-0000' })],
      ['EE', '1011', t.msg('validation.zipFormat', { format: '00000' })],
    ];
    for (const [c, code, message] of cases) {
      await country.selectOption(c);
      await zip.fill(code);
      await continueButton(page).click();
      await expectError(page, 'zipCode', message);
    }
    expect(await errorOf(page, 'zipCode').textContent()).toBe(
      'Neteisingas pašto kodo formatas. Naudokite 00000.',
    );

    // the bare Lithuanian digits are accepted (normalised to LT-01103 in the order)
    await country.selectOption('LT');
    await zip.fill('01103');
    await continueButton(page).click();
    await page.locator('.methods').first().waitFor();
    expect(await errorOf(page, 'zipCode').count()).toBe(0);

    // the delivery step offered its methods first (courier by default): that Continue went on to the
    // payment method; then the review: the terms must be accepted
    await continueButton(page).click();
    await page.getByRole('button', { name: t('checkout.placeOrder') }).click();
    await expect
      .poll(() => page.locator('#terms-error').textContent())
      .toBe(t.msg('validation.termsRequired'));
    expect(page.url()).toMatch(/\/checkout$/);
    expect(errors).toEqual([]);
    await page.close();
  });
});
