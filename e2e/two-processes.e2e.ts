/**
 * Two shop processes, one PostgreSQL (and Redis), so a shop can use every core. What one process writes the other
 * must see: an import (within CATALOG_VERSION_TTL_MS), a cart, one order id sent to both at once (one
 * order), the page cache of both invalidated by a catalogue change, and the rate limits shared.
 * Then `npm start`'s cluster: WEB_CONCURRENCY=2 runs two workers under one primary, and SIGTERM to the
 * primary stops them all.
 *
 * Needs TEST_DATABASE_URL (skipped without it: the embedded database admits one process by design);
 * the rate-limit and cluster checks also need TEST_REDIS_URL.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { createTestDatabase, type TestDatabase } from '@vitrina/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ShopProcess, freePort } from './support/shop-process';
import { LT_ADDRESS } from './support/shop-api.ts';

const pgUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.TEST_REDIS_URL;
const ADMIN_TOKEN = `two-processes-${randomBytes(16).toString('hex')}`;
const VERSION_TTL_MS = 500;

type Envelope<T> = { code: number; result: T };

async function call<T>(shop: ShopProcess, method: string, url: string, body?: unknown): Promise<Envelope<T>> {
  const res = await fetch(`${shop.url}/vsbridge${url}`, {
    method,
    headers: {
      accept: 'application/json',
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(url.startsWith('/admin/') ? { authorization: `Bearer ${ADMIN_TOKEN}` } : {}),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return (await res.json()) as Envelope<T>;
}

/**
 * polls until `check` passes or the time is up (the other process reads the version every TTL); the
 * deadline leaves room for a loaded 2-core machine (6 s was reached once beside a parallel test run)
 */
async function eventually(check: () => Promise<boolean>, ms = VERSION_TTL_MS * 6 + 20_000): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (await check()) return true;
    await new Promise((r) => setTimeout(r, 100));
  }
  return check();
}

function databaseUrl(db: TestDatabase): string {
  const u = new URL(pgUrl ?? '');
  u.pathname = `/${db.name}`;
  return u.toString();
}

describe.skipIf(!pgUrl)('two shop processes on one PostgreSQL', () => {
  let db: TestDatabase;
  let a: ShopProcess;
  let b: ShopProcess;
  const dirs: string[] = [];
  let categoryId = 0;

  beforeAll(async () => {
    db = await createTestDatabase({ url: pgUrl, empty: true });
    const env = (name: string) => {
      const dataDir = mkdtempSync(path.join(os.tmpdir(), `vitrina-two-${name}-`));
      dirs.push(dataDir);
      return {
        dataDir,
        databaseUrl: databaseUrl(db),
        extra: {
          ADMIN_TOKEN,
          PAGE_CACHE: 'memory',
          CATALOG_VERSION_TTL_MS: String(VERSION_TTL_MS),
          RATE_LIMIT_LOGIN_ACCOUNT: '3/900',
          REDIS_URL: redisUrl ?? '',
          WEB_CONCURRENCY: '1',
        },
      };
    };
    a = new ShopProcess(await freePort(), env('a'));
    b = new ShopProcess(await freePort(), env('b'));
    await a.start(); // migrates and loads the demo catalogue
    await b.start();
    const categories = await fetch(
      `${a.url}/vsbridge/catalog/vue_storefront_catalog/category/_search?size=1&request=${encodeURIComponent(JSON.stringify({ filters: { level: 2 } }))}`,
    );
    const hits = ((await categories.json()) as { hits: { hits: { _source: { id: number } }[] } }).hits.hits;
    categoryId = hits[0]?._source.id ?? 0;
    expect(categoryId).toBeGreaterThan(0);
  });

  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await db?.dispose();
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  });

  const product = (name: string) => ({
    products: [
      {
        id: 990_001,
        sku: 'TWO-PROC-1',
        type_id: 'simple',
        name,
        url_key: 'two-processes',
        price: 100,
        tax_class_id: 2,
        category_ids: [categoryId],
        stock: { is_in_stock: true, qty: 50, manage_stock: true },
      },
    ],
  });
  const page = async (shop: ShopProcess) => {
    const res = await fetch(`${shop.url}/en/p/TWO-PROC-1/two-processes`);
    return { status: res.status, cache: res.headers.get('x-page-cache'), html: await res.text() };
  };

  it('an import through one process is seen by the other, pages of both caches included', async () => {
    expect((await call(a, 'POST', '/admin/catalog/import', product('Two processes first'))).code).toBe(200);
    expect(await eventually(async () => (await page(b)).html.includes('Two processes first'))).toBe(true);
    // both processes now hold the page in their cache
    await page(a);
    await page(a);
    expect((await page(a)).cache).toBe('hit');
    expect((await page(b)).cache).toBe('hit');

    expect((await call(b, 'POST', '/admin/catalog/import', product('Two processes second'))).code).toBe(200);
    for (const shop of [a, b]) {
      const seen = await eventually(async () => (await page(shop)).html.includes('Two processes second'));
      expect(seen, `${shop === a ? 'a' : 'b'} renders the new name`).toBe(true);
    }
  });

  it('a cart written through one process is read through the other', async () => {
    const cart = await call<string>(a, 'POST', '/cart/create?storeCode=lt');
    expect(cart.code).toBe(200);
    const added = await call(a, 'POST', `/cart/update?cartId=${cart.result}`, {
      cartItem: { sku: 'TWO-PROC-1', qty: 2 },
    });
    expect(added.code).toBe(200);
    const pulled = await call<{ sku: string; qty: number }[]>(b, 'GET', `/cart/pull?cartId=${cart.result}`);
    expect(pulled.code).toBe(200);
    expect(pulled.result.map((l) => [l.sku, l.qty])).toEqual([['TWO-PROC-1', 2]]);
  });

  it('one order id sent to both processes at once creates one order', async () => {
    const cart = await call<string>(b, 'POST', '/cart/create?storeCode=lt');
    await call(b, 'POST', `/cart/update?cartId=${cart.result}`, { cartItem: { sku: 'TWO-PROC-1', qty: 1 } });
    const address = LT_ADDRESS;
    const key = `two-processes-${cart.result.slice(0, 12)}`;
    const body = {
      cart_id: cart.result,
      products: [{ sku: 'TWO-PROC-1', qty: 1 }],
      addressInformation: {
        shippingAddress: address,
        billingAddress: address,
        shipping_method_code: 'courier',
        shipping_carrier_code: 'courier',
        payment_method_code: 'cashondelivery',
      },
      personalDetails: { firstName: 'Ona', lastName: 'Jonaitė', emailAddress: 'two-processes@example.com' },
      idempotency_key: key,
    };
    const answers = await Promise.all(
      [a, b, a, b].map((shop) =>
        call<{ orderNumber: string }>(shop, 'POST', '/order/create?storeCode=lt', body),
      ),
    );
    expect(answers.map((x) => x.code)).toEqual([200, 200, 200, 200]);
    expect(new Set(answers.map((x) => x.result.orderNumber)).size).toBe(1);
    const rows = await db.query<{ n: string }>(
      'SELECT count(*) AS n FROM orders WHERE idempotency_key = $1',
      [key],
    );
    expect(Number(rows[0]?.n)).toBe(1);
    const stock = await db.query<{ qty: number }>("SELECT qty FROM stock WHERE sku = 'TWO-PROC-1'");
    expect(Number(stock[0]?.qty)).toBe(49);
  });

  it.skipIf(!redisUrl)('login attempts are counted across both processes (Redis)', async () => {
    const username = `two-processes-${randomBytes(6).toString('hex')}@example.com`;
    const login = (shop: ShopProcess) =>
      fetch(`${shop.url}/vsbridge/user/login?storeCode=en`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username, password: 'not the password' }),
      }).then((r) => r.status);
    // RATE_LIMIT_LOGIN_ACCOUNT=3/900: two wrong tries on a, one on b, then both refuse
    expect([await login(a), await login(a), await login(b)]).toEqual([401, 401, 401]);
    expect(await login(b)).toBe(429);
    expect(await login(a)).toBe(429);
  });
});

describe.skipIf(!pgUrl || !redisUrl)('npm start on every core: WEB_CONCURRENCY workers', () => {
  it('runs two workers sharing the port, and SIGTERM to the primary stops them all', async () => {
    const db = await createTestDatabase({ url: pgUrl, empty: true });
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'vitrina-cluster-'));
    const shop = new ShopProcess(await freePort(), {
      dataDir,
      databaseUrl: databaseUrl(db),
      extra: { WEB_CONCURRENCY: '2', REDIS_URL: redisUrl ?? '', SEED_DEMO: 'false' },
    });
    try {
      await shop.start();
      const workers = () =>
        execFileSync('pgrep', ['-P', String(shop.pid)], { encoding: 'utf8' })
          .trim()
          .split('\n')
          .filter(Boolean);
      expect(await eventually(async () => workers().length === 2, 60_000)).toBe(true);
      const answers = await Promise.all(Array.from({ length: 20 }, () => fetch(`${shop.url}/healthz`)));
      expect(answers.every((r) => r.ok)).toBe(true);
      const pids = workers();
      await shop.stop();
      for (const pid of pids) expect(() => process.kill(Number(pid), 0)).toThrow();
    } finally {
      await shop.kill();
      await db.dispose();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
