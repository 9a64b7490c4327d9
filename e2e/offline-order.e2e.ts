/**
 * Offline orders, in English, with the
 * network cut by Playwright (`context.setOffline`):
 * 1. checkout filled online; offline, "Place the order" queues it on the device (shown as queued,
 *    not placed); a reload offline keeps it; a second tab shows it too; back online with the panel
 *    open in both tabs it is sent at once (once) and both land on the order's thank-you page;
 * 2. queued likewise, but the shopper is elsewhere when the network returns: "Order waiting!" asks
 *    to confirm; nothing is sent before the confirmation.
 * 3. a cart filled entirely offline: offline before anything is added, the
 *    product goes into a cart with no server id; the checkout offers the methods cached while
 *    online and an estimate said to be one; the order is queued; back online the cart is created on
 *    the server, the order sent with its id and priced by the server (the estimate matched it here).
 * Each time the server is asked afterwards: exactly one order (one confirmation e-mail in the outbox)
 * for that cart, and sending the queued request again answers the same order.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { formatPrice } from '@vitrina/domain';
import { getT } from '../apps/web/app/i18n/index.ts';
import { checkoutT } from '../apps/web/app/i18n/checkout.ts';
import { axeViolations } from './support/axe.ts';
import { useBrowser } from './support/browser.ts';
import { chooseOptionsIfNeeded, watchErrors } from './support/page.ts';

const shopUrl = inject('shopUrl');
const t = checkoutT(getT('en'));
const INDEX = 'vue_storefront_catalog_en';
const browser = useBrowser();

type ProductDoc = {
  sku: string;
  slug: string;
  type_id: string;
  stock: { qty: number };
  final_price_incl_tax: number;
};

async function searchDocs<T>(type: string, request: unknown, extra = ''): Promise<T[]> {
  const q = encodeURIComponent(JSON.stringify(request));
  const res = await fetch(`${shopUrl}/vsbridge/catalog/${INDEX}/${type}/_search?request=${q}${extra}`);
  return ((await res.json()) as { hits: { hits: { _source: T }[] } }).hits.hits.map((h) => h._source);
}

/** simple products with plenty of stock (other journeys buy from the same shop) */
async function productsWithStock(): Promise<ProductDoc[]> {
  const products = await searchDocs<ProductDoc>('product', {}, '&size=100&sort=is_promoted:desc');
  return products.filter((p) => p.type_id === 'simple' && p.stock.qty >= 10);
}

interface StoredTask {
  task_id: string;
  transmited: boolean;
  hold: boolean;
  resultCode: number | string | null;
  result: { orderNumber?: string; orderToken?: string } | null;
  payload: { cart_id: string; addressInformation: { payment_method_code: string }; idempotency_key: string };
}

/** the order tasks of the sync queue on the device (IndexedDB `vitrina`/`kv`, keys `sync:task:*`) */
async function orderTasks(page: Page): Promise<StoredTask[]> {
  return page.evaluate(
    () =>
      new Promise<StoredTask[]>((resolve, reject) => {
        const open = indexedDB.open('vitrina');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const range = IDBKeyRange.bound('sync:task:', 'sync:task:\uffff');
          const req = open.result.transaction('kv', 'readonly').objectStore('kv').getAll(range);
          req.onsuccess = () =>
            resolve(
              (req.result as (StoredTask & { url?: string; removed?: boolean })[]).filter(
                (x) => !x.removed && x.url === '/vsbridge/order/create',
              ),
            );
          req.onerror = () => reject(req.error);
        };
      }),
  );
}

/** the number of lines of the cart persisted on the device (IndexedDB `vitrina`/`kv`, key `cart`) */
async function persistedCartItems(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve, reject) => {
        const open = indexedDB.open('vitrina');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const req = open.result.transaction('kv', 'readonly').objectStore('kv').get('cart');
          req.onsuccess = () =>
            resolve(((req.result as { items?: unknown[] } | undefined)?.items ?? []).length);
          req.onerror = () => reject(req.error);
        };
      }),
  );
}

/** the cart on the device (IndexedDB `vitrina`/`kv`, key `cart`): its server id and lines */
async function persistedCart(page: Page): Promise<{ cartServerToken: string | null; items: unknown[] }> {
  return page.evaluate(
    () =>
      new Promise<{ cartServerToken: string | null; items: unknown[] }>((resolve, reject) => {
        const open = indexedDB.open('vitrina');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const req = open.result.transaction('kv', 'readonly').objectStore('kv').get('cart');
          req.onsuccess = () => {
            const c = (req.result ?? {}) as { cartServerToken?: string | null; items?: unknown[] };
            resolve({ cartServerToken: c.cartServerToken ?? null, items: c.items ?? [] });
          };
          req.onerror = () => reject(req.error);
        };
      }),
  );
}

/** whether the checkout's methods are cached on the device (state/checkout-options.ts) */
async function checkoutOptionsCached(page: Page): Promise<boolean> {
  return page.evaluate(
    () =>
      new Promise<boolean>((resolve, reject) => {
        const open = indexedDB.open('vitrina');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const req = open.result.transaction('kv', 'readonly').objectStore('kv').get('checkout-options:en');
          req.onsuccess = () =>
            resolve(Array.isArray((req.result as { options?: unknown } | undefined)?.options));
          req.onerror = () => reject(req.error);
        };
      }),
  );
}

/** confirmation e-mails written for this address: one per order created */
async function confirmations(email: string): Promise<number> {
  const res = await fetch(
    `${shopUrl}/vsbridge/mail/outbox?kind=order.confirmation-email&to=${encodeURIComponent(email)}`,
  );
  return ((await res.json()) as { result: unknown[] }).result.length;
}

/** home (the worker takes the page), a product into the cart, the checkout filled up to the review */
async function fillCheckout(page: Page, product: ProductDoc, email: string) {
  await page.goto(`${shopUrl}/en/p/${encodeURIComponent(product.sku)}/${encodeURIComponent(product.slug)}`, {
    waitUntil: 'networkidle',
  });
  await chooseOptionsIfNeeded(page);
  const add = page.getByRole('button', { name: t('product.addToCart'), exact: true });
  await expect.poll(() => add.isEnabled()).toBe(true);
  await add.click();
  await page.getByRole('button', { name: t('header.cartCount', { count: 1 }) }).waitFor();
  // a document load of /en/checkout while the worker controls the page: it keeps a copy for offline
  await page.goto(`${shopUrl}/en/checkout`, { waitUntil: 'networkidle' });
  await page.getByLabel(t('checkout.firstName')).fill('Ona');
  await page.getByLabel(t('checkout.lastName')).fill('Onaitė');
  await page.getByLabel(t('checkout.email')).fill(email);
  await page.getByRole('button', { name: t('checkout.continue') }).click();
  await page.getByLabel(t('checkout.street')).fill('Gedimino pr.');
  await page.getByLabel(t('checkout.house')).fill('9');
  await page.getByLabel(t('checkout.city')).fill('Vilnius');
  await page.getByLabel(t('checkout.zip')).fill('LT-01103');
  await page.getByLabel(t('checkout.phone')).fill('+37060000001');
  // the delivery step offers its methods first (courier by default), then the address: one Continue
  await page.getByRole('button', { name: t('checkout.continue') }).click();
  await page.getByLabel('Cash on delivery').check();
  await page.getByRole('button', { name: t('checkout.continue') }).click();
  await page.getByLabel(t('checkout.terms')).check();
}

/** offline: "Place the order" queues it; the panel says queued, the device holds one task */
async function placeOffline(context: BrowserContext, page: Page): Promise<StoredTask> {
  await context.setOffline(true);
  await page.getByRole('button', { name: t('checkout.placeOrder') }).click();
  const panel = page.getByTestId('queued-order');
  await panel.getByRole('heading', { name: t('offlineOrder.title') }).waitFor();
  await panel.getByText(t('offlineOrder.text')).waitFor();
  const tasks = (await orderTasks(page)).filter((x) => !x.transmited);
  expect(tasks).toHaveLength(1);
  const task = tasks[0]!;
  expect(task).toMatchObject({ transmited: false, hold: true, resultCode: null });
  expect(task.task_id).toBe(task.payload.idempotency_key);
  expect(task.payload.cart_id).toMatch(/\S/);
  expect(task.payload.addressInformation.payment_method_code).toBe('cashondelivery');
  return task;
}

/** the server has exactly one order for this cart, and the same request again answers that order */
async function expectOneOrder(task: StoredTask, number: string, email: string) {
  await expect.poll(() => confirmations(email), { timeout: 10_000 }).toBe(1);
  const again = await fetch(`${shopUrl}/vsbridge/order/create?storeCode=en`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json',
      'idempotency-key': task.task_id,
    },
    body: JSON.stringify(task.payload),
  });
  const body = (await again.json()) as { code: number; result: { orderNumber: string } };
  expect(body.code).toBe(200);
  expect(body.result.orderNumber).toBe(number);
  expect(await confirmations(email)).toBe(1);
}

describe('offline orders (en)', () => {
  let context: BrowserContext;
  let page: Page;
  let errors: string[];
  let products: ProductDoc[];

  beforeAll(async () => {
    products = await productsWithStock();
    expect(products.length, 'simple products with stock').toBeGreaterThanOrEqual(2);
    context = await browser.newContext();
    page = await context.newPage();
    errors = watchErrors(page);
    await page.goto(`${shopUrl}/en`, { waitUntil: 'networkidle' });
    await page.waitForFunction(() => Boolean(navigator.serviceWorker?.controller), null, { timeout: 30_000 });
  });
  afterAll(async () => {
    await context?.close();
  });

  it('queued offline, kept over a reload, sent at once on the thank-you page when back online', async () => {
    const email = `offline.order.1.${Date.now()}@example.com`;
    await fillCheckout(page, products[0]!, email);
    const task = await placeOffline(context, page);
    expect(await confirmations(email)).toBe(0);

    // a reload while offline: the worker's copy of /en/checkout, the queued order from the device
    await page.reload();
    await page.getByTestId('queued-order').getByText(t('offlineOrder.text')).waitFor();
    expect(await orderTasks(page)).toMatchObject([{ task_id: task.task_id, transmited: false }]);

    // a second tab, opened offline, shows the same queued order
    const second = await context.newPage();
    await second.goto(`${shopUrl}/en/checkout`);
    await second.getByTestId('queued-order').getByText(t('offlineOrder.text')).waitFor();

    // back online with the panel open in both tabs: both send at once (one wins the cross-tab
    // lock, the other finds the task transmitted), and both land on the order's thank-you page
    await context.setOffline(false);
    await page.waitForURL(/\/en\/order-completed\?number=/, { timeout: 20_000 });
    await second.waitForURL(/\/en\/order-completed\?number=/, { timeout: 20_000 });
    expect(new URL(second.url()).searchParams.get('number')).toBe(
      new URL(page.url()).searchParams.get('number'),
    );
    await second.close();
    const number = new URL(page.url()).searchParams.get('number')!;
    await page.getByText(t('thankYou.number', { number })).waitFor();
    const [sent] = await orderTasks(page);
    expect(sent).toMatchObject({ task_id: task.task_id, transmited: true, resultCode: 200 });
    expect(sent!.result?.orderNumber).toBe(number);
    // the cart is emptied after the placement (spec §4 "Checkout")
    await expect.poll(() => persistedCartItems(page)).toBe(0);
    await expectOneOrder(task, number, email);
  });

  it('elsewhere when the network returns: "Order waiting!" asks to confirm, then it is sent once', async () => {
    const email = `offline.order.2.${Date.now()}@example.com`;
    await fillCheckout(page, products[1]!, email);
    const task = await placeOffline(context, page);

    // the shopper leaves the thank-you panel (home, from the worker's copy) and the network returns
    await page.goto(`${shopUrl}/en`);
    await page.locator('.card').first().waitFor();
    await context.setOffline(false);
    const waiting = page.locator('.toast').filter({ hasText: t.msg('order.waiting') });
    await waiting.waitFor({ timeout: 15_000 });
    // automatic transmission is off: nothing is sent before the shopper confirms
    await page.waitForTimeout(1_500);
    expect(await confirmations(email)).toBe(0);
    expect((await orderTasks(page)).find((x) => x.task_id === task.task_id)).toMatchObject({
      transmited: false,
    });

    await waiting.getByRole('button', { name: t('offlineOrder.send') }).click();
    await page
      .locator('.toast')
      .filter({ hasText: /Your order \d+ has been placed\./ })
      .waitFor({ timeout: 15_000 });
    const sent = (await orderTasks(page)).find((x) => x.task_id === task.task_id)!;
    expect(sent).toMatchObject({ transmited: true, resultCode: 200 });
    await expectOneOrder(task, sent.result!.orderNumber!, email);
    // the order can be read back with its token
    const pulled = await fetch(
      `${shopUrl}/vsbridge/order/pull?number=${sent.result!.orderNumber}&orderToken=${encodeURIComponent(sent.result!.orderToken!)}`,
    );
    expect(pulled.status).toBe(200);
    expect(errors.filter((e) => !/Failed to fetch|ERR_INTERNET_DISCONNECTED|net::/.test(e))).toEqual([]);
  });

  it('a cart filled entirely offline: checked out with the cached methods, sent with its new server cart, at the server totals', async () => {
    const email = `offline.order.3.${Date.now()}@example.com`;
    const product = products[2] ?? products[0]!;
    const productUrl = `${shopUrl}/en/p/${encodeURIComponent(product.sku)}/${encodeURIComponent(product.slug)}`;
    // online: the product page and the checkout are seen (the worker keeps copies); the app's start
    // caches the checkout's methods on the device
    await page.goto(`${shopUrl}/en/checkout`, { waitUntil: 'networkidle' });
    await page.goto(productUrl, { waitUntil: 'networkidle' });
    await expect.poll(() => checkoutOptionsCached(page), { timeout: 10_000 }).toBe(true);
    expect((await persistedCart(page)).items).toHaveLength(0);

    // ---- offline before anything is added ----
    await context.setOffline(true);
    await chooseOptionsIfNeeded(page);
    const add = page.getByRole('button', { name: t('product.addToCart'), exact: true });
    await expect.poll(() => add.isEnabled()).toBe(true);
    await add.click();
    await page.getByRole('button', { name: t('header.cartCount', { count: 1 }) }).waitFor();
    expect(await persistedCart(page)).toMatchObject({ cartServerToken: null, items: [{}] });

    // the checkout goes on with the cached methods (it used to say the cart was empty)
    await page.goto(`${shopUrl}/en/checkout`);
    await page.getByLabel(t('checkout.firstName')).fill('Ona');
    await page.getByLabel(t('checkout.lastName')).fill('Onaitė');
    await page.getByLabel(t('checkout.email')).fill(email);
    await page.getByRole('button', { name: t('checkout.continue') }).click();
    await page.getByLabel(t('checkout.street')).fill('Gedimino pr.');
    await page.getByLabel(t('checkout.house')).fill('9');
    await page.getByLabel(t('checkout.city')).fill('Vilnius');
    await page.getByLabel(t('checkout.zip')).fill('LT-01103');
    await page.getByLabel(t('checkout.phone')).fill('+37060000001');
    // the delivery step lists the cached methods (the default courier chosen) and says why no locker
    await page.locator('.methods').first().waitFor();
    await page.getByText(t('checkout.offlineNoPickup')).waitFor();
    await page.getByRole('button', { name: t('checkout.continue') }).click();
    await page.getByLabel('Cash on delivery').check();
    await page.getByRole('button', { name: t('checkout.continue') }).click();
    // the review: an estimate, said to be one
    const estimateBox = page.getByTestId('offline-estimate');
    await estimateBox.getByText(t('checkout.estimateNote')).waitFor();
    const estimated = (await estimateBox.locator('.totals-grand_total dd').textContent())?.trim();
    expect(estimated).toMatch(/\d/);
    expect(await axeViolations(page)).toEqual([]);
    await page.getByLabel(t('checkout.terms')).check();
    await page.getByRole('button', { name: t('checkout.placeOrder') }).click();
    const panel = page.getByTestId('queued-order');
    await panel.getByText(t('offlineOrder.text')).waitFor();
    const [task] = (await orderTasks(page)).filter((x) => !x.transmited);
    // held until its cart is connected: the cart id is written in then
    expect(task).toMatchObject({ hold: true, payload: { cart_id: '{{cartId}}' } });
    expect(await confirmations(email)).toBe(0);

    // ---- back online: the cart is created on the server, then the order is sent with its id ----
    await context.setOffline(false);
    await page.waitForURL(/\/en\/order-completed\?number=/, { timeout: 20_000 });
    const number = new URL(page.url()).searchParams.get('number')!;
    const [sent] = (await orderTasks(page)).filter((x) => x.task_id === task!.task_id);
    expect(sent).toMatchObject({ transmited: true, resultCode: 200 });
    const cartId = sent!.payload.cart_id;
    expect(cartId).not.toBe('{{cartId}}');
    expect(cartId).toMatch(/^[A-Za-z0-9_-]{20,}$/);
    // the order, priced by the server from its cart: the product's catalogue price, the method's fees
    const pulled = await fetch(
      `${shopUrl}/vsbridge/order/pull?number=${number}&orderToken=${encodeURIComponent(sent!.result!.orderToken!)}`,
    );
    const order = (
      (await pulled.json()) as {
        result: {
          grand_total: number;
          subtotal_incl_tax: number;
          shipping_incl_tax: number;
          payment_fee: number;
          discount_amount: number;
          items: { sku: string; qty: number; price_incl_tax: number }[];
        };
      }
    ).result;
    expect(order.items).toMatchObject([{ qty: 1, price_incl_tax: product.final_price_incl_tax }]);
    expect(order.grand_total).toBe(
      order.subtotal_incl_tax + order.shipping_incl_tax + order.payment_fee - order.discount_amount,
    );
    // the estimate shown offline was the server's total: nothing to correct
    expect(estimated).toBe(formatPrice(order.grand_total, 'en'));
    expect(await page.locator('.toast').filter({ hasText: 'the estimate shown offline was' }).count()).toBe(
      0,
    );
    await expect.poll(() => persistedCart(page).then((c) => c.items.length)).toBe(0);
    await expectOneOrder(sent as StoredTask, number, email);
  });
});
