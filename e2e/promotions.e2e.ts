/**
 * The back office's promotions, as a catalogue manager: the menu leads to the coupons; a new coupon
 * typed with the keyboard is refused with the field named (percent above 100), then saved; the list
 * shows it with its limits; it is turned off and on. Each screen at 1366x900 and 768 wide, in English
 * and Lithuanian, axe-clean, without sideways scrolling. An administrator changes the courier's price
 * on the delivery and payment page (the API answers the new price).
 */
import { describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { axeViolations } from './support/axe.ts';
import { useBrowser } from './support/browser.ts';
import { expectNoHorizontalScroll, watchErrors } from './support/page.ts';
import { addStaff } from './support/shop-api.ts';

const shopUrl = inject('shopUrl');
const dataDir = inject('dataDir');
const browser = useBrowser();
const STAFF = `promo-${Date.now().toString(36)}@shop.lt`;
const PASSWORD = 'a long staff password 42';
const CODE = `SPRING-${Date.now().toString(36).toUpperCase()}`;
const SHOTS = process.env.E2E_SCREENSHOTS;

async function look(page: Page, where: string) {
  expect(await axeViolations(page), where).toEqual([]);
  await expectNoHorizontalScroll(page, where);
  if (SHOTS)
    await page.screenshot({ path: `${SHOTS}/${where.replace(/[^a-z0-9]+/gi, '-')}.png`, fullPage: true });
}

describe('back office: promotions (catalogue manager)', () => {
  it('creates, lists and turns off a coupon; the screens are accessible in en and lt', async () => {
    const made = await addStaff(dataDir, STAFF, PASSWORD, 'catalog');
    expect(made.code, made.output).toBe(0);
    const page = await browser.newPage({ viewport: { width: 1366, height: 900 } });
    const errors = watchErrors(page);
    await page.goto(`${shopUrl}/en/admin/login`);
    await page.getByLabel('E-mail').fill(STAFF);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Log in' }).press('Enter');
    await page.waitForURL(/\/en\/admin\/products/);
    await page.getByRole('navigation').getByRole('link', { name: 'Promotions' }).click();
    await page.waitForURL(`${shopUrl}/en/admin/promotions`);
    await look(page, 'list en 1366');

    await page.getByRole('link', { name: 'New coupon' }).click();
    await page.waitForURL(/\/promotions\/new$/);
    await page.getByLabel('Code').fill(CODE);
    await page.getByLabel('Value (percent, or euros excl. VAT)').fill('150');
    await page.getByLabel('Uses per customer (empty: no limit)').fill('1');
    await page.getByRole('button', { name: 'Create' }).press('Enter');
    const alert = page.getByRole('alert').filter({ hasText: 'Please correct' });
    await expect
      .poll(() => alert.textContent())
      .toContain('Value (percent, or euros excl. VAT): A percent coupon needs a whole percent from 0 to 100');
    await expect
      .poll(() => page.getByLabel('Value (percent, or euros excl. VAT)').getAttribute('aria-invalid'))
      .toBe('true');
    await look(page, 'form error en 1366');

    await page.getByLabel('Type').selectOption('fixed');
    await page.getByLabel('Value (percent, or euros excl. VAT)').fill('5,00');
    await page.getByLabel('Minimum subtotal (€, excl. VAT; empty: none)').fill('50');
    await page.getByRole('button', { name: 'Create' }).press('Enter');
    await page.waitForURL(new RegExp(`/promotions/${CODE}\\?saved=1$`));
    await expect.poll(() => page.getByRole('status').textContent()).toContain('Saved.');
    expect(await page.getByLabel('Value (percent, or euros excl. VAT)').inputValue()).toBe('5.00');
    await look(page, 'form en 1366');

    await page.setViewportSize({ width: 768, height: 1000 });
    await page.goto(`${shopUrl}/en/admin/promotions?q=${CODE}`);
    const row = page.getByRole('row', { name: new RegExp(CODE) });
    await expect.poll(() => row.textContent()).toContain('1 per customer');
    await look(page, 'list en 768');

    await page.goto(`${shopUrl}/admin/promotions/${CODE}`);
    await page.getByRole('heading', { level: 1, name: `Kuponas ${CODE}` }).waitFor();
    await look(page, 'form lt 768');
    await page.getByRole('button', { name: 'Išjungti' }).click();
    await page.getByRole('button', { name: 'Įjungti' }).waitFor();
    await page.goto(`${shopUrl}/admin/promotions?status=inactive&q=${CODE}`);
    await expect
      .poll(() => page.getByRole('row', { name: new RegExp(CODE) }).textContent())
      .toContain('Išjungtas');
    await page.setViewportSize({ width: 1366, height: 900 });
    await look(page, 'list lt 1366');
    expect(errors).toEqual([]);
  });
});

describe('back office: delivery and payment (administrator)', () => {
  it('changes the courier price (and puts it back); the page is accessible in en and lt', async () => {
    const admin = `deliv-${Date.now().toString(36)}@shop.lt`;
    const made = await addStaff(dataDir, admin, PASSWORD, 'admin');
    expect(made.code, made.output).toBe(0);
    const page = await browser.newPage({ viewport: { width: 1366, height: 900 } });
    const errors = watchErrors(page);
    await page.goto(`${shopUrl}/en/admin/login`);
    await page.getByLabel('E-mail').fill(admin);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Log in' }).press('Enter');
    await page.waitForURL(`${shopUrl}/en/admin`);
    await page.getByRole('navigation').getByRole('link', { name: 'Delivery and payment' }).click();
    await page.waitForURL(`${shopUrl}/en/admin/delivery`);
    await look(page, 'delivery en 1366');
    const courier = page.getByRole('group', { name: /courier_courier/ });
    const price = courier.getByLabel('Price (€, excl. VAT)');
    const before = await price.inputValue();
    await price.fill('4,00');
    await courier.getByRole('button').press('Enter');
    await page.waitForURL(/\/en\/admin\/delivery\?saved=1$/);
    expect(
      await page
        .getByRole('group', { name: /courier_courier/ })
        .getByLabel('Price (€, excl. VAT)')
        .inputValue(),
    ).toBe('4.00');
    const methods = await (
      await fetch(`${shopUrl}/vsbridge/staff/shipping-methods?storeCode=en`, {
        headers: { cookie: (await page.context().cookies()).map((c) => `${c.name}=${c.value}`).join('; ') },
      })
    ).json();
    expect(methods.result.items.find((m: { code: string }) => m.code === 'courier_courier').price_cents).toBe(
      400,
    );
    // put the shop back as it was for the other journeys
    await page
      .getByRole('group', { name: /courier_courier/ })
      .getByLabel('Price (€, excl. VAT)')
      .fill(before);
    await page
      .getByRole('group', { name: /courier_courier/ })
      .getByRole('button')
      .click();
    await page.waitForURL(/saved=1$/);
    await page.setViewportSize({ width: 768, height: 1000 });
    await page.goto(`${shopUrl}/admin/delivery`);
    await page.getByRole('heading', { level: 1, name: 'Pristatymas ir apmokėjimas' }).waitFor();
    await look(page, 'delivery lt 768');
    expect(errors).toEqual([]);
  });
});
