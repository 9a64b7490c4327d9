/**
 * The shop's settings end to end without a browser: the production build on the real API with the
 * page cache on, as the shop server runs it. An administrator saves the settings through the back
 * office's form alone (no JavaScript); the next storefront page is rendered afresh with the new name
 * (the cached page of the old name is not served); a form opened before another save is refused and
 * keeps nothing stale; staff see the banner of missing seller details, and may not open the settings.
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
let removeBuild: (() => void) | undefined;
let database: TestDatabase;
let app: FastifyInstance;

beforeAll(async () => {
  const build = await buildStorefront('settings');
  removeBuild = build.remove;
  database = await createTestDatabase();
  await importCatalog(database, generateLargeCatalog({ seed: 7, productCount: 20 }));
  await addStaff(database, CLI_ACTOR, 'owner@shop.lt', 'admin', PASSWORD);
  await addStaff(database, CLI_ACTOR, 'clerk@shop.lt', 'staff', PASSWORD);
  const config = loadApiConfig({
    CATALOG_VERSION_TTL_MS: '0',
    PUBLIC_URL,
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
  });
  await app.ready();
}, 240_000);

afterAll(async () => {
  await app?.close();
  await database?.dispose();
  removeBuild?.();
});

function postForm(url: string, fields: Record<string, string>, headers: Record<string, string> = {}) {
  return app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: PUBLIC_URL, ...headers },
    payload: new URLSearchParams(fields).toString(),
    remoteAddress: '203.0.113.30',
  });
}

async function signIn(email: string): Promise<string> {
  const login = await postForm('/en/admin/login', { email, password: PASSWORD });
  expect(login.statusCode).toBe(302);
  return String(login.headers['set-cookie']).split(';')[0] as string;
}

/** the settings form's fields as the page rendered them (what a browser would post back) */
async function settingsForm(cookie: string, url = '/en/admin/settings') {
  const res = await app.inject({ method: 'GET', url, headers: { cookie } });
  expect(res.statusCode).toBe(200);
  const doc = new JSDOM(res.body).window.document;
  const form = doc.querySelector('form.admin-settings') as HTMLFormElement;
  const fields: Record<string, string> = {};
  for (const input of form.querySelectorAll('input')) {
    if (input.type === 'checkbox') {
      if (input.checked) fields[input.name] = 'on';
    } else fields[input.name] = input.value;
  }
  return { doc, fields };
}

const home = async () => {
  const res = await app.inject({ method: 'GET', url: '/' });
  expect(res.statusCode).toBe(200);
  return { res, doc: new JSDOM(res.body).window.document };
};

describe("the shop's settings in the back office and on the storefront", () => {
  it('warns every staff member that seller details are missing; only an administrator opens the settings', async () => {
    const clerk = await signIn('clerk@shop.lt');
    const orders = new JSDOM(
      (await app.inject({ method: 'GET', url: '/en/admin', headers: { cookie: clerk } })).body,
    ).window.document;
    expect(orders.querySelector('.admin-banner')?.textContent).toMatch(
      /Seller details are missing \(Company name, Company code, VAT code, Address\): invoices are refused/,
    );
    expect(orders.querySelector('a[href="/en/admin/settings"]')).toBeNull();
    const refused = await app.inject({
      method: 'GET',
      url: '/en/admin/settings',
      headers: { cookie: clerk },
    });
    expect(refused.statusCode).toBe(403);
  });

  it('a new shop name saved by the form is on the next storefront page, not the cached one', async () => {
    const before = await home();
    expect(before.doc.title).toContain('Vitrina');
    expect((await home()).res.headers['x-page-cache']).toBe('hit');

    const owner = await signIn('owner@shop.lt');
    const { fields } = await settingsForm(owner);
    expect(fields['shopName.lt']).toBe('Vitrina');
    expect(fields.codFeeCents).toBe('3.00');
    const saved = await postForm(
      '/en/admin/settings',
      {
        ...fields,
        'shopName.lt': 'Technikos kampas',
        'seller.companyName': 'UAB Technikos kampas',
        'seller.companyCode': '305000111',
        'seller.vatCode': 'LT100012345611',
        'seller.address': 'Vilnius',
        codFeeCents: '2,50',
      },
      { cookie: owner },
    );
    expect(saved.statusCode).toBe(200);
    const page = new JSDOM(saved.body).window.document;
    expect(page.querySelector('[role="status"]')?.textContent).toContain('Settings saved');
    // the banner is gone once the seller's details are there
    expect(page.querySelector('.admin-banner')?.textContent ?? '').not.toMatch(/Seller details are missing/);
    expect((page.querySelector('input[name="codFeeCents"]') as HTMLInputElement).value).toBe('2.50');

    const after = await home();
    expect(after.res.headers['x-page-cache']).not.toBe('hit');
    expect(after.doc.title).toContain('Technikos kampas');
    expect(after.doc.title).not.toContain('Vitrina');
    expect(after.doc.querySelector('.copyright')?.textContent).toContain('Technikos kampas');
    expect(after.doc.querySelector('.site-header .logo text')?.textContent).toBe('Technikos kampas');
    expect(after.doc.querySelector('.site-footer address.company')?.textContent).toContain(
      'UAB Technikos kampas',
    );
  });

  it('refuses a form opened before someone else saved, saying so, and shows the saved values', async () => {
    const owner = await signIn('owner@shop.lt');
    const opened = await settingsForm(owner);
    const first = await postForm(
      '/en/admin/settings',
      { ...opened.fields, moneyBackDays: '45' },
      { cookie: owner },
    );
    expect(first.statusCode).toBe(200);
    const late = await postForm(
      '/en/admin/settings',
      { ...opened.fields, moneyBackDays: '60' },
      { cookie: owner },
    );
    const doc = new JSDOM(late.body).window.document;
    expect(doc.querySelector('[role="alert"]')?.textContent).toContain(
      'Someone else saved the settings after you opened this form',
    );
    expect((doc.querySelector('input[name="moneyBackDays"]') as HTMLInputElement).value).toBe('45');
  });

  it('names each wrong field beside it and keeps what was entered (lt)', async () => {
    const owner = await signIn('owner@shop.lt');
    const { fields } = await settingsForm(owner, '/admin/settings');
    const res = await postForm(
      '/admin/settings',
      {
        ...fields,
        'seller.bankName': 'SEB',
        'seller.iban': 'LT13 1000 0111 0100 1000',
        codFeeCents: '2,505',
      },
      { cookie: owner },
    );
    const doc = new JSDOM(res.body).window.document;
    expect(doc.querySelector('#set-codFeeCents-error')?.textContent).toBe(
      'Įrašykite eurus ir centus, pvz., 3,00',
    );
    expect((doc.querySelector('input[name="seller.iban"]') as HTMLInputElement).value).toBe(
      'LT13 1000 0111 0100 1000',
    );
    const fixedFee = await postForm(
      '/admin/settings',
      { ...fields, 'seller.bankName': 'SEB', 'seller.iban': 'LT13 1000 0111 0100 1000' },
      { cookie: owner },
    );
    const fixed = new JSDOM(fixedFee.body).window.document;
    expect(fixed.querySelector('#set-seller-iban-error')?.textContent).toMatch(
      /^IBAN: neteisingas sąskaitos numeris/,
    );
    expect(fixed.querySelector('[role="alert"]')?.textContent).toContain('IBAN');
  });
});
