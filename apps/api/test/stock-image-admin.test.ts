import { existsSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { safeMediaPath } from '../src/image/service.ts';
import { searchUrl, startApi, type TestApi } from './helpers.ts';

let api: TestApi;
beforeAll(async () => {
  api = await startApi();
});
afterAll(async () => api?.close());

describe('stock', () => {
  it('checks one sku and lists many', async () => {
    const one = await api.call('/vsbridge/stock/check?sku=LAP-1001');
    expect(one.body).toEqual({ code: 200, result: { product_id: 1001, qty: 5, is_in_stock: true, manage_stock: true, product_sku: 'LAP-1001' } });
    const missing = await api.call('/vsbridge/stock/check?sku=NOPE');
    expect(missing.status).toBe(404);
    const list = await api.call('/vsbridge/stock/list?skus=PHN-2001,AUD-4001,NOPE,PHN-2001');
    expect(list.body.result.map((s: { product_sku: string; is_in_stock: boolean }) => [s.product_sku, s.is_in_stock])).toEqual([
      ['PHN-2001', true],
      ['AUD-4001', false],
    ]);
    const many = Array.from({ length: 101 }, (_, i) => `S-${i}`).join(',');
    expect((await api.call(`/vsbridge/stock/list?skus=${many}`)).status).toBe(400);
    const tracker = await api.call('/vsbridge/quantity-tracker?skus=LAP-1001,LAP-1002');
    expect(tracker.body.result).toEqual([
      { sku: 'LAP-1001', qty: 5, is_in_stock: true },
      { sku: 'LAP-1002', qty: 2, is_in_stock: true },
    ]);
  });
});

describe('GET /vsbridge/image/:width/:height/resize/*', () => {
  it('resizes to WebP within the box, cached on disk and in memory, immutable', async () => {
    const res = await api.app.inject({ url: '/vsbridge/image/266/266/resize/demo/test/1.png', headers: { accept: 'image/avif,image/webp,*/*' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const meta = await sharp(res.rawPayload).metadata();
    expect(meta.format).toBe('webp');
    expect(meta.width).toBe(266); // 800×600 fits inside 266×266 as 266×200
    expect(meta.height).toBe(200);
    expect(existsSync(path.join(api.mediaDir, '.cache', '266x266', 'webp', 'demo', 'test', '1.png.webp'))).toBe(true);
    const again = await api.app.inject({ url: '/vsbridge/image/266/266/resize/demo/test/1.png' });
    expect(Buffer.compare(again.rawPayload, res.rawPayload)).toBe(0);
  });

  it('answers JPEG to a client that does not take WebP', async () => {
    const res = await api.app.inject({ url: '/vsbridge/image/150/150/resize/demo/test/1.png', headers: { accept: 'image/jpeg' } });
    expect(res.headers['content-type']).toBe('image/jpeg');
    expect((await sharp(res.rawPayload).metadata()).format).toBe('jpeg');
  });

  it('refuses sizes off the whitelist and path traversal, 404 for missing files', async () => {
    const cases: [string, number][] = [
      ['/vsbridge/image/267/266/resize/demo/test/1.png', 400],
      ['/vsbridge/image/266/5000/resize/demo/test/1.png', 400],
      ['/vsbridge/image/266/266/resize/demo/..%2f..%2fsecret.png', 400],
      ['/vsbridge/image/266/266/resize/.cache/266x266/webp/demo/test/1.png.webp', 400],
      ['/vsbridge/image/266/266/resize/demo/test/1.txt', 400],
      ['/vsbridge/image/266/266/resize/demo/test/none.png', 404],
    ];
    for (const [url, status] of cases) {
      const res = await api.app.inject({ url });
      expect(res.statusCode, url).toBe(status);
      expect(res.json().code, url).toBe(status);
    }
    // dot segments (also %2e%2e) are resolved by URL parsing before routing: never a file outside
    for (const url of ['/vsbridge/image/266/266/resize/../../../etc/passwd', '/vsbridge/image/266/266/resize/demo/%2e%2e/%2e%2e/%2e%2e/secret.png']) {
      expect([400, 404], url).toContain((await api.app.inject({ url })).statusCode);
    }
    // and the path check itself refuses them, whatever reaches it
    for (const raw of ['../secret.png', 'demo/../../secret.png', 'demo/./x.png', 'demo\\..\\x.png', 'demo/x.png\0.png', '.cache/x.png', '']) {
      expect(() => safeMediaPath(api.mediaDir, raw), raw).toThrow();
    }
    expect(safeMediaPath(api.mediaDir, 'demo/test/1.png').abs).toBe(path.join(api.mediaDir, 'demo', 'test', '1.png'));
  });
});

describe('POST /vsbridge/admin/catalog/import', () => {
  const url = '/vsbridge/admin/catalog/import';

  it('requires the admin token', async () => {
    expect((await api.call({ method: 'POST', url, payload: {} })).status).toBe(401);
    const wrong = await api.call({ method: 'POST', url, payload: {}, headers: { authorization: 'Bearer wrong' } });
    expect(wrong.status).toBe(401);
    expect(wrong.body.code).toBe(401);
  });

  it('imports through the real importer, bumps the catalogue version and answers counts', async () => {
    const version = (await api.call('/healthz')).body.catalogVersion;
    const before = await api.call(searchUrl('product', { query: 'anker' }));
    expect(before.body.hits.hits[0]._source.name).toBe('Anker USB C Hub 7in1');
    const payload = {
      products: [{ id: 3002, sku: 'ACC-3002', type_id: 'simple', name: 'Anker USB C Hub 8in1', url_key: 'anker-usb-c-hub', price: 25, category_ids: [20], stock: { is_in_stock: true, qty: 8 } }],
    };
    const res = await api.call({ method: 'POST', url, payload, headers: { authorization: `Bearer ${api.adminToken}` } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.result).toMatchObject({ products: 1 });
    expect((await api.call('/healthz')).body.catalogVersion).toBeGreaterThan(version);
    const after = await api.call(searchUrl('product', { query: 'anker' }));
    expect(after.body.hits.hits[0]._source.name).toBe('Anker USB C Hub 8in1');
  });

  it("answers 400 with the importer's named issues", async () => {
    const payload = { products: [{ id: 9, sku: 'X-9', type_id: 'simple', name: 'X', url_key: 'x', price: 'cheap' }] };
    const res = await api.call({ method: 'POST', url, payload, headers: { authorization: `Bearer ${api.adminToken}` } });
    expect(res.status).toBe(400);
    expect(res.body.errors[0].field).toBe('products[0].price');
  });
});
