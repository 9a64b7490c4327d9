/**
 * The back office's pages end to end without a browser: the real React Router
 * production build on the real API, registered as the shop server does, page cache on. Its pages
 * work without JavaScript (plain form posts to route actions), carry the shop's CSP, say noindex and
 * no-store and are never cached; the staff cookie is Secure under an https PUBLIC_URL; the login's
 * rate limit counts the browser's address, not the in-process transport's.
 */
import type { FastifyInstance } from 'fastify';
import { JSDOM } from 'jsdom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLI_ACTOR, addStaff, buildApi, loadApiConfig } from '@vitrina/api';
import { importCatalog } from '@vitrina/db';
import { generateLargeCatalog } from '@vitrina/demo';
import { createTestDatabase, type TestDatabase } from '@vitrina/db/testing';
import { createInProcessFetch } from '../src/in-process-fetch.ts';
import { PageCache, dataStampReader } from '../src/page-cache.ts';
import { buildStorefront } from './storefront-build.ts';
import { registerStorefront } from '../src/ssr.ts';

const PUBLIC_URL = 'https://shop.example';
const PASSWORD = 'back office password 1';
let buildDir: string;
let removeBuild: (() => void) | undefined;
let database: TestDatabase;
let app: FastifyInstance;

beforeAll(async () => {
  ({ dir: buildDir, remove: removeBuild } = await buildStorefront('admin'));
  database = await createTestDatabase();
  await importCatalog(database, generateLargeCatalog({ seed: 7, productCount: 20 }));
  await addStaff(database, CLI_ACTOR, 'ona@shop.lt', 'staff', PASSWORD);
  const config = loadApiConfig({
    CATALOG_VERSION_TTL_MS: '0',
    PUBLIC_URL,
    RATE_LIMIT_STAFF_LOGIN_ADDRESS: '3/900',
    RATE_LIMIT_STAFF_LOGIN_ACCOUNT: '0',
  });
  app = await buildApi({ database, config });
  await registerStorefront(app, {
    buildDir,
    apiFetch: createInProcessFetch(app),
    pageCache: {
      cache: new PageCache({ ttlMs: 86_400_000, maxEntries: 100, maxBytes: 16 * 1024 * 1024 }),
      stamp: dataStampReader(database),
    },
    publicUrl: PUBLIC_URL,
  });
  await app.ready();
}, 240_000);

afterAll(async () => {
  await app?.close();
  await database?.dispose();
  removeBuild?.();
});

function postForm(
  url: string,
  fields: Record<string, string>,
  headers: Record<string, string> = {},
  remoteAddress = '203.0.113.7',
) {
  return app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: PUBLIC_URL, ...headers },
    payload: new URLSearchParams(fields).toString(),
    remoteAddress,
  });
}

describe('back office pages', () => {
  it('the login page: CSP with nonce, noindex, no-store, never cached, Lithuanian and English', async () => {
    for (const [url, lang, heading] of [
      ['/admin/login', 'lt', 'Prisijungimas prie administravimo'],
      ['/en/admin/login', 'en', 'Back office login'],
    ] as const) {
      await app.inject({ method: 'GET', url });
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['x-page-cache']).toBeUndefined();
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.headers['x-robots-tag']).toBe('noindex, nofollow');
      const csp = String(res.headers['content-security-policy']);
      expect(csp).toMatch(/script-src 'self' 'nonce-[\w-]+'/);
      const doc = new JSDOM(res.body).window.document;
      expect(doc.documentElement.lang).toBe(lang);
      expect(doc.querySelector('h1')?.textContent).toBe(heading);
      expect(doc.querySelector('meta[name="robots"]')?.getAttribute('content')).toBe('noindex, nofollow');
      expect(doc.querySelector('link[rel="stylesheet"][href^="/assets/admin-"]')).not.toBeNull();
      // none of the shop's header, footer or cart
      expect(doc.querySelector('header.site-header, footer, .microcart')).toBeNull();
    }
  });

  it('logs in and works through form posts alone (no JavaScript); the cookie is Secure under https', async () => {
    const wrong = await postForm(
      '/en/admin/login',
      { email: 'ona@shop.lt', password: 'wrong password!' },
      {},
      '203.0.113.20',
    );
    expect(wrong.statusCode).toBe(200);
    expect(new JSDOM(wrong.body).window.document.querySelector('[role="alert"]')?.textContent).toBe(
      'Wrong e-mail or password, or the account is disabled.',
    );
    const login = await postForm(
      '/en/admin/login',
      { email: 'ona@shop.lt', password: PASSWORD },
      {},
      '203.0.113.21',
    );
    expect(login.statusCode).toBe(302);
    expect(login.headers.location).toBe('/en/admin');
    const setCookie = String(login.headers['set-cookie']);
    expect(setCookie).toMatch(
      /^__Host-vitrina_staff=[\w-]+; Path=\/; HttpOnly; SameSite=Strict; Max-Age=\d+; Secure$/,
    );
    const cookie = setCookie.split(';')[0] as string;

    const orders = await app.inject({ method: 'GET', url: '/en/admin', headers: { cookie } });
    expect(orders.statusCode).toBe(200);
    expect(orders.headers['cache-control']).toBe('no-store');
    const doc = new JSDOM(orders.body).window.document;
    expect(doc.querySelector('h1')?.textContent).toBe('Orders');
    expect(doc.body.textContent).toContain('Signed in as ona@shop.lt (staff)');
    // role staff: the menu has no staff accounts; the page itself answers 403
    expect([...doc.querySelectorAll('nav a')].map((a) => a.textContent)).not.toContain('Staff accounts');
    const refused = await app.inject({ method: 'GET', url: '/en/admin/accounts', headers: { cookie } });
    expect(refused.statusCode).toBe(403);
    expect(new JSDOM(refused.body).window.document.querySelector('[role="alert"]')?.textContent).toBe(
      '403: Your role does not allow this.',
    );

    await database.query(
      "INSERT INTO contact_messages (name, email, message) VALUES ('Jonas', 'jonas@example.com', 'Garantija: ekranas')",
    );
    const [message] = await database.query<{ id: number }>('SELECT max(id)::int AS id FROM contact_messages');
    const handled = await postForm('/admin/messages', { id: String(message?.id) }, { cookie });
    expect(handled.statusCode).toBe(200);
    const open = new JSDOM(
      (await app.inject({ method: 'GET', url: '/admin/messages', headers: { cookie } })).body,
    ).window.document;
    expect(open.body.textContent).not.toContain('Garantija: ekranas');

    const out = await postForm('/en/admin/logout', {}, { cookie });
    expect(out.statusCode).toBe(302);
    expect(String(out.headers['set-cookie'])).toMatch(/Max-Age=0/);
    const after = await app.inject({ method: 'GET', url: '/en/admin', headers: { cookie } });
    expect(after.statusCode).toBe(302);
    expect(after.headers.location).toBe('/en/admin/login');
  });

  it("the login's per-address limit counts the browser's address through the in-process transport", async () => {
    for (let i = 0; i < 3; i++)
      expect(
        (
          await postForm(
            '/admin/login',
            { email: 'ona@shop.lt', password: 'wrong password!' },
            {},
            '198.51.100.9',
          )
        ).statusCode,
      ).toBe(200);
    const limited = await postForm(
      '/admin/login',
      { email: 'ona@shop.lt', password: PASSWORD },
      {},
      '198.51.100.9',
    );
    expect(new JSDOM(limited.body).window.document.querySelector('[role="alert"]')?.textContent).toMatch(
      /Per daug bandymų|Too many/,
    );
    // another address is not limited
    expect(
      (await postForm('/admin/login', { email: 'ona@shop.lt', password: PASSWORD }, {}, '198.51.100.10'))
        .statusCode,
    ).toBe(302);
  });
});
