/**
 * A product's images and the banners through the back office's own pages, without a browser: the
 * production build on the real API, as the shop server runs it (page cache on). A catalog user
 * uploads a real JPEG to a product and a PNG banner with a plain multipart form post (no
 * JavaScript); the upload pages take a file above FORM_BODY_LIMIT while every other form still
 * refuses it; a file that is not an image is refused with the reason on the page; the storefront's
 * product page and home page (a cached one included) show what was saved.
 */
import type { FastifyInstance } from 'fastify';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { JSDOM } from 'jsdom';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLI_ACTOR, addStaff, buildApi, loadApiConfig, uploadBodyLimit } from '@vitrina/api';
import { importCatalog } from '@vitrina/db';
import { generateLargeCatalog } from '@vitrina/demo';
import { createTestDatabase, type TestDatabase } from '@vitrina/db/testing';
import { createInProcessFetch } from '../src/in-process-fetch.ts';
import { PageCache, dataStampReader } from '../src/page-cache.ts';
import { buildStorefront } from './storefront-build.ts';
import { registerStorefront } from '../src/ssr.ts';

const PUBLIC_URL = 'https://shop.example';
const PASSWORD = 'back office password 1';
let removeBuild: (() => void) | undefined;
let database: TestDatabase;
let app: FastifyInstance;
let mediaDir: string;
let cookie: string;

beforeAll(async () => {
  const build = await buildStorefront('images');
  removeBuild = build.remove;
  mediaDir = await mkdtemp(path.join(tmpdir(), 'vitrina-upload-pages-'));
  database = await createTestDatabase();
  await importCatalog(database, generateLargeCatalog({ seed: 7, productCount: 20 }));
  await addStaff(database, CLI_ACTOR, 'editor@shop.lt', 'catalog', PASSWORD);
  const config = loadApiConfig({
    CATALOG_VERSION_TTL_MS: '0',
    PUBLIC_URL,
    MEDIA_DIR: mediaDir,
    RATE_LIMIT_STAFF_LOGIN_ACCOUNT: '0',
    RATE_LIMIT_STAFF_LOGIN_ADDRESS: '0',
  });
  app = await buildApi({ database, config });
  await registerStorefront(app, {
    buildDir: build.dir,
    apiFetch: createInProcessFetch(app),
    pageCache: {
      cache: new PageCache({ ttlMs: 86_400_000, maxEntries: 100, maxBytes: 16 * 1024 * 1024 }),
      stamp: dataStampReader(database),
    },
    publicUrl: PUBLIC_URL,
    uploadBodyLimit: uploadBodyLimit(config),
  });
  await app.ready();
  const login = await app.inject({
    method: 'POST',
    url: '/en/admin/login',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: PUBLIC_URL },
    payload: new URLSearchParams({ email: 'editor@shop.lt', password: PASSWORD }).toString(),
    remoteAddress: '203.0.113.31',
  });
  expect(login.statusCode).toBe(302);
  cookie = String(login.headers['set-cookie']).split(';')[0] as string;
}, 300_000);

afterAll(async () => {
  await app?.close();
  await database?.dispose();
  await rm(mediaDir, { recursive: true, force: true });
  removeBuild?.();
});

/** a multipart form post as a browser sends it (a file field among text fields) */
async function postMultipart(
  url: string,
  fields: Record<string, string | string[]>,
  file?: { bytes: Uint8Array; name: string },
) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields))
    for (const one of Array.isArray(v) ? v : [v]) form.append(k, one);
  if (file) form.set('file', new Blob([new Uint8Array(file.bytes)]), file.name);
  const request = new Request('http://x/', { method: 'POST', body: form });
  return app.inject({
    method: 'POST',
    url,
    headers: { cookie, origin: PUBLIC_URL, 'content-type': request.headers.get('content-type')! },
    payload: Buffer.from(await request.arrayBuffer()),
    remoteAddress: '203.0.113.31',
  });
}
const get = async (url: string, headers: Record<string, string> = {}) => {
  const res = await app.inject({ method: 'GET', url, headers });
  return { res, doc: new JSDOM(res.body).window.document };
};
/** a photo of ~100 KB: above FORM_BODY_LIMIT (64 KiB), far below IMAGE_UPLOAD_MAX_MB */
async function noisyJpeg() {
  const raw = Buffer.alloc(400 * 300 * 3);
  for (let i = 0; i < raw.length; i++) raw[i] = (i * 2654435761) >>> 24;
  return sharp(raw, { raw: { width: 400, height: 300, channels: 3 } })
    .jpeg({ quality: 95 })
    .toBuffer();
}

describe('product images in the product form', () => {
  it('uploads a photo with its alt texts, orders and deletes, and the product page shows it first', async () => {
    const [product] = await database.query<{ sku: string; url_key: string; version: number }>(
      `SELECT sku, url_key, version FROM products WHERE type_id = 'simple' AND visibility = 4 AND status = 1 ORDER BY id LIMIT 1`,
    );
    const photo = await noisyJpeg();
    expect(photo.length).toBeGreaterThan(64 * 1024);
    const action = `/en/admin/products/${encodeURIComponent(product!.sku)}/images`;
    const up = await postMultipart(
      action,
      {
        intent: 'upload',
        target: '',
        version: String(product!.version),
        alt_lt: 'Priekis',
        alt_en: 'Front view',
      },
      { bytes: photo, name: 'front.jpg' },
    );
    expect(up.statusCode).toBe(302);
    expect(up.headers.location).toMatch(/\?images=saved#images$/);
    const form = await get(String(up.headers.location).replace('#images', ''), { cookie });
    const section = form.doc.querySelector('#images')!;
    expect(section.textContent).toContain('The images were saved');
    const uploaded = [...section.querySelectorAll('input[name^="image_"]')].map(
      (i) => (i as HTMLInputElement).value,
    );
    expect(uploaded.at(-1)).toMatch(/^\/uploads\/products\/[0-9a-f]{24}\.jpg$/);
    // move the new photo to the front: it becomes the product's image
    const count = uploaded.length;
    const fields: Record<string, string> = { target: '', count: String(count) };
    section.querySelectorAll('form input').forEach((i) => {
      const input = i as HTMLInputElement;
      if (input.name && input.type !== 'file') fields[input.name] = input.value;
    });
    for (let i = count - 1; i > 0; i--) {
      const page = await get(`/en/admin/products/${encodeURIComponent(product!.sku)}`, { cookie });
      const f: Record<string, string> = {};
      page.doc.querySelectorAll('#images form:not(.admin-image-upload) input').forEach((el) => {
        const input = el as HTMLInputElement;
        f[input.name] = input.value;
      });
      const moved = await postMultipart(action, { ...f, intent: `up:${i}` });
      expect(moved.statusCode).toBe(302);
    }
    const [row] = await database.query<{
      image: string;
      media_gallery: { image: string; label?: Record<string, string> }[];
    }>('SELECT image, media_gallery FROM products WHERE sku = $1', [product!.sku]);
    expect(row!.image).toBe(uploaded.at(-1));
    expect(row!.media_gallery[0]).toEqual({
      image: uploaded.at(-1),
      label: { lt: 'Priekis', en: 'Front view' },
    });
    // delete the last image: the list is one shorter, the first stays the product's image
    const page = await get(`/en/admin/products/${encodeURIComponent(product!.sku)}`, { cookie });
    const last: Record<string, string> = {};
    page.doc.querySelectorAll('#images form:not(.admin-image-upload) input').forEach((el) => {
      const input = el as HTMLInputElement;
      last[input.name] = input.value;
    });
    expect((await postMultipart(action, { ...last, intent: `delete:${count - 1}` })).statusCode).toBe(302);
    const [kept] = await database.query<{ image: string; media_gallery: unknown[] }>(
      'SELECT image, media_gallery FROM products WHERE sku = $1',
      [product!.sku],
    );
    expect(kept!.media_gallery).toHaveLength(count - 1);
    expect(kept!.image).toBe(uploaded.at(-1));
    // the storefront's product page opens with it, its alt text in the page's language
    const shop = await get(`/en/p/${encodeURIComponent(product!.sku)}/${product!.url_key}`);
    const main = shop.doc.querySelector('.gallery-main img') as HTMLImageElement | null;
    expect(main?.getAttribute('src')).toContain(uploaded.at(-1));
    expect(main?.getAttribute('alt')).toBe('Front view');
  });

  it('refuses a file that is not an image, naming why, and writes nothing', async () => {
    const [product] = await database.query<{ sku: string; version: number; media_gallery: unknown[] }>(
      `SELECT sku, version, media_gallery FROM products WHERE type_id = 'simple' ORDER BY id DESC LIMIT 1`,
    );
    const r = await postMultipart(
      `/admin/products/${encodeURIComponent(product!.sku)}/images`,
      { intent: 'upload', target: '', version: String(product!.version) },
      { bytes: new TextEncoder().encode('#!/bin/sh\necho hi\n'), name: 'photo.jpg' },
    );
    expect(r.statusCode).toBe(302);
    const page = await get(String(r.headers.location).replace('#images', ''), { cookie });
    expect(page.doc.querySelector('#images [role="alert"]')?.textContent).toMatch(/nėra JPEG, PNG ar WebP/);
    const [after] = await database.query<{ version: number }>('SELECT version FROM products WHERE sku = $1', [
      product!.sku,
    ]);
    expect(after!.version).toBe(product!.version);
  });

  it('the product form itself still refuses a body above FORM_BODY_LIMIT (only the upload pages take files)', async () => {
    const [product] = await database.query<{ sku: string }>(`SELECT sku FROM products ORDER BY id LIMIT 1`);
    const r = await postMultipart(
      `/en/admin/products/${encodeURIComponent(product!.sku)}`,
      { intent: 'save' },
      {
        bytes: await noisyJpeg(),
        name: 'x.jpg',
      },
    );
    expect(r.statusCode).toBe(413);
  });
});

describe('banners and the home slider', () => {
  it('a banner made in the back office (uploaded PNG, title, call to action) is on the home page, the cached one included', async () => {
    // the home page is cached first: the save must not leave the old page served
    expect((await get('/en')).res.statusCode).toBe(200);
    const png = await sharp({ create: { width: 1600, height: 600, channels: 3, background: '#1547c0' } })
      .png()
      .toBuffer();
    const made = await postMultipart(
      '/en/admin/content/banners/new',
      {
        intent: 'save',
        image: '',
        kind: 'slider',
        position: '0',
        active: 'on',
        title_lt: 'Žiemos išpardavimas',
        title_en: 'Winter sale on laptops',
        cta_en: 'See the deals',
        link_en: '/en/c/laptops',
        starts_at: '',
        ends_at: '',
        store_codes: ['en'],
      },
      { bytes: png, name: 'winter.png' },
    );
    expect(made.statusCode, made.body.slice(0, 500)).toBe(302);
    expect(made.headers.location).toMatch(/^\/en\/admin\/content\/banners\/\d+\?saved=1$/);
    const list = await get('/en/admin/content/banners', { cookie });
    expect(list.doc.querySelector('.admin-banner-table')?.textContent).toContain('Winter sale on laptops');
    const home = await get('/en');
    const slide = [...home.doc.querySelectorAll('.slider .slide')].find((s) =>
      s.textContent?.includes('Winter sale on laptops'),
    );
    expect(slide, 'the banner on the home page').toBeTruthy();
    expect(slide!.querySelector('.banner-cta')?.textContent).toBe('See the deals');
    expect(slide!.getAttribute('href')).toBe('/en/c/laptops');
    expect(slide!.querySelector('img')?.getAttribute('src')).toMatch(
      /\/vsbridge\/image\/800\/800\/resize\/uploads\/banners\/.+\.png$/,
    );
    // only the English store view was ticked
    expect((await get('/')).res.body).not.toContain('Žiemos išpardavimas');
  });

  it('refuses a link that is neither a shop path nor https, keeping what was typed', async () => {
    const png = await sharp({ create: { width: 80, height: 30, channels: 3, background: '#c00' } })
      .png()
      .toBuffer();
    const r = await postMultipart(
      '/admin/content/banners/new',
      {
        intent: 'save',
        image: '',
        kind: 'banner',
        position: '1',
        active: 'on',
        title_lt: 'Akcija',
        link_lt: 'javascript:alert(1)',
      },
      { bytes: png, name: 'a.png' },
    );
    expect(r.statusCode).toBe(200);
    const doc = new JSDOM(r.body).window.document;
    expect(doc.querySelector('#link_lt-error')?.textContent).toMatch(/turi būti parduotuvės kelias/);
    expect((doc.querySelector('input[name="title_lt"]') as HTMLInputElement).value).toBe('Akcija');
    // the uploaded image is kept for the next try
    expect((doc.querySelector('input[name="image"]') as HTMLInputElement).value).toMatch(
      /^\/uploads\/banners\//,
    );
  });
});
