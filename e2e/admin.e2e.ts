/**
 * The back office journey (issue #15 "Staff"): a staff account made with `npm run staff` (handed to
 * the running shop) → an order placed through the API → log in at /en/admin → find the order by the
 * customer's e-mail → confirm it, ship it with a carrier and tracking number → its history shows the
 * change by this staff member → log out. axe finds nothing on the login, list and order pages; the
 * pages say noindex (X-Robots-Tag) and the shop's CSP holds throughout (support/browser.ts).
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { axeViolations } from './support/axe.ts';
import { useBrowser } from './support/browser.ts';
import { watchErrors } from './support/page.ts';

const shopUrl = inject('shopUrl');
const dataDir = inject('dataDir');
const browser = useBrowser();
const root = path.resolve(import.meta.dirname, '..');

const EMAIL = `clerk-${Date.now().toString(36)}@shop.lt`;
const PASSWORD = 'a long staff password 42';

/** `npm run staff -- add EMAIL --role staff --password-stdin`, the password on stdin */
function addStaff(): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/staff/main.ts', 'add', EMAIL, '--role', 'staff', '--password-stdin'], {
      cwd: root,
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (c: Buffer) => (output += c.toString()));
    child.stderr.on('data', (c: Buffer) => (output += c.toString()));
    child.on('exit', (code) => resolve({ code, output }));
    child.stdin.end(`${PASSWORD}\n`);
  });
}

async function api<T>(method: string, pathAndQuery: string, body?: unknown): Promise<T> {
  const res = await fetch(`${shopUrl}/vsbridge${pathAndQuery}`, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await res.json()) as { code: number; result: T };
  if (json.code !== 200) throw new Error(`${method} ${pathAndQuery}: ${JSON.stringify(json)}`);
  return json.result;
}

/** a guest's cash-on-delivery order of one simple product in stock, by courier */
async function placeOrder(email: string): Promise<string> {
  const request = encodeURIComponent(JSON.stringify({ filters: { type_id: 'simple' } }));
  const search = await fetch(`${shopUrl}/vsbridge/catalog/vue_storefront_catalog/product/_search?size=30&request=${request}`);
  const hits = ((await search.json()) as { hits: { hits: { _source: { sku: string; stock?: { is_in_stock?: boolean } } }[] } }).hits.hits;
  const sku = hits.find((h) => h._source.stock?.is_in_stock !== false)?._source.sku;
  if (!sku) throw new Error('no simple product in stock');
  const cartId = await api<string>('POST', '/cart/create?storeCode=lt');
  await api('POST', `/cart/update?cartId=${cartId}`, { cartItem: { sku, qty: 1, quoteId: cartId } });
  const address = { firstname: 'Ona', lastname: 'Jonaitė', street: ['Gedimino pr.', '1'], city: 'Vilnius', postcode: 'LT-01103', countryId: 'LT', telephone: '+37060000000' };
  const order = await api<{ orderNumber: string }>('POST', '/order/create?storeCode=lt', {
    cart_id: cartId,
    products: [{ sku, qty: 1 }],
    addressInformation: {
      shippingAddress: address,
      billingAddress: address,
      shipping_method_code: 'courier',
      shipping_carrier_code: 'courier',
      payment_method_code: 'cashondelivery',
    },
    personalDetails: { firstName: 'Ona', lastName: 'Jonaitė', emailAddress: email },
    idempotency_key: `admin-e2e-${Date.now()}`,
  });
  return order.orderNumber;
}

describe('back office', () => {
  it('staff made on the command line log in, find an order, ship it with a tracking number and see its history', async () => {
    const made = await addStaff();
    expect(made.code, made.output).toBe(0);
    expect(made.output).toContain(`Created ${EMAIL} (staff).`);

    const customerEmail = `ona-${Date.now().toString(36)}@example.com`;
    const orderNumber = await placeOrder(customerEmail);

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
