/**
 * Operations endpoints: /healthz (alive), /readyz (database
 * and search index; 503 otherwise), /metrics in Prometheus text format, readable from the machine
 * itself or with METRICS_TOKEN only.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { searchUrl, startApi, type TestApi } from './helpers.ts';
import { bearer, placeOrder } from './user-helpers.ts';

let api: TestApi;
beforeAll(async () => {
  api = await startApi({ MAIL_OUTBOX_INTERVAL_MS: '0' });
});
afterAll(async () => api?.close());

async function ready(target: TestApi) {
  for (let i = 0; i < 200; i++) {
    const r = await target.call('/readyz');
    if (r.status === 200) return r;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('never ready');
}

/** the value of one sample line (`name{labels} value`) */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe('/healthz and /readyz', () => {
  it('is alive, and ready once the search index is built', async () => {
    expect((await api.call('/healthz')).status).toBe(200);
    const r = await ready(api);
    expect(r.body).toEqual({ status: 'ready', checks: { database: 'ok', searchIndex: 'built' } });
  });

  it('answers 503 naming the database when it cannot be reached, while /healthz stays 200', async () => {
    const other = await startApi();
    try {
      await ready(other);
      await other.database.dispose();
      const r = await other.call('/readyz');
      expect(r.status).toBe(503);
      expect(r.body).toMatchObject({ status: 'not_ready', checks: { database: 'unreachable' } });
      expect((await other.call('/healthz')).status).toBe(200);
    } finally {
      await other.app.close().catch(() => undefined);
    }
  });
});

describe('/metrics', () => {
  it('reports requests by route pattern, orders by status, the outbox, search latency and the index build', async () => {
    await ready(api);
    expect((await placeOrder(api)).status).toBe(200);
    expect((await api.call(searchUrl('product', { query: 'samsung' }))).status).toBe(200);
    const r = await api.call('/metrics');
    expect(r.status).toBe(200);
    expect(String(r.res.headers['content-type'])).toContain('text/plain');
    const text = String(r.body);
    expect(sample(text, 'vitrina_http_request_duration_seconds_count{method="POST",route="/vsbridge/order/create",status_code="200"}')).toBe(1);
    // the pattern, never the URL with its query or ids
    expect(text).not.toContain('samsung');
    expect(sample(text, 'vitrina_search_duration_seconds_count{type="product"}')).toBe(1);
    expect(sample(text, 'vitrina_orders{status="new"}')).toBe(1);
    // the order's confirmation e-mail waits in the outbox (the processor is off here)
    expect(sample(text, 'vitrina_outbox_pending')).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'vitrina_outbox_oldest_pending_age_seconds')).toBeGreaterThanOrEqual(0);
    expect(sample(text, 'vitrina_search_index_build_seconds')).toBeGreaterThan(0);
    expect(text).toContain('# TYPE vitrina_webhook_delivery_failures_total counter');
    expect(text).toContain('# TYPE vitrina_payments gauge');
  });

  it('labels searches of an invented type `other`: refused searches add no series of their own', async () => {
    const invented = ['abc', 'zz_top', 'product_x', 'PRODUCT', 'a'.repeat(30)];
    for (const type of invented) expect((await api.call(searchUrl(type, { query: 'x' }))).status).toBe(400);
    const text = String((await api.call('/metrics')).body);
    const types = [...text.matchAll(/^vitrina_search_duration_seconds_count\{type="([^"]*)"\}/gm)].map((m) => m[1]);
    for (const type of invented) expect(types).not.toContain(type);
    expect(sample(text, 'vitrina_search_duration_seconds_count{type="other"}')).toBeGreaterThanOrEqual(invented.length);
  });

  it('is refused (404) to another machine and to a request through a proxy', async () => {
    expect((await api.call({ url: '/metrics', remoteAddress: '203.0.113.9' })).status).toBe(404);
    expect((await api.call({ url: '/metrics', headers: { 'x-forwarded-for': '203.0.113.9' } })).status).toBe(404);
  });

  it('with METRICS_TOKEN: only with the bearer token, from anywhere', async () => {
    const guarded = await startApi({ METRICS_TOKEN: 'metrics-token-0123456789' });
    try {
      expect((await guarded.call('/metrics')).status).toBe(404);
      expect((await guarded.call({ url: '/metrics', headers: bearer('nope') })).status).toBe(404);
      const r = await guarded.call({ url: '/metrics', remoteAddress: '203.0.113.9', headers: bearer('metrics-token-0123456789') });
      expect(r.status).toBe(200);
      expect(String(r.body)).toContain('vitrina_http_request_duration_seconds');
    } finally {
      await guarded.close();
    }
  });
});
