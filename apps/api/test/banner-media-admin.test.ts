/**
 * Images uploaded in the back office and the banners and home slider through HTTP: only roles
 * catalog and admin upload and edit (401 anonymous, 403 staff); an upload is judged by its bytes
 * (a real PNG and JPEG made with sharp are taken, a text file named .png is not), held to
 * IMAGE_UPLOAD_MAX_MB and IMAGE_MAX_PIXELS with a message naming the limit, stored where the resize
 * route serves it; a banner's link and date window are checked, the home page shows a banner only
 * inside its window and in its store views, every write is audited and bumps the catalogue version.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { getCatalogVersion } from '@vitrina/db';
import { startApi, type TestApi } from './helpers.ts';
import { staffCookie, type StaffRole } from './staff-helpers.ts';

const addStaff = async (api: TestApi, email: string, role: StaffRole) => ({
  cookie: await staffCookie(api, email, role),
});

/** a multipart body with `file` as a browser's form sends it */
async function multipart(bytes: Uint8Array, name: string, type = 'application/octet-stream') {
  const form = new FormData();
  form.set('file', new Blob([new Uint8Array(bytes)], { type }), name);
  const request = new Request('http://x/', { method: 'POST', body: form });
  return { payload: Buffer.from(await request.arrayBuffer()), type: request.headers.get('content-type')! };
}

let api: TestApi;
let admin: Record<string, string>;
let editor: Record<string, string>;
let clerk: Record<string, string>;

beforeAll(async () => {
  // 1 MB uploads and 4 megapixels: small enough to refuse in a test
  api = await startApi({ IMAGE_UPLOAD_MAX_MB: '1', IMAGE_MAX_PIXELS: '4000000' });
  admin = await addStaff(api, 'owner@shop.lt', 'admin');
  editor = await addStaff(api, 'editor@shop.lt', 'catalog');
  clerk = await addStaff(api, 'clerk@shop.lt', 'staff');
});
afterAll(async () => api?.close());

const upload = async (
  headers: Record<string, string>,
  bytes: Uint8Array,
  name: string,
  store = 'en',
  kind = 'products',
) => {
  const body = await multipart(bytes, name);
  return api.call({
    method: 'POST',
    url: `/vsbridge/staff/media?storeCode=${store}&kind=${kind}`,
    headers: { ...headers, 'content-type': body.type },
    payload: body.payload,
  });
};
const png = () =>
  sharp({ create: { width: 64, height: 48, channels: 3, background: '#c03' } })
    .png()
    .toBuffer();

describe('uploading an image', () => {
  it('401 without a session, 403 for staff, 200 for catalog and admin', async () => {
    const bytes = await png();
    expect((await upload({}, bytes, 'a.png')).status).toBe(401);
    expect((await upload(clerk, bytes, 'a.png')).status).toBe(403);
    expect((await upload(editor, bytes, 'a.png')).status).toBe(200);
    expect((await upload(admin, bytes, 'a.png')).status).toBe(200);
  });

  it('takes a real PNG and JPEG whatever their names, stores them where the resize route serves them, audited', async () => {
    const jpeg = await sharp({ create: { width: 120, height: 90, channels: 3, background: '#0a6' } })
      .jpeg()
      .toBuffer();
    // the name says PNG, the bytes are a JPEG: the bytes decide
    const r = await upload(editor, jpeg, 'photo.png');
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.result).toMatchObject({ format: 'jpeg', width: 120, height: 90 });
    expect(r.body.result.path).toMatch(/^\/uploads\/products\/[0-9a-f]{24}\.jpg$/);
    const resized = await api.call({
      url: `/vsbridge/image/150/150/resize${r.body.result.path}`,
      headers: { accept: 'image/webp' },
    });
    expect(resized.status).toBe(200);
    expect(resized.res.headers['content-type']).toBe('image/webp');
    const meta = await sharp(resized.res.rawPayload).metadata();
    expect(meta.width).toBe(120); // never enlarged
    const webp = await sharp({ create: { width: 30, height: 30, channels: 4, background: '#0000' } })
      .webp()
      .toBuffer();
    expect((await upload(admin, webp, 'x.webp', 'en', 'banners')).body.result.path).toMatch(
      /^\/uploads\/banners\/.+\.webp$/,
    );
    const log = await api.database.query<{ staff_email: string; target: string }>(
      `SELECT staff_email, target FROM staff_audit_log WHERE action = 'media.upload' AND target = $1`,
      [r.body.result.path],
    );
    expect(log).toEqual([{ staff_email: 'editor@shop.lt', target: r.body.result.path }]);
  });

  it.each([
    [
      'a text file named .png',
      new TextEncoder().encode('not an image at all'),
      'evil.png',
      'en',
      400,
      /not a JPEG, PNG or WebP/,
    ],
    [
      'an SVG (not taken)',
      new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"/>'),
      'a.svg',
      'lt',
      400,
      /nėra JPEG, PNG ar WebP/,
    ],
    ['a PNG with its data cut off', null, 'cut.png', 'en', 400, /not a JPEG/],
  ])(
    'refuses %s (400, naming the problem in the staff language)',
    async (_n, bytes, name, store, status, message) => {
      const body = bytes ?? (await png()).subarray(0, 60);
      const r = await upload(editor, body, name, store);
      expect(r.status).toBe(status);
      expect(r.body.result).toMatch(message);
      expect(r.body.errors?.[0]?.field).toBe('file');
    },
  );

  it('refuses a file above IMAGE_UPLOAD_MAX_MB and an image above IMAGE_MAX_PIXELS with 413 naming the limit', async () => {
    // noise does not compress: ~1.4 MB of PNG
    const noise = Buffer.alloc(700 * 700 * 3);
    for (let i = 0; i < noise.length; i++) noise[i] = (i * 2654435761) >>> 24;
    const big = await sharp(noise, { raw: { width: 700, height: 700, channels: 3 } })
      .png({ compressionLevel: 0 })
      .toBuffer();
    expect(big.length).toBeGreaterThan(1024 * 1024);
    const tooBig = await upload(editor, big, 'big.png', 'lt');
    expect(tooBig.status).toBe(413);
    expect(tooBig.body.result).toMatch(/galima įkelti ne daugiau kaip 1 MB/);
    const wide = await sharp({ create: { width: 2100, height: 2000, channels: 3, background: '#fff' } })
      .png()
      .toBuffer();
    const tooWide = await upload(editor, wide, 'wide.png', 'en');
    expect(tooWide.status).toBe(413);
    expect(tooWide.body.result).toMatch(/2100×2000 pixels: at most 4000000 pixels/);
  });

  it("a body above the route's own limit is refused with 413 before it is read whole", async () => {
    const r = await api.call({
      method: 'POST',
      url: '/vsbridge/staff/media?storeCode=en',
      headers: { ...editor, 'content-type': 'multipart/form-data; boundary=x' },
      payload: Buffer.alloc(1024 * 1024 + 128 * 1024),
    });
    expect(r.status).toBe(413);
    expect(r.body.result).toBe('file: The image is 1.1 MB: at most 1 MB can be uploaded.');
  });
});

const banners = (url: string, headers: Record<string, string>, payload?: Record<string, unknown>) =>
  api.call({
    method: payload ? 'POST' : 'GET',
    url: `/vsbridge/staff/banners${url}${url.includes('?') ? '&' : '?'}storeCode=en`,
    headers,
    ...(payload ? { payload } : {}),
  });

describe('banners and slides', () => {
  const slide = {
    kind: 'slider',
    image: '/demo/test/1.png',
    title: { lt: 'Žiemos išpardavimas', en: 'Winter sale' },
    cta: { lt: 'Žiūrėti', en: 'Shop now' },
    link: { lt: '/c/laptops', en: 'https://example.lt/en/sale' },
    position: 0,
    store_codes: [],
    active: true,
  };

  it('401 without a session, 403 for staff, 200 for catalog and admin (list, create, edit, delete)', async () => {
    expect((await banners('', {})).status).toBe(401);
    expect((await banners('', clerk)).status).toBe(403);
    expect((await banners('', editor)).status).toBe(200);
    expect((await banners('', admin)).status).toBe(200);
    expect((await banners('', {}, slide)).status).toBe(401);
    expect((await banners('', clerk, slide)).status).toBe(403);
    const made = await banners('', editor, slide);
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    const id = made.body.result.id;
    expect((await banners(`/${id}`, clerk)).status).toBe(403);
    expect((await banners(`/${id}`, admin)).status).toBe(200);
    expect((await banners(`/${id}`, clerk, slide)).status).toBe(403);
    expect((await banners(`/${id}`, admin, { ...slide, position: 3 })).body.result.position).toBe(3);
    expect((await banners(`/${id}/delete`, clerk, {})).status).toBe(403);
    expect((await banners(`/${id}/delete`, {}, {})).status).toBe(401);
    expect((await banners(`/${id}/delete`, admin, {})).status).toBe(200);
    expect((await banners(`/${id}`, admin)).status).toBe(404);
    const actions = await api.database.query<{ action: string }>(
      `SELECT action FROM staff_audit_log WHERE target = $1 ORDER BY id`,
      [`banner:${id}`],
    );
    expect(actions.map((a) => a.action)).toEqual(['banner.create', 'banner.update', 'banner.delete']);
  });

  it.each([
    [
      'a javascript: link',
      { link: { lt: 'javascript:alert(1)' } },
      'link.lt',
      /path of the shop starting with \//,
    ],
    ['an http link', { link: { en: 'http://example.lt' } }, 'link.en', /https:\/\//],
    [
      'an end before the start',
      { starts_at: '2026-12-02T00:00:00Z', ends_at: '2026-12-01T00:00:00Z' },
      'ends_at',
      /after its start/,
    ],
    ['no image', { image: '' }, 'image', /Upload an image/],
    ['an image outside the media folder', { image: '/../../etc/passwd.png' }, 'image', /Upload an image/],
  ])('refuses %s with 400 naming the field', async (_n, change, field, message) => {
    const r = await banners('', editor, { ...slide, ...change });
    expect(r.status).toBe(400);
    expect(r.body.errors.map((e: { field: string }) => e.field)).toContain(field);
    expect(JSON.stringify(r.body)).toMatch(message);
  });

  it('the home page shows a banner inside its date window and store views only, with its call to action; each save bumps the version', async () => {
    const home = async (store: string) =>
      (await api.call(`/vsbridge/home-page?storeCode=${store}`)).body.result.slider as {
        title: string;
        cta?: string;
        link: string;
      }[];
    const before = await getCatalogVersion(api.database);
    const hour = 3600_000;
    const now = Date.now();
    const shown = await banners('', editor, {
      ...slide,
      title: { en: 'Open now' },
      store_codes: ['en'],
      starts_at: new Date(now - hour).toISOString(),
      ends_at: new Date(now + hour).toISOString(),
    });
    expect(shown.status).toBe(200);
    expect(await getCatalogVersion(api.database)).toBeGreaterThan(before);
    await banners('', editor, {
      ...slide,
      title: { en: 'Not yet' },
      starts_at: new Date(now + hour).toISOString(),
    });
    await banners('', editor, {
      ...slide,
      title: { en: 'Over' },
      ends_at: new Date(now - hour).toISOString(),
    });
    await banners('', editor, { ...slide, title: { en: 'Switched off' }, active: false });
    const en = await home('en');
    expect(en).toContainEqual(
      expect.objectContaining({ title: 'Open now', cta: 'Shop now', link: 'https://example.lt/en/sale' }),
    );
    expect(en.map((b) => b.title)).not.toEqual(expect.arrayContaining(['Not yet']));
    expect(en.map((b) => b.title)).not.toContain('Over');
    expect(en.map((b) => b.title)).not.toContain('Switched off');
    // another store view: not among its views
    expect((await home('lt')).map((b) => b.title)).not.toContain('Open now');
  });
});
