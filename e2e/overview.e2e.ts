/**
 * The back office's overview and customers in the browser: a staff member opens "Overview" from the
 * menu (the figures of an order just placed are there), downloads nothing but sees the CSV link,
 * finds a customer by e-mail with the keyboard, opens the profile and disables the account (the
 * customer's login is then refused), then enables it again. axe finds nothing on either page in
 * English and Lithuanian, at 1366 and 768 pixels wide.
 */
import { describe, expect, inject, it } from 'vitest';
import { axeViolations } from './support/axe.ts';
import { useBrowser } from './support/browser.ts';
import { watchErrors } from './support/page.ts';
import { addStaff, api, placeOrder } from './support/shop-api.ts';

const shopUrl = inject('shopUrl');
const dataDir = inject('dataDir');
const browser = useBrowser();

const EMAIL = `owner-${Date.now().toString(36)}@shop.lt`;
const PASSWORD = 'a long staff password 42';
const SHOTS = process.env.E2E_SCREENSHOTS;

describe('back office overview and customers', () => {
  it('shows the overview and lets staff find, disable and enable a customer', async () => {
    expect((await addStaff(dataDir, EMAIL, PASSWORD)).code).toBe(0);
    const customerEmail = `rasa-${Date.now().toString(36)}@example.com`;
    await api(shopUrl, 'POST', '/user/create?storeCode=lt', {
      customer: { email: customerEmail, firstname: 'Rasa', lastname: 'Klientė' },
      password: 'correct horse 1',
    });
    await placeOrder(shopUrl, { email: `guest-${Date.now().toString(36)}@example.com` });

    const page = await browser.newPage({ viewport: { width: 1366, height: 900 } });
    const errors = watchErrors(page);
    await page.goto(`${shopUrl}/en/admin/login`);
    await page.getByLabel('E-mail').fill(EMAIL);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL(`${shopUrl}/en/admin`);

    await page.getByRole('link', { name: 'Overview', exact: true }).click();
    await page.waitForURL(`${shopUrl}/en/admin/overview`);
    const sales = page.getByRole('region', { name: 'Sales by period' });
    const today = sales.getByRole('row').nth(1);
    expect(Number((await today.getByRole('cell').first().textContent())?.trim())).toBeGreaterThanOrEqual(1);
    expect(await page.getByRole('link', { name: /Orders to confirm/ }).count()).toBe(1);
    expect(
      await page.getByRole('link', { name: 'Orders of the last 30 days (CSV)' }).getAttribute('href'),
    ).toMatch(/^\/vsbridge\/staff\/orders\.csv\?from=/);
    expect(await axeViolations(page)).toEqual([]);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/overview-en-1366.png`, fullPage: true });

    await page.getByRole('link', { name: 'Customers', exact: true }).click();
    await page.waitForURL(`${shopUrl}/en/admin/customers`);
    await page.getByLabel('Name, e-mail or phone').fill(customerEmail);
    await page.keyboard.press('Enter');
    await page.waitForURL(/customers\?q=/);
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('link', { name: 'Rasa Klientė' }).click();
    await page.waitForURL(/\/en\/admin\/customers\/\d+$/);
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).textContent())
      .toBe('Customer Rasa Klientė');
    expect(await axeViolations(page)).toEqual([]);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/customer-en-1366.png`, fullPage: true });

    const disable = page.getByRole('button', { name: 'Disable the account' });
    await disable.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByRole('status').textContent()).toBe('The account is disabled.');
    const refused = await fetch(`${shopUrl}/vsbridge/user/login?storeCode=en`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: customerEmail, password: 'correct horse 1' }),
    });
    expect(refused.status).toBe(401);
    await page.getByRole('button', { name: 'Enable the account' }).click();
    await expect
      .poll(() => page.getByRole('status').textContent())
      .toBe('The account is enabled. The customer can log in again.');

    // Lithuanian, a tablet's width
    await page.setViewportSize({ width: 768, height: 1000 });
    await page.goto(`${shopUrl}/admin/overview`);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Apžvalga');
    expect(await axeViolations(page)).toEqual([]);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/overview-lt-768.png`, fullPage: true });
    await page.goto(`${shopUrl}/admin/customers`);
    expect(await axeViolations(page)).toEqual([]);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/customers-lt-768.png`, fullPage: true });
    await page.getByRole('link', { name: 'Rasa Klientė' }).click();
    await page.waitForURL(/\/admin\/customers\/\d+$/);
    expect(await axeViolations(page)).toEqual([]);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/customer-lt-768.png`, fullPage: true });
    expect(errors).toEqual([]);
    await page.close();
  });
});
