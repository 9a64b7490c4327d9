/**
 * Every setting the shop reads from its environment: ONE table, name, default and meaning.
 *
 * docs/configuration.md is generated from it (`npm run docs:config`), and
 * test/settings-table.test.ts fails when a variable is read from the environment anywhere in the
 * repository but is missing here, when a row here is read nowhere, or when the generated page is out
 * of date. Adding a setting: read it where it belongs (loadApiConfig, loadServerConfig, ...), add a
 * row here in its group, run `npm run docs:config` and commit both.
 */

export type SettingGroup = 'shop' | 'api' | 'payment' | 'build' | 'tools';

export interface Setting {
  /** the environment variable */
  name: string;
  group: SettingGroup;
  /** what applies when it is unset, as an operator would write it (or a sentence) */
  default: string;
  /** what it does; Markdown, one paragraph */
  meaning: string;
}

export const SETTING_GROUPS: Record<SettingGroup, { title: string; intro: string }> = {
  shop: {
    title: 'Shop process',
    intro:
      'Read by the shop server (`apps/server/src/config.ts`), which runs the API and the storefront in one process.',
  },
  api: {
    title: 'Commerce API',
    intro: 'Read by the API (`apps/api/src/config.ts`), in the shop process or on its own.',
  },
  payment: {
    title: 'Payment providers',
    intro: 'Read by `apps/api/src/payment/config.ts`; see also "Payments" in docs/operations.md.',
  },
  build: {
    title: 'Storefront build flags',
    intro: "Read by Vite when `npm run build` runs; set them in that command's environment.",
  },
  tools: {
    title: 'Tests and tools',
    intro: 'Read by the tests, the browser journeys, the benchmarks and the development scripts.',
  },
};

export const SETTINGS: readonly Setting[] = [
  {
    name: 'PORT',
    group: 'shop',
    default: '3000',
    meaning: 'HTTP port (the API on its own, `npm start -w @vitrina/api`: `3001`)',
  },
  {
    name: 'HOST',
    group: 'shop',
    default: '0.0.0.0',
    meaning: 'listen address',
  },
  {
    name: 'DATA_DIR',
    group: 'shop',
    default: './var',
    meaning:
      "embedded database folder (and default media folder), used when `DATABASE_URL` is unset; one process per folder: its lock is a local socket named after the folder that the kernel releases when the process dies (a restart right after `kill -9` finds the folder free); `DATA_DIR/server.json` tells the import command the running shop's port and admin token",
  },
  {
    name: 'DATABASE_URL',
    group: 'shop',
    default: '—',
    meaning: 'PostgreSQL connection string; when set, PGlite is not used',
  },
  {
    name: 'WEB_CONCURRENCY',
    group: 'shop',
    default: 'one per core with `DATABASE_URL` and `REDIS_URL` on more than two cores; else `1`',
    meaning:
      'shop worker processes `npm start` runs (node:cluster, sharing the port; `apps/server/src/cluster.ts`). The primary migrates and seeds first, then forks; a dead worker is replaced (ten deaths within a minute stop the shop); SIGTERM closes every worker. The embedded database always runs one process. On two cores or fewer the default is one process, whose render threads use both cores (decision record 0141: faster and leaner than two workers there). Without `REDIS_URL` the default is one process, because each process would keep its own rate-limit counters (a chosen `WEB_CONCURRENCY` is honoured, with a warning). Each worker holds its own search index and caches: memory grows with it',
  },
  {
    name: 'RENDER_THREADS',
    group: 'shop',
    default:
      'one per core when the shop runs as one process on 2+ cores in production (`NODE_ENV=production`, as `npm start` sets); else `0`',
    meaning:
      'worker threads that render the shop\'s GET pages (`apps/server/src/render-threads.ts`; decision record "Pages render in worker threads"). `0` renders every page in the process\'s main thread. Each thread holds its own copy of the server build (~35–55 MB RSS): the threads beyond the first end after 15 s without a render and start again when a render finds every running thread busy (decision record 0120)',
  },
  {
    name: 'DATABASE_POOL_MAX',
    group: 'shop',
    default: '10',
    meaning: 'PostgreSQL connections of the process',
  },
  {
    name: 'DATABASE_CONNECT_TIMEOUT_MS',
    group: 'shop',
    default: '5000',
    meaning:
      'how long a request waits for a PostgreSQL connection (a new one, or a free one of the pool) before it is answered 503',
  },
  {
    name: 'DATABASE_STATEMENT_TIMEOUT_MS',
    group: 'shop',
    default: '30000',
    meaning:
      "PostgreSQL `statement_timeout` of every connection, also its `idle_in_transaction_session_timeout`; `0` turns both off. Catalogue searches have their own (`SEARCH_TIMEOUT_MS`); catalogue imports and migrations are not limited. While PostgreSQL cannot be reached (restart, outage, no free connection in time) the API answers 503 with `Retry-After` and a message in the store view's language, never 500; a transaction whose connection failed before its COMMIT is retried for about 1.5 s first; the outage is logged once when it starts and once when it ends",
  },
  {
    name: 'PGLITE_SHARED_BUFFERS_MB',
    group: 'shop',
    default: '32',
    meaning:
      "the embedded database's (PGlite's) `shared_buffers`, held in the process's WebAssembly memory, which never shrinks: PGlite's own 128 MB cost the shop about 96 MB more RSS once filled, while the data folder's pages stay in the operating system's file cache and the in-process search index answers most catalogue reads. Ignored with `DATABASE_URL`",
  },
  {
    name: 'PGLITE_THREAD',
    group: 'shop',
    default: '1',
    meaning:
      "`1` (the default) runs the embedded database (PGlite) in a worker thread (`packages/db/src/pglite-threaded.ts`; decision records 0065, 0079, 0092): the main thread keeps HTTP and the app's logic while a statement runs, at the cost of a copy of each statement and its rows between the threads; a transaction's statements are answered at once, without a turn of the event loop. If the thread stops, the shop exits with code 1 to be started again. `0` keeps PGlite in the shop's main thread (less throughput: under the shopper mix about 900 req/s instead of 1,600 on two cores, record 0092). Any other value is refused. Ignored with `DATABASE_URL`; the staff and catalogue-import commands, short-lived, open a stopped shop's folder in their own process either way",
  },
  {
    name: 'MEDIA_DIR',
    group: 'shop',
    default: '$DATA_DIR/media',
    meaning: 'product and banner images (`/demo/...` paths), resized on request and cached under `.cache/`',
  },
  {
    name: 'BANNERS_DIR',
    group: 'shop',
    default: '$DATA_DIR/banners',
    meaning:
      "banner JSON per store view (`lt.json`, `en.json`, `ru.json`): an object of banner kinds (`banner`, `slider`, `category_banner`, `product_banner`, `multi_banner`, `small_banner`, `head_image`), each a list of `{ id, position, image, title, link, category_id? }`; the file fills only a kind the `banners` table has no banner of in `/vsbridge/home-page` (the table, which the import and the back office's banners screen write, is the one source: staff's banners are never hidden by a file); an invalid file is logged with the failing field and ignored. The home page's answer is kept per catalogue version in the catalogue cache: an edited file shows after the next import, or within a minute (the cache's TTL)",
  },
  {
    name: 'SEED_DEMO',
    group: 'shop',
    default: 'true',
    meaning:
      '`false` leaves an empty database empty (a new real shop). The demo is seeded only into an empty database, never again after `npm run demo:remove`; while the shop runs on it (meta `demo_catalog`) the start log warns `DEMO SHOP: ...`',
  },
  {
    name: 'ADMIN_TOKEN',
    group: 'api',
    default: 'unset',
    meaning:
      "bearer token of automation: the catalogue import (`POST /vsbridge/admin/catalog/import`) and the ERP's orders export (`GET /vsbridge/admin/orders`), nothing else (staff work needs a staff session). At least 32 characters (`openssl rand -base64 32`), or the shop refuses to start; unset means those calls answer 401. Wrong tokens are throttled per client address (`RATE_LIMIT_ADMIN_TOKEN_ADDRESS`) and every use and failure is audited (actor `admin-token`)",
  },
  {
    name: 'API_URL',
    group: 'shop',
    default: '—',
    meaning: 'run this process as storefront only, reading the API at that URL',
  },
  {
    name: 'WEB_BUILD_DIR',
    group: 'shop',
    default: 'apps/web/build',
    meaning: 'where the storefront build is read from',
  },
  {
    name: 'VITRINA_WEB_BUILD_DIR',
    group: 'shop',
    default: '`build` (in `apps/web`)',
    meaning:
      "build: where `npm run build -w @vitrina/web` writes the storefront. A folder outside the checkout (e.g. `/tmp/build-x`) cannot resolve the server bundle's packages: run the server or the e2e journeys on it with `NODE_PATH=$PWD/node_modules`",
  },
  {
    name: 'VITRINA_BROWSER_RENDERER',
    group: 'shop',
    default: '`react`',
    meaning:
      "build: `preact` builds the storefront's browser code on Preact (`preact/compat`) instead of React, the server's render staying React; an A/B, not adopted (docs/decisions/0008-react-stays-preact-was-tried-twice-and-is-not-adopted.md). With it, `npx vitest run` runs the storefront's component tests on Preact",
  },
  {
    name: 'LOG_LEVEL',
    group: 'shop',
    default: 'info',
    meaning: 'pino log level',
  },
  {
    name: 'TRUST_PROXY',
    group: 'shop',
    default: 'off',
    meaning:
      "whose `X-Forwarded-For` names the client (rate limits, request log); read by the server and the API alike. Off: nobody's, the TCP peer is the client. A comma list of the reverse proxies' addresses/CIDRs (`10.0.0.0/8,127.0.0.1`; also `loopback`, `linklocal`, `uniquelocal`): the header is believed from those only. A number (`1`): that many proxy hops, safe only when nothing but the proxies can reach the shop's port. `true` is refused: every client could choose the address its rate limits count against",
  },
  {
    name: 'NODE_ENV',
    group: 'shop',
    default: '`production` under `npm start`',
    meaning:
      '`production`: the server serves the built storefront, and the start log warns about settings a real shop must not leave unset; `development` (under `npm run dev`): pages render through Vite',
  },
  {
    name: 'NODE_OPTIONS',
    group: 'shop',
    default: '—',
    meaning:
      "Node's own; a `--max-semi-space-size` here applies to every thread of the shop and overrides the embedded database thread's small young generation (6 MB, packages/db/src/pglite-threaded.ts): without it each isolate has V8's default (up to 16 MB semi-spaces); 64 shortens the tail of search latency beside a large in-memory search index (p95 9.2 → 7.8 ms at 100k products) at the price of ~150-230 MB of RSS under load. `npm start` and the benches that start the shop add `--heap-growing-percent=50` (Node refuses it in `NODE_OPTIONS`): the old generation grows by at most half of what survived its last full collection, which took the demo shop's RSS under rendered load from ~590 to ~430 MB at the same throughput (scripts/shop-node-flags.mjs gives the figures)",
  },
  {
    name: 'MALLOC_MMAP_THRESHOLD_',
    group: 'shop',
    default: '`131072` under `npm start` and the benches',
    meaning:
      "glibc's: allocations of this many bytes or more are mapped on their own and given back to the system when freed (`scripts/shop-node-flags.mjs`). glibc's default raises the threshold as large blocks are freed, after which the search index's large arrays, grown and trimmed while it builds, leave holes it keeps: 631 MB RSS without it, 496–590 MB with it (100k products, three store views, idle). A value of yours wins; set it yourself where the shop is started otherwise (a container's `node apps/server/dist/server.mjs`)",
  },
  {
    name: 'PAGE_CACHE',
    group: 'shop',
    default: 'memory',
    meaning:
      "`memory` (the default): server-rendered pages cached by URL and store view (`apps/server/src/page-cache.ts`), tagged with the spec's page tags, invalidated when the catalogue version moves (all catalogue tags) or products are re-indexed (tag `product`); never for requests with cookies or Authorization, checkout and account pages. A page is checked against the data at most once per `CATALOG_VERSION_TTL_MS`. `off` renders every page (as the spec's shop runs it; see docs/decisions/); needs the in-process API (ignored with `API_URL`)",
  },
  {
    name: 'PAGE_CACHE_TTL_S',
    group: 'shop',
    default: '86400',
    meaning: 'how long a cached page is kept, in seconds (spec §9)',
  },
  {
    name: 'PAGE_CACHE_ENTRIES',
    group: 'shop',
    default: '5000',
    meaning: 'most pages the page cache holds',
  },
  {
    name: 'PAGE_CACHE_MB',
    group: 'shop',
    default: '64',
    meaning: 'most megabytes the page cache holds (64 MB: about 600 pages of about 110 KB)',
  },
  {
    name: 'PUBLIC_URL',
    group: 'shop',
    default: 'http://localhost:3000',
    meaning:
      "the shop's public origin (`https://shop.example`; a path is refused). Every page is rendered on it: canonical links, hreflang, `og:url` and JSON-LD never take a request's `Host` or `X-Forwarded-Host`, so a forged header cannot reach a (cached) page. The API reads the same variable (e-mail links, payment callbacks). With `NODE_ENV=production` and no `PUBLIC_URL` the start log warns",
  },
  {
    name: 'COD_FEE_CENTS',
    group: 'api',
    default: '300',
    meaning:
      "first-start default of the settings' cash on delivery collection fee (the back office's Settings after that): cents **incl. VAT** (what the shopper pays; unlike the import file's amounts, which are net). The spec's texts disagree (€2.00 in English, 3,00 € in Lithuanian and in the displayed texts): one configured amount, 3.00 € by default. It wins over the `fee` of the imported `cashondelivery` method; it is offered on the method, shown in the checkout's totals and charged by the order alike.",
  },
  {
    name: 'COD_PAYMENT_CODE',
    group: 'api',
    default: 'cashondelivery',
    meaning: 'payment method code that carries the COD fee and is hidden for virtual carts',
  },
  {
    name: 'OUT_OF_STOCK_LISTING',
    group: 'api',
    default: 'true',
    meaning:
      'list sold-out products in catalogue listings and search, after the available ones (decision record "Sold-out products stay listed"); `false`: the spec\'s rule, search requires `total_qty` above 0 (unless by id, sku or url_path) and `is_in_stock`',
  },
  {
    name: 'SEARCH_TIMEOUT_MS',
    group: 'api',
    default: '1000',
    meaning: 'PostgreSQL `statement_timeout` of a catalogue search (spec §9 "1000 ms server")',
  },
  {
    name: 'SEARCH_TYPO_THRESHOLD',
    group: 'api',
    default: '0.4',
    meaning: 'trigram word similarity (0..1) at which a search term matches a product with a typo',
  },
  {
    name: 'SEARCH_INDEX',
    group: 'api',
    default: 'memory',
    meaning:
      '`memory`: product search answered by the in-process index (catalog/search/search-index.ts) in front of SQL; `sql`: SQL only',
  },
  {
    name: 'PRICE_RANGES',
    group: 'api',
    default: "`0-50,50-100,100-150,150-` (the domain's PRICE_RANGES)",
    meaning: 'price aggregation buckets in euros incl. tax (spec §9); bucket keys `0.0-50.0` ... `150.0-*`',
  },
  {
    name: 'CATALOG_VERSION_TTL_MS',
    group: 'api',
    default: '1000',
    meaning:
      "how long the API reuses a read of the catalogue version (a server render asks several times); an import through the admin API is seen at once, another process's within this time; `0` reads it every time",
  },
  {
    name: 'CART_ANSWERS_ENTRIES',
    group: 'api',
    default: '2000',
    meaning:
      "most answers of cart reads (`cart/pull`, `cart/totals`) a process holds, serialised (a 20-line cart's totals: about 3.4 KB); a read answers the held one when the database shows the cart unchanged (one statement) and the catalogue version, the customer's group, the tax destination, the COD fee and the coupon's window are as they were; the least recently read dropped first; `0` holds none",
  },
  {
    name: 'CATALOG_CACHE_ENTRIES',
    group: 'api',
    default: '2000',
    meaning:
      'in-process LRU of catalogue answers (key: hash of query + catalogue version), and of the shop data every page reads (home page banners and configuration, store information, delivery options: they change only by an import, which moves the version); entries expire after a minute; `0` turns it off',
  },
  {
    name: 'CATALOG_CACHE_MB',
    group: 'api',
    default: '64',
    meaning:
      "the same cache's memory budget: the estimated heap the cached answers take (4 bytes per character of their JSON), whichever of the two limits is reached first; `0` turns it off",
  },
  {
    name: 'IMAGE_SIZES',
    group: 'api',
    default: '150,266,300,400,452,600,800,1000,1200,1600,1920',
    meaning: 'allowed widths/heights of `/vsbridge/image/{w}/{h}/resize/...` (none above 2000)',
  },
  {
    name: 'IMAGE_MEMORY_CACHE_MB',
    group: 'api',
    default: '64',
    meaning: 'in-memory LRU of resized images',
  },
  {
    name: 'IMAGE_DISK_CACHE_MB',
    group: 'api',
    default: '1024',
    meaning:
      'disk cache of resized images (`MEDIA_DIR/.cache`): above it the least recently used copies are deleted (down to 90%); `0` keeps none on disk',
  },
  {
    name: 'IMAGE_RESIZE_CONCURRENCY',
    group: 'api',
    default: '2',
    meaning: 'resizes running at once (each decodes an original and takes a core)',
  },
  {
    name: 'IMAGE_RESIZE_QUEUE',
    group: 'api',
    default: '32',
    meaning: 'resizes waiting for a free slot; beyond that a request answers 503 with `Retry-After: 1`',
  },
  {
    name: 'IMAGE_MAX_PIXELS',
    group: 'api',
    default: '50000000',
    meaning:
      'largest original (width × height) that is decoded; a larger one answers 422, before decoding (a decompression bomb). An image uploaded in the back office above it is refused (413) before it is stored',
  },
  {
    name: 'IMAGE_UPLOAD_MAX_MB',
    group: 'api',
    default: '10',
    meaning:
      "largest image file (JPEG, PNG or WebP) the back office takes for a product or a banner, in MB; a larger one answers 413 naming the limit. The upload routes (the API's `/vsbridge/staff/media` and the back-office pages that post a file) take this much plus 64 KiB for the form's other fields; every other form keeps FORM_BODY_LIMIT",
  },
  {
    name: 'API_BODY_LIMIT',
    group: 'api',
    default: '1048576',
    meaning:
      'body limit of ordinary API calls in bytes (the catalogue import has its own 200 MB); a larger body answers 413 naming the limit, after the rest of it (up to 32 MB) has been read, so that the client can read the answer',
  },
  {
    name: 'REDIS_URL',
    group: 'api',
    default: 'unset',
    meaning:
      'the rate-limit counters (login, reset, sign-up, newsletter, contact, stock alerts) live in this Redis and are shared by every process (`auth/redis-rate-limit.ts`); unset: in the process (at most 100 000 keys; a flood of new keys never evicts an active lockout, and a table full of lockouts refuses new keys). Give the counters a Redis with `maxmemory-policy noeviction` (or `volatile-ttl` with room to spare): an `allkeys-*` eviction policy lets a flood of keys evict lockouts. The catalogue cache stays per process',
  },
  {
    name: 'AUTH_SECRET',
    group: 'api',
    default: 'generated',
    meaning:
      'key of the access tokens (HS256) and of the refresh-token successors; at least 32 characters. Unset: a random one is generated on the first start and kept in the `meta` table (key `auth_secret`), so restarts and other processes on the same database keep the sessions. Set it in production (then the database alone cannot mint tokens); changing it ends every session.',
  },
  {
    name: 'ACCESS_TOKEN_TTL_SECONDS',
    group: 'api',
    default: '900',
    meaning: 'lifetime of an access token (15 min)',
  },
  {
    name: 'REFRESH_TOKEN_TTL_DAYS',
    group: 'api',
    default: '30',
    meaning: 'lifetime of a refresh token; each rotation starts a new one',
  },
  {
    name: 'REFRESH_REUSE_GRACE_SECONDS',
    group: 'api',
    default: '10',
    meaning:
      'a rotated refresh token presented again within this time answers the same new pair; later it revokes the whole session',
  },
  {
    name: 'PASSWORD_RESET_TTL_MINUTES',
    group: 'api',
    default: '60',
    meaning: 'validity of a password reset link (single use)',
  },
  {
    name: 'RATE_LIMIT_LOGIN_ACCOUNT',
    group: 'api',
    default: '10/900',
    meaning:
      "login attempts per account (e-mail, registered or not) per window, as `count/seconds` (`0` turns a limit off); a successful login clears the account's count; change-password's current-password checks count here too",
  },
  {
    name: 'RATE_LIMIT_LOGIN_ADDRESS',
    group: 'api',
    default: '50/900',
    meaning: 'login attempts per client address (all of them)',
  },
  {
    name: 'RATE_LIMIT_RESET_ACCOUNT',
    group: 'api',
    default: '3/3600',
    meaning: 'password reset e-mails per account',
  },
  {
    name: 'RATE_LIMIT_RESET_ADDRESS',
    group: 'api',
    default: '10/3600',
    meaning: 'password reset requests per client address',
  },
  {
    name: 'RATE_LIMIT_SIGNUP_ADDRESS',
    group: 'api',
    default: '20/3600',
    meaning: 'accounts created per client address',
  },
  {
    name: 'RATE_LIMIT_NEWSLETTER_ADDRESS',
    group: 'api',
    default: '20/3600',
    meaning: 'newsletter subscriptions per client address',
  },
  {
    name: 'RATE_LIMIT_NEWSLETTER_EMAIL',
    group: 'api',
    default: '3/3600',
    meaning: 'confirmation e-mails per subscribed address',
  },
  {
    name: 'RATE_LIMIT_CONTACT_ADDRESS',
    group: 'api',
    default: '5/3600',
    meaning: 'contact messages per client address',
  },
  {
    name: 'MAIL_FROM',
    group: 'api',
    default: 'Vitrina <no-reply@localhost>',
    meaning: "sender of the shop's e-mails",
  },
  {
    name: 'CONTACT_EMAIL',
    group: 'api',
    default: 'info@localhost',
    meaning: 'where contact form messages are e-mailed',
  },
  {
    name: 'ORDERS_EMAIL',
    group: 'api',
    default: 'unset',
    meaning:
      "the shop's new-order notice (number, buyer, methods, lines, total; in Lithuanian) goes to this address, once per order; unset: no notice",
  },
  {
    name: 'MAIL_OUTBOX_INTERVAL_MS',
    group: 'api',
    default: '5000',
    meaning:
      'how often the outbox processor sends pending e-mails (LogTransport: to the log); `0` turns it off',
  },
  {
    name: 'EXPOSE_OUTBOX',
    group: 'api',
    default: 'false',
    meaning:
      '`true` serves `GET /vsbridge/mail/outbox?kind&to` (the e-mails written, newest first) and keeps sent e-mails unredacted: for browser tests that follow links in e-mails. Never in production.',
  },
  {
    name: 'SMTP_URL',
    group: 'api',
    default: 'unset',
    meaning:
      'e-mails leave through this SMTP server (`smtp://user:pass@host:587`, `smtps://host:465`; nodemailer)',
  },
  {
    name: 'MAIL_DIR',
    group: 'api',
    default: '$DATA_DIR/mail',
    meaning:
      'without `SMTP_URL`: each e-mail is written there as an `.eml` file (the shop server always passes its data folder; a bare API without `DATA_DIR` or `MAIL_DIR` writes e-mails to the log)',
  },
  {
    name: 'RATE_LIMIT_STOCK_ALERT_ADDRESS',
    group: 'api',
    default: '20/3600',
    meaning: 'back-in-stock requests per client address',
  },
  {
    name: 'DEMO_SPECIAL_OFFERS',
    group: 'api',
    default: '`true` unless `SEED_DEMO=false`',
    meaning:
      'in a shop whose catalogue was seeded with the demo one (meta `demo_catalog`), every new customer gets three special offers labelled "demo" (10% off listed products in stock), so `/special-offers` has something to show; real offers are set with `PUT /vsbridge/admin/special-offers` (admin token); none once the demo data is removed (`npm run demo:remove`)',
  },
  {
    name: 'CATALOG_PRICES_INCLUDE_TAX',
    group: 'api',
    default: 'false',
    meaning:
      "Magento's \"Catalog Prices Include Tax\": `true`, every product price entered (the back office's product form, its price CSV, the import file's `price` and `special_price`) is the GROSS price at the default country's rate (LT 21 %), as a Lithuanian shop writes it. The gross is stored as typed and listed and charged to the cent in that country (and everywhere under `CROSS_BORDER_TRADE`); its net is made from it (gross × 100 / (100 + rate)) and is what other destinations' VAT is added to. Net cents alone cannot reach every gross (449,00 € has no net: 371,07 € makes 448,99 €). Default `false` because the import file's format has always said net, and turning this on changes what every existing file means; a shop writing gross prices turns it on before its first import. Shipping prices, fees and coupon amounts stay net",
  },
  {
    name: 'CROSS_BORDER_TRADE',
    group: 'api',
    default: 'false',
    meaning:
      "VAT by destination: off, every amount (products, shipping, payment fees, fixed coupons, coupon minimums, free-shipping thresholds; all imported net of VAT) is charged net × (1 + the delivery country's rate), the tax rounded half up to the cent, in the cart, its totals and the order: an Estonian address pays 24 %, a Lithuanian 21 %, and the shop's net income is the same; before an address is given, the store view's default country (LT). The checkout says \"Prices include Estonian VAT 24 %\" when the rate differs from the default country's. `true` (Magento's \"Cross Border Trade\"): every country pays the default country's gross price and only the VAT contained in it is taken at the delivery country's rate (the shop's behaviour before VAT by destination). Listings and product pages show the default country's gross either way; `COD_FEE_CENTS` is a gross amount and never changes",
  },
  {
    name: 'URL_DISPATCHER',
    group: 'api',
    default: 'false',
    meaning:
      'For a shop moving from Magento: `true` serves categories, products and CMS pages at their `url_path` (a category at its path, e.g. `/nesiojami-kompiuteriai`; a product at the `url_path` its import file gave, e.g. `/nesiojami-kompiuteriai/lenovo-t14.html`, else at `/p/{sku}/{slug}`; a CMS page at `/{slug}`; `/en` and `/ru` prefixed in those store views); `/api/url/map` maps such a bare path, `/c/…`, `/p/…` and `/i/…` answer 301 to it, and canonical links and hreflang name it. Read by the API and by the storefront process',
  },
  {
    name: 'GROUP_PRICING',
    group: 'api',
    default: 'false',
    meaning:
      "customer-group price tiers (`customer_groups.discount_percent`, set in the import file's `customer_groups`; demo groups 2 = 5%, 3 = 10%): login/refresh answer `meta.groupId` and a signed `meta.groupToken`, `/user/me` answers `group_token`; the render list, catalogue search and URL map price products at the tier of a valid group token or customer token; the cart (lines, totals) and orders charge the tier of the cart's owner (an order without a server cart: the customer of the request's token), never of anything the body names, so the price shown and the price charged agree to the cent; a guest pays the base price. The storefront keeps `groupToken`/`groupId` in the user store, sends `groupToken` on catalogue reads and re-prices the visible prices through the render list after login or a group change (SSR pages stay base-priced: they are shared). A group with a `customer_groups.tax_class_id` (customer tax class) makes its customers' cart and orders, and the prices answered for that group (search, render list, URL map), use the tax rules listing that class",
  },
  {
    name: 'NEOPAY_PROJECT_ID',
    group: 'payment',
    default: 'unset',
    meaning: 'NEOPAY project id; with `NEOPAY_PROJECT_KEY` turns the real NEOPAY adapter on',
  },
  {
    name: 'NEOPAY_PROJECT_KEY',
    group: 'payment',
    default: 'unset',
    meaning:
      "NEOPAY project key: signs the payment request (HS256) and verifies NEOPAY's return and notification tokens",
  },
  {
    name: 'NEOPAY_API_URL',
    group: 'payment',
    default: 'https://psd2.neopay.lt',
    meaning:
      'NEOPAY base URL: widget `{url}/widget.html?{token}`, bank list `{url}/api/countries/{projectId}`',
  },
  {
    name: 'MOKILIZINGAS_MERCHANT_ID',
    group: 'payment',
    default: 'unset',
    meaning: 'MOKILIZINGAS merchant id; with the secret and URL turns the real adapter on',
  },
  {
    name: 'MOKILIZINGAS_SECRET',
    group: 'payment',
    default: 'unset',
    meaning: 'shared secret: signs the request and verifies the callback (HS256)',
  },
  {
    name: 'MOKILIZINGAS_URL',
    group: 'payment',
    default: 'unset',
    meaning: 'MOKILIZINGAS application page the browser is sent to (`?token=`)',
  },
  {
    name: 'PAYMENT_SANDBOX',
    group: 'payment',
    default: 'unset: only in the demo shop',
    meaning:
      'what a provider without credentials does. `true`: runs the local sandbox (`/vsbridge/payment/sandbox/...`, "no money moves"; anyone can mark their own order paid). `false`: is off. Unset: the sandbox runs only while the shop runs on the seeded demo catalogue (meta `demo_catalog`) and neither provider has credentials; otherwise the provider is off. An off provider is not offered at checkout, an order cannot choose it, and its routes answer 503.',
  },
  {
    name: 'UNPAID_ORDER_TTL_MINUTES',
    group: 'api',
    default: '60',
    meaning:
      'an order still awaiting online payment (a payment method that is not `offline`: NEOPAY, MOKILIZINGAS; never cash on delivery or bank transfer) this long after it was placed is cancelled, its units go back to stock, and its page (account and order-token page) says it was not paid in time; its payment link leads to that page. A payment that arrives later revives the order when all its units are still there; otherwise the order stays cancelled with payment status `refund_due` and an `order.refund-due` outbox row tells the staff to refund it',
  },
  {
    name: 'PRICE_WINDOW_REFRESH_MS',
    group: 'api',
    default: '60000',
    meaning:
      'how often the products whose special-price window opened or closed are re-indexed (`apps/api/src/catalog/price-windows.ts`; also once at start), in the API itself, so the API run on its own never charges an expired special price; `0`: not in this process',
  },
  {
    name: 'TAX_SCHEDULE_INTERVAL_MS',
    group: 'api',
    default: '60000',
    meaning:
      'how often the VAT rate changes scheduled in the back office are looked at and the due ones applied (`apps/api/src/settings/scheduled-tax-rates.ts`; also once at start): a change for a day applies within this long after 00:00 Europe/Vilnius of it; `0`: not in this process',
  },
  {
    name: 'UNPAID_ORDER_SWEEP_INTERVAL_MS',
    group: 'api',
    default: '60000',
    meaning:
      'how often the API process cancels such orders (the API alone does it too); `0` turns the sweep off in this process, so another process must run it',
  },
  {
    name: 'UNPAID_ORDERS_MAX_PER_CUSTOMER',
    group: 'api',
    default: '3',
    meaning:
      'open orders awaiting online payment one customer may have; one more answers 429 "Too many orders are waiting for online payment". `0`: no cap',
  },
  {
    name: 'UNPAID_ORDERS_MAX_PER_ADDRESS',
    group: 'api',
    default: '10',
    meaning:
      'the same per client address (guests included); higher than per customer because offices and mobile networks share addresses. `0`: no cap',
  },
  {
    name: 'SHOP_NAME',
    group: 'api',
    default: 'Vitrina',
    meaning:
      "FIRST-START DEFAULT ONLY: the shop's name in every store view. The `SHOP_*` variables (and `COD_FEE_CENTS`) seed the shop's settings row (`apps/api/src/settings/service.ts`) when it does not exist yet; from then on an administrator keeps them in the back office (Settings) and they are not read again, so a restart without them blanks nothing",
  },
  {
    name: 'SHOP_COMPANY_NAME',
    group: 'api',
    default: 'empty',
    meaning:
      'first-start default: the seller\'s legal name on VAT invoices. Invoices are refused (409, saying why) until the settings hold the name, company code, VAT code and address; while the settings hold no seller detail and the shop runs on the demo catalogue, the footer shows fictional details marked "Demo company details"',
  },
  {
    name: 'SHOP_COMPANY_CODE',
    group: 'api',
    default: 'empty',
    meaning: "first-start default: the seller's company code (įmonės kodas)",
  },
  {
    name: 'SHOP_VAT_CODE',
    group: 'api',
    default: 'empty',
    meaning: "first-start default: the seller's VAT code (PVM mokėtojo kodas), e.g. `LT100000000000`",
  },
  {
    name: 'SHOP_ADDRESS',
    group: 'api',
    default: 'empty',
    meaning: "first-start default: the seller's registered address, one line",
  },
  {
    name: 'SHOP_PHONE',
    group: 'api',
    default: 'empty',
    meaning: "first-start default: the seller's phone",
  },
  {
    name: 'SHOP_EMAIL',
    group: 'api',
    default: "`CONTACT_EMAIL`'s address",
    meaning: "first-start default: the seller's e-mail",
  },
  {
    name: 'SHOP_BANK_NAME',
    group: 'api',
    default: 'empty',
    meaning: 'first-start default: the bank of `SHOP_IBAN`',
  },
  {
    name: 'SHOP_IBAN',
    group: 'api',
    default: 'empty',
    meaning:
      'first-start default: the account buyers pay to (IBAN, checksum checked at start). Bank transfer is offered only while the settings hold a bank name, a valid IBAN and the company name; its thank-you page, order page and confirmation e-mail then show the account, the amount, the reference and the due date',
  },
  {
    name: 'SHOP_SWIFT',
    group: 'api',
    default: 'empty',
    meaning: "first-start default: the bank's SWIFT/BIC",
  },
  {
    name: 'INVOICE_PREFIX',
    group: 'api',
    default: 'VIT-',
    meaning:
      'the invoice number series: prefix + six digits (`VIT-000001`), gap-free, one number per order, taken when the invoice is due (docs/money-after-sale.md)',
  },
  {
    name: 'CREDIT_NOTE_PREFIX',
    group: 'api',
    default: 'VITK-',
    meaning:
      'the credit note number series (kreditinės PVM sąskaitos faktūros): prefix + six digits, gap-free, its own; must differ from `INVOICE_PREFIX`',
  },
  {
    name: 'WEBHOOK_URLS',
    group: 'api',
    default: 'unset',
    meaning:
      'FIRST-START DEFAULT ONLY: comma list of http(s) URLs; the first time it is set, each becomes a webhook endpoint receiving every event, signed with `WEBHOOK_SECRET` (see docs/integration.md). From then on an administrator keeps the endpoints in the back office (Webhooks) and this is not read again, so an endpoint removed there stays removed',
  },
  {
    name: 'WEBHOOK_SECRET',
    group: 'api',
    default: 'unset',
    meaning:
      'FIRST-START DEFAULT ONLY: the HMAC-SHA256 key of `Vitrina-Signature` for the endpoints made from `WEBHOOK_URLS`; at least 16 characters, required with it. Endpoints added in the back office get a secret the server makes (shown once). Secrets are stored encrypted under a key derived from `AUTH_SECRET`: changing `AUTH_SECRET` makes them unreadable (the delivery log says so; "Make a new secret" fixes it)',
  },
  {
    name: 'WEBHOOK_INTERVAL_MS',
    group: 'api',
    default: '2000',
    meaning: 'how often pending deliveries are sent; `0`: not in this process',
  },
  {
    name: 'WEBHOOK_TIMEOUT_MS',
    group: 'api',
    default: '5000',
    meaning: 'a receiver slower than this counts as a failure (retried)',
  },
  {
    name: 'WEBHOOK_MAX_ATTEMPTS',
    group: 'api',
    default: '12',
    meaning:
      'attempts per delivery (backoff 10 s, 20 s, 40 s … capped at 1 h, about 11 h in all) before it is marked `failed`',
  },
  {
    name: 'METRICS_TOKEN',
    group: 'api',
    default: 'unset',
    meaning:
      'bearer token of `GET /metrics`; unset: `/metrics` answers only requests from the machine itself (loopback). In production (`NODE_ENV=production`) behind a proxy (`TRUST_PROXY` set) the shop refuses to start without it (ops/start-checks.ts, which also refuses `EXPOSE_OUTBOX=true` and warns of a missing `AUTH_SECRET` or `SMTP_URL`)',
  },
  {
    name: 'STAFF_SESSION_IDLE_MINUTES',
    group: 'api',
    default: '30',
    meaning: 'a back-office session ends after this long without a request',
  },
  {
    name: 'STAFF_SESSION_MAX_HOURS',
    group: 'api',
    default: '10',
    meaning: 'a back-office session ends this long after its login, however busy',
  },
  {
    name: 'STAFF_2FA_REQUIRED',
    group: 'api',
    default: 'false',
    meaning:
      'true: an admin without a two-factor login (an authenticator app) is sent to set it up before anything else in the back office, and the API refuses them every other staff route (403)',
  },
  {
    name: 'RATE_LIMIT_STAFF_LOGIN_ACCOUNT',
    group: 'api',
    default: '5/900',
    meaning:
      'staff login attempts per staff e-mail **and client address** per window (`count/seconds`); a success clears the count. Per pair, so that nobody elsewhere can lock a staff member out by failing on purpose',
  },
  {
    name: 'RATE_LIMIT_STAFF_LOGIN_ADDRESS',
    group: 'api',
    default: '20/900',
    meaning: 'back-office login attempts per client address',
  },
  {
    name: 'TEST_PGLITE_THREAD',
    group: 'tools',
    default: '0',
    meaning:
      '`npm test`: `1` runs the PGlite test databases in a worker thread, as the shop runs its own by default (`PGLITE_THREAD`); `npm run test:thread` runs the transaction-heavy suites so',
  },
  {
    name: 'TEST_DATABASE_URL',
    group: 'tools',
    default: '—',
    meaning:
      '`npm test`: also run the database tests against this PostgreSQL server (each file creates and drops its own database)',
  },
  {
    name: 'TEST_REDIS_URL',
    group: 'tools',
    default: '—',
    meaning:
      '`npm test`: also run the Redis rate-limiter tests against this Redis (e.g. `redis://127.0.0.1:6379`); skipped otherwise',
  },
  {
    name: 'FUZZ_RUNS',
    group: 'tools',
    default: '12',
    meaning:
      '`apps/api/test/api-fuzz.test.ts`: generated requests per API operation, on top of its fixed hostile cases; e.g. `FUZZ_RUNS=500 npx vitest run apps/api/test/api-fuzz.test.ts` for a longer local run',
  },
  {
    name: 'FUZZ_SEED',
    group: 'tools',
    default: '20261124',
    meaning: '`apps/api/test/api-fuzz.test.ts`: the seed of the generated requests (printed by each run)',
  },
  {
    name: 'CHROME_PATH',
    group: 'tools',
    default: '/usr/bin/chromium',
    meaning: 'e2e: the Chromium executable',
  },
  {
    name: 'E2E_DATA_DIR',
    group: 'tools',
    default: 'temporary',
    meaning: "e2e: keep the journeys' shop data in this folder",
  },
  {
    name: 'E2E_PORT',
    group: 'tools',
    default: 'a free port',
    meaning:
      "e2e: the port the journeys' shop listens on (a machine where each runner keeps to its own ports)",
  },
  {
    name: 'BENCH_ONLY',
    group: 'tools',
    default: 'search,ssr',
    meaning:
      '`npm run bench`: which benches run (`search`, `ssr`, `ssr-ab`, `cart`, `mix`, `flash`, `image`, `product-save`, `serialise`, `lighthouse`, `js`, `hydration`, `interactions`)',
  },
  {
    name: 'BENCH_SAVE_ROUNDS',
    group: 'tools',
    default: '20',
    meaning:
      "`BENCH_ONLY=product-save`: back-office saves of one product's price measured on the demo catalogue, each until the storefront's catalogue answers show it",
  },
  {
    name: 'BENCH_CART_CALLS',
    group: 'tools',
    default: '300',
    meaning:
      "`BENCH_ONLY=cart`: calls measured per kind (create, pull, totals, update; carts of 1 and 20 lines); the shop's CPU per call on PGlite, and on PostgreSQL too when `BENCH_DATABASE_URL` (else `TEST_DATABASE_URL`) is set",
  },
  {
    name: 'BENCH_CART_KINDS',
    group: 'tools',
    default: '',
    meaning:
      '`BENCH_ONLY=cart`: only the kinds of call whose label contains this text (e.g. `totals, 20`); empty: every kind',
  },
  {
    name: 'BENCH_CART_PGLITE',
    group: 'tools',
    default: '1',
    meaning: '`BENCH_ONLY=cart`: `0` skips the run on the embedded database (PostgreSQL only)',
  },
  {
    name: 'BENCH_SHOP_CHECKOUT',
    group: 'tools',
    default: '',
    meaning:
      "`BENCH_ONLY=mix`, `flash`, `interactions`, `lighthouse` and `lighthouse-tasks`: another checkout's built shop is run under this checkout's load generator or driver (its data in `BENCH_DATA_DIR`), for an A/B pair with the same figures; empty: this checkout's shop",
  },
  {
    name: 'BENCH_CART_PROFILE',
    group: 'tools',
    default: '',
    meaning:
      "`BENCH_ONLY=cart`: a directory where V8's CPU profile of the measured batches is written, one file per database",
  },
  {
    name: 'BENCH_SHOPPERS',
    group: 'tools',
    default: '100',
    meaning:
      '`BENCH_ONLY=mix`: closed-loop shoppers (browse 30 %, search 30 %, cart 36 %, checkout 4 %), the load generator in its own process',
  },
  {
    name: 'BENCH_MIX_EMBEDDED',
    group: 'tools',
    default: '1',
    meaning:
      '`BENCH_ONLY=mix` and `flash`: `0` skips the run on the embedded database, so that with `BENCH_DATABASE_URL` only PostgreSQL + Redis is measured',
  },
  {
    name: 'BENCH_MIX_KINDS',
    group: 'tools',
    default: 'browse,search,cart,checkout',
    meaning:
      '`BENCH_ONLY=mix`: only these kinds of step (a comma list, e.g. `browse`), in their usual shares',
  },
  {
    name: 'BENCH_ORDERS',
    group: 'tools',
    default: '60',
    meaning:
      "`BENCH_ONLY=order-mail`: guest orders placed and their e-mails sent through the outbox (after 6 of warm-up); the shop's CPU per order",
  },
  {
    name: 'BENCH_MIX_SECONDS',
    group: 'tools',
    default: '20',
    meaning: '`BENCH_ONLY=mix`: seconds measured, after the warm-up',
  },
  {
    name: 'BENCH_MIX_WARMUP_SECONDS',
    group: 'tools',
    default: '5',
    meaning: '`BENCH_ONLY=mix`: seconds of warm-up, not measured',
  },
  {
    name: 'BENCH_FLASH_SHOPPERS',
    group: 'tools',
    default: '500',
    meaning: '`BENCH_ONLY=flash`: shoppers placing their orders for one product at the same moment',
  },
  {
    name: 'BENCH_FLASH_UNITS',
    group: 'tools',
    default: '20',
    meaning: '`BENCH_ONLY=flash`: units of the product on sale; exactly this many orders must be placed',
  },
  {
    name: 'BENCH_PORT',
    group: 'tools',
    default: '(a free port)',
    meaning: 'benchmarks: the port of the shop they start, for a machine shared with other runs',
  },
  {
    name: 'BENCH_PROFILE_DIR',
    group: 'tools',
    default: '(none)',
    meaning:
      'benchmarks: each shop process writes a CPU profile (`--cpu-prof`) into this folder when it stops',
  },
  {
    name: 'BENCH_PRODUCTS',
    group: 'tools',
    default: '100000',
    meaning: '`npm run bench`: the size of the generated catalogue of the search bench',
  },
  {
    name: 'BENCH_DATABASE_URL',
    group: 'tools',
    default: '—',
    meaning:
      '`npm run bench`: PostgreSQL instead of PGlite (`cart`: in addition to PGlite, on a scratch database it creates and drops)',
  },
  {
    name: 'BENCH_VERBOSE',
    group: 'tools',
    default: '—',
    meaning: '`BENCH_ONLY=js`: also list each JavaScript file a page loaded with its gzip size',
  },
  {
    name: 'FIRST_LOAD_MODULES_MIN_BYTES',
    group: 'tools',
    default: '300',
    meaning:
      '`node scripts/first-load-modules.mjs`: the least gzip bytes a module must weigh to be listed by name (the rest are counted in their group)',
  },
  {
    name: 'BENCH_HYDRATION_RUNS',
    group: 'tools',
    default: '3',
    meaning:
      '`BENCH_ONLY=hydration`: loads of each page at 4× CPU slowdown; prints the worst and median hydration task, longest task, long tasks and their time past 50 ms',
  },
  {
    name: 'BENCH_BASE',
    group: 'tools',
    default: '—',
    meaning:
      "`BENCH_ONLY=ssr-ab`: another built checkout (`git worktree add`, its node_modules, `npm run build` there) whose uncached server rendering is measured against this one's, both shops side by side (one SSR bench run moves by ±15 % here); prints the medians of the shop CPU per answer and their difference",
  },
  {
    name: 'BENCH_AB_ROUNDS',
    group: 'tools',
    default: '4',
    meaning: '`BENCH_ONLY=ssr-ab`: rounds, alternating between the two shops',
  },
  {
    name: 'LIGHTHOUSE_PAGES',
    group: 'tools',
    default: '(all: home, category, product, search)',
    meaning:
      '`BENCH_ONLY=lighthouse-tasks`: a comma list of the pages to break down (home, category, product, search)',
  },
  {
    name: 'LIGHTHOUSE_RUNS',
    group: 'tools',
    default: '3',
    meaning:
      "`BENCH_ONLY=lighthouse`: runs per page (each printed, with the first-load JavaScript of the run, the HTML document's bytes on the wire (`doc=`: Lighthouse's simulated phone gets ~14.6 kB in the first round trip and charges each further one, 150 ms, to FCP and LCP) and Lighthouse's `benchmarkIndex` of the browser's CPU, `bench=`: compare scores only between machines of similar index; a JSON summary in `var/bench/lighthouse-*.json`). One run on a page of the bench's own comes first, printed and not counted: a new Chromium's first page pays the browser's start-up",
  },
  {
    name: 'LIGHTHOUSE_TASKS_MIN_MS',
    group: 'tools',
    default: '50',
    meaning:
      "`BENCH_ONLY=lighthouse-tasks`: the least simulated duration (ms, at Lighthouse's CPU multiplier) of a task printed with its breakdown by trace event and script",
  },
  {
    name: 'LIGHTHOUSE_CPU_MULTIPLIER',
    group: 'tools',
    default: '(none: LIGHTHOUSE_TARGET_INDEX or 4)',
    meaning:
      "`BENCH_ONLY=lighthouse`: the simulation's CPU slowdown multiplier, fixed (e.g. `4.9`, what `LIGHTHOUSE_TARGET_INDEX=1400` gives on a quiet machine of the goals' class); takes precedence over `LIGHTHOUSE_TARGET_INDEX`, so alternated passes on a loaded machine use one multiplier instead of each warm-up run's",
  },
  {
    name: 'LIGHTHOUSE_BLOCK_SCRIPTS',
    group: 'tools',
    default: '(none: the scripts load)',
    meaning:
      "`BENCH_ONLY=lighthouse`: `1` blocks the pages' script files (Lighthouse's `blockedUrlPatterns`): the page as the server wrote it, its style, layout and paint without the app's code, the floor the scripts' share of TBT and main-thread work reads against on the machine measuring (`JS=` still sums the scripts the page asked for; best practices lose the blocked requests' errors)",
  },
  {
    name: 'LIGHTHOUSE_BLOCK_URLS',
    group: 'tools',
    default: '(none)',
    meaning:
      '`BENCH_ONLY=lighthouse`: a comma list of URL patterns Lighthouse blocks (`blockedUrlPatterns`, `*` a wildcard), e.g. `*service-worker.js`: a run without one part of the page, read against the same pass with it',
  },
  {
    name: 'LIGHTHOUSE_TARGET_INDEX',
    group: 'tools',
    default: '(none: multiplier 4)',
    meaning:
      "`BENCH_ONLY=lighthouse`: measure as on a machine of this Lighthouse `benchmarkIndex` (the goals' machine class: 1,200-1,600, e.g. `1400`): the simulation's CPU slowdown multiplier becomes 4 × the warm-up run's index / this target (Lighthouse's documented CPU calibration), printed before the runs and per run (`cpu=`)",
  },
  {
    name: 'LIGHTHOUSE_TRACE_DIR',
    group: 'tools',
    default: '(none: traces not kept)',
    meaning:
      "`BENCH_ONLY=lighthouse-tasks`: also writes each run's trace to this folder (Chrome's trace format, opened by DevTools' Performance panel; `node --import tsx bench/lighthouse-tasks.ts <trace>…` breaks kept traces down again)",
  },
  {
    name: 'BENCH_INTERACTION_RUNS',
    group: 'tools',
    default: '5',
    meaning:
      "`BENCH_ONLY=interactions`: runs per interaction (a filter ticked on a category page, another grade chosen on a graded product page, an add to cart), each a first visit in a new browser context; prints the worst and the median of the main thread's task time (`RunTask` on `CrRendererMain`, 4× CPU slowdown) from the input to the settled result, and the longest task",
  },
  {
    name: 'BENCH_INTERACTIONS',
    group: 'tools',
    default: 'filter,grade,add',
    meaning: '`BENCH_ONLY=interactions`: which interactions are measured',
  },
  {
    name: 'BENCH_INTERACTION_TRACE_DIR',
    group: 'tools',
    default: '(none)',
    meaning:
      "`BENCH_ONLY=interactions`: keep each run's trace in this folder (`<interaction>-<run>.json`, for Chromium's Performance panel)",
  },
  {
    name: 'BENCH_INTERACTION_CPU_SLOWDOWN',
    group: 'tools',
    default: '4',
    meaning:
      "`BENCH_ONLY=interactions`: Chromium's CPU slowdown during the interaction (the goal's figure is at 4); 1 on a loaded machine gives each task's own thread time, which the load stretches less",
  },
  {
    name: 'BENCH_INTERACTION_PROFILE',
    group: 'tools',
    default: '(off)',
    meaning:
      "`BENCH_ONLY=interactions`: `1` adds V8's sampling profiler to each run's trace (which functions ran; `bench/trace-profile.ts` sums a trace by event and by function)",
  },
  {
    name: 'BENCH_CONNECTIONS',
    group: 'tools',
    default: '10',
    meaning:
      "the SSR bench: autocannon's connections (the performance goals are measured at 10). It prints req/s and the shop's own CPU time per answer (from /proc): autocannon shares the machine's cores. The shop it starts takes the bench's environment, so `RENDER_THREADS=0 npm run bench` measures it without render threads",
  },
  {
    name: 'BENCH_PAGE_CACHE',
    group: 'tools',
    default: 'off,memory',
    meaning: 'the SSR bench: the page cache settings to measure',
  },
  {
    name: 'BENCH_ACCEPT_ENCODING',
    group: 'tools',
    default: 'gzip, deflate, br, zstd',
    meaning: "the SSR bench: the `Accept-Encoding` its requests send (Chromium's; empty for none)",
  },
  {
    name: 'BENCH_DATA_DIR',
    group: 'tools',
    default: 'var/bench/ssr',
    meaning:
      'the embedded database folder of the shop the SSR and Lighthouse benches start in a child process (bench/shop-process.ts); give each bench its own to run two at once',
  },
  {
    name: 'VITE_OFFLINE_ORDER_AUTO_TRANSMIT',
    group: 'build',
    default: 'false',
    meaning:
      '`true` sends offline orders as soon as the shop is online, without the "Order waiting!" confirmation (the spec: "automatic transmission is disabled by configuration")',
  },
  {
    name: 'VITE_SYNC_MAX_ATTEMPTS',
    group: 'build',
    default: '1',
    meaning:
      'sends per task in one run of the sync queue before it waits for the next start or `online` event (spec §9 "network task maximum attempts by configuration")',
  },
  {
    name: 'API_PORT',
    group: 'tools',
    default: '3001',
    meaning: "`npm run dev`: the port of the shop server (API and seeded database) behind Vite's dev server",
  },
  {
    name: 'VITRINA_MIGRATIONS_DIR',
    group: 'tools',
    default: 'packages/db/migrations',
    meaning:
      'where `migrate` looks for the SQL migrations first; the server bundle sets it to the copy it ships next to itself',
  },
  {
    name: 'E2E_SCREENSHOTS',
    group: 'tools',
    default: 'unset',
    meaning:
      'a folder: the back-office journeys (overview, promotions) also save their screens there, to be looked at',
  },
  {
    name: 'SCREENSHOTS_DIR',
    group: 'tools',
    default: 'var/screenshots',
    meaning: '`npm run screenshots`: the output folder',
  },
  {
    name: 'SCREENSHOTS_FULL',
    group: 'tools',
    default: '—',
    meaning: '`npm run screenshots`: `1` takes whole pages instead of the first screen',
  },
  {
    name: 'SCREENSHOTS_ONLY',
    group: 'tools',
    default: 'lt,en,ru',
    meaning: '`npm run screenshots`: the store views to take',
  },
  {
    name: 'SCREENSHOTS_DATA_DIR',
    group: 'tools',
    default: 'temporary',
    meaning: '`npm run screenshots`: reuse this data folder (kept afterwards) instead of a temporary one',
  },
  {
    name: 'ADMIN_TOKEN_SCOPES',
    group: 'api',
    default: 'import,export',
    meaning:
      'what `ADMIN_TOKEN` opens: `import`, `export` or both (an ERP that only reads orders gets a token that cannot replace the catalogue)',
  },
  {
    name: 'RATE_LIMIT_ADMIN_TOKEN_ADDRESS',
    group: 'api',
    default: '10/900',
    meaning:
      'wrong `ADMIN_TOKEN`s per client address; above it every admin call from the address answers 429 until the window ends',
  },
  {
    name: 'SHOP_HANDOVER_TOKEN',
    group: 'api',
    default: 'set by the shop server',
    meaning:
      "the running shop's own random token, written to `DATA_DIR/server.json` (mode 0600) for the command lines on the same machine (`npm run catalog:import`, `npm run staff`) to hand their work over; not a setting to make up",
  },
  {
    name: 'FORM_BODY_LIMIT',
    group: 'api',
    default: '65536',
    meaning:
      "body limit in bytes of a form posted to a page (storefront and back office; `application/x-www-form-urlencoded` and `multipart/form-data`, which React Router's actions would otherwise buffer whole); a larger form answers 413 with a page a browser shows. Only the back office's pages that post an image file (a product's images, a banner) take more: IMAGE_UPLOAD_MAX_MB and 64 KiB; 64 KiB holds any other form with room to spare",
  },
  {
    name: 'HTTP_REQUEST_TIMEOUT_MS',
    group: 'api',
    default: '120000',
    meaning:
      "the HTTP server ends a request whose headers and body have not all arrived in this time (408): a client sending a byte now and then (slow-loris) cannot hold a connection open. Long enough for the catalogue import's 200 MB on a slow link",
  },
  {
    name: 'HTTP_HEADERS_TIMEOUT_MS',
    group: 'api',
    default: '10000',
    meaning: "the same for a request's headers alone; at most `HTTP_REQUEST_TIMEOUT_MS`",
  },
  {
    name: 'MAIL_FILE_RETENTION_DAYS',
    group: 'api',
    default: '30',
    meaning:
      'e-mail files in `MAIL_DIR` (mode 0600, in a 0700 folder: they hold reset links and order tokens) older than this are deleted; `0` keeps them',
  },
  // the retention sweep of personal data no longer needed (apps/api/src/legal/retention.ts, docs/legal.md)
  {
    name: 'RETENTION_SWEEP_INTERVAL_MS',
    group: 'api',
    default: '21600000',
    meaning:
      'how often the API process deletes or anonymises the personal data whose retention period below has passed, and anonymises the buyer data of orders whose accounting retention (10 years from the end of their year) has ended (`apps/api/src/legal/retention.ts`; also once at start); `0`: not in this process',
  },
  {
    name: 'RETENTION_CART_DAYS',
    group: 'api',
    default: '90',
    meaning:
      'carts (with their addresses) not changed for this many days are deleted, abandoned or ordered; `0` keeps them',
  },
  {
    name: 'RETENTION_CONTACT_DAYS',
    group: 'api',
    default: '365',
    meaning: 'contact-form messages are deleted this many days after they were sent; `0` keeps them',
  },
  {
    name: 'RETENTION_NEWSLETTER_DAYS',
    group: 'api',
    default: '30',
    meaning:
      'a newsletter sign-up never confirmed, or a subscription withdrawn, is deleted this many days after; `0` keeps them',
  },
  {
    name: 'RETENTION_STOCK_ALERT_DAYS',
    group: 'api',
    default: '365',
    meaning:
      'a back-in-stock request is deleted this many days after it was made (one already sent: `RETENTION_MAIL_DAYS` after it was sent); `0` keeps them',
  },
  {
    name: 'RETENTION_MAIL_DAYS',
    group: 'api',
    default: '90',
    meaning:
      'e-mails sent (the outbox rows with their text) are deleted this many days after sending; `0` keeps them',
  },
  {
    name: 'RETENTION_SESSION_DAYS',
    group: 'api',
    default: '30',
    meaning:
      "customers' refresh tokens, password-reset links and staff sessions are deleted this many days after they expired (or were used or revoked); `0` keeps them",
  },
  {
    name: 'ORDERS_OPEN_MAX_PER_CUSTOMER',
    group: 'api',
    default: '5',
    meaning:
      'open unpaid orders of any payment method (cash on delivery and bank transfer too: they hold their units until delivered or paid) a customer may have; one more answers 429 naming the payment method field. `0`: no cap',
  },
  {
    name: 'ORDERS_OPEN_MAX_PER_EMAIL',
    group: 'api',
    default: '5',
    meaning: 'the same per e-mail address of the order (guests give one with every order)',
  },
  {
    name: 'ORDERS_OPEN_MAX_PER_ADDRESS',
    group: 'api',
    default: '15',
    meaning: 'the same per client address',
  },
  {
    name: 'ORDER_LINE_MAX_UNITS',
    group: 'api',
    default: '5',
    meaning:
      "the most units of one product an order line may take (every order is unpaid when placed): one guest order once took all 30 units of a laptop by cash on delivery. More answers 400 naming the line's `qty`. `0`: no cap",
  },
  {
    name: 'ORDER_SOLD_OUT_HORIZON_MS',
    group: 'api',
    default: '1000',
    meaning:
      "on PostgreSQL, how long a product a shop process saw sold out is refused by that process without reading its stock (a flash sale's shoppers after the last unit cost no stock read): a restock, a cancelled order's units or a staff stock edit reach its orders within this bound. Never lets an order in (no oversell). `0`: every order reads the stock; the embedded database keeps stock coherently and ignores it",
  },
  {
    name: 'BANK_TRANSFER_ORDER_TTL_DAYS',
    group: 'api',
    default: '7',
    meaning:
      'a bank-transfer order still unpaid this many days after it was placed is cancelled by the same sweep and its units go back to stock (`0`: never)',
  },
  {
    name: 'RATE_LIMIT_ORDER_ADDRESS',
    group: 'api',
    default: '30/3600',
    meaning: 'orders placed per client address per window',
  },
  {
    name: 'RATE_LIMIT_WITHDRAWAL_LINK_ADDRESS',
    group: 'api',
    default: '10/3600',
    meaning:
      "requests for an order's withdrawal link by order number and e-mail (the withdrawal page's form, `POST /vsbridge/withdrawal/link`) per client address",
  },
  {
    name: 'RATE_LIMIT_WITHDRAWAL_LINK_ORDER',
    group: 'api',
    default: '3/3600',
    meaning:
      'the same requests per order number (whatever the address and e-mail): at most this many withdrawal-link e-mails to one order, and as many guesses at its e-mail',
  },
  {
    name: 'EXPOSE_OUTBOX_IN_PRODUCTION',
    group: 'api',
    default: 'unset',
    meaning:
      'only for the browser journeys (e2e/), which run the production bundle with `EXPOSE_OUTBOX=true`: without it a production shop with the outbox exposed refuses to start',
  },
  {
    name: 'PAYMENT_SANDBOX_IN_PRODUCTION',
    group: 'api',
    default: 'unset',
    meaning:
      'the second opt-in a production shop needs to run with `PAYMENT_SANDBOX=true` (a staging shop); without it such a shop refuses to start',
  },
  {
    name: 'STAFF_LOGIN_DELAY_SECONDS',
    group: 'api',
    default: '1',
    meaning:
      'the growing delay of a (staff e-mail, client address) pair after failed logins: after n failures since its last success (within the window above) the next attempt waits `2^(n-1)` times this, at most the window; earlier it answers 429 with `Retry-After`. `0` turns it off',
  },
  {
    name: 'FIRST_RENDER_RUNS',
    group: 'tools',
    default: '5',
    meaning:
      "`node --import tsx bench/first-render.ts <url>…`: loads per URL, the URLs alternated (the render of the server's HTML and inlined sheet: elements, SVG images, styled elements, layout objects, selector match attempts, style/layout/paint thread ms)",
  },
  {
    name: 'FIRST_RENDER_SELECTORS',
    group: 'tools',
    default: '0',
    meaning:
      "`bench/first-render.ts`: how many of the costliest selectors (by their elapsed time in the trace's selector statistics) to print for each URL",
  },
  {
    name: 'FIRST_RENDER_SELECTOR_STATS',
    group: 'tools',
    default: '1',
    meaning:
      "`bench/first-render.ts`: `0` leaves the selector statistics out of the trace (they slow the style recalc they measure: the thread times are then the page's own)",
  },
];

/** defaults that are words, not values */
const PLAIN_DEFAULTS = new Set(['', '—', 'unset', 'empty', 'off', 'generated', 'temporary']);

/** docs/configuration.md, written by `npm run docs:config` (scripts/config-docs.ts) */
export function renderConfigurationDoc(settings: readonly Setting[] = SETTINGS): string {
  const cell = (s: string) => s.replace(/\|/g, '\\|').replace(/\n/g, ' ');
  const out = [
    '# Configuration',
    '',
    '<!-- Generated by `npm run docs:config` from apps/api/src/settings-table.ts: edit the table, not this page. -->',
    '',
    'Every setting is an environment variable and every one is optional: the defaults run the demo shop',
    'on the embedded database. Running the shop for real: [operations.md](operations.md).',
    '',
  ];
  for (const [group, { title, intro }] of Object.entries(SETTING_GROUPS) as [
    SettingGroup,
    (typeof SETTING_GROUPS)[SettingGroup],
  ][]) {
    const rows = settings.filter((s) => s.group === group);
    if (!rows.length) continue;
    out.push(`## ${title}`, '', intro, '', '| variable | default | meaning |', '|---|---|---|');
    for (const s of rows) {
      const def = /[`\s]/.test(s.default) || PLAIN_DEFAULTS.has(s.default) ? s.default : `\`${s.default}\``;
      out.push(`| \`${s.name}\` | ${cell(def)} | ${cell(s.meaning)} |`);
    }
    out.push('');
  }
  return out.join('\n');
}
