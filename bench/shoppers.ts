/**
 * The load generator of the shopper benches (bench/mix.ts), run in a process of its own so that its
 * work is not the shop's: `node --import tsx bench/shoppers.ts '<json plan>'`. It prints one JSON
 * line, its figures, and exits. Loopback only; bounded in shoppers, time and requests.
 *
 * - mode `mix`: closed-loop shoppers (each waits for its answer, then goes on at once), each step one
 *   kind drawn by weight: browse (a category or product page), search (a catalogue search), cart
 *   (create, add, change a quantity, pull, totals), checkout (a guest's whole order through the API:
 *   cart, line, address with shipping and payment, order).
 * - mode `flash`: every shopper prepares a cart of the one hot product, then all place their orders at
 *   the same moment; meanwhile one more shopper changes and reads an unrelated cart, over and over.
 */
import { Agent, request } from 'node:http';

export type ShopperPlan = {
  mode: 'mix' | 'flash';
  origin: string;
  shoppers: number;
  /** mix: how long the shoppers go on (ms), after `warmupMs` (not measured: the shop's caches fill) */
  durationMs: number;
  warmupMs?: number;
  /** mix: category and product page paths to browse */
  pages: string[];
  /** mix: words to search for */
  words: string[];
  /** skus carts and orders take (mix: any of them; flash: the first is the hot one, the second the unrelated cart's) */
  skus: string[];
  /** the order's delivery and payment */
  shipping: { carrier: string; method: string };
  payment: string;
  /** mix: the kinds' shares of a shopper's steps (bench/mix.ts) */
  weights?: Partial<Record<MixKind, number>>;
};

export type MixKind = 'browse' | 'search' | 'cart' | 'checkout';

export type KindFigures = { n: number; errors: number; p50: number; p99: number; max: number };
export type ShopperFigures = {
  wallMs: number;
  requests: number;
  errors: number;
  /** the first few error answers, for the report */
  errorSamples: string[];
  kinds: Record<string, KindFigures>;
  overall: KindFigures;
  orders: number;
  /** units ordered per sku, by the orders placed */
  unitsOrdered: Record<string, number>;
  /** flash: the order answers' statuses and the refusals' message */
  refusals?: Record<string, number>;
};

const plan = JSON.parse(process.argv[2] ?? '{}') as ShopperPlan;
// node:http with kept-alive connections, one per shopper: lighter on the shared CPU than fetch
const agent = new Agent({ keepAlive: true, maxSockets: plan.shoppers + 8 });

/** one HTTP exchange: status, content type and body text */
function exchange(method: string, path: string, body?: string) {
  return new Promise<{ status: number; type: string; text: string }>((resolve, reject) => {
    const req = request(
      `${plan.origin}${path}`,
      {
        method,
        agent,
        headers:
          body === undefined
            ? {}
            : { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            type: String(res.headers['content-type'] ?? ''),
            text: Buffer.concat(chunks).toString(),
          }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}
const samples = new Map<string, number[]>();
/** a kind's requests again by step (`checkout: order`): shown beside the kind, not counted twice */
const stepSamples = new Map<string, number[]>();
const errorCounts = new Map<string, number>();
const errorSamples: string[] = [];
const unitsOrdered: Record<string, number> = {};
let orders = 0;

/** answers that end before this moment are the warm-up's, not counted */
let measureFrom = 0;

function record(kind: string, ms: number, ok: boolean, detail: string, step?: string) {
  if (performance.now() < measureFrom) return;
  const list = samples.get(kind) ?? [];
  list.push(ms);
  samples.set(kind, list);
  if (step) {
    const key = `${kind}: ${step}`;
    const steps = stepSamples.get(key) ?? [];
    steps.push(ms);
    stepSamples.set(key, steps);
  }
  if (!ok) {
    errorCounts.set(kind, (errorCounts.get(kind) ?? 0) + 1);
    if (errorSamples.length < 8) errorSamples.push(`${kind}: ${detail.slice(0, 200)}`);
  }
}

type Answer = { status: number; body: { result?: unknown; code?: number; errors?: unknown } | string };

/** one request, timed and counted under `kind` (`expect`: the statuses that are not errors) */
async function call(
  kind: string,
  method: 'GET' | 'POST',
  path: string,
  payload?: unknown,
  expect = [200],
  step?: string,
) {
  const t = performance.now();
  let answer: Answer;
  try {
    const res = await exchange(method, path, payload === undefined ? undefined : JSON.stringify(payload));
    const body: Answer['body'] = res.type.includes('json')
      ? (JSON.parse(res.text) as Answer['body'])
      : res.text;
    answer = { status: res.status, body };
  } catch (e) {
    answer = { status: 0, body: String(e) };
  }
  const ok = expect.includes(answer.status);
  record(
    kind,
    performance.now() - t,
    ok,
    `${method} ${path.split('?')[0]} ${answer.status} ${JSON.stringify(answer.body).slice(0, 160)}`,
    step,
  );
  return answer;
}

const pick = <T>(list: readonly T[]): T => list[Math.floor(Math.random() * list.length)]!;
const result = (a: Answer) => (typeof a.body === 'object' ? a.body.result : undefined);

const address = (email: string) => ({
  firstname: 'Jonas',
  lastname: 'Jonaitis',
  city: 'Vilnius',
  postcode: 'LT-01100',
  street: ['Gedimino pr. 1'],
  countryId: 'LT',
  telephone: '+37060000000',
  email,
});

let shopperSeq = 0;
/** a guest's whole order: a cart with one line, the address with shipping and payment, the order */
async function checkout(kind: string, sku: string, cartId?: string): Promise<Answer | undefined> {
  const n = ++shopperSeq;
  const email = `shopper-${process.pid}-${n}@example.com`;
  let cart = cartId;
  if (!cart) {
    cart = result(
      await call(kind, 'POST', '/vsbridge/cart/create?storeCode=en', undefined, [200], 'cart'),
    ) as string | undefined;
    if (!cart) return undefined;
    const line = await call(
      kind,
      'POST',
      `/vsbridge/cart/update?cartId=${cart}&storeCode=en`,
      { cartItem: { sku, qty: 1 } },
      [200],
      'line',
    );
    if (line.status !== 200) return undefined;
  }
  const info = {
    shippingAddress: address(email),
    billingAddress: address(email),
    shipping_carrier_code: plan.shipping.carrier,
    shipping_method_code: plan.shipping.method,
    payment_method_code: plan.payment,
  };
  if (!cartId) {
    const shipping = await call(
      kind,
      'POST',
      `/vsbridge/cart/shipping-information?cartId=${cart}&storeCode=en`,
      {
        addressInformation: {
          shippingAddress: info.shippingAddress,
          shippingCarrierCode: plan.shipping.carrier,
          shippingMethodCode: plan.shipping.method,
          paymentMethodCode: plan.payment,
        },
      },
      [200],
      'shipping',
    );
    if (shipping.status !== 200) return undefined;
  }
  const order = await call(
    kind,
    'POST',
    '/vsbridge/order/create?storeCode=en',
    {
      cart_id: cart,
      products: [{ sku, qty: 1 }],
      addressInformation: info,
      personalDetails: { firstName: 'Jonas', lastName: 'Jonaitis', emailAddress: email },
      idempotency_key: `bench-${process.pid}-${n}-${Date.now()}`,
    },
    plan.mode === 'flash' ? [200, 400] : [200],
    'order',
  );
  if (order.status === 200) {
    orders++;
    unitsOrdered[sku] = (unitsOrdered[sku] ?? 0) + 1;
  }
  return order;
}

/** one cart step of a shopper: their cart made on first use, then add, change, pull or totals */
async function cartStep(state: { cart?: string; lines: { item_id: number; sku: string }[] }) {
  if (!state.cart) {
    state.cart = result(await call('cart', 'POST', '/vsbridge/cart/create?storeCode=en')) as
      string | undefined;
    return;
  }
  const q = `cartId=${state.cart}&storeCode=en`;
  const r = Math.random();
  if (r < 0.2 && state.lines.length < 5) {
    const a = await call('cart', 'POST', `/vsbridge/cart/update?${q}`, {
      cartItem: { sku: pick(plan.skus), qty: 1 },
    });
    const line = result(a) as { item_id?: number; sku?: string } | undefined;
    if (line?.item_id && line.sku && !state.lines.some((l) => l.item_id === line.item_id))
      state.lines.push({ item_id: line.item_id, sku: line.sku });
  } else if (r < 0.4 && state.lines.length) {
    const line = pick(state.lines);
    await call('cart', 'POST', `/vsbridge/cart/update?${q}`, {
      cartItem: { sku: line.sku, item_id: line.item_id, qty: 1 + Math.floor(Math.random() * 3) },
    });
  } else if (r < 0.7) await call('cart', 'GET', `/vsbridge/cart/pull?${q}`);
  else await call('cart', 'GET', `/vsbridge/cart/totals?${q}`);
}

/** the kind of a shopper's next step, drawn by the plan's weights */
function drawKind(weights: Partial<Record<MixKind, number>>): MixKind {
  const entries = Object.entries(weights) as [MixKind, number][];
  let r = Math.random() * entries.reduce((sum, [, w]) => sum + w, 0);
  for (const [kind, w] of entries) if ((r -= w) < 0) return kind;
  return entries[entries.length - 1]![0];
}

async function mixShopper(deadline: number) {
  const state: { cart?: string; lines: { item_id: number; sku: string }[] } = { lines: [] };
  const weights = plan.weights ?? {};
  while (performance.now() < deadline) {
    const kind = drawKind(weights);
    if (kind === 'browse') await call('browse', 'GET', pick(plan.pages), undefined);
    else if (kind === 'search') {
      const request = encodeURIComponent(JSON.stringify({ query: pick(plan.words) }));
      await call(
        'search',
        'GET',
        `/vsbridge/catalog/vue_storefront_catalog_en/product/_search?size=24&request=${request}`,
      );
    } else if (kind === 'cart') await cartStep(state);
    else await checkout('checkout', pick(plan.skus));
  }
}

/** flash: each shopper's cart of the hot product, made before the race */
async function prepareFlashCart(): Promise<string | undefined> {
  const sku = plan.skus[0]!;
  const cart = result(await call('prepare', 'POST', '/vsbridge/cart/create?storeCode=en')) as
    string | undefined;
  if (!cart) return undefined;
  await call('prepare', 'POST', `/vsbridge/cart/update?cartId=${cart}&storeCode=en`, {
    cartItem: { sku, qty: 1 },
  });
  const email = `flash-${process.pid}@example.com`;
  await call('prepare', 'POST', `/vsbridge/cart/shipping-information?cartId=${cart}&storeCode=en`, {
    addressInformation: {
      shippingAddress: address(email),
      shippingCarrierCode: plan.shipping.carrier,
      shippingMethodCode: plan.shipping.method,
      paymentMethodCode: plan.payment,
    },
  });
  return cart;
}

async function flash() {
  const carts: (string | undefined)[] = [];
  // prepared a few at a time: the preparation is not what is measured
  for (let i = 0; i < plan.shoppers; i += 20)
    carts.push(
      ...(await Promise.all(Array.from({ length: Math.min(20, plan.shoppers - i) }, prepareFlashCart))),
    );
  const unrelated = {
    cart: undefined as string | undefined,
    lines: [] as { item_id: number; sku: string }[],
  };
  unrelated.cart = result(await call('prepare', 'POST', '/vsbridge/cart/create?storeCode=en')) as string;
  const add = await call('prepare', 'POST', `/vsbridge/cart/update?cartId=${unrelated.cart}&storeCode=en`, {
    cartItem: { sku: plan.skus[1], qty: 1 },
  });
  const line = result(add) as { item_id: number; sku: string };
  // the unrelated cart before the race: its usual latency
  const q = `cartId=${unrelated.cart}&storeCode=en`;
  const unrelatedSteps = async (kind: string) => {
    await call(kind, 'POST', `/vsbridge/cart/update?${q}`, {
      cartItem: { sku: line.sku, item_id: line.item_id, qty: 1 + Math.floor(Math.random() * 3) },
    });
    await call(kind, 'GET', `/vsbridge/cart/totals?${q}`);
  };
  for (let i = 0; i < 20; i++) await unrelatedSteps('unrelated cart, before');
  let racing = true;
  const beside = (async () => {
    while (racing) await unrelatedSteps('unrelated cart, during');
  })();
  const refusals: Record<string, number> = {};
  // the bench reads the shop's CPU time at these marks (mix.ts runShoppers `onMark`)
  console.log('mark race-start');
  await Promise.all(
    carts.map(async (cart) => {
      if (!cart) return;
      const answer = await checkout('order (the race)', plan.skus[0]!, cart);
      if (answer && answer.status !== 200) {
        const key = `${answer.status} ${typeof answer.body === 'object' ? String(answer.body.result) : answer.body}`;
        refusals[key] = (refusals[key] ?? 0) + 1;
      }
    }),
  );
  console.log('mark race-end');
  racing = false;
  await beside;
  return refusals;
}

function figures(list: number[], errors: number): KindFigures {
  const s = [...list].sort((a, b) => a - b);
  const at = (p: number) =>
    s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))] ?? NaN;
  return { n: s.length, errors, p50: at(50), p99: at(99), max: s[s.length - 1] ?? NaN };
}

let t0 = performance.now();
let refusals: Record<string, number> | undefined;
if (plan.mode === 'mix') {
  measureFrom = t0 + (plan.warmupMs ?? 0);
  t0 = measureFrom;
  const deadline = measureFrom + plan.durationMs;
  await Promise.all(Array.from({ length: plan.shoppers }, () => mixShopper(deadline)));
} else refusals = await flash();
const wallMs = performance.now() - t0;
const kinds: Record<string, KindFigures> = {};
const all: number[] = [];
let errors = 0;
for (const [kind, list] of samples) {
  kinds[kind] = figures(list, errorCounts.get(kind) ?? 0);
  if (kind === 'prepare' || kind.startsWith('unrelated cart, before')) continue;
  all.push(...list);
  errors += errorCounts.get(kind) ?? 0;
}
// a kind of one step only (the race's orders) needs no breakdown
for (const [key, list] of stepSamples)
  if (list.length !== samples.get(key.slice(0, key.lastIndexOf(': ')))?.length) kinds[key] = figures(list, 0);
const out: ShopperFigures = {
  wallMs,
  requests: all.length,
  errors,
  errorSamples,
  kinds,
  overall: figures(all, errors),
  orders,
  unitsOrdered,
  ...(refusals ? { refusals } : {}),
};
process.stdout.write(`${JSON.stringify(out)}\n`);
agent.destroy();
