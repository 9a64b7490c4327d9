/**
 * The API fuzzing suite (0 answers of 5xx). Every operation of the API's own
 * OpenAPI document (`GET /vsbridge/openapi.json`), plus the routes it hides (listed in HIDDEN_ROUTES),
 * receives hostile requests: wrong types, huge strings, unicode and NUL bytes, negative, huge and
 * NaN-like numbers, arrays where objects are expected, deeply nested JSON, missing and extra fields,
 * bogus path and query parameters, malformed JSON, wrong content types, bad Authorization headers;
 * and bodies generated from the route's own JSON schema (valid-ish, so that the handlers run, not
 * only the validation). Every answer must be below 500; every error the `{ code, result }` envelope
 * with `code` equal to the HTTP status; and the process must still answer `/healthz` afterwards.
 *
 * Deterministic: a fixed seed (printed; FUZZ_SEED changes it) and FUZZ_RUNS generated requests per
 * operation (default 12) on top of a fixed list of hostile cases sent to every operation. A failure
 * names the route, the method and the shrunk request. `FUZZ_RUNS=500 npx vitest run
 * apps/api/test/api-fuzz.test.ts` for a longer local run.
 */
import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApi, type TestApi } from './helpers.ts';
import { customer } from './user-helpers.ts';

const SEED = Number(process.env.FUZZ_SEED ?? 20261124);
const RUNS = Number(process.env.FUZZ_RUNS ?? 12);

/**
 * Routes the OpenAPI document hides (`schema.hide`), fuzzed all the same: nothing is skipped. `/healthz`
 * and the document itself take no input but are sent the hostile cases too.
 */
const HIDDEN_ROUTES: Operation[] = [
  { method: 'GET', path: '/healthz', parameters: [] },
  { method: 'GET', path: '/vsbridge/openapi.json', parameters: [] },
  // operations: Prometheus text (loopback or METRICS_TOKEN) and readiness
  { method: 'GET', path: '/metrics', parameters: [] },
  { method: 'GET', path: '/readyz', parameters: [] },
  // EXPOSE_OUTBOX=true (browser tests only)
  {
    method: 'GET',
    path: '/vsbridge/mail/outbox',
    parameters: [
      { in: 'query', name: 'kind', schema: { type: 'string' } },
      { in: 'query', name: 'to', schema: { type: 'string', format: 'email' } },
      { in: 'query', name: 'limit', schema: { type: 'integer', minimum: 1, maximum: 200 } },
    ],
  },
  // the payment sandbox (PAYMENT_SANDBOX=true)
  { method: 'GET', path: '/vsbridge/payment/sandbox/{slug}', parameters: [{ in: 'path', name: 'slug', schema: { type: 'string', enum: ['neopay', 'mokilizingas'] } }] },
  {
    method: 'POST',
    path: '/vsbridge/payment/sandbox/{slug}',
    parameters: [{ in: 'path', name: 'slug', schema: { type: 'string', enum: ['neopay', 'mokilizingas'] } }],
    body: {
      type: 'object',
      properties: { request: { type: 'string', maxLength: 8192 }, outcome: { type: 'string', enum: ['paid', 'cancelled', 'failed'] } },
      required: ['request', 'outcome'],
    },
  },
];

/**
 * Deliberately left out: none. (No route of the API sleeps or streams: the image route answers bytes
 * from a bounded resize, and is fuzzed with the rest.)
 */
const EXCLUDED: string[] = [];

/**
 * Answers that are not `{ code, result }` when they succeed (the OpenAPI description): catalogue
 * search (an Elasticsearch-shaped response), the URL mapper (the hit or null) and images (bytes);
 * and, outside the API's contract, the health probe and the OpenAPI document itself.
 * Their errors are still the envelope, so the exception covers 2xx/3xx answers only; every answer of
 * every other route is checked.
 */
const NON_ENVELOPE_SUCCESS = [
  // Prometheus text, the readiness probe, invoice PDFs, the orders export's CSV
  /^\/metrics$/,
  /^\/readyz$/,
  /\/invoice$/,
  /^\/vsbridge\/user\/order-invoice$/,
  /^\/vsbridge\/admin\/orders$/,
  // the newsletter e-mails' unsubscribe link: a page for the shopper's browser (newsletter/unsubscribe.ts)
  /^\/vsbridge\/mailer\/unsubscribe$/,
  // crawlers' files: robots.txt and the sitemap's XML (seo/routes.ts)
  /^\/robots\.txt$/,
  /^\/sitemap/,
  /^\/healthz$/, /^\/vsbridge\/openapi\.json$/, /\/_search$/, /\/_single$/, /^\/api\/url\/map$/, /^\/vsbridge\/image\//];

type JsonSchema = {
  type?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  enum?: unknown[];
  nullable?: boolean;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
  pattern?: string;
  format?: string;
  additionalProperties?: boolean | JsonSchema;
};
type Parameter = { in: 'query' | 'path' | 'header'; name: string; schema?: JsonSchema };
type Operation = { method: string; path: string; parameters: Parameter[]; body?: JsonSchema };

/** the values of the test shop that let a generated request reach past validation */
type Known = { cartIds: string[]; tokens: string[]; adminToken: string; skus: string[]; emails: string[] };

let api: TestApi;
let operations: Operation[] = [];
let known: Known;

// ---------------------------------------------------------------- hostile values

const HUGE = 'x'.repeat(100_000);
const UNICODE = 'Ąžuolas \u0000 NUL \u202e RTL 🛒 \ud83d \uffff Ñ \u200b ‮';
/** nested arrays and objects deeper than any parser's comfort */
const deep = (n: number): unknown => {
  let v: unknown = 1;
  for (let i = 0; i < n; i++) v = i % 2 ? [v] : { a: v };
  return v;
};
const b64url = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');
const NONE_JWT = `${b64url({ alg: 'none', typ: 'JWT' })}.${b64url({ sub: '1', exp: 9999999999, group: 'admin' })}.`;
const EXPIRED_JWT = `${b64url({ alg: 'HS256', typ: 'JWT' })}.${b64url({ sub: '1', exp: 1, iat: 0 })}.c2lnbmF0dXJl`;

/** strings a path or query parameter should survive */
const HOSTILE_STRINGS = [
  '', ' ', '0', '-1', '-0', '1e400', '9007199254740993', '99999999999999999999999', 'NaN', 'Infinity', '-Infinity',
  '0x10', '1.5', 'null', 'undefined', 'true', '[]', '{}', '[object Object]', '../../etc/passwd', '%00', '\u0000',
  "' OR 1=1 --", '"; DROP TABLE orders; --', '<script>alert(1)</script>', '${7*7}', UNICODE, 'a'.repeat(5000), HUGE,
  NONE_JWT, EXPIRED_JWT,
];
/** JSON values where something else was expected */
const HOSTILE_JSON: unknown[] = [
  null, true, 0, -1, 1e308, -1e308, 2 ** 53 + 1, 1.5, '', HUGE, UNICODE, [], [{}], [[[]]], {}, JSON.parse('{"__proto__":{"admin":true}}'),
  { constructor: { prototype: { admin: true } } }, deep(2000), deep(60), [null, 1, 'a', {}], Array.from({ length: 5000 }, (_, i) => i),
];
const AUTH_HEADERS = [
  'Bearer', 'Bearer ', 'Bearer garbage', `Bearer ${NONE_JWT}`, `Bearer ${EXPIRED_JWT}`, 'Basic YWRtaW46YWRtaW4=', 'garbage',
  `Bearer ${'a'.repeat(10_000)}`, 'Bearer \u00ff\u00fe', 'Bearer a.b.c', 'Bearer ...',
];
const CONTENT_TYPES = [
  'text/plain', 'application/xml', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x',
  'application/json; charset=latin1', 'application/json; charset=utf-16', 'application/octet-stream', 'garbage', '',
];

/** hostile requests every operation receives (cases beyond its own parameters: body, headers, extras) */
function fixedCases(op: Operation): InjectOptions[] {
  const url = fillPath(op, () => 'x');
  const cases: InjectOptions[] = [];
  const hasBody = op.method !== 'GET' && op.method !== 'HEAD';
  // one parameter at a time set to a hostile string, the others to the shop's own values (a bad
  // storeCode alone would stop every request at the validation)
  const plain = (p: Parameter) => knownValues(p.name)[0] ?? 'x';
  for (const bad of op.parameters.filter((p) => p.in !== 'header'))
    for (const value of HOSTILE_STRINGS) {
      const pathValue = (name: string) => (name === bad.name && bad.in === 'path' ? value : plain({ in: 'path', name }));
      const query = Object.fromEntries(
        op.parameters.filter((p) => p.in === 'query').map((p) => [p.name, p === bad ? value : plain(p)]),
      );
      cases.push({ url: fillPath(op, pathValue) + toQuery(query) });
    }
  // percent-encodings that decode to nothing valid (bad escapes, overlong and invalid UTF-8)
  for (const raw of ['%ZZ', '%', '%FF%FE', '%C0%AF', '%ED%A0%80', '%00'])
    cases.push({ url: `${fillPath(op, () => 'x').replace(/\/x(?=\/|$)/, `/${raw}`)}?${op.parameters.map((p) => `${p.name}=${raw}`).join('&')}` });
  // repeated query parameters (arrays where strings are expected) and unknown ones
  cases.push({ url: `${url}?${op.parameters.map((p) => `${p.name}=a&${p.name}=b`).join('&')}&extra=1&__proto__=x&constructor=y` });
  for (const authorization of AUTH_HEADERS) cases.push({ url, headers: { authorization } });
  if (hasBody) {
    for (const body of HOSTILE_JSON) cases.push({ url, payload: JSON.stringify(body), headers: { 'content-type': 'application/json' } });
    for (const payload of ['{', '{"a":', '[1,2', '{"a":1}garbage', 'nul', '\u0000', '{"a":"\\ud800"}', '\ufeff{}', ' ', HUGE, `${'['.repeat(100_000)}${']'.repeat(100_000)}`, `${'{"a":'.repeat(50_000)}1${'}'.repeat(50_000)}`]) cases.push({ url, payload, headers: { 'content-type': 'application/json' } });
    for (const type of CONTENT_TYPES) cases.push({ url, payload: 'a=1&b=%00', headers: { 'content-type': type } });
    // the body's own fields, each replaced by hostile JSON (missing/extra fields come from the generator)
    for (const name of Object.keys(op.body?.properties ?? {}))
      for (const value of [null, [], {}, HUGE, -1, 1e308, deep(50)]) cases.push({ url, payload: { [name]: value } });
  }
  return cases.map((c) => ({ ...c, method: op.method as InjectOptions['method'] }));
}

// ---------------------------------------------------------------- generated requests

/** a path with its `{param}`s (and the wildcard `*`) filled */
function fillPath(op: Operation, value: (name: string) => string): string {
  return op.path.replace(/\{([^}]+)\}/g, (_, name: string) => (name === '*' ? value(name) : encode(value(name))));
}

/** percent-encoding that survives lone surrogates (sent as U+FFFD, as a browser would) */
function encode(v: string): string {
  return encodeURIComponent(v.replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\ufffd'));
}

function toQuery(query: Record<string, string | undefined>): string {
  const parts = Object.entries(query)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => `${encode(k)}=${encode(v as string)}`);
  return parts.length ? `?${parts.join('&')}` : '';
}

/** the shop's own values for parameters and fields of these names */
function knownValues(name: string): string[] {
  const n = name.toLowerCase();
  if (n === 'cartid' || n === 'cart_id') return known.cartIds;
  if (n === 'token' || n === 'tokenvalue' || n === 'grouptoken' || n === 'ordertoken') return [...known.tokens, ...known.cartIds];
  if (n === 'storecode') return ['lt', 'en', 'ru', 'de', 'LT', ''];
  if (n.includes('sku')) return known.skus;
  if (n.includes('email') || n === 'username' || n === 'to') return known.emails;
  if (n === 'countryid' || n === 'country_id') return ['LT', 'LV', 'EE', 'XX', 'lt'];
  if (n === 'index') return ['vue_storefront_catalog', 'vue_storefront_catalog_en', 'x'];
  if (n === 'type') return ['product', 'category', 'cms_page', 'cms_block', 'attribute', 'taxrule', 'review'];
  if (n === '*') return ['demo/test/1.png', 'demo/../../etc/passwd', '%2e%2e/%2e%2e/x.png', 'demo/test/missing.png'];
  if (n === 'width' || n === 'height') return ['0', '1', '266', '4000', '100000', '-5', 'abc'];
  return [];
}

const hostileString = fc.constantFrom(...HOSTILE_STRINGS);
const anyString = fc.oneof(fc.string({ maxLength: 40 }), fc.string({ unit: 'binary', maxLength: 40 }), hostileString);
const anyNumber = fc.oneof(fc.integer(), fc.double(), fc.constantFrom(-1, 0, 1e308, -1e308, Number.MAX_SAFE_INTEGER + 2, 2 ** 31, -(2 ** 31) - 1));
const anyJson: fc.Arbitrary<unknown> = fc.oneof(fc.jsonValue({ maxDepth: 3 }), fc.constantFrom(...HOSTILE_JSON));

/** a value of the parameter: the schema's own, the shop's known ones, or a hostile one */
function paramValue(p: Parameter): fc.Arbitrary<string | undefined> {
  const own = knownValues(p.name);
  const fromSchema = schemaValue(p.schema ?? { type: 'string' }, p.name, 0).map((v) => (typeof v === 'string' ? v : JSON.stringify(v)));
  return fc.oneof(
    { arbitrary: fc.constant(undefined), weight: 2 },
    { arbitrary: own.length ? fc.constantFrom(...own) : fromSchema, weight: 3 },
    { arbitrary: fromSchema, weight: 3 },
    { arbitrary: anyString, weight: 2 },
    { arbitrary: anyNumber.map(String), weight: 1 },
  );
}

/**
 * A value of a JSON schema (the subset the API's zod schemas produce: string with lengths, enum,
 * pattern and email format; integer/number ranges; boolean; array; object; anyOf; nullable). Mostly
 * valid, sometimes not (a field missing, an extra one, a wrong type), so that both the handlers and
 * the validation are exercised.
 */
function schemaValue(s: JsonSchema, name: string, depth: number): fc.Arbitrary<unknown> {
  const own = knownValues(name);
  const valid = validValue(s, name, depth);
  const withKnown = own.length && (s.type === 'string' || !s.type) ? fc.oneof(valid, fc.constantFrom(...own)) : valid;
  const value = s.nullable ? fc.oneof(withKnown, fc.constant(null)) : withKnown;
  return fc.oneof({ arbitrary: value, weight: 8 }, { arbitrary: anyJson, weight: 1 });
}

function validValue(s: JsonSchema, name: string, depth: number): fc.Arbitrary<unknown> {
  if (s.enum?.length) return fc.constantFrom(...s.enum);
  if (s.anyOf?.length) return fc.oneof(...s.anyOf.map((a) => schemaValue(a, name, depth)));
  switch (s.type) {
    case 'string': {
      if (s.format === 'email') return fc.emailAddress();
      if (s.format === 'date-time') return fc.date({ noInvalidDate: true }).map((d) => d.toISOString());
      const max = Math.min(s.maxLength ?? 60, 60);
      if (s.pattern) {
        try {
          return fc.stringMatching(new RegExp(s.pattern)).filter((v) => v.length <= (s.maxLength ?? Infinity));
        } catch {
          // a pattern fast-check cannot generate from: any string of the right length
        }
      }
      return fc.string({ minLength: Math.min(s.minLength ?? 0, max), maxLength: max });
    }
    case 'integer':
      return fc.integer({ min: Math.max(s.minimum ?? -1000, -(2 ** 31)), max: Math.min(s.maximum ?? 100_000, 2 ** 31) });
    case 'number':
      return fc.double({ min: s.minimum ?? -1e6, max: s.maximum ?? 1e6, noNaN: true });
    case 'boolean':
      return fc.boolean();
    case 'array':
      if (depth > 4) return fc.constant([]);
      return fc.array(schemaValue(s.items ?? {}, name, depth + 1), { minLength: Math.min(s.minItems ?? 0, 3), maxLength: Math.min(s.maxItems ?? 3, 3) });
    case 'object': {
      if (depth > 4) return fc.constant({});
      const props = s.properties ?? {};
      const required = s.required ?? [];
      const record = fc.record(
        Object.fromEntries(Object.entries(props).map(([k, v]) => [k, schemaValue(v, k, depth + 1)])),
        { requiredKeys: required.filter((k) => k in props) },
      );
      // now and then a required field missing or an unknown one added
      return fc.tuple(record, fc.option(fc.constantFrom(...(required.length ? required : ['x']))), fc.option(fc.tuple(fc.string({ maxLength: 10 }), anyJson))).map(
        ([value, drop, extra]) => {
          const out: Record<string, unknown> = { ...value };
          if (drop !== null) delete out[drop];
          if (extra !== null) out[extra[0]] = extra[1];
          return out;
        },
      );
    }
    default:
      return anyJson;
  }
}

/** a generated request of the operation */
function requestOf(op: Operation): fc.Arbitrary<InjectOptions> {
  const paths = op.parameters.filter((p) => p.in === 'path');
  const queries = op.parameters.filter((p) => p.in === 'query');
  const pathValues = fc.record(
    Object.fromEntries(paths.map((p) => [p.name, paramValue(p).map((v) => (v === undefined || v === '' ? 'x' : v))])),
  );
  const queryValues = fc.record(Object.fromEntries(queries.map((p) => [p.name, paramValue(p)])));
  const body = op.body ? fc.oneof({ arbitrary: schemaValue(op.body, 'body', 0), weight: 4 }, { arbitrary: anyJson, weight: 1 }) : fc.option(anyJson);
  const authorization = fc.option(
    fc.oneof(fc.constantFrom(...AUTH_HEADERS), fc.constantFrom(...known.tokens, known.adminToken).map((t) => `Bearer ${t}`)),
    { freq: 3 },
  );
  const contentType = fc.oneof({ arbitrary: fc.constant('application/json'), weight: 6 }, { arbitrary: fc.constantFrom(...CONTENT_TYPES), weight: 1 });
  return fc
    .record({ pathValues, queryValues, body, authorization, contentType, remoteAddress: fc.ipV4() })
    .map(({ pathValues: pv, queryValues: qv, body: b, authorization: auth, contentType: type, remoteAddress }) => {
      const url = fillPath(op, (name) => (pv as Record<string, string>)[name] ?? 'x') + toQuery(qv as Record<string, string | undefined>);
      const headers: Record<string, string> = {};
      if (auth !== null) headers.authorization = auth;
      const req: InjectOptions = { method: op.method as InjectOptions['method'], url, headers, remoteAddress };
      if (op.method !== 'GET' && b !== null && b !== undefined) {
        headers['content-type'] = type;
        req.payload = JSON.stringify(b);
      }
      return req;
    });
}

// ---------------------------------------------------------------- the check

/** what a failure prints: the request without its huge strings */
function describeRequest(req: InjectOptions): string {
  return JSON.stringify(req, (_, v: unknown) => (typeof v === 'string' && v.length > 300 ? `${v.slice(0, 100)}…(${v.length} chars)` : v));
}

async function check(op: Operation, req: InjectOptions) {
  const res = await api.app.inject({ remoteAddress: randomAddress(), ...req });
  const what = `${op.method} ${op.path}: ${describeRequest(req)} answered ${res.statusCode} ${res.body.slice(0, 300)}`;
  if (res.statusCode >= 500) throw new Error(`5xx: ${what}`);
  const exempt = res.statusCode < 400 && NON_ENVELOPE_SUCCESS.some((r) => r.test(op.path));
  if (exempt || (res.statusCode >= 300 && res.statusCode < 400)) return;
  const type = String(res.headers['content-type'] ?? '');
  if (!type.includes('json')) throw new Error(`not JSON: ${what}`);
  const body = res.json() as { code?: unknown; result?: unknown };
  if (body.code !== res.statusCode) throw new Error(`code is not the status: ${what}`);
  if (res.statusCode >= 400 && typeof body.result !== 'string') throw new Error(`error without a message: ${what}`);
}

let addressCounter = 0;
/** a client address per request, so that the rate limits do not answer every request 429 */
function randomAddress() {
  addressCounter++;
  return `10.${(addressCounter >> 16) & 255}.${(addressCounter >> 8) & 255}.${addressCounter & 255}`;
}

beforeAll(async () => {
  api = await startApi({ EXPOSE_OUTBOX: 'true', PAYMENT_SANDBOX: 'true' });
  const doc = (await api.call('/vsbridge/openapi.json')).body as {
    paths: Record<string, Record<string, { parameters?: Parameter[]; requestBody?: { content: Record<string, { schema: JsonSchema }> } }>>;
  };
  operations = [
    ...Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, op]) => ({
        method: method.toUpperCase(),
        path,
        parameters: op.parameters ?? [],
        body: op.requestBody?.content['application/json']?.schema,
      })),
    ),
    ...HIDDEN_ROUTES,
  ].filter((op) => !EXCLUDED.includes(`${op.method} ${op.path}`));
  const shopper = await customer(api, 'fuzz');
  const cart = (await api.call({ method: 'POST', url: '/vsbridge/cart/create' })).body.result as string;
  const customerCart = (await api.call({ method: 'POST', url: `/vsbridge/cart/create?token=${shopper.accessToken}` })).body.result as string;
  await api.call({ method: 'POST', url: `/vsbridge/cart/update?cartId=${cart}`, payload: { cartItem: { sku: 'PHN-2001', qty: 1 } } });
  known = {
    cartIds: [cart, customerCart, 'no-such-cart'],
    tokens: [shopper.accessToken, shopper.refreshToken],
    adminToken: api.adminToken,
    skus: ['LAP-1001', 'LAP-1002', 'PHN-2001', 'ACC-3001', 'AUD-4001', 'SW-5001', 'NO-SUCH-SKU'],
    emails: [shopper.email, 'nobody@example.com'],
  };
  console.log(`api-fuzz: seed ${SEED} (FUZZ_SEED), ${RUNS} generated requests per operation (FUZZ_RUNS), ${operations.length} operations`);
});

afterAll(async () => api?.close());

describe('API fuzzing: no answer of 5xx, every error in the envelope', () => {
  it('enumerates the operations of the OpenAPI document', () => {
    // the document lists some 60 operations; an empty list would make the fuzz pass vacuously
    expect(operations.length).toBeGreaterThan(50);
  });

  it('answers every operation below 500, errors in the envelope', { timeout: 600_000 }, async () => {
    const started = Date.now();
    let requests = 0;
    // every failure of every operation is collected, so that one run shows them all
    const failures: string[] = [];
    for (const [i, op] of operations.entries()) {
      for (const req of fixedCases(op)) {
        requests++;
        await check(op, req).catch((err: Error) => failures.push(err.message));
      }
      requests += RUNS;
      const run = await fc.check(
        fc.asyncProperty(requestOf(op), async (req) => {
          await check(op, req);
        }),
        { seed: SEED + i, numRuns: RUNS },
      );
      // the shrunk request: fast-check's report names the counterexample and the error of check()
      if (run.failed) failures.push(fc.defaultReportMessage(run) ?? `${op.method} ${op.path} failed`);
    }
    console.log(`api-fuzz: ${requests} requests to ${operations.length} operations in ${Date.now() - started} ms`);
    expect(failures, failures.join('\n\n')).toEqual([]);
  });

  it('still answers /healthz afterwards', async () => {
    const { status, body } = await api.call('/healthz');
    expect(status).toBe(200);
    expect(body.status).toBe('ok');
  });
});
