import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readBannerFile } from '../src/shop/banner-files.ts';
import { BANNER_KINDS } from '../src/shop/service.ts';
import { startApi, type TestApi } from './helpers.ts';

// accounts-checkout-routes.md §7 GET /home-page: banner data also comes from local JSON files per store view
describe('banner JSON files per store view (BANNERS_DIR)', () => {
  let api: TestApi;
  let dir: string;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'vitrina-banners-'));
    await writeFile(
      path.join(dir, 'en.json'),
      JSON.stringify({
        slider: [
          { id: 902, position: 2, image: '/demo/test/1.png', title: 'Second', link: '/en/b' },
          { id: 901, position: 1, image: '/demo/test/1.png', title: 'First', link: '/en/a' },
        ],
        small_banner: [{ id: 911, image: '/demo/test/1.png', title: 'Small', link: '/en/s' }],
        head_image: [{ id: 921, position: 0, image: '/demo/test/1.png' }],
      }),
    );
    // lt: a banner without its image; ru: not JSON at all
    await writeFile(
      path.join(dir, 'lt.json'),
      JSON.stringify({ slider: [{ id: 1, position: 0, title: 'x' }] }),
    );
    await writeFile(path.join(dir, 'ru.json'), '{ not json');
    api = await startApi({ BANNERS_DIR: dir });
  });
  afterAll(async () => {
    await api.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('the file fills only a kind the database has no banner of: staff\'s banners are never hidden', async () => {
    const { status, body } = await api.call('/vsbridge/home-page?storeCode=en');
    expect(status).toBe(200);
    // the database has a slide: the file's slides do not replace it
    expect(body.result.slider.map((b: { id: number }) => b.id)).not.toContain(901);
    expect(body.result.slider.length).toBeGreaterThan(0);
    expect(body.result.small_banner).toEqual([
      { id: 911, position: 0, image: '/demo/test/1.png', title: 'Small', link: '/en/s' },
    ]);
    expect(body.result.head_image).toEqual([
      { id: 921, position: 0, image: '/demo/test/1.png', title: '', link: '' },
    ]);
    // the database's banner kind, not in the file, is still answered
    expect(body.result.banner[0]).toMatchObject({ category_id: 10 });
  });

  it.each(['lt', 'ru'])(
    'an invalid %s file is ignored: the database banners answer, never a 500',
    async (store) => {
      const { status, body } = await api.call(`/vsbridge/home-page?storeCode=${store}`);
      expect(status).toBe(200);
      expect(body.result.slider).toEqual([
        expect.objectContaining({ image: '/demo/test/1.png', link: expect.any(String) }),
      ]);
      expect(body.result.small_banner).toEqual([]);
      expect(body.result.head_image).toEqual([]);
    },
  );

  it('logs the failing field of an invalid file', async () => {
    const warnings: object[] = [];
    const log = { warn: (obj: object) => warnings.push(obj) };
    expect(await readBannerFile(dir, 'lt', BANNER_KINDS, log)).toEqual({});
    expect(warnings).toEqual([expect.objectContaining({ field: 'slider.0.image' })]);
    expect(await readBannerFile(path.join(dir, 'missing'), 'en', BANNER_KINDS, log)).toEqual({});
    expect(warnings).toHaveLength(1);
  });
});
