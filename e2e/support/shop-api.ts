/**
 * The shop's API as the journeys use it outside the browser: a staff account handed to the running
 * shop (`npm run staff`), a guest's order of one simple product in stock placed through
 * `/vsbridge/order/create`, and the e-mails in the outbox (EXPOSE_OUTBOX is on in the journeys).
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');

/** `npm run staff -- add EMAIL --role ROLE --password-stdin`, the password on stdin */
export function addStaff(
  dataDir: string,
  email: string,
  password: string,
  role: 'staff' | 'admin' | 'catalog' = 'staff',
): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', 'apps/api/src/staff/main.ts', 'add', email, '--role', role, '--password-stdin'],
      {
        cwd: root,
        env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
        stdio: ['pipe', 'pipe', 'pipe'],
      },
    );
    let output = '';
    child.stdout.on('data', (c: Buffer) => (output += c.toString()));
    child.stderr.on('data', (c: Buffer) => (output += c.toString()));
    child.on('exit', (code) => resolve({ code, output }));
    child.stdin.end(`${password}\n`);
  });
}

/**
 * A staff member of `role` made on the command line and signed in through the API: the Cookie
 * header of the session (staff work such as an order's lifecycle takes a staff session).
 */
export async function staffSession(
  shopUrl: string,
  dataDir: string,
  role: 'staff' | 'admin' = 'staff',
): Promise<string> {
  const email = `journey-${randomBytes(4).toString('hex')}@shop.test`;
  const password = `journey staff ${randomBytes(8).toString('hex')}`;
  const made = await addStaff(dataDir, email, password, role);
  if (made.code !== 0) throw new Error(`staff add: ${made.output}`);
  const res = await fetch(`${shopUrl}/vsbridge/staff/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (res.status !== 200) throw new Error(`staff login: ${res.status} ${await res.text()}`);
  const cookie = res.headers.getSetCookie().find((c) => !/=;/.test(c)) ?? '';
  return cookie.split(';')[0] ?? '';
}

export async function api<T>(
  shopUrl: string,
  method: string,
  pathAndQuery: string,
  body?: unknown,
): Promise<T> {
  const res = await fetch(`${shopUrl}/vsbridge${pathAndQuery}`, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await res.json()) as { code: number; result: T };
  if (json.code !== 200) throw new Error(`${method} ${pathAndQuery}: ${JSON.stringify(json)}`);
  return json.result;
}

export type PlacedOrder = { orderNumber: string; orderToken: string; grand_total: number };

/** a guest's courier order of one simple product in stock, in a store view, paid by `payment` */
export async function placeOrder(
  shopUrl: string,
  {
    email,
    storeCode = 'lt',
    payment = 'cashondelivery',
  }: { email: string; storeCode?: string; payment?: string },
): Promise<PlacedOrder> {
  const request = encodeURIComponent(JSON.stringify({ filters: { type_id: 'simple' } }));
  const search = await fetch(
    `${shopUrl}/vsbridge/catalog/vue_storefront_catalog/product/_search?size=30&request=${request}`,
  );
  const hits = (
    (await search.json()) as {
      hits: { hits: { _source: { sku: string; stock?: { is_in_stock?: boolean } } }[] };
    }
  ).hits.hits;
  const sku = hits.find((h) => h._source.stock?.is_in_stock !== false)?._source.sku;
  if (!sku) throw new Error('no simple product in stock');
  const cartId = await api<string>(shopUrl, 'POST', `/cart/create?storeCode=${storeCode}`);
  await api(shopUrl, 'POST', `/cart/update?cartId=${cartId}`, { cartItem: { sku, qty: 1, quoteId: cartId } });
  const address = LT_ADDRESS;
  return api<PlacedOrder>(shopUrl, 'POST', `/order/create?storeCode=${storeCode}`, {
    cart_id: cartId,
    products: [{ sku, qty: 1 }],
    addressInformation: {
      shippingAddress: address,
      billingAddress: address,
      shipping_method_code: 'courier',
      shipping_carrier_code: 'courier',
      payment_method_code: payment,
    },
    personalDetails: { firstName: 'Ona', lastName: 'Jonaitė', emailAddress: email },
    idempotency_key: `e2e-${payment}-${Date.now()}-${Math.random().toString(36).slice(2)}`,
  });
}

export type OutboxMail = {
  kind: string;
  to: string;
  subject: string | null;
  text: string | null;
  link: string | null;
  payload: Record<string, unknown>;
};

/** the e-mails of a kind to an address, newest first */
export async function outbox(shopUrl: string, kind: string, to: string): Promise<OutboxMail[]> {
  return api<OutboxMail[]>(
    shopUrl,
    'GET',
    `/mail/outbox?kind=${encodeURIComponent(kind)}&to=${encodeURIComponent(to)}`,
  );
}

/** A Lithuanian delivery address the journeys order to (a made-up one) */
export const LT_ADDRESS = {
  firstname: 'Ona',
  lastname: 'Jonaitė',
  street: ['Gedimino pr.', '1'],
  city: 'Vilnius',
  postcode: 'LT-01103',
  countryId: 'LT',
  telephone: '+37060000000',
};
