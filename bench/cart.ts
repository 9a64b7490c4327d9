/**
 * Cart: the shop's CPU per call (process.cpuUsage of this process, which is the shop: in-process HTTP
 * through inject) and the wall time of cart/create, pull, totals and update, for a cart of 1 and of
 * 20 lines with a coupon, a shipping method and the cash-on-delivery fee; and what the storefront's
 * cart store sends for one change. CPU per call is the figure to compare: on a 2-core machine shared
 * with other work the wall time follows the load, the CPU a call costs much less.
 * On PGlite the database runs in this process, so its work is in the figure; on PostgreSQL (when
 * BENCH_DATABASE_URL, else TEST_DATABASE_URL, is set: a scratch database is created there and dropped
 * after) the database server's own CPU is not.
 *
 * "best batch": the least CPU per call of five equal runs of those calls, the figure least moved by
 * other work on the machine (the goal's figure on a shared machine).
 *
 *   BENCH_CART_CALLS  calls measured per kind (default 300)
 */
import { readFileSync } from 'node:fs';
import { buildApi, loadApiConfig } from '@vitrina/api';
import { importCatalog } from '@vitrina/db';
import { createTestDatabase } from '@vitrina/db/testing';
import { testCatalog } from '../apps/api/test/fixtures.ts';
import { address } from '../apps/api/test/helpers.ts';
import { percentile } from './stats.ts';

const CALLS = Number(process.env.BENCH_CART_CALLS ?? 300);

/**
 * The main thread's CPU (ms) from /proc (Linux; 10 ms ticks, so read over many calls): with the
 * embedded database in its own thread (TEST_PGLITE_THREAD=1) the process's CPU holds both threads,
 * and the main thread's share is what every other request waits behind.
 */
function mainThreadCpuMs(): number {
  try {
    const stat = readFileSync(`/proc/${process.pid}/task/${process.pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return Number.NaN;
  }
}
/**
 * calls of each kind before it is measured: with 30 the first kinds measured (cart/create, then the
 * one-line cart's) still ran code V8 had not optimised yet, and read up to twice the CPU of the same
 * call measured after the others
 */
const WARMUP = 300;
const BATCHES = 5;

/** the fixture shop and 20 plain products more, so that a cart of 20 lines is 20 different products */
function benchCatalog() {
  const catalog = testCatalog();
  for (let i = 1; i <= 20; i++) {
    (catalog.products as Record<string, unknown>[]).push({
      id: 9000 + i,
      sku: `BEN-${String(i).padStart(4, '0')}`,
      type_id: 'simple',
      name: `Bench product ${i}`,
      url_key: `bench-product-${i}`,
      brand: 'Bench',
      price: 3 + i * 1.17,
      category_ids: [20],
      stock: { is_in_stock: true, qty: 100_000, manage_stock: true },
    });
  }
  return catalog;
}

export async function benchOn(url: string | undefined) {
  const database = await createTestDatabase({ url: url ?? '' });
  try {
    await importCatalog(database, benchCatalog());
    const app = await buildApi({ database, config: loadApiConfig({ ...process.env }), logger: false });
    await app.ready();
    let requests = 0;
    const call = async (method: 'GET' | 'POST', path: string, cartId: string, payload?: unknown, extra = '') => {
      requests++;
      const res = await app.inject({
        method,
        url: `/vsbridge/cart/${path}?cartId=${encodeURIComponent(cartId)}&storeCode=en${extra}`,
        ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
      });
      if (res.statusCode !== 200) throw new Error(`${path}: ${res.statusCode} ${res.body}`);
      // the answer parsed only where it is read: parsing it is the client's CPU, not the shop's,
      // though in this process it would count as the shop's
      return {
        get result() {
          const body = res.json();
          if (extra.includes('withTotals') && !body.meta?.totals) throw new Error(`${path}: no totals in its answer`);
          return body.result;
        },
        hasTotals: () => extra.includes('withTotals') && res.body.includes('"totals":'),
      };
    };
    const create = async () => {
      requests++;
      const res = await app.inject({ method: 'POST', url: '/vsbridge/cart/create?storeCode=en' });
      if (res.statusCode !== 200) throw new Error(`create: ${res.statusCode} ${res.body}`);
      return res;
    };
    const createId = async () => (await create()).json().result as string;

    // queries per call: the figure that does not depend on the machine's load
    let queries = 0;
    const query = database.query.bind(database);
    database.query = ((text: string, params?: readonly unknown[]) => {
      queries++;
      return query(text, params);
    }) as typeof database.query;

    /** CPU (ms) and wall time of `calls` runs of `fn`, after a warm-up */
    const measure = async (fn: (i: number) => Promise<unknown>) => {
      for (let i = 0; i < WARMUP; i++) await fn(i);
      const q0 = queries;
      const r0 = requests;
      const walls: number[] = [];
      const cpu0 = process.cpuUsage();
      // the least CPU per call of BATCHES equal runs: other work on a loaded machine only ever adds
      // to a run's figure (cache misses, preemption), so the best run is the call's own cost
      let batchCpu = process.cpuUsage();
      let best = Number.POSITIVE_INFINITY;
      const main0 = mainThreadCpuMs();
      for (let i = 0; i < CALLS; i++) {
        const t = performance.now();
        await fn(i);
        walls.push(performance.now() - t);
        if ((i + 1) % Math.ceil(CALLS / BATCHES) === 0 || i === CALLS - 1) {
          const used = process.cpuUsage(batchCpu);
          const n = i % Math.ceil(CALLS / BATCHES) + 1;
          best = Math.min(best, (used.user + used.system) / 1000 / n);
          batchCpu = process.cpuUsage();
        }
      }
      const cpu = process.cpuUsage(cpu0);
      const mainMs = (mainThreadCpuMs() - main0) / CALLS;
      walls.sort((a, b) => a - b);
      return {
        cpuMs: (cpu.user + cpu.system) / 1000 / CALLS,
        bestMs: best,
        mainMs,
        p50: percentile(walls, 50),
        p95: percentile(walls, 95),
        queries: (queries - q0) / CALLS,
        requests: (requests - r0) / CALLS,
      };
    };

    const os = await import('node:os');
    console.log(
      `\ncart, ${database.kind}${database.kind === 'pglite' && !database.pglite ? ' in its thread' : ''}, in-process HTTP (inject), coupon + shipping + COD fee, ${CALLS} calls each, load average ${os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}`,
    );
    console.log(
      `${'call'.padEnd(44)} ${'CPU ms/call'.padStart(11)} ${'best batch'.padStart(10)} ${'main thread'.padStart(11)} ${'p50 ms'.padStart(8)} ${'p95 ms'.padStart(8)} ${'queries'.padStart(8)} ${'requests'.padStart(8)}`,
    );
    const print = (label: string, m: Awaited<ReturnType<typeof measure>>) =>
      console.log(
        `${label.padEnd(44)} ${m.cpuMs.toFixed(2).padStart(11)} ${m.bestMs.toFixed(2).padStart(10)} ${m.mainMs.toFixed(2).padStart(11)} ${m.p50.toFixed(2).padStart(8)} ${m.p95.toFixed(2).padStart(8)} ${m.queries.toFixed(1).padStart(8)} ${m.requests.toFixed(1).padStart(8)}`,
      );

    print('cart/create', await measure(() => create()));
    for (const size of [1, 20]) {
      const cartId = await createId();
      const skus = size === 1 ? ['PHN-2001'] : Array.from({ length: 20 }, (_, i) => `BEN-${String(i + 1).padStart(4, '0')}`);
      let first: { item_id: number; sku: string } | undefined;
      for (const sku of skus) {
        const answer = (await call('POST', 'update', cartId, { cartItem: { sku, qty: 1 } })).result;
        first ??= answer.cartItem ?? answer;
      }
      await call('POST', 'shipping-information', cartId, {
        addressInformation: {
          shippingAddress: address(),
          shippingCarrierCode: 'omniva',
          shippingMethodCode: 'omniva',
          paymentMethodCode: 'cashondelivery',
        },
      });
      await call('POST', 'apply-coupon', cartId, undefined, '&coupon=SAVE10');
      const check = (await call('GET', 'totals', cartId)).result;
      if (!check.coupon_code || !check.shipping_incl_tax || !check.payment_fee)
        throw new Error('totals without coupon, shipping or fee');
      if (check.items.length !== size) throw new Error(`a cart of ${check.items.length} lines, not ${size}`);
      const line = first!;
      const change = (i: number) => ({ cartItem: { sku: line.sku, qty: 1 + (i % 3), item_id: line.item_id } });
      print(`cart/pull, ${size} line(s)`, await measure(() => call('GET', 'pull', cartId)));
      print(`cart/totals, ${size} line(s)`, await measure(() => call('GET', 'totals', cartId)));
      print(`cart/update (qty change), ${size} line(s)`, await measure((i) => call('POST', 'update', cartId, change(i))));
      // a build before writes answered their totals (the A/B of ssr-ab.ts's kind) has no such row
      const withTotals = await measure(async (i) => {
        const answer = await call('POST', 'update', cartId, change(i), '&withTotals=1');
        if (!answer.hasTotals()) throw new Error('update: no totals in its answer');
      }).catch(() => null);
      if (withTotals) print(`cart/update + its totals (withTotals), ${size}`, withTotals);
      // what the storefront's cart store sent for one change before a write answered its totals
      print(
        `one change as pull + update + totals, ${size}`,
        await measure(async (i) => {
          await call('GET', 'pull', cartId);
          await call('POST', 'update', cartId, change(i));
          await call('GET', 'totals', cartId);
        }),
      );
    }
    await app.close();
  } finally {
    await database.dispose();
  }
}

export async function runCartBench() {
  await benchOn(undefined);
  const url = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (url) await benchOn(url);
}
