/**
 * Shoppers against the shop as `npm start` runs it (bench/shop-process.ts: the server bundle,
 * NODE_ENV=production, the demo catalogue), the load generator in a process of its own on the same
 * machine (bench/shoppers.ts), loopback only:
 *
 * - `mix` (BENCH_ONLY=mix): BENCH_SHOPPERS closed-loop shoppers (default 100) for BENCH_MIX_SECONDS
 *   (default 20, after BENCH_MIX_WARMUP_SECONDS of warm-up, default 5): browse 30 % (category and product pages), search 30 %, cart 36 % (create, add,
 *   change, pull, totals), checkout 4 % (a guest's whole order through the API). Throughput, p50/p99
 *   per kind and overall, errors, orders placed, the stock check (units the bench products lost =
 *   units the orders hold), the shop's CPU per request (all its threads, over the measured seconds)
 *   and its memory (every worker summed). BENCH_MIX_KINDS (e.g. `cart`, `browse,search`): only those
 *   kinds, so that one kind's CPU per request is measured alone.
 * - `flash` (BENCH_ONLY=flash): BENCH_FLASH_SHOPPERS shoppers (default 500), each with a cart of one
 *   product of BENCH_FLASH_UNITS units (default 20), place their orders at the same moment: exactly
 *   that many orders, the others refused with the spec's "Some of the ordered products are not
 *   available!", the race's p99; and an unrelated cart's latency before and during the race.
 *
 * On the embedded database (a data folder kept between runs, BENCH_DATA_DIR, default var/bench/mix:
 * its first start seeds the demo catalogue, minutes), and with BENCH_DATABASE_URL on PostgreSQL (a
 * database of its own, `<name>_bench_mix`, made on first use and kept like the data folder) with
 * REDIS_URL (else redis://127.0.0.1:6379) and WEB_CONCURRENCY as `npm start` plans it (one worker
 * per core with Redis).
 * BENCH_MIX_EMBEDDED=0 (with BENCH_DATABASE_URL): PostgreSQL + Redis only.
 * BENCH_PROFILE_DIR: the shop (each worker) writes a CPU profile there when it stops (shop-process.ts).
 * BENCH_SHOP_CHECKOUT: another checkout's built shop is run instead (`npm run build` there; its data in
 * BENCH_DATA_DIR), so that an A/B pair shares this checkout's load generator and figures.
 * The bench's products (sku BENCH-MIX-*, BENCH-FLASH) are imported at each start with their stock set
 * anew, so runs neither wear the demo's stock down nor depend on it. All shoppers come from one
 * address (loopback), so the per-address order caps and rate limit are off, as in the API tests.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { loadavg } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { benchPagePaths, startShopProcess } from './shop-process.ts';
import type { KindFigures, MixKind, ShopperFigures, ShopperPlan } from './shoppers.ts';

const MIX_SKUS = Array.from({ length: 20 }, (_, i) => `BENCH-MIX-${String(i + 1).padStart(2, '0')}`);
const FLASH_SKU = 'BENCH-FLASH';
const MIX_STOCK = 1_000_000;
/** the shares of a shopper's steps, shaped like Magento's performance toolkit */
const MIX_WEIGHTS: Record<MixKind, number> = { browse: 30, search: 30, cart: 36, checkout: 4 };

/**
 * BENCH_MIX_KINDS (a comma list, e.g. `browse`): only those kinds, in their usual shares, so that
 * the shop's CPU per request of one kind is measured alone
 */
function mixWeights(): Partial<Record<MixKind, number>> {
  const only = process.env.BENCH_MIX_KINDS?.split(',').filter((k): k is MixKind => k in MIX_WEIGHTS);
  if (!only?.length) return MIX_WEIGHTS;
  return Object.fromEntries(only.map((k) => [k, MIX_WEIGHTS[k]]));
}

type Shop = Awaited<ReturnType<typeof startShopProcess>>;

/** the PostgreSQL database of the bench on BENCH_DATABASE_URL's server, made when missing */
async function benchDatabaseUrl(serverUrl: string): Promise<string> {
  const url = new URL(serverUrl);
  const name = `${url.pathname.slice(1) || 'vitrina'}_bench_mix`.replace(/[^a-z0-9_]/gi, '_');
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (!found.rowCount) await client.query(`CREATE DATABASE ${name}`);
  } finally {
    await client.end();
  }
  url.pathname = `/${name}`;
  return url.toString();
}

/** the embedded database's folder, kept between runs (its first start seeds the demo catalogue) */
function dataDir(): string {
  const dir = path.resolve(process.env.BENCH_DATA_DIR ?? 'var/bench/mix');
  mkdirSync(dir, { recursive: true });
  return dir;
}

/** the shop on the embedded database, or on PostgreSQL + Redis */
async function startShop(databaseUrl: string | undefined, adminToken: string): Promise<Shop> {
  return startShopProcess(
    {
      ADMIN_TOKEN: adminToken,
      ORDERS_OPEN_MAX_PER_CUSTOMER: '0',
      ORDERS_OPEN_MAX_PER_EMAIL: '0',
      ORDERS_OPEN_MAX_PER_ADDRESS: '0',
      UNPAID_ORDERS_MAX_PER_ADDRESS: '0',
      ORDER_LINE_MAX_UNITS: '0',
      RATE_LIMIT_ORDER_ADDRESS: '0',
      ...(databaseUrl
        ? { DATABASE_URL: databaseUrl, REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379' }
        : { DATA_DIR: dataDir() }),
      ...(process.env.BENCH_SHOP_CHECKOUT ? { DATA_DIR: dataDir() } : {}),
    },
    process.env.BENCH_SHOP_CHECKOUT,
  );
}

/** the bench's products, their stock set anew (the catalogue import of the admin API upserts by sku) */
async function importBenchProducts(origin: string, adminToken: string, flashUnits: number) {
  const product = (id: number, sku: string, qty: number, price: number) => ({
    id,
    sku,
    type_id: 'simple',
    name: `Bench ${sku}`,
    url_key: sku.toLowerCase(),
    brand: 'Bench',
    price,
    stock: { is_in_stock: true, qty, manage_stock: true },
  });
  const products = [
    ...MIX_SKUS.map((sku, i) => product(990_001 + i, sku, MIX_STOCK, 4 + i * 1.17)),
    product(990_100, FLASH_SKU, flashUnits, 49),
  ];
  const res = await fetch(`${origin}/vsbridge/admin/catalog/import`, {
    method: 'POST',
    headers: { authorization: `Bearer ${adminToken}`, 'content-type': 'application/json' },
    // counted now: the stock guard applies a file's qty only over sales made before its export time,
    // and every earlier run sold some (the flash product all of its units)
    body: JSON.stringify({ exported_at: new Date().toISOString(), products }),
  });
  if (!res.ok)
    throw new Error(`import of the bench products: ${res.status} ${(await res.text()).slice(0, 300)}`);
}

async function stockOf(origin: string, skus: string[]): Promise<Record<string, number>> {
  const res = await fetch(`${origin}/vsbridge/quantity-tracker?skus=${skus.join(',')}`);
  const body = (await res.json()) as { result: { sku: string; qty: number }[] };
  return Object.fromEntries(body.result.map((r) => [r.sku, Number(r.qty)]));
}

/** waits until the shop answers the product (a worker may read the catalogue's version a moment late) */
async function untilSellable(origin: string, sku: string) {
  const deadline = Date.now() + 120_000;
  let last = '';
  while (Date.now() < deadline) {
    const created = await fetch(`${origin}/vsbridge/cart/create?storeCode=en`, { method: 'POST' });
    const cart = ((await created.json()) as { result: string }).result;
    const res = await fetch(`${origin}/vsbridge/cart/update?cartId=${cart}&storeCode=en`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ cartItem: { sku, qty: 1 } }),
    });
    if (res.ok) return;
    last = `${res.status} ${(await res.text()).slice(0, 200)}`;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`the shop does not sell ${sku}: ${last}`);
}

/** the search words: product names' words from the shop's own catalogue */
async function searchWords(origin: string): Promise<string[]> {
  const res = await fetch(
    `${origin}/vsbridge/catalog/vue_storefront_catalog_en/product/_search?size=60&sort=sales_count:desc`,
  );
  const body = (await res.json()) as { hits: { hits: { _source: { name: string } }[] } };
  const words = new Set<string>();
  for (const h of body.hits.hits)
    for (const w of h._source.name.split(/\s+/)) if (w.length >= 4) words.add(w.toLowerCase());
  return [...words].slice(0, 40);
}

/** the pages shoppers browse: best sellers' product pages and second-level categories */
async function browsePages(origin: string, port: number): Promise<string[]> {
  const base = await benchPagePaths(port);
  const catalog = `${origin}/vsbridge/catalog/vue_storefront_catalog`;
  const paths = async (url: string) =>
    (
      (await (await fetch(url)).json()) as { hits: { hits: { _source: { url_path: string } }[] } }
    ).hits.hits.map((h) => `/${h._source.url_path}`);
  const products = await paths(`${catalog}/product/_search?size=20&sort=sales_count:desc`);
  const categories = await paths(
    `${catalog}/category/_search?size=10&request=${encodeURIComponent(JSON.stringify({ filters: { level: 2 } }))}`,
  );
  return [...new Set([base.product, base.category, ...products, ...categories])].filter((p) => p !== '/');
}

/**
 * the load generator in its own process: its one JSON line of figures; `onMark` is called at once
 * for each `mark <name>` line it prints on the way (flash: the race's start and end)
 */
function runShoppers(plan: ShopperPlan, onMark?: (mark: string) => void): Promise<ShopperFigures> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', path.resolve('bench/shoppers.ts'), JSON.stringify(plan)],
      {
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    let out = '';
    let seen = 0;
    child.stdout.on('data', (c: Buffer) => {
      out += c.toString();
      const complete = out.lastIndexOf('\n') + 1;
      for (const line of out.slice(seen, complete).split('\n'))
        if (line.startsWith('mark ')) onMark?.(line.slice(5));
      seen = Math.max(seen, complete);
    });
    child.on('error', reject);
    child.on('exit', (code) => {
      const line = out.trim().split('\n').pop() ?? '';
      if (code !== 0 || !line.startsWith('{'))
        reject(new Error(`the shoppers' process exited with ${code}: ${out.slice(0, 500)}`));
      else resolve(JSON.parse(line) as ShopperFigures);
    });
  });
}

const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
const ms = (n: number) => (Number.isFinite(n) ? n.toFixed(1) : '-').padStart(9);

function printKinds(figures: ShopperFigures, seconds: number) {
  console.log(
    `${'kind'.padEnd(26)} ${'requests'.padStart(8)} ${'req/s'.padStart(7)} ${'errors'.padStart(6)} ${'p50 ms'.padStart(9)} ${'p99 ms'.padStart(9)} ${'max ms'.padStart(9)}`,
  );
  const row = (label: string, k: KindFigures) =>
    console.log(
      `${label.padEnd(26)} ${String(k.n).padStart(8)} ${(k.n / seconds).toFixed(0).padStart(7)} ${String(k.errors).padStart(6)} ${ms(k.p50)} ${ms(k.p99)} ${ms(k.max)}`,
    );
  for (const [kind, k] of Object.entries(figures.kinds)) row(kind, k);
  row('overall', figures.overall);
  for (const e of figures.errorSamples) console.log(`  error: ${e}`);
}

/** the PostgreSQL server's work for the bench database at a moment: its backends' CPU, its transactions */
type DatabaseWork = { cpuMs: Map<number, number>; transactions: number };

/**
 * What the bench database's server processes have done so far: each backend's CPU (user + system, ms,
 * /proc: the server runs on this machine) and the database's transactions (committed and rolled
 * back; a statement outside a transaction is one). Read through a connection to the server's own
 * database (`serverUrl`), so that the reading is not counted. null when either cannot be read.
 */
async function databaseWork(serverUrl: string, database: string): Promise<DatabaseWork | null> {
  const client = new pg.Client({ connectionString: serverUrl });
  try {
    await client.connect();
    const backends = await client.query<{ pid: number }>(
      'SELECT pid FROM pg_stat_activity WHERE datname = $1',
      [database],
    );
    const stats = await client.query<{ n: string }>(
      'SELECT (xact_commit + xact_rollback)::text AS n FROM pg_stat_database WHERE datname = $1',
      [database],
    );
    const cpuMs = new Map<number, number>();
    for (const { pid } of backends.rows) {
      try {
        const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
        const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
        cpuMs.set(pid, (Number(fields[11]) + Number(fields[12])) * 10);
      } catch {
        // the backend ended while we looked
      }
    }
    return { cpuMs, transactions: Number(stats.rows[0]?.n ?? 0) };
  } catch {
    return null;
  } finally {
    await client.end().catch(() => {});
  }
}

/**
 * The database's CPU and transactions between two readings, per request: a backend seen only at the
 * end counts whole (it started in between); one that ended in between is not counted (the pool keeps
 * its connections while the shoppers keep it busy). PostgreSQL's statistics are sent by each backend
 * when it goes idle, so the transactions are read a moment after the shoppers stop.
 */
function databasePerRequest(from: DatabaseWork, to: DatabaseWork, requests: number) {
  let cpu = 0;
  for (const [pid, ms] of to.cpuMs) cpu += ms - (from.cpuMs.get(pid) ?? 0);
  return { cpuMs: cpu / requests, transactions: (to.transactions - from.transactions) / requests };
}

async function onEachDatabase(
  run: (
    shop: Shop,
    origin: string,
    adminToken: string,
    label: string,
    database?: { serverUrl: string; name: string },
  ) => Promise<void>,
) {
  const serverUrl = process.env.BENCH_DATABASE_URL;
  // BENCH_MIX_EMBEDDED=0: PostgreSQL + Redis only (the embedded shop's first start seeds for minutes)
  const embedded = process.env.BENCH_MIX_EMBEDDED === '0' && serverUrl ? [] : [undefined];
  for (const databaseUrl of [...embedded, ...(serverUrl ? [await benchDatabaseUrl(serverUrl)] : [])]) {
    const adminToken = randomBytes(24).toString('base64url');
    const shop = await startShop(databaseUrl, adminToken);
    try {
      const origin = `http://127.0.0.1:${shop.port}`;
      const label = databaseUrl
        ? `PostgreSQL + Redis, WEB_CONCURRENCY ${process.env.WEB_CONCURRENCY ?? 'as npm start plans it'}`
        : `embedded PGlite ${process.env.PGLITE_THREAD === '0' ? 'in the process (PGLITE_THREAD=0)' : 'in its thread'} (npm start as it is)`;
      await run(
        shop,
        origin,
        adminToken,
        label,
        databaseUrl && serverUrl ? { serverUrl, name: new URL(databaseUrl).pathname.slice(1) } : undefined,
      );
    } finally {
      await shop.close();
    }
  }
}

export async function runMixBench() {
  const shoppers = Number(process.env.BENCH_SHOPPERS ?? 100);
  const seconds = Number(process.env.BENCH_MIX_SECONDS ?? 20);
  // the first seconds fill the shop's caches (pages, catalogue, render threads): not measured
  const warmup = Number(process.env.BENCH_MIX_WARMUP_SECONDS ?? 5);
  await onEachDatabase(async (shop, origin, adminToken, label, database) => {
    await importBenchProducts(origin, adminToken, 20);
    await untilSellable(origin, MIX_SKUS[MIX_SKUS.length - 1]!);
    const before = await stockOf(origin, MIX_SKUS);
    const plan: ShopperPlan = {
      mode: 'mix',
      origin,
      shoppers,
      durationMs: seconds * 1000,
      warmupMs: warmup * 1000,
      pages: await browsePages(origin, shop.port),
      words: await searchWords(origin),
      skus: MIX_SKUS,
      shipping: { carrier: 'courier', method: 'courier' },
      payment: 'cashondelivery',
      weights: mixWeights(),
    };
    const loadBefore = load();
    // the shop's CPU time over the measured seconds (the warm-up's left out, by the clock)
    let cpuFrom: number | null = null;
    let splitFrom: Record<string, number> | null = null;
    let databaseFrom: Promise<DatabaseWork | null> | undefined;
    const warmedUp = setTimeout(() => {
      cpuFrom = shop.cpuMs();
      splitFrom = shop.cpuSplit();
      if (database) databaseFrom = databaseWork(database.serverUrl, database.name);
    }, warmup * 1000);
    const figures = await runShoppers(plan);
    clearTimeout(warmedUp);
    const cpuTo = shop.cpuMs();
    const splitTo = shop.cpuSplit();
    const databaseTo = database
      ? await new Promise((r) => setTimeout(r, 600)).then(() =>
          databaseWork(database.serverUrl, database.name),
        )
      : null;
    const memory = shop.memory();
    const after = await stockOf(origin, MIX_SKUS);
    const lost = MIX_SKUS.reduce((sum, sku) => sum + (before[sku]! - after[sku]!), 0);
    const ordered = Object.values(figures.unitsOrdered).reduce((a, b) => a + b, 0);
    const wall = figures.wallMs / 1000;
    const kinds = Object.entries(plan.weights ?? {})
      .map(([k, w]) => `${k} ${w}`)
      .join(', ');
    console.log(
      `\nshopper mix (${kinds}), ${label}, ${shoppers} closed-loop shoppers, ${seconds} s after ${warmup} s of warm-up, the generator in its own process; load average before ${loadBefore}, after ${load()}`,
    );
    printKinds(figures, wall);
    const cpu = cpuFrom !== null && cpuTo !== null ? (cpuTo - cpuFrom) / figures.requests : NaN;
    console.log(
      `shop CPU ${cpu.toFixed(2)} ms per request (user + system, all its threads, over the measured seconds)`,
    );
    const from: Record<string, number> | null = splitFrom;
    if (from && splitTo)
      console.log(
        `  of which ${Object.keys(splitTo)
          .sort()
          .map((k) => `${k} ${((splitTo[k]! - (from[k] ?? 0)) / figures.requests).toFixed(2)}`)
          .join(', ')} ms per request`,
      );
    const databaseStart = await databaseFrom;
    if (databaseStart && databaseTo) {
      const perRequest = databasePerRequest(databaseStart, databaseTo, figures.requests);
      console.log(
        `database (PostgreSQL's backends of the bench database, same seconds): CPU ${perRequest.cpuMs.toFixed(2)} ms and ${perRequest.transactions.toFixed(2)} transactions per request`,
      );
    }
    console.log(
      `throughput ${(figures.requests / wall).toFixed(0)} req/s; errors ${figures.errors}; orders ${figures.orders} (warm-up included); stock check: units sold ${lost}, units ordered ${ordered} ${lost === ordered ? '(exact)' : '(MISMATCH)'}; shop RSS ${memory?.rssMb ?? '?'} MB (peak ${memory?.peakMb ?? '?'} MB, all workers summed)`,
    );
  });
}

export async function runFlashBench() {
  const shoppers = Number(process.env.BENCH_FLASH_SHOPPERS ?? 500);
  const units = Number(process.env.BENCH_FLASH_UNITS ?? 20);
  await onEachDatabase(async (shop, origin, adminToken, label) => {
    await importBenchProducts(origin, adminToken, units);
    await untilSellable(origin, FLASH_SKU);
    const loadBefore = load();
    // the shop's CPU time (all its processes and threads) from the race's start to its end
    const cpuAt: Record<string, number | null> = {};
    const splitAt: Record<string, Record<string, number> | null> = {};
    const figures = await runShoppers(
      {
        mode: 'flash',
        origin,
        shoppers,
        durationMs: 0,
        pages: [],
        words: [],
        skus: [FLASH_SKU, MIX_SKUS[0]!],
        shipping: { carrier: 'courier', method: 'courier' },
        payment: 'cashondelivery',
      },
      (mark) => {
        cpuAt[mark] = shop.cpuMs();
        splitAt[mark] = shop.cpuSplit();
      },
    );
    const left = (await stockOf(origin, [FLASH_SKU]))[FLASH_SKU];
    const race = figures.kinds['order (the race)'];
    console.log(
      `\nflash sale, ${label}: ${shoppers} shoppers for ${units} units, the generator in its own process; load average before ${loadBefore}, after ${load()}`,
    );
    printKinds(figures, figures.wallMs / 1000);
    console.log(
      `orders ${figures.orders} (${figures.orders === units ? 'exact' : `NOT ${units}`}), stock left ${left}; refusals: ${JSON.stringify(figures.refusals)}; the race's p99 ${race?.p99.toFixed(0)} ms; shop RSS ${shop.memory()?.rssMb ?? '?'} MB`,
    );
    const from = cpuAt['race-start'];
    const to = cpuAt['race-end'];
    const during = figures.kinds['unrelated cart, during']?.n ?? 0;
    if (from != null && to != null)
      console.log(
        `shop CPU during the race ${(to - from).toFixed(0)} ms (user + system, all its processes and threads): ${((to - from) / shoppers).toFixed(2)} ms per shopper's order, the unrelated cart's ${during} calls beside it included`,
      );
    const [a, b] = [splitAt['race-start'], splitAt['race-end']];
    if (a && b)
      console.log(
        `  of which ${Object.keys(b)
          .sort()
          .map((k) => `${k} ${(b[k]! - (a[k] ?? 0)).toFixed(0)}`)
          .join(', ')} ms`,
      );
  });
}
