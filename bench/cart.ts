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
 * "heap KiB": the JavaScript heap allocated per call (the median of batches of 20 calls with no garbage
 * collection during them, after a full one), a count the machine's load does not move.
 *
 * "promises": the promises made per call (async_hooks, over 50 calls), another count the load does not
 * move: each is an allocation and a turn of the microtask queue on the request's way.
 *
 *   BENCH_CART_CALLS    calls measured per kind (default 300)
 *   BENCH_CART_KINDS    only the kinds whose label contains this text (e.g. "totals, 20")
 *   BENCH_CART_PGLITE   0: PostgreSQL only
 *   BENCH_CART_PROFILE  a directory: V8's CPU profile and sampled heap profile of the measured batches,
 *                       one file each per database
 */
import { createHook } from 'node:async_hooks';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import path from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { buildApi, loadApiConfig } from '@vitrina/api';
import { importCatalog } from '@vitrina/db';
import { createTestDatabase } from '@vitrina/db/testing';
import { testCatalog } from '../apps/api/test/fixtures.ts';
import { address, orderBody } from '../apps/api/test/helpers.ts';
import { percentile } from './stats.ts';

const CALLS = Number(process.env.BENCH_CART_CALLS ?? 300);
const SOLD_OUT_SKU = 'BEN-GONE';

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
 * calls of each kind before any is measured: with 30 the first kinds measured (cart/create, then the
 * one-line cart's) still ran code V8 had not optimised yet, and read up to twice the CPU of the same
 * call measured after the others
 */
const WARMUP = 300;
const BATCHES = 5;
const HEAP_BATCH = 20;
const HEAP_BATCHES = 15;

/** a full garbage collection (the flag set at run time: `npm run bench` does not pass --expose-gc) */
const collect = (() => {
  setFlagsFromString('--expose-gc');
  return runInNewContext('gc') as () => void;
})();

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
  // a flash sale's product once its units are gone: the race's losers' order (bench/mix.ts flash)
  (catalog.products as Record<string, unknown>[]).push({
    id: 9100,
    sku: SOLD_OUT_SKU,
    type_id: 'simple',
    name: 'Bench sold-out product',
    url_key: 'bench-sold-out-product',
    brand: 'Bench',
    price: 49,
    category_ids: [20],
    stock: { is_in_stock: true, qty: 1, manage_stock: true },
  });
  return catalog;
}

export async function benchOn(url: string | undefined) {
  const database = await createTestDatabase({ url: url ?? '' });
  try {
    await importCatalog(database, benchCatalog());
    // the sold-out order is asked again and again from one address, as in the flash race (bench/mix.ts)
    const config = loadApiConfig({ ...process.env, RATE_LIMIT_ORDER_ADDRESS: '0' });
    const app = await buildApi({ database, config, logger: false });
    await app.ready();
    let requests = 0;
    const call = async (
      method: 'GET' | 'POST',
      path: string,
      cartId: string,
      payload?: unknown,
      extra = '',
    ) => {
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
          if (extra.includes('withTotals') && !body.meta?.totals)
            throw new Error(`${path}: no totals in its answer`);
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

    type Kind = { label: string; fn: (i: number) => Promise<unknown> };
    type Figures = {
      cpuMs: number;
      bestMs: number;
      mainMs: number;
      p50: number;
      p95: number;
      queries: number;
      requests: number;
      heapKiB: number;
      promises: number;
    };
    /**
     * CPU (ms) and wall time of `CALLS` runs of each kind. Every kind is warmed up before any is
     * measured, and the kinds are measured in turns (one batch of each per round, BATCHES rounds):
     * measured one after the other, the first kinds paid for V8 compiling the code they share with the
     * later ones (on the compiler's threads, so in the process's CPU but not the main thread's), and on
     * PostgreSQL the one-line cart's reads cost more than the twenty-line cart's. In turns, a change of
     * the machine's load also weighs on every kind alike.
     */
    /**
     * heap allocated per call: batches after a full collection, left out when the heap used shrank
     * during one (a scavenge ran); the median of those kept
     */
    const heapOf = async (k: Kind): Promise<number> => {
      const perCall: number[] = [];
      for (let b = 0; b < HEAP_BATCHES; b++) {
        collect();
        let last = process.memoryUsage().heapUsed;
        const first = last;
        let clean = true;
        for (let i = 0; i < HEAP_BATCH; i++) {
          await k.fn(i);
          const now = process.memoryUsage().heapUsed;
          if (now < last) clean = false;
          last = now;
        }
        if (clean) perCall.push((last - first) / HEAP_BATCH / 1024);
      }
      perCall.sort((x, y) => x - y);
      return perCall.length ? percentile(perCall, 50) : Number.NaN;
    };
    const promisesOf = async (k: Kind): Promise<number> => {
      let made = 0;
      const hook = createHook({
        init(_id, type) {
          if (type === 'PROMISE') made++;
        },
      }).enable();
      try {
        for (let i = 0; i < 50; i++) await k.fn(i);
      } finally {
        hook.disable();
      }
      return made / 50;
    };
    const profileDir = process.env.BENCH_CART_PROFILE;
    const measureAll = async (kinds: Kind[]): Promise<Figures[]> => {
      for (const k of kinds) for (let i = 0; i < WARMUP; i++) await k.fn(i);
      const session = profileDir ? new Session() : undefined;
      if (session) {
        session.connect();
        await session.post('Profiler.enable');
        await session.post('Profiler.setSamplingInterval', { interval: 100 });
        await session.post('Profiler.start');
        // what the calls allocate, by the code allocating it (the heap KiB figure's sources)
        await session.post('HeapProfiler.enable');
        await session.post('HeapProfiler.startSampling', {
          samplingInterval: 1024,
          includeObjectsCollectedByMajorGC: true,
          includeObjectsCollectedByMinorGC: true,
        });
      }
      const per = Math.ceil(CALLS / BATCHES);
      const acc = kinds.map(() => ({
        cpu: 0,
        main: 0,
        best: Number.POSITIVE_INFINITY,
        walls: [] as number[],
        q: 0,
        r: 0,
        n: 0,
      }));
      for (let b = 0; b < BATCHES; b++) {
        for (const [j, k] of kinds.entries()) {
          const a = acc[j]!;
          const n = Math.min(per, CALLS - b * per);
          if (n <= 0) continue;
          const q0 = queries;
          const r0 = requests;
          const main0 = mainThreadCpuMs();
          // other work on a loaded machine only ever adds to a batch's figure (cache misses,
          // preemption), so the least CPU per call of the batches is the call's own cost
          const cpu0 = process.cpuUsage();
          for (let i = 0; i < n; i++) {
            const t = performance.now();
            await k.fn(b * per + i);
            a.walls.push(performance.now() - t);
          }
          const used = process.cpuUsage(cpu0);
          const ms = (used.user + used.system) / 1000;
          a.cpu += ms;
          a.best = Math.min(a.best, ms / n);
          a.main += mainThreadCpuMs() - main0;
          a.q += queries - q0;
          a.r += requests - r0;
          a.n += n;
        }
      }
      if (session && profileDir) {
        const { profile } = await session.post('Profiler.stop');
        mkdirSync(profileDir, { recursive: true });
        const file = path.join(profileDir, `cart-${database.kind}-${Date.now()}.cpuprofile`);
        writeFileSync(file, JSON.stringify(profile));
        console.log(`CPU profile: ${file}`);
        const heap = await session.post('HeapProfiler.stopSampling');
        writeFileSync(file.replace(/\.cpuprofile$/, '.heapprofile'), JSON.stringify(heap.profile));
        session.disconnect();
      }
      const heaps: number[] = [];
      for (const k of kinds) heaps.push(await heapOf(k));
      const promises: number[] = [];
      for (const k of kinds) promises.push(await promisesOf(k));
      return acc.map((a, j) => {
        a.walls.sort((x, y) => x - y);
        return {
          heapKiB: heaps[j]!,
          promises: promises[j]!,
          cpuMs: a.cpu / a.n,
          bestMs: a.best,
          mainMs: a.main / a.n,
          p50: percentile(a.walls, 50),
          p95: percentile(a.walls, 95),
          queries: a.q / a.n,
          requests: a.r / a.n,
        };
      });
    };

    const os = await import('node:os');
    const load = () =>
      os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(' ');
    console.log(
      `\ncart, ${database.kind}${database.kind === 'pglite' && !database.pglite ? ' in its thread' : ''}, in-process HTTP (inject), coupon + shipping + COD fee, ${CALLS} calls each, load average ${load()}`,
    );
    const print = (label: string, m: Figures) =>
      console.log(
        `${label.padEnd(44)} ${m.cpuMs.toFixed(2).padStart(11)} ${m.bestMs.toFixed(2).padStart(10)} ${m.mainMs.toFixed(2).padStart(11)} ${m.p50.toFixed(2).padStart(8)} ${m.p95.toFixed(2).padStart(8)} ${m.queries.toFixed(1).padStart(8)} ${m.requests.toFixed(1).padStart(8)} ${m.heapKiB.toFixed(1).padStart(9)} ${m.promises.toFixed(1).padStart(9)}`,
      );

    const kinds: Kind[] = [{ label: 'cart/create', fn: () => create() }];
    for (const size of [1, 20]) {
      const cartId = await createId();
      const skus =
        size === 1
          ? ['PHN-2001']
          : Array.from({ length: 20 }, (_, i) => `BEN-${String(i + 1).padStart(4, '0')}`);
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
      const change = (i: number) => ({
        cartItem: { sku: line.sku, qty: 1 + (i % 3), item_id: line.item_id },
      });
      kinds.push(
        { label: `cart/pull, ${size} line(s)`, fn: () => call('GET', 'pull', cartId) },
        { label: `cart/totals, ${size} line(s)`, fn: () => call('GET', 'totals', cartId) },
        {
          label: `cart/update (qty change), ${size} line(s)`,
          fn: (i) => call('POST', 'update', cartId, change(i)),
        },
        {
          label: `cart/update + its totals (withTotals), ${size}`,
          fn: async (i) => {
            const answer = await call('POST', 'update', cartId, change(i), '&withTotals=1');
            if (!answer.hasTotals()) throw new Error('update: no totals in its answer');
          },
        },
        {
          // what the storefront's cart store sent for one change before a write answered its totals
          label: `one change as pull + update + totals, ${size}`,
          fn: async (i) => {
            await call('GET', 'pull', cartId);
            await call('POST', 'update', cartId, change(i));
            await call('GET', 'totals', cartId);
          },
        },
      );
    }
    {
      // an order of a product sold out since it went into the cart: the flash race's refusal, its
      // whole HTTP path (body parse and validation, hooks, the error answer) in one call
      const cartId = await createId();
      await call('POST', 'update', cartId, { cartItem: { sku: SOLD_OUT_SKU, qty: 1 } });
      await database.query('UPDATE stock SET qty = 0 WHERE sku = $1', [SOLD_OUT_SKU]);
      let seq = 0;
      kinds.push({
        label: 'order/create refused (sold out)',
        fn: async () => {
          requests++;
          const res = await app.inject({
            method: 'POST',
            url: '/vsbridge/order/create?storeCode=en',
            payload: orderBody({
              cartId,
              key: `bench-refused-${++seq}`,
              products: [{ sku: SOLD_OUT_SKU, qty: 1 }],
            }),
          });
          if (res.statusCode !== 400 || !res.body.includes('not available'))
            throw new Error(`order/create: ${res.statusCode} ${res.body}`);
        },
      });
    }
    console.log(
      `${'call'.padEnd(44)} ${'CPU ms/call'.padStart(11)} ${'best batch'.padStart(10)} ${'main thread'.padStart(11)} ${'p50 ms'.padStart(8)} ${'p95 ms'.padStart(8)} ${'queries'.padStart(8)} ${'requests'.padStart(8)} ${'heap KiB'.padStart(9)} ${'promises'.padStart(9)}`,
    );
    const only = process.env.BENCH_CART_KINDS;
    const chosen = only ? kinds.filter((k) => k.label.includes(only)) : kinds;
    const figures = await measureAll(chosen);
    chosen.forEach((k, j) => print(k.label, figures[j]!));
    console.log(`load average after: ${load()}`);
    await app.close();
  } finally {
    await database.dispose();
  }
}

export async function runCartBench() {
  if (process.env.BENCH_CART_PGLITE !== '0') await benchOn(undefined);
  const url = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (url) await benchOn(url);
}
