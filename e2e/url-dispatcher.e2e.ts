/**
 * A shop moving from Magento keeps its URLs. A second shop process with
 * URL_DISPATCHER=true (no demo data, one imported Magento-shaped category and product) serves the
 * product at its url_path, in the browser after a click from its category too; `/p/...` answers 301.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useBrowser } from './support/browser.ts';
import { watchErrors } from './support/page.ts';
import { ShopProcess, freePort } from './support/shop-process.ts';

const browser = useBrowser();
const ADMIN_TOKEN = 'e2e-dispatcher-admin-token-0123456789';
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'vitrina-e2e-dispatcher-'));
let shop: ShopProcess;

const magentoFile = {
  categories: [
    { id: '2', parent_id: '1', name: 'Default Category', position: '0' },
    {
      id: '11',
      parent_id: '2',
      name: { lt: 'Nešiojami kompiuteriai', en: 'Laptops', ru: 'Ноутбуки' },
      url_path: { lt: 'nesiojami-kompiuteriai', en: 'laptops', ru: 'noutbuki' },
      position: '1',
    },
  ],
  products: [
    {
      id: '500',
      sku: 'T14',
      name: {
        lt: 'Lenovo ThinkPad T14 nešiojamas kompiuteris',
        en: 'Lenovo ThinkPad T14 laptop',
        ru: 'Ноутбук Lenovo ThinkPad T14',
      },
      url_key: 'lenovo-t14',
      url_path: {
        lt: 'nesiojami-kompiuteriai/lenovo-t14.html',
        en: 'laptops/lenovo-t14.html',
        ru: 'noutbuki/lenovo-t14.html',
      },
      price: '500.00',
      category_ids: ['11'],
      stock: { is_in_stock: '1', qty: '4.0000' },
    },
  ],
};

beforeAll(async () => {
  shop = new ShopProcess(await freePort(), {
    dataDir,
    extra: { SEED_DEMO: 'false', URL_DISPATCHER: 'true', ADMIN_TOKEN },
  });
  await shop.start();
  const res = await fetch(`${shop.url}/vsbridge/admin/catalog/import`, {
    method: 'POST',
    headers: { authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': 'application/json' },
    body: JSON.stringify(magentoFile),
  });
  expect(res.status, await res.clone().text()).toBe(200);
});

afterAll(async () => {
  await shop?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('URL_DISPATCHER=true', () => {
  it('a Magento url_path opens the product; /p/... answers 301 to it', async () => {
    const moved = await fetch(`${shop.url}/p/T14/lenovo-t14`, { redirect: 'manual' });
    expect(moved.status).toBe(301);
    expect(moved.headers.get('location')).toBe('/nesiojami-kompiuteriai/lenovo-t14.html');

    const page = await browser.newPage();
    const errors = watchErrors(page);
    const res = await page.goto(`${shop.url}/nesiojami-kompiuteriai/lenovo-t14.html`, {
      waitUntil: 'networkidle',
    });
    expect(res?.status()).toBe(200);
    await expect(page.locator('h1').textContent()).resolves.toBe(
      'Lenovo ThinkPad T14 nešiojamas kompiuteris',
    );
    expect(await page.locator('link[rel="canonical"]').getAttribute('href')).toBe(
      `${shop.url}/nesiojami-kompiuteriai/lenovo-t14.html`,
    );

    // the category at its path, then a client-side navigation to the product's url_path
    await page.goto(`${shop.url}/en/laptops`, { waitUntil: 'networkidle' });
    await expect(page.locator('h1').textContent()).resolves.toBe('Laptops');
    await page.locator('.card a[href="/en/laptops/lenovo-t14.html"]').first().click();
    await page.waitForURL(/\/en\/laptops\/lenovo-t14\.html$/);
    await page.waitForFunction(
      () => document.querySelector('h1')?.textContent === 'Lenovo ThinkPad T14 laptop',
    );
    expect(errors).toEqual([]);
    await page.close();
  });

  it('the sitemap names the url_paths, and each opens its page', async () => {
    const products = await (await fetch(`${shop.url}/sitemap/products-1.xml`)).text();
    const pages = await (await fetch(`${shop.url}/sitemap/pages.xml`)).text();
    const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1] as string);
    expect(locs(products)).toEqual([
      `${shop.url}/nesiojami-kompiuteriai/lenovo-t14.html`,
      `${shop.url}/en/laptops/lenovo-t14.html`,
      `${shop.url}/ru/noutbuki/lenovo-t14.html`,
    ]);
    expect(locs(pages)).toContain(`${shop.url}/en/laptops`);
    for (const loc of [...locs(products), `${shop.url}/ru/noutbuki`])
      expect((await fetch(loc)).status, loc).toBe(200);
    expect(await (await fetch(`${shop.url}/robots.txt`)).text()).toContain(
      `Sitemap: ${shop.url}/sitemap.xml`,
    );
  });
});
