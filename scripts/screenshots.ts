/**
 * `npm run screenshots`: pictures of the shop so anyone can look at it without running it by hand.
 * Builds the storefront when there is no build, starts the shop on a free
 * port with a temporary DATA_DIR (the demo catalogue loads on its first start), and saves PNGs of the
 * home, a category, a product, the cart (the mini cart), the checkout (review step, filled in) and the
 * thank-you page of a real order (cash on delivery, a demo payment method), then the search results and
 * the suggestion panel for a misspelt word, a category after "Show more", the wish list, the 404 page and
 * the empty cart (the order emptied it), at 390×844 and 1366×900 in
 * lt, en and ru into var/screenshots/ (gitignored): `<lang>-<width>-<page>.png`. Also a graded
 * product with a grade chosen (`graded-product`), its added-to-cart notice (`graded-added`) and the
 * "How we grade" page (`how-we-grade`), a grouped product (`grouped-product`) and the thank-you page of a
 * bank-transfer order for the graded product (`bank-transfer`: the account, the amount and the reference).
 *
 *   SCREENSHOTS_DIR        where the PNGs go (default var/screenshots)
 *   SCREENSHOTS_DATA_DIR   a data folder to reuse (kept; default: a new temporary one, removed after)
 *   SCREENSHOTS_FULL=1     whole pages instead of the first screen
 *   SCREENSHOTS_ONLY       comma list of store views (default lt,en,ru)
 *
 * A step that fails (a changed label, a slow answer) is reported and the next picture is taken; the
 * exit code is 1 when any step failed.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Page } from 'playwright-core';
import { LAUNCH_OPTIONS } from '../e2e/support/chromium.ts';
import type { StoreCode } from '@vitrina/domain';
import { getT } from '../apps/web/app/i18n/index.ts';
// the labels of every language (the browser loads one a page; this script reads all three)
import '../apps/web/app/i18n/all.ts';

const root = path.resolve(import.meta.dirname, '..');
const outDir = path.resolve(root, process.env.SCREENSHOTS_DIR ?? 'var/screenshots');
const fullPage = process.env.SCREENSHOTS_FULL === '1';
const stores = (process.env.SCREENSHOTS_ONLY ?? 'lt,en,ru').split(',') as StoreCode[];
const VIEWPORTS = [
  { width: 390, height: 844 },
  { width: 1366, height: 900 },
];
const failures: string[] = [];

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      srv.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject()));
    });
  });
}

function ensureBuild() {
  if (existsSync(path.join(root, 'apps/web/build/server/index.js'))) return;
  console.log('No storefront build: npm run build');
  const build = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

async function startShop(dataDir: string) {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'apps/server/src/cli.ts')], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      NODE_ENV: 'production',
      LOG_LEVEL: 'error',
      PUBLIC_URL: url,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const deadline = Date.now() + 300_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the shop exited with code ${child.exitCode}`);
    if (Date.now() > deadline) throw new Error('the shop did not become healthy in 5 minutes');
    try {
      if ((await fetch(`${url}/healthz`)).ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  return { url, stop: () => child.kill('SIGTERM') };
}

type Hits<T> = { hits: { hits: { _source: T }[] } };

async function search<T>(url: string, store: StoreCode, type: string, request: unknown, extra = '') {
  const index = store === 'lt' ? 'vue_storefront_catalog' : `vue_storefront_catalog_${store}`;
  const q = encodeURIComponent(JSON.stringify(request));
  const res = await fetch(`${url}/vsbridge/catalog/${index}/${type}/_search?request=${q}${extra}`);
  return ((await res.json()) as Hits<T>).hits.hits.map((h) => h._source);
}

/** The first top-level category with products and a simple product of it with stock. */
async function pickPages(url: string, store: StoreCode) {
  const categories = await search<{ id: number; url_path: string; level: number; product_count?: number }>(
    url,
    store,
    'category',
    { filters: { level: 2 } },
    '&size=50&sort=position:asc',
  );
  const category = categories[0];
  if (!category) throw new Error('no category');
  const products = await search<{ type_id: string; url_path: string; stock?: { qty?: number } }>(
    url,
    store,
    'product',
    { filters: { category_ids: category.id } },
    '&size=24&sort=is_promoted:desc',
  );
  const product = products.find((p) => p.type_id === 'simple' && (p.stock?.qty ?? 0) >= 5) ?? products[0];
  if (!product) throw new Error('no product');
  const prefix = store === 'lt' ? '' : `/${store}`;
  return {
    category: `${prefix}/${category.url_path}`,
    product: `${prefix}/${product.url_path}`,
    graded: await pickGraded(url, store),
    grouped: await pickGrouped(url, store),
  };
}

/** A grouped product (a set of parts sold together), or null when the catalogue has none. */
async function pickGrouped(url: string, store: StoreCode): Promise<string | null> {
  const [grouped] = await search<{ url_path: string }>(
    url,
    store,
    'product',
    { filters: { type_id: 'grouped' } },
    '&size=1&sort=is_promoted:desc',
  );
  return grouped ? `${store === 'lt' ? '' : `/${store}`}/${grouped.url_path}` : null;
}

/** A configurable product whose children differ by grade, opened on a grade chosen (not its cheapest). */
async function pickGraded(url: string, store: StoreCode): Promise<string | null> {
  const products = await search<{
    url_path: string;
    configurable_options?: { attribute_code: string }[];
    configurable_children?: { sku: string; stock?: { is_in_stock?: boolean } }[];
  }>(url, store, 'product', { filters: { type_id: 'configurable' } }, '&size=24&sort=is_promoted:desc');
  const graded = products.find(
    (p) =>
      p.configurable_options?.some((o) => o.attribute_code === 'condition') &&
      (p.configurable_children ?? []).filter((c) => c.stock?.is_in_stock).length > 1,
  );
  const child = graded?.configurable_children?.filter((c) => c.stock?.is_in_stock)[1];
  if (!graded || !child) return null;
  const prefix = store === 'lt' ? '' : `/${store}`;
  return `${prefix}/${graded.url_path}/${child.sku}`;
}

async function step(name: string, run: () => Promise<void>) {
  try {
    await run();
  } catch (e) {
    const message = `${name}: ${e instanceof Error ? e.message.split('\n')[0] : String(e)}`;
    failures.push(message);
    console.error(`  failed ${message}`);
  }
}

async function shoot(page: Page, file: string) {
  // lazy images below the fold and web fonts settle before the picture
  await page.evaluate(() => document.fonts.ready).catch(() => {});
  await page.waitForLoadState('networkidle', { timeout: 5_000 }).catch(() => {});
  // a part the page lets the browser skip off screen (content-visibility: auto) is painted only near
  // the viewport, which a whole-page capture does not move: it would come out blank
  if (fullPage)
    await page.evaluate(() => {
      for (const el of document.querySelectorAll<HTMLElement>('body *'))
        if (getComputedStyle(el).contentVisibility === 'auto') el.style.contentVisibility = 'visible';
    });
  await page.screenshot({ path: path.join(outDir, file), fullPage });
  console.log(`  ${file}`);
}

/** the demo's payment methods (packages/demo/src/shop.ts), in each store view's language */
const COD = { lt: 'Grynaisiais pristatymo metu', en: 'Cash on delivery', ru: 'Наличными при получении' };
const BANK_TRANSFER = { lt: 'Bankinis pavedimas', en: 'Bank transfer', ru: 'Банковский перевод' };

/** Guest checkout with cash on delivery (or `payment`) up to the review step (the order is not placed here). */
async function fillCheckout(page: Page, store: StoreCode, payment: Record<StoreCode, string> = COD) {
  const t = getT(store);
  const next = () =>
    page
      .getByRole('button', { name: t('checkout.continue') })
      .first()
      .click();
  await page.getByLabel(t('checkout.firstName')).fill('Jonas');
  await page.getByLabel(t('checkout.lastName')).fill('Jonaitis');
  await page.getByLabel(t('checkout.email')).fill(`screenshots.${store}@example.com`);
  await next();
  await page.getByLabel(t('checkout.street')).fill('Gedimino pr.');
  await page.getByLabel(t('checkout.house')).fill('1');
  await page.getByLabel(t('checkout.city')).fill('Vilnius');
  await page.getByLabel(t('checkout.zip')).fill('LT-01103');
  await page.getByLabel(t('checkout.phone')).fill('+37060000000');
  // the delivery step offers its methods first (courier by default), then the address: one Continue
  await next();
  // the payment step: cash on delivery (the demo preselects the bank link, whose sandbox leaves the shop)
  const method = page.getByLabel(payment[store]).first();
  await method.waitFor();
  await method.check();
  await next();
  await page.getByLabel(t('checkout.terms')).check();
}

async function main() {
  ensureBuild();
  mkdirSync(outDir, { recursive: true });
  const keepData = Boolean(process.env.SCREENSHOTS_DATA_DIR);
  const dataDir = process.env.SCREENSHOTS_DATA_DIR ?? mkdtempSync(path.join(os.tmpdir(), 'vitrina-shots-'));
  const started = Date.now();
  const shop = await startShop(dataDir);
  console.log(
    `Shop at ${shop.url} (data ${dataDir}), ready in ${Math.round((Date.now() - started) / 1000)} s`,
  );
  const browser = await chromium.launch(LAUNCH_OPTIONS);
  try {
    for (const store of stores) {
      const t = getT(store);
      const pages = await pickPages(shop.url, store);
      for (const viewport of VIEWPORTS) {
        const name = (p: string) => `${store}-${viewport.width}-${p}.png`;
        console.log(`${store} ${viewport.width}×${viewport.height}`);
        // a shopper whose browser reads the store view's language (no language suggestion card)
        const locale = { lt: 'lt-LT', en: 'en-US', ru: 'ru-RU' }[store];
        const context = await browser.newContext({ viewport, deviceScaleFactor: 1, locale });
        const page = await context.newPage();
        page.setDefaultTimeout(15_000);
        await step(name('home'), async () => {
          await page.goto(`${shop.url}${store === 'lt' ? '/' : `/${store}`}`, { waitUntil: 'load' });
          await shoot(page, name('home'));
        });
        await step(name('category'), async () => {
          await page.goto(shop.url + pages.category, { waitUntil: 'load' });
          await shoot(page, name('category'));
        });
        await step(name('product'), async () => {
          await page.goto(shop.url + pages.product, { waitUntil: 'load' });
          await shoot(page, name('product'));
        });
        await step(name('cart'), async () => {
          const add = page.getByRole('button', { name: t('product.addToCart') }).first();
          await add.click();
          await page
            .getByRole('button', { name: t('header.cartCount', { count: 1 }) })
            .first()
            .click();
          await page.locator('.totals').first().waitFor();
          await shoot(page, name('cart'));
        });
        await step(name('checkout'), async () => {
          await page.goto(`${shop.url}${store === 'lt' ? '' : `/${store}`}/checkout`, { waitUntil: 'load' });
          await fillCheckout(page, store);
          // the review's totals: above "Place order" on a phone (the aside is hidden there), in the aside on a desktop
          await page.locator('.totals-grand_total:visible').first().waitFor();
          await page.evaluate(() => window.scrollTo(0, 0));
          await shoot(page, name('checkout'));
        });
        await step(name('thank-you'), async () => {
          await page
            .getByRole('button', { name: t('checkout.placeOrder') })
            .first()
            .click();
          await page.waitForURL(/order-completed/, { timeout: 30_000 });
          await page.locator('main h1').first().waitFor();
          await shoot(page, name('thank-you'));
        });
        const prefix = store === 'lt' ? '' : `/${store}`;
        // a misspelt word: the results ranked by relevance, goods before services
        const misspelt = { lt: 'šaldytuvs', en: 'refrigeratr', ru: 'холодильникк' }[store];
        await step(name('search'), async () => {
          await page.goto(`${shop.url}${prefix}/search?q=${encodeURIComponent(misspelt)}`, {
            waitUntil: 'load',
          });
          await page.locator('.listing-products .card').first().waitFor();
          await shoot(page, name('search'));
        });
        await step(name('search-panel'), async () => {
          await page.goto(`${shop.url}${prefix}/`, { waitUntil: 'load' });
          const field = page.getByRole('searchbox', { name: t('header.searchLabel') });
          await field.click();
          await field.pressSequentially(misspelt);
          await page.locator('#search-panel .search-panel-list a').first().waitFor();
          await shoot(page, name('search-panel'));
        });
        await step(name('show-more'), async () => {
          await page.goto(shop.url + pages.category, { waitUntil: 'load' });
          await page.locator('.show-more-btn').click();
          await page.waitForURL(/loaded=/);
          await page.locator('.listing-products .card').nth(12).waitFor();
          await shoot(page, name('show-more'));
        });
        await step(name('wishlist'), async () => {
          await page.goto(shop.url + pages.product, { waitUntil: 'load' });
          await page.locator('main .btn-save').first().click();
          await page.goto(`${shop.url}${prefix}/wishlist`, { waitUntil: 'load' });
          await page.locator('.saved-page .card').first().waitFor();
          await shoot(page, name('wishlist'));
        });
        await step(name('not-found'), async () => {
          await page.goto(`${shop.url}${prefix}/no-such-page-here`, { waitUntil: 'load' });
          await shoot(page, name('not-found'));
        });
        // the order placed: the cart is empty
        await step(name('empty-cart'), async () => {
          await page.goto(`${shop.url}${prefix}/checkout`, { waitUntil: 'load' });
          await page.locator('.way-on').first().waitFor();
          await shoot(page, name('empty-cart'));
        });
        await context.close();
        // grades named and explained: a grade chosen, the notice of its add, the page that explains them
        // (a context of their own: the add must not change the cart of the pictures above)
        const graded = await browser.newContext({ viewport, deviceScaleFactor: 1, locale });
        const gradedPage = await graded.newPage();
        gradedPage.setDefaultTimeout(15_000);
        await step(name('graded-product'), async () => {
          if (!pages.graded) throw new Error('no graded configurable product in stock');
          await gradedPage.goto(shop.url + pages.graded, { waitUntil: 'load' });
          await gradedPage.locator('.grade-facts').waitFor();
          await shoot(gradedPage, name('graded-product'));
        });
        let added = false;
        await step(name('graded-added'), async () => {
          await gradedPage.locator('.buy-row .btn-primary').click();
          await gradedPage
            .getByRole('button', { name: t('header.cartCount', { count: 1 }) })
            .first()
            .waitFor();
          added = true;
          await gradedPage.locator('.toast .toast-grade').waitFor();
          await shoot(gradedPage, name('graded-added'));
        });
        await step(name('how-we-grade'), async () => {
          const slug = store === 'lt' ? 'kaip-vertiname-bukle' : 'how-we-grade';
          await gradedPage.goto(`${shop.url}${store === 'lt' ? '' : `/${store}`}/${slug}`, {
            waitUntil: 'load',
          });
          await gradedPage.locator('.grade-guide').waitFor();
          await shoot(gradedPage, name('how-we-grade'));
        });
        await step(name('grouped-product'), async () => {
          if (!pages.grouped) throw new Error('no grouped product');
          await gradedPage.goto(shop.url + pages.grouped, { waitUntil: 'load' });
          await gradedPage.locator('main h1').first().waitFor();
          await shoot(gradedPage, name('grouped-product'));
        });
        // the graded product in this context's cart, paid by bank transfer: where to send the money
        await step(name('bank-transfer'), async () => {
          if (!added) throw new Error('the graded product is not in the cart');
          await gradedPage.goto(`${shop.url}${prefix}/checkout`, { waitUntil: 'load' });
          await fillCheckout(gradedPage, store, BANK_TRANSFER);
          await gradedPage
            .getByRole('button', { name: t('checkout.placeOrder') })
            .first()
            .click();
          await gradedPage.waitForURL(/order-completed/, { timeout: 30_000 });
          await gradedPage.getByRole('heading', { name: t('thankYou.bankTitle') }).waitFor();
          await shoot(gradedPage, name('bank-transfer'));
        });
        await graded.close();
      }
    }
  } finally {
    await browser.close();
    shop.stop();
    if (!keepData) rmSync(dataDir, { recursive: true, force: true });
  }
  console.log(
    `Screenshots in ${path.relative(root, outDir)}/ (${Math.round((Date.now() - started) / 1000)} s)` +
      (failures.length ? `; ${failures.length} step(s) failed` : ''),
  );
  if (failures.length) process.exitCode = 1;
}

await main();
