/**
 * `npm run bench`: prints figures for the DESIGN.md budgets. Not pass/fail; these machines are noisy,
 * so read the figures as orders of magnitude and compare runs on the same machine.
 *
 *   BENCH_PRODUCTS   size of the generated catalogue for the search bench (default 100000)
 *   BENCH_ONLY       comma list of benches to run: search,ssr,ssr-ab,cart,mix,order-mail,flash,image,product-save,serialise,lighthouse,js,hydration,interactions (default search,ssr; lighthouse
 *                    and js need `npm run build -w @vitrina/web` and Chromium at CHROME_PATH, default /usr/bin/chromium)
 *   BENCH_ONLY=lighthouse-tasks  what each long task of a Lighthouse run is, by trace event and script (bench/lighthouse-tasks.ts)
 *   BENCH_HYDRATION_RUNS  hydration: page loads a page at 4× CPU slowdown (default 3; bench/hydration.ts)
 *   BENCH_ONLY=interactions  a filter ticked, a grade chosen, an add to cart: main-thread ms at 4x CPU slowdown (bench/interactions.ts)
 *   BENCH_VERBOSE    js: also list each JavaScript file a page loaded, with its gzip size
 *   BENCH_SAVE_ROUNDS  product-save: saves measured (default 20)
 *   BENCH_CART_CALLS cart: calls measured per kind (default 300); the shop's CPU per call on PGlite, and on
 *                    PostgreSQL too when BENCH_DATABASE_URL (else TEST_DATABASE_URL) is set, and the heap
 *                    allocated per call; BENCH_CART_KINDS, BENCH_CART_PGLITE, BENCH_CART_PROFILE (bench/cart.ts)
 *   BENCH_SHOPPERS, BENCH_MIX_SECONDS  mix: closed-loop shoppers (default 100) and how long (default 20 s); on
 *                    PostgreSQL + Redis too when BENCH_DATABASE_URL is set; BENCH_MIX_KINDS only those kinds (bench/mix.ts)
 *   BENCH_ORDERS     order-mail: guest orders placed and their confirmations sent, CPU per order (bench/order-mail.ts)
 *   BENCH_FLASH_SHOPPERS, BENCH_FLASH_UNITS  flash: shoppers racing (default 500) for units of one product (default 20)
 *   BENCH_BASE       ssr-ab: the built checkout to compare this one with (BENCH_AB_ROUNDS, default 4)
 */
import { runSearchBench } from './search.ts';
import { runCartBench } from './cart.ts';
import { runImageBench } from './image.ts';
import { runSsrBench } from './ssr.ts';

const only = new Set((process.env.BENCH_ONLY ?? 'search,ssr').split(','));
console.log(
  `node ${process.version}, ${(await import('node:os')).cpus().length} cores, ${new Date().toISOString()}`,
);
if (only.has('search')) await runSearchBench({ products: Number(process.env.BENCH_PRODUCTS ?? 100_000) });
if (only.has('ssr')) await runSsrBench();
if (only.has('ssr-ab')) await (await import('./ssr-ab.ts')).runSsrAbBench();
if (only.has('cart')) await runCartBench();
if (only.has('mix')) await (await import('./mix.ts')).runMixBench();
if (only.has('order-mail')) await (await import('./order-mail.ts')).runOrderMailBench();
if (only.has('flash')) await (await import('./mix.ts')).runFlashBench();
if (only.has('image')) await runImageBench();
if (only.has('serialise')) await (await import('./serialise.ts')).runSerialiseBench();
if (only.has('product-save')) await (await import('./product-save.ts')).runProductSaveBench();
// loaded only when asked for: Lighthouse is a large module and needs the storefront build and Chromium
if (only.has('js')) await (await import('./first-load-js.ts')).runFirstLoadJsBench();
if (only.has('interactions')) await (await import('./interactions.ts')).runInteractionsBench();
if (only.has('lighthouse')) await (await import('./lighthouse.ts')).runLighthouseBench();
if (only.has('lighthouse-tasks')) await (await import('./lighthouse-tasks.ts')).runLighthouseTasksBench();
if (only.has('hydration')) await (await import('./hydration.ts')).runHydrationBench();
