/**
 * The back office's categories and pickup points in the browser. A `catalog` member opens the
 * category tree, renames a category's English url key in its form and finds the storefront's
 * category page at the new address (the old one gone); a `staff` member filters the pickup points
 * by country, disables one (the checkout's chooser stops offering it), enables it again, and checks
 * a CSV of points with a dry run before applying it. axe finds nothing on the tree, the forms, the
 * list and the upload page.
 */
import { describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { axeViolations } from './support/axe.ts';
import { useBrowser } from './support/browser.ts';
import { watchErrors } from './support/page.ts';
import { addStaff } from './support/shop-api.ts';

const shopUrl = inject('shopUrl');
const dataDir = inject('dataDir');
const browser = useBrowser();
const PASSWORD = 'a long staff password 42';

async function logIn(page: Page, role: 'catalog' | 'staff') {
  const email = `${role}-${Date.now().toString(36)}@shop.lt`;
  const made = await addStaff(dataDir, email, PASSWORD, role);
  expect(made.code, made.output).toBe(0);
  await page.goto(`${shopUrl}/en/admin/login`);
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.waitForURL((url) => !url.pathname.endsWith('/login'));
}

/** the ids the checkout's chooser offers for a carrier in a country */
async function offered(carrier: string, country: string): Promise<string[]> {
  const res = await fetch(`${shopUrl}/vsbridge/pickup-points/?code=${carrier}&countryId=${country}`, {
    method: 'POST',
  });
  return ((await res.json()) as { result: { id: string }[] }).result.map((p) => p.id);
}

describe('back office: categories and pickup points', () => {
  it('a catalogue keeper renames a category’s url key and the storefront answers at the new address', async () => {
    const page = await browser.newPage({ viewport: { width: 1366, height: 900 } });
    const errors = watchErrors(page);
    await logIn(page, 'catalog');
    await page.getByRole('link', { name: 'Categories' }).click();
    await page.waitForURL(/\/en\/admin\/categories$/);
    expect(await axeViolations(page)).toEqual([]);
    const tree = page.getByRole('region', { name: 'Category tree' });
    const first = tree.getByRole('rowheader').nth(1).getByRole('link');
    const name = (await first.textContent()) ?? '';
    await first.click();
    await page.waitForURL(/\/en\/admin\/categories\/\d+$/);
    // the address moves before the new screen renders: wait for its heading, then look
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(`Category: ${name}`);
    expect(await axeViolations(page)).toEqual([]);
    const key = page.getByLabel('URL key (en)');
    const old = await key.inputValue();
    await key.fill(`${old}-renamed`);
    await page.getByRole('button', { name: 'Save category' }).click();
    await expect
      .poll(() => page.getByRole('status').textContent())
      .toBe('Saved. The shop shows the change now.');
    const moved = await page.goto(`${shopUrl}/en/c/${old}-renamed`);
    expect(moved?.status()).toBe(200);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toContain(name);
    expect((await page.goto(`${shopUrl}/en/c/${old}`))?.status()).toBe(404);
    // a url key another category has is refused, the field named
    await page.goto(`${shopUrl}/en/admin/categories/new`);
    await page.getByLabel('Name (lt)').fill('Bandymas');
    await page.getByLabel('URL key (en)').fill(`${old}-renamed`);
    await page.getByRole('button', { name: 'Save category' }).click();
    await expect
      .poll(() => page.getByRole('alert').filter({ hasText: 'is already used by category' }).count())
      .toBe(1);
    expect(await page.getByLabel('URL key (en)').getAttribute('aria-invalid')).toBe('true');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('staff filter the pickup points, disable one (gone from the checkout) and check a CSV before applying it', async () => {
    const page = await browser.newPage({ viewport: { width: 768, height: 1000 } });
    const errors = watchErrors(page);
    await logIn(page, 'staff');
    await page.goto(`${shopUrl}/en/admin/pickup-points?country=LV&carrier=omniva`);
    expect(await axeViolations(page)).toEqual([]);
    const rows = page.getByRole('region', { name: 'Pickup points' }).getByRole('row');
    await expect.poll(() => rows.count()).toBeGreaterThan(1);
    const id = (await rows.nth(1).getByRole('cell').nth(1).textContent()) ?? '';
    expect(id).toMatch(/^omniva-LV-/);
    expect(await offered('omniva', 'LV')).toContain(id);
    await rows
      .nth(1)
      .getByRole('button', { name: /^Disable / })
      .click();
    await expect.poll(() => offered('omniva', 'LV')).not.toContain(id);
    await page
      .getByRole('row')
      .filter({ hasText: id })
      .getByRole('button', { name: /^Enable / })
      .click();
    await expect.poll(() => offered('omniva', 'LV')).toContain(id);

    await page.getByRole('link', { name: 'Upload a file' }).click();
    await page.waitForURL(/\/pickup-points\/import$/);
    expect(await axeViolations(page)).toEqual([]);
    const csv =
      'id,carrier_code,name,address,city,postcode,country_id\r\njourney-1,omniva,"Journey point, Vilnius",Gedimino pr. 1,Vilnius,LT-01103,LT\r\n';
    await page
      .getByLabel('File', { exact: true })
      .setInputFiles({ name: 'points.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await page.getByRole('button', { name: 'Check the file (dry run)' }).click();
    await expect
      .poll(() => page.getByRole('status').textContent())
      .toBe(
        'Points in the file: 1; to add or change: 1; left out by the filters: 0. Nothing is written yet.',
      );
    expect(await offered('omniva', 'LT')).not.toContain('journey-1');
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Apply the changes (1)' }).click();
    await expect
      .poll(() => page.getByRole('status').textContent())
      .toBe('Applied. Points added or changed: 1.');
    expect(await offered('omniva', 'LT')).toContain('journey-1');
    expect(errors).toEqual([]);
    await page.close();
  });
});
