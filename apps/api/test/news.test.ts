import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_CATALOG_KEY, setMeta } from '@vitrina/db';
import { startApi, type TestApi } from './helpers.ts';

let api: TestApi;
beforeAll(async () => {
  api = await startApi();
  // the demo news belongs to the demo shop (a shop on its own catalogue shows none: content-admin.test.ts)
  await setMeta(api.database, DEMO_CATALOG_KEY, true);
});
afterAll(async () => api?.close());

describe('GET /vsbridge/news', () => {
  it('answers the demo news, marked demo, while the news table is empty', async () => {
    const r = await api.call('/vsbridge/news?storeCode=en');
    expect(r.status).toBe(200);
    expect(r.body.result.total).toBe(2);
    expect(r.body.result.items.map((n: { slug: string }) => n.slug)).toEqual([
      'delivery-before-holidays',
      'graded-electronics-explained',
    ]);
    expect(r.body.result.items.every((n: { demo: boolean }) => n.demo === true)).toBe(true);
    const lt = await api.call('/vsbridge/news?storeCode=lt&size=1');
    expect(lt.body.result.items).toHaveLength(1);
    expect(lt.body.result.items[0].title).toBe('Pristatymas prieš šventes');
  });

  it('refuses bad paging naming the field', async () => {
    const r = await api.call('/vsbridge/news?size=0');
    expect(r.status).toBe(400);
    expect(JSON.stringify(r.body)).toContain('size');
  });

  it('one item by slug; an unknown slug is a 404, a malformed one a 400', async () => {
    const r = await api.call('/vsbridge/news/graded-electronics-explained?storeCode=ru');
    expect(r.status).toBe(200);
    expect(r.body.result).toMatchObject({ slug: 'graded-electronics-explained', demo: true });
    expect(r.body.result.title).toContain('A+');
    expect((await api.call('/vsbridge/news/nope?storeCode=en')).status).toBe(404);
    expect((await api.call('/vsbridge/news/Bad%20Slug')).status).toBe(400);
  });

  it('real news replaces the demo news; only published items are listed', async () => {
    await api.database.query(
      `INSERT INTO news (slug, title, body, published_at) VALUES
       ('opening', '{"lt":"Atidarymas","en":"Opening","ru":"Открытие"}', '{"en":"We are open."}', now() - interval '1 day'),
       ('future', '{"en":"Future"}', '{"en":"Later."}', now() + interval '1 day')`,
    );
    const r = await api.call('/vsbridge/news?storeCode=en');
    expect(r.body.result).toEqual({
      total: 1,
      items: [expect.objectContaining({ slug: 'opening', title: 'Opening', body: 'We are open.', demo: false })],
    });
    expect((await api.call('/vsbridge/news/graded-electronics-explained?storeCode=en')).status).toBe(404);
  });
});
