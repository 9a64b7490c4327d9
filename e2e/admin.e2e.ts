/**
 * The back office journey: a staff account made with `npm run staff` (handed to
 * the running shop) → an order placed through the API → log in at /en/admin → find the order by the
 * customer's e-mail → confirm it, ship it with a carrier and tracking number → its history shows the
 * change by this staff member → log out. axe finds nothing on the login, list and order pages; the
 * pages say noindex (X-Robots-Tag) and the shop's CSP holds throughout (support/browser.ts).
 */
import { describe, expect, inject, it } from 'vitest';
import { axeViolations } from './support/axe.ts';
import { useBrowser } from './support/browser.ts';
import { watchErrors } from './support/page.ts';
import { addStaff, placeOrder } from './support/shop-api.ts';

const shopUrl = inject('shopUrl');
const dataDir = inject('dataDir');
const browser = useBrowser();

const EMAIL = `clerk-${Date.now().toString(36)}@shop.lt`;
const PASSWORD = 'a long staff password 42';

describe('back office', () => {
  it('staff made on the command line log in, find an order, ship it with a tracking number and see its history', async () => {
    const made = await addStaff(dataDir, EMAIL, PASSWORD);
    expect(made.code, made.output).toBe(0);
    expect(made.output).toContain(`Created ${EMAIL} (staff).`);

    const customerEmail = `ona-${Date.now().toString(36)}@example.com`;
    const { orderNumber } = await placeOrder(shopUrl, { email: customerEmail });

    const page = await browser.newPage({ viewport: { width: 1366, height: 900 } });
    const errors = watchErrors(page);
    const first = await page.goto(`${shopUrl}/en/admin`);
    expect(page.url()).toBe(`${shopUrl}/en/admin/login`);
    expect(first?.headers()['x-robots-tag']).toBe('noindex, nofollow');
    expect(await page.locator('meta[name="robots"]').getAttribute('content')).toBe('noindex, nofollow');
    expect(await axeViolations(page)).toEqual([]);

    await page.getByLabel('E-mail').fill(EMAIL);
    await page.getByLabel('Password').fill('not the password at all');
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect.poll(() => page.getByRole('alert').textContent()).toBe('Wrong e-mail or password, or the account is disabled.');
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL(`${shopUrl}/en/admin`);
    await expect.poll(() => page.getByText(`Signed in as ${EMAIL} (staff)`).count()).toBe(1);
    // role staff: no staff accounts section
    expect(await page.getByRole('link', { name: 'Staff accounts' }).count()).toBe(0);

    await page.getByLabel('Search (number, e-mail, name, phone, company code)').fill(customerEmail);
    await page.getByRole('button', { name: 'Filter' }).click();
    await page.waitForURL(/\?.*q=/);
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('link', { name: orderNumber }).click();
    await page.waitForURL(/\/en\/admin\/orders\/\d+$/);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(`Order ${orderNumber}`);
    expect(await axeViolations(page)).toEqual([]);
    // an action the table does not allow yet is not offered
    expect(await page.getByRole('button', { name: 'Complete' }).count()).toBe(0);

    await page.getByRole('button', { name: 'Confirm' }).click();
    await expect.poll(() => page.getByRole('status').textContent()).toBe('Done.');
    await page.getByLabel('Carrier').fill('omniva');
    await page.getByLabel('Tracking number').fill('CC123456789LT');
    await page.getByRole('button', { name: 'Ship' }).click();
    await expect.poll(() => page.getByRole('link', { name: 'CC123456789LT' }).count()).toBe(1);
    expect(await page.getByRole('link', { name: 'CC123456789LT' }).getAttribute('href')).toContain('CC123456789LT');
    const history = page.getByRole('region', { name: 'History' });
    await expect.poll(() => history.getByRole('row').last().textContent()).toContain(EMAIL);
    expect(await history.getByRole('row').last().textContent()).toMatch(/→ Shipped/);
    expect(await axeViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Log out' }).click();
    await page.waitForURL(`${shopUrl}/en/admin/login?out=1`);
    await page.goto(`${shopUrl}/en/admin`);
    expect(page.url()).toBe(`${shopUrl}/en/admin/login`);
    expect(errors).toEqual([]);
    await page.close();
  });
});
