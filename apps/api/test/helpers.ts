/**
 * Test harness: a migrated test database (PGlite, or a fresh PostgreSQL database when
 * TEST_DATABASE_URL is set) with the small shop of fixtures.ts loaded through the real importer,
 * a media folder with one image, and the API built on it (requests through `app.inject`).
 */
import { mkdtemp, mkdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { importCatalog } from '@vitrina/db';
import { createTestDatabase, type TestDatabase } from '@vitrina/db/testing';
import { randomBytes } from 'node:crypto';
import { buildApi, loadApiConfig } from '../src/index.ts';
import { addStaff } from '../src/staff/accounts.ts';
import { CLI_ACTOR } from '../src/staff/audit.ts';
import { testCatalog } from './fixtures.ts';

export type TestApi = {
  app: FastifyInstance;
  database: TestDatabase;
  mediaDir: string;
  /** ADMIN_TOKEN: the catalogue import and the orders export only */
  adminToken: string;
  /** SHOP_HANDOVER_TOKEN: what the shop server writes to server.json for the command lines */
  handoverToken: string;
  /** the cookie header of a signed-in staff member of role admin (made on first use) */
  staff(): Promise<{ cookie: string }>;
  close(): Promise<void>;
  /** inject and parse: `{ status, body, res }` (body: the parsed JSON, loosely typed for assertions) */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  call(opts: InjectOptions | string): Promise<{ status: number; body: any; res: LightMyRequestResponse }>;
};

/**
 * The test shop's seller and bank account (the first start's settings): invoices are issued and bank
 * transfer is offered, as in a configured shop. A test of a shop without them passes NO_SELLER.
 */
export const TEST_SELLER = {
  SHOP_COMPANY_NAME: 'UAB Testų parduotuvė',
  SHOP_COMPANY_CODE: '300000001',
  SHOP_VAT_CODE: 'LT300000001',
  SHOP_ADDRESS: 'Testų g. 1, Vilnius',
  SHOP_BANK_NAME: 'Testų bankas',
  SHOP_IBAN: 'LT121000011101001000',
};
export const NO_SELLER = {
  SHOP_COMPANY_NAME: '',
  SHOP_COMPANY_CODE: '',
  SHOP_VAT_CODE: '',
  SHOP_ADDRESS: '',
  SHOP_BANK_NAME: '',
  SHOP_IBAN: '',
};

/**
 * `databaseServerUrl`: create the test database on this PostgreSQL server instead of
 * TEST_DATABASE_URL's (e.g. a private server a test restarts: private-postgres.ts).
 * `logger`: pino options for buildApi (e.g. a `stream` to read the request log); silent by default.
 */
/**
 * The limits a test API runs without, unless a test turns one on: tests place many orders from one
 * address and e-mail (the hoarding caps are tested on their own, stock-hoarding.test.ts), and age rows
 * by hand (an order of 2014, a cart of 91 days: the retention sweep runs when a test runs it,
 * retention.test.ts, never behind a test's back).
 */
export const TEST_LIMITS_OFF = {
  ORDERS_OPEN_MAX_PER_CUSTOMER: '0',
  ORDERS_OPEN_MAX_PER_EMAIL: '0',
  ORDERS_OPEN_MAX_PER_ADDRESS: '0',
  ORDER_LINE_MAX_UNITS: '0',
  RATE_LIMIT_ORDER_ADDRESS: '0',
  RETENTION_SWEEP_INTERVAL_MS: '0',
} as const;

export async function startApi(
  env: Record<string, string> = {},
  options: { databaseServerUrl?: string; logger?: object } = {},
): Promise<TestApi> {
  const database = await createTestDatabase({ url: options.databaseServerUrl });
  await importCatalog(database, testCatalog());
  const mediaDir = await mkdtemp(path.join(tmpdir(), 'vitrina-api-media-'));
  await mkdir(path.join(mediaDir, 'demo', 'test'), { recursive: true });
  await sharp({ create: { width: 800, height: 600, channels: 3, background: '#3366cc' } })
    .png()
    .toFile(path.join(mediaDir, 'demo', 'test', '1.png'));
  const adminToken = 'test-admin-token-0123456789-abcdefghij';
  const handoverToken = 'test-handover-token-0123456789-abcdefghij';
  // tests write the database directly (importCatalog, SQL) and read it at once: no reuse of the
  // catalogue version read, which in the shop lets a change by another process show within a second
  const config = loadApiConfig({
    MEDIA_DIR: mediaDir,
    ADMIN_TOKEN: adminToken,
    SHOP_HANDOVER_TOKEN: handoverToken,
    CATALOG_VERSION_TTL_MS: '0',
    // the same for stock a test restocks by SQL: no product known sold out (record 0080)
    ORDER_SOLD_OUT_HORIZON_MS: '0',
    ...TEST_SELLER,
    ...TEST_LIMITS_OFF,
    ...env,
  });
  // every declared answer is checked against its contract (http/answers.ts): one it does not describe fails the test
  const app = await buildApi({ database, config, logger: options.logger, checkAnswers: true });
  await app.ready();
  let staff: Promise<{ cookie: string }> | undefined;
  return {
    app,
    database,
    mediaDir,
    adminToken,
    handoverToken,
    staff: () => (staff ??= signInStaff(app, database)),
    async close() {
      await app.close();
      await database.dispose();
      await rm(mediaDir, { recursive: true, force: true });
    },
    async call(opts) {
      const res = await app.inject(opts);
      const type = String(res.headers['content-type'] ?? '');
      return { status: res.statusCode, body: type.includes('json') ? res.json() : res.rawPayload, res };
    },
  };
}

/** a new staff member of role admin, signed in: the cookie header of the session */
async function signInStaff(app: FastifyInstance, database: TestDatabase): Promise<{ cookie: string }> {
  const email = `automation-${randomBytes(4).toString('hex')}@shop.test`;
  const password = 'staff password for tests 1';
  await addStaff(database, CLI_ACTOR, email, 'admin', password);
  const res = await app.inject({
    method: 'POST',
    url: '/vsbridge/staff/login?storeCode=en',
    payload: { email, password },
    remoteAddress: `10.250.${randomBytes(1)[0]}.${randomBytes(1)[0]}`,
  });
  if (res.statusCode !== 200) throw new Error(`staff login: ${res.statusCode} ${res.body}`);
  const raw = res.headers['set-cookie'];
  return { cookie: String(Array.isArray(raw) ? raw[0] : raw).split(';')[0] as string };
}

/** `?a=1&b=x` from an object (undefined left out) */
export function qs(query: Record<string, string | number | undefined>): string {
  const parts = Object.entries(query)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(String(v))}`);
  return parts.length ? `?${parts.join('&')}` : '';
}

/** a catalogue search URL */
export function searchUrl(
  type: string,
  request: unknown,
  query: Record<string, string | number | undefined> = {},
  index = 'vue_storefront_catalog',
): string {
  return `/vsbridge/catalog/${index}/${type}/_search${qs({ ...query, request: request === undefined ? undefined : JSON.stringify(request) })}`;
}

export const address = (over: Record<string, unknown> = {}) => ({
  firstname: 'Jonas',
  lastname: 'Jonaitis',
  city: 'Vilnius',
  postcode: 'LT-01100',
  street: ['Gedimino pr. 1'],
  countryId: 'LT',
  telephone: '+37060000000',
  email: 'jonas@example.com',
  ...over,
});

/**
 * An `order/create` body: courier to `address()`, cash on delivery unless `payment` names another
 * method; `products` as the client sends them (the server prices the cart's lines, never these).
 */
export const orderBody = (o: {
  cartId: string;
  key: string;
  products: Record<string, unknown>[];
  payment?: string;
  email?: string;
}) => ({
  cart_id: o.cartId,
  products: o.products,
  addressInformation: {
    shippingAddress: address(),
    billingAddress: address(),
    shipping_method_code: 'courier',
    shipping_carrier_code: 'courier',
    payment_method_code: o.payment ?? 'cashondelivery',
  },
  personalDetails: { firstName: 'Jonas', lastName: 'Jonaitis', emailAddress: o.email ?? 'jonas@example.com' },
  idempotency_key: o.key,
});

/** a guest's new cart with one unit of each sku (each line answered 200) */
export async function guestCart(api: TestApi, skus: readonly string[]): Promise<string> {
  const cart = (await api.call({ method: 'POST', url: '/vsbridge/cart/create?storeCode=en' })).body
    .result as string;
  for (const sku of skus) {
    const line = await api.call({
      method: 'POST',
      url: `/vsbridge/cart/update?cartId=${cart}`,
      payload: { cartItem: { sku, qty: 1 } },
    });
    if (line.status !== 200)
      throw new Error(`${sku} into the cart: ${line.status} ${JSON.stringify(line.body)}`);
  }
  return cart;
}

/** PostgreSQL: waits until `n` transactions of the test database wait for a lock */
export async function waitForLockWaiters(api: TestApi, n: number): Promise<void> {
  for (let i = 0; i < 400; i++) {
    const [row] = await api.database.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'",
    );
    if (Number(row?.n) >= n) return;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`fewer than ${n} transactions waited for a lock`);
}

/**
 * The SQL the shop sends through `database.query` during `run` (the statements outside a transaction's
 * handle: a sale's loser, refused before any transaction, sends all of its own there).
 */
export async function queriesOf<T>(
  api: TestApi,
  run: () => Promise<T>,
): Promise<{ answer: T; statements: string[] }> {
  const statements: string[] = [];
  const database = api.database as {
    query: (sql: string, params?: readonly unknown[]) => Promise<unknown[]>;
  };
  const query = database.query;
  database.query = (sql, params) => {
    statements.push(sql);
    return query.call(api.database, sql, params);
  };
  try {
    return { answer: await run(), statements };
  } finally {
    database.query = query;
  }
}
