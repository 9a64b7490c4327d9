/**
 * Payments in the browser: a legal person pays with NEOPAY in the sandbox (bank chosen in
 * the checkout, the sandbox page, back to the order page showing "Payment received"), and a second
 * order whose payment is cancelled shows "Payment cancelled" with a "Pay again" link that then pays.
 *
 * For each payment method the grand total the review shows is the one the
 * placed order charges, the four methods spread over lt, en and ru, a phone (390 px) and a desktop
 * (1366 px): NEOPAY en 1366, MOKILIZINGAS lt 390, bank transfer ru 390, cash on delivery lt 1366.
 * Their checkout (payment step and review) and thank-you pages do not scroll sideways and axe finds
 * no violation on them. The phone's bank transfer buys a grade-C product, whose line is the longest.
 */
import { describe, expect, inject, it } from 'vitest';
import { formatPrice, localizedPath, staticPagePath, type StoreCode } from '@vitrina/domain';
import type { Page } from 'playwright-core';
import { getT } from '../apps/web/app/i18n/index.ts';
import { cartT } from '../apps/web/app/i18n/cart.ts';
import { checkoutT } from '../apps/web/app/i18n/checkout.ts';
import { axeViolations } from './support/axe.ts';
import { useBrowser } from './support/browser.ts';
import { gradedProduct } from './support/catalog.ts';
import { chooseOptionsIfNeeded, expectNoHorizontalScroll, openFirstCategory } from './support/page.ts';

const shopUrl = inject('shopUrl');
const browser = useBrowser();

const t = checkoutT(cartT(getT('en')));
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1366, height: 900 };

/** the page fits its width and axe finds nothing on it ("Verified by") */
async function fitsAndAxeClean(page: Page, where: string) {
  await expectNoHorizontalScroll(page, where);
  expect(await axeViolations(page), `axe on ${where}`).toEqual([]);
}

/**
 * The review's grand total as the shopper sees it: on a phone the review's own summary above
 * "Place order" (the aside is left out), on a desktop the summary beside the steps.
 */
async function reviewedTotal(page: Page): Promise<string> {
  const phone = (page.viewportSize()?.width ?? 1280) < 900;
  const summary = phone ? page.getByTestId('review-summary') : page.locator('.checkout-summary');
  const total = summary.locator('.totals-grand_total dd');
  expect(await total.isVisible(), 'the grand total is shown at review').toBe(true);
  return (await total.textContent()) ?? '';
}

/** the order the thank-you page is about, as the shop's API answers it */
async function pulledOrder<T>(page: Page): Promise<T> {
  const url = new URL(page.url());
  const pulled = await fetch(
    `${shopUrl}/vsbridge/order/pull?number=${url.searchParams.get('number')}&orderToken=${encodeURIComponent(url.searchParams.get('token')!)}`,
  );
  return ((await pulled.json()) as { result: T }).result;
}

/**
 * The thank-you page's cash-on-delivery sentence ("You will pay when the parcel is
 * delivered" and its lt/ru forms) follows the payment method: said for cash on delivery only.
 */
const PAY_ON_DELIVERY = (['lt', 'en', 'ru'] as const).map((code) =>
  checkoutT(getT(code))('thankYou.payOnDelivery'),
);
/** the visible text of the page's main part (the dictionary inlined for hydration is not in it) */
async function saysPayOnDelivery(page: Page): Promise<boolean> {
  const text = await page.locator('main').innerText();
  return PAY_ON_DELIVERY.some((sentence) => text.includes(sentence));
}

/** a product in the cart, then the checkout up to the payment step, as a legal person */
async function toPayment(page: Page, email: string, store: StoreCode = 'en', productPath?: string) {
  const tt = checkoutT(getT(store));
  if (productPath) {
    await page.goto(`${shopUrl}${localizedPath(store, productPath)}`, { waitUntil: 'networkidle' });
  } else {
    await page.goto(`${shopUrl}${localizedPath(store, '/')}`, { waitUntil: 'networkidle' });
    // another category and product than the guest journey's (which buys the first product's stock)
    await openFirstCategory(page, tt('header.categories'), 1);
    await page.waitForURL(/\/c\//);
    await page.locator('.card a').nth(2).click();
  }
  await page.waitForURL(/\/p\//);
  await chooseOptionsIfNeeded(page);
  const add = page.getByRole('button', { name: tt('product.addToCart'), exact: true });
  await expect.poll(() => add.isEnabled()).toBe(true);
  await add.click();
  await page.getByText(tt.msg('cart.addedToCart')).first().waitFor();
  await page.goto(`${shopUrl}${localizedPath(store, '/checkout')}`, { waitUntil: 'networkidle' });
  await page.getByLabel(tt('checkout.firstName')).fill('Ona');
  await page.getByLabel(tt('checkout.lastName')).fill('Onaitė');
  await page.getByLabel(tt('checkout.email')).fill(email);
  await page.getByRole('button', { name: tt('checkout.continue') }).click();
  // the delivery names default to the buyer's (editable)
  expect(await page.getByLabel(tt('checkout.firstName')).inputValue()).toBe('Ona');
  expect(await page.getByLabel(tt('checkout.lastName')).inputValue()).toBe('Onaitė');
  await page.getByLabel(tt('checkout.street')).fill('Gedimino pr.');
  await page.getByLabel(tt('checkout.house')).fill('1');
  await page.getByLabel(tt('checkout.city')).fill('Vilnius');
  await page.getByLabel(tt('checkout.zip')).fill('01103');
  await page.getByLabel(tt('checkout.phone')).fill('+37060000000');
  // the delivery step offers its methods first (courier by default), then the address: one Continue
  await page.getByRole('button', { name: tt('checkout.continue') }).click();
  await page.getByLabel(tt('checkout.legalPerson')).check();
  await page.getByRole('button', { name: tt('checkout.continue') }).click();
  // the legal person's fields are required
  await page.getByText(tt.msg('validation.required')).first().waitFor();
  await page.getByLabel(tt('checkout.company'), { exact: true }).fill('UAB Bandymas');
  await page.getByLabel(tt('checkout.companyCode')).fill('123456789');
  await page.getByLabel(tt('checkout.vatCode')).fill('LT123456789');
}

/** places the order from the review; answers the grand total the review showed */
async function placeOrder(page: Page, atReview?: (page: Page) => Promise<void>): Promise<string> {
  await page.getByRole('button', { name: t('checkout.continue') }).click();
  await page.getByLabel(t('checkout.terms')).check();
  await atReview?.(page);
  const total = await reviewedTotal(page);
  await page.getByRole('button', { name: t('checkout.placeOrderTotal', { total }) }).click();
  await page.waitForURL(/\/vsbridge\/payment\/sandbox\/neopay\?/, { timeout: 20_000 });
  await page.getByRole('heading', { name: 'Sandbox payment — no money moves' }).waitFor();
  return total;
}

describe('NEOPAY sandbox in the browser', () => {
  it('en at 1366 px: a legal person pays at the chosen bank and sees "Payment received"; the review total is charged', async () => {
    const page = await browser.newPage({ viewport: DESKTOP });
    await toPayment(page, 'ona.neopay@example.com');
    // NEOPAY is the demo's default method: preselected; its bank selector lists the sandbox banks
    expect(await page.getByLabel('Bank payment (NEOPAY)').isChecked()).toBe(true);
    await page.getByText(t('checkout.bankSandbox')).waitFor();
    await page.getByLabel('Swedbank (sandbox)').check();
    // the company's own billing address: checked like the shipping one, sent as the order's
    await page.getByLabel(t('checkout.billingSameAsShipping')).uncheck();
    expect(await page.locator('#billing-firstName').inputValue()).toBe('Ona');
    await page.getByRole('button', { name: t('checkout.continue') }).click();
    await page.locator('#billing-streetAddress-error').waitFor();
    await page.locator('#billing-streetAddress').fill('Laisvės al.');
    await page.locator('#billing-apartmentNumber').fill('10');
    await page.locator('#billing-city').fill('Kaunas');
    await page.locator('#billing-zipCode').fill('LT-4444');
    await page.locator('#billing-phoneNumber').fill('+37060000001');
    await page.getByRole('button', { name: t('checkout.continue') }).click();
    await page.getByText(t.msg('validation.zipFormat', { format: 'LT-00000' })).waitFor();
    await page.locator('#billing-zipCode').fill('LT-44444');
    await fitsAndAxeClean(page, 'the checkout (payment step, NEOPAY)');
    // The review names the chosen bank (not its BIC) and the buyer company; the
    // terms link opens the terms page
    const reviewed = await placeOrder(page, async (p) => {
      const review = p.getByTestId('review-details');
      await review.getByText(t('checkout.chosenBank', { bank: 'Swedbank (sandbox)' })).waitFor();
      expect(await review.textContent()).not.toContain('HABALT22');
      await review
        .getByText(t('checkout.buyerCompany', { company: 'UAB Bandymas', code: '123456789' }))
        .waitFor();
      expect(await p.getByRole('link', { name: t('checkout.termsRead') }).getAttribute('href')).toBe(
        staticPagePath('purchase-sales-rules', 'en'),
      );
      await fitsAndAxeClean(p, 'the checkout review (NEOPAY)');
    });
    await page.getByText('HABALT22').waitFor();
    await page.getByRole('button', { name: 'Pay', exact: true }).click();
    await page.waitForURL(/\/en\/order-completed\?/);
    await page.getByRole('heading', { name: t('payment.paidTitle') }).waitFor();
    expect(await saysPayOnDelivery(page)).toBe(false);
    await fitsAndAxeClean(page, 'the thank-you page (NEOPAY, paid)');
    const order = await pulledOrder<{
      payment_status: string;
      status: string;
      grand_total: number;
      billing_address: { company: string; vat_id: string; city: string; street: string[] };
      shipping_address: { city: string };
    }>(page);
    expect(order).toMatchObject({
      payment_status: 'paid',
      status: 'paid',
      billing_address: {
        company: 'UAB Bandymas',
        vat_id: 'LT123456789',
        city: 'Kaunas',
        street: ['Laisvės al.', '10'],
        postcode: 'LT-44444',
      },
      shipping_address: { city: 'Vilnius' },
    });
    // the order charges, to the cent, the grand total the review showed
    expect(formatPrice(order.grand_total, 'en')).toBe(reviewed);
    // the cart was emptied after the order
    await page.goto(`${shopUrl}/en/checkout`, { waitUntil: 'networkidle' });
    await page.getByText(t('cart.empty')).waitFor();
    await page.close();
  });

  // The offline methods too charge the grand total the review showed, and the
  // thank-you page follows the method (bank transfer: where to pay; cash on delivery: at the door)
  it.each([
    // the methods' titles are the demo's (packages/demo/src/shop.ts), in the store view's language
    {
      code: 'banktransfer',
      label: 'Банковский перевод',
      store: 'ru',
      viewport: PHONE,
      heading: 'thankYou.bankTitle',
    },
    {
      code: 'cashondelivery',
      label: 'Grynaisiais pristatymo metu',
      store: 'lt',
      viewport: DESKTOP,
      heading: 'thankYou.codTitle',
    },
  ] as const)(
    '$code, $store at $viewport.width px: the review total is the order total; the thank-you page follows the method',
    async ({ code, label, store, viewport, heading }) => {
      const tt = checkoutT(getT(store));
      const page = await browser.newPage({ viewport });
      // on the phone a grade-C product: its line names the grade at length ("состояние: C (заметные
      // следы использования)"), and the order's table must still fit the width
      const graded = viewport === PHONE ? (await gradedProduct(shopUrl, (g) => g === 'c')).doc : null;
      await toPayment(
        page,
        `ona.${code}@example.com`,
        store,
        graded ? `/p/${graded.sku}/${graded.slug}` : undefined,
      );
      await page.getByLabel(label).check();
      await fitsAndAxeClean(page, `the checkout (payment step, ${code}, ${store})`);
      await page.getByRole('button', { name: tt('checkout.continue') }).click();
      await page.getByLabel(tt('checkout.terms')).check();
      // the review repeats the company the invoice goes to
      await page.getByTestId('review-details').getByText('UAB Bandymas', { exact: false }).waitFor();
      await fitsAndAxeClean(page, `the checkout review (${code}, ${store})`);
      const reviewed = await reviewedTotal(page);
      await page.getByRole('button', { name: tt('checkout.placeOrderTotal', { total: reviewed }) }).click();
      await page.waitForURL((u) => u.pathname === localizedPath(store, '/order-completed'));
      await page.getByRole('heading', { name: tt(heading) }).waitFor();
      await fitsAndAxeClean(page, `the thank-you page (${code}, ${store})`);
      // the pay-at-the-door sentence for cash on delivery only
      expect(await saysPayOnDelivery(page)).toBe(code === 'cashondelivery');
      const order = await pulledOrder<{ grand_total: number; payment_method_code: string }>(page);
      expect(order.payment_method_code).toBe(code);
      expect(formatPrice(order.grand_total, store)).toBe(reviewed);
      await page.close();
    },
  );

  it('a cancelled payment shows "Payment cancelled" and can be paid again', async () => {
    const page = await browser.newPage();
    await toPayment(page, 'ona.cancel@example.com');
    await placeOrder(page);
    await page.getByRole('button', { name: 'Cancel payment' }).click();
    await page.waitForURL(/\/en\/order-completed\?/);
    await page.getByRole('heading', { name: t('payment.cancelledTitle') }).waitFor();
    expect(await saysPayOnDelivery(page)).toBe(false);
    await page.getByRole('link', { name: t('payment.payAgain') }).click();
    await page.getByRole('heading', { name: 'Sandbox payment — no money moves' }).waitFor();
    await page.getByRole('button', { name: 'Pay', exact: true }).click();
    await page.getByRole('heading', { name: t('payment.paidTitle') }).waitFor();
    expect(await saysPayOnDelivery(page)).toBe(false);
    await page.close();
  });

  it('lt at 390 px: account created in checkout, parcel locker chosen from the searchable list, MOKILIZINGAS pays the review total', async () => {
    const lt = checkoutT(getT('lt'));
    const email = `petras.${Date.now()}@example.com`;
    const page = await browser.newPage({ viewport: PHONE });
    await page.goto(`${shopUrl}/`, { waitUntil: 'networkidle' });
    await openFirstCategory(page, lt('header.categories'), 2);
    await page.waitForURL(/\/c\//);
    await page.locator('.card a').nth(1).click();
    await page.waitForURL(/\/p\//);
    await chooseOptionsIfNeeded(page);
    const add = page.getByRole('button', { name: lt('product.addToCart'), exact: true });
    await expect.poll(() => add.isEnabled()).toBe(true);
    await add.click();
    await page.getByText(lt.msg('cart.addedToCart')).first().waitFor();
    await page.goto(`${shopUrl}/checkout`, { waitUntil: 'networkidle' });
    await page.getByLabel(lt('checkout.firstName')).fill('Petras');
    await page.getByLabel(lt('checkout.lastName')).fill('Petraitis');
    await page.getByLabel(lt('checkout.email')).fill(email);
    await page.getByLabel(lt('checkout.createAccount')).check();
    await page.getByLabel(lt('checkout.password'), { exact: true }).fill('short');
    await page.getByRole('button', { name: lt('checkout.continue') }).click();
    await page.getByText(lt.msg('validation.passwordMinLength', { min: 8 })).waitFor();
    await page.getByLabel(lt('checkout.password'), { exact: true }).fill('petro-slaptazodis');
    await page.getByLabel(lt('checkout.passwordRepeat')).fill('petro-slaptazodis');
    await page.getByRole('button', { name: lt('checkout.continue') }).click();
    await page.getByLabel(lt('checkout.street')).fill('Laisvės al.');
    await page.getByLabel(lt('checkout.house')).fill('10');
    await page.getByLabel(lt('checkout.city')).fill('Kaunas');
    await page.getByLabel(lt('checkout.zip')).fill('LT-4444');
    await page.getByLabel(lt('checkout.phone')).fill('+37060000001');
    await page.getByRole('button', { name: lt('checkout.continue') }).click();
    await page.getByText(lt.msg('validation.zipFormat', { format: 'LT-00000' })).waitFor();
    await page.getByLabel(lt('checkout.zip')).fill('LT-44444');
    // a parcel locker instead: the home address typed is not asked any more (nor sent)
    await page.getByLabel(/Omniva/).check();
    await page.getByLabel(lt('checkout.street')).waitFor({ state: 'detached' });
    const search = page.getByRole('combobox', { name: lt('checkout.pickupPoint') });
    await search.fill('Kaun');
    await page.getByRole('option', { name: /Kaun/ }).first().waitFor();
    await search.press('ArrowDown');
    await search.press('Enter');
    await page.getByTestId('pickup-chosen').waitFor();
    await page.getByRole('button', { name: lt('checkout.continue') }).click();
    await page.getByLabel('Lizingas (Mokilizingas)').check();
    await fitsAndAxeClean(page, 'the checkout (payment step, MOKILIZINGAS, lt)');
    await page.getByRole('button', { name: lt('checkout.continue') }).click();
    await page.getByLabel(lt('checkout.terms')).check();
    await fitsAndAxeClean(page, 'the checkout review (MOKILIZINGAS, lt)');
    const reviewed = await reviewedTotal(page);
    await page.getByRole('button', { name: lt('checkout.placeOrderTotal', { total: reviewed }) }).click();
    await page.waitForURL(/\/vsbridge\/payment\/sandbox\/mokilizingas\?/, { timeout: 20_000 });
    await page.getByRole('heading', { name: 'Bandomasis mokėjimas — pinigai nepervedami' }).waitFor();
    await page.getByRole('button', { name: 'Mokėti', exact: true }).click();
    await page.waitForURL(/\/order-completed\?/);
    await page.getByRole('heading', { name: lt('payment.paidTitle') }).waitFor();
    expect(await saysPayOnDelivery(page)).toBe(false);
    await fitsAndAxeClean(page, 'the thank-you page (MOKILIZINGAS, lt, paid)');
    const url = new URL(page.url());
    const order = await pulledOrder<{
      payment_status: string;
      grand_total: number;
      shipping_address: { pickup_point?: { city: string } };
    }>(page);
    expect(order.payment_status).toBe('paid');
    // the financing company was asked for, and the order charges, the grand total the review showed
    expect(formatPrice(order.grand_total, 'lt')).toBe(reviewed);
    expect(order.shipping_address.pickup_point?.city).toBe('Kaunas');
    // the account exists with the password typed in the checkout
    const login = await fetch(`${shopUrl}/vsbridge/user/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: email, password: 'petro-slaptazodis' }),
    });
    expect(login.status).toBe(200);
    // The shopper is logged in after the checkout and the order is in the account
    await page.goto(`${shopUrl}/my-account/orders`, { waitUntil: 'networkidle' });
    await page.getByText(url.searchParams.get('number')!).first().waitFor();
    const token = ((await login.json()) as { result: string }).result;
    const history = await fetch(`${shopUrl}/vsbridge/user/order-history`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const orders = ((await history.json()) as { result: { items: { increment_id: string }[] } }).result.items;
    expect(orders.map((o) => o.increment_id)).toContain(url.searchParams.get('number'));
    await page.close();
  });
});
