import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApi, type TestApi } from './helpers.ts';

let api: TestApi;
beforeAll(async () => {
  api = await startApi();
});
afterAll(async () => api?.close());

const map = async (body: Record<string, unknown>) => {
  const res = await api.call({ method: 'POST', url: '/api/url/map', payload: body });
  expect(res.status).toBe(200);
  expect(String(res.res.headers['content-type'])).toContain('application/json');
  return res.body;
};

describe('POST /api/url/map', () => {
  it('maps product paths, with and without the child sku', async () => {
    const hit = await map({ url: '/p/LAP-1001/lenovo-thinkpad-t14' });
    expect(hit._type).toBe('product');
    expect(hit._source).toMatchObject({ sku: 'LAP-1001', name: 'Lenovo ThinkPad T14 nešiojamas kompiuteris' });
    const child = await map({ url: '/en/p/MBA-7000/apple-macbook-air-m2/MBA-7000-B' });
    expect(child).toMatchObject({ _type: 'product', _source: { sku: 'MBA-7000', name: 'Apple MacBook Air M2' } });
    const full = await map({ url: 'https://shop.example/ru/p/LAP-1001/lenovo-thinkpad-t14?utm_source=x#top' });
    expect(full._source.name).toBe('Ноутбук Lenovo ThinkPad T14');
  });

  it('maps categories, CMS pages and localized static pages per store view', async () => {
    expect(await map({ url: '/c/nesiojami-kompiuteriai' })).toMatchObject({ _type: 'category', _source: { id: 11, url_path: 'c/nesiojami-kompiuteriai' } });
    expect(await map({ url: '/en/c/laptops' })).toMatchObject({ _type: 'category', _source: { id: 11, name: 'Laptops' } });
    expect(await map({ url: '/i/karjera' })).toMatchObject({ _type: 'cms_page', _source: { identifier: 'careers' } });
    expect(await map({ url: '/apie-mus' })).toMatchObject({ _type: 'cms_page', _source: { identifier: 'about-us', title: 'Apie mus' } });
    expect(await map({ url: '/en/about-us' })).toMatchObject({ _type: 'cms_page', _source: { identifier: 'about-us', title: 'About us' } });
    expect(await map({ url: '/ru/about-us/' })).toMatchObject({ _type: 'cms_page', _source: { title: 'О нас' } });
    // the route table's /about-us: the English slug also names the page in the Lithuanian view
    expect(await map({ url: '/about-us' })).toMatchObject({ _type: 'cms_page', _source: { title: 'Apie mus' } });
  });

  it("uses the request's storeCode for a path without a store prefix (a prefix wins)", async () => {
    const res = await api.call({ method: 'POST', url: '/api/url/map?storeCode=en', payload: { url: '/c/laptops' } });
    expect(res.body).toMatchObject({ _type: 'category', _source: { id: 11, name: 'Laptops' } });
    const prefixed = await api.call({ method: 'POST', url: '/api/url/map?storeCode=en', payload: { url: '/ru/c/noutbuki' } });
    expect(prefixed.body).toMatchObject({ _type: 'category', _source: { name: 'Ноутбуки' } });
  });

  it('projects the hit with includeFields / excludeFields', async () => {
    const hit = await map({ url: '/p/LAP-1001/lenovo-thinkpad-t14', includeFields: ['sku', 'slug', 'url_path'] });
    expect(hit._source).toEqual({ sku: 'LAP-1001', slug: 'lenovo-thinkpad-t14', url_path: 'p/LAP-1001/lenovo-thinkpad-t14' });
    const cat = await map({ url: '/c/kompiuteriai', excludeFields: ['children_data'] });
    expect(cat._source.children_data).toBeUndefined();
    expect(cat._source.id).toBe(10);
  });

  it('answers null for what maps to nothing', async () => {
    for (const url of [
      '/p/NO-SUCH/x',
      '/p/PHN-2002/apple-iphone-14', // disabled
      '/p/ACC-3001/nokia-usb-c-charger', // not visible individually
      '/c/no-such-category',
      '/c/priedai', // inactive
      '/i/no-such-page',
      '/nothing/here',
      '/',
      '/%E0%A4%A',
    ]) {
      expect(await map({ url }), url).toBeNull();
    }
  });

  it('refuses a request without a url (400 naming it)', async () => {
    const { status, body } = await api.call({ method: 'POST', url: '/api/url/map', payload: {} });
    expect(status).toBe(400);
    expect(body.errors[0].field).toBe('url');
  });
});

describe('GET /vsbridge/products/render-list', () => {
  it('answers the product documents of the skus in the order asked', async () => {
    const { status, body } = await api.call('/vsbridge/products/render-list?skus=PHN-2001,LAP-1001,NOPE&currencyCode=EUR&storeId=2');
    expect(status).toBe(200);
    expect(body.code).toBe(200);
    expect(body.result.items.map((i: { sku: string }) => i.sku)).toEqual(['PHN-2001', 'LAP-1001']);
    expect(body.result.items[1].name).toBe('Lenovo ThinkPad T14 laptop');
    expect(body.result.items[0].final_price_incl_tax).toBe(6050);
  });
});
