/**
 * Moving inside a store view and between store views. A page's route table holds its own store
 * view's pages only (apps/web/app/lib/route-branches.ts): a link inside the view is a client
 * navigation (the document stays), the language switch loads the other view's document, which
 * hydrates and navigates inside its own view in turn. /en/ru/… stays a 404.
 */
import { describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { getT } from '../apps/web/app/i18n/index.ts';
import { useBrowser } from './support/browser.ts';
import { watchErrors, openFirstCategory } from './support/page.ts';

const shopUrl = inject('shopUrl');
const browser = useBrowser();

/** marks the document: the mark survives a client navigation, not a document load */
const markDocument = (page: Page) =>
  page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
const sameDocument = (page: Page) =>
  page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument === true);
const hydrated = (page: Page) =>
  page.waitForFunction(() => document.documentElement.dataset.hydrated !== undefined);

describe('store views', () => {
  it('navigates inside a view in the document and loads the other view’s document', async () => {
    const page = await browser.newPage();
    const errors = watchErrors(page);
    await page.goto(`${shopUrl}/`, { waitUntil: 'networkidle' });
    await hydrated(page);
    await markDocument(page);

    await openFirstCategory(page, getT('lt')('header.categories'));
    await page.waitForURL(/\/c\//);
    await page.locator('.card a').first().waitFor();
    expect(await sameDocument(page)).toBe(true);
    const slug = new URL(page.url()).pathname;

    await page.locator('nav.lang a[hreflang="en"]').first().click();
    await page.waitForURL((url) => url.pathname.startsWith('/en/'));
    await hydrated(page);
    expect(await page.getAttribute('html', 'lang')).toBe('en');
    expect(await sameDocument(page)).toBe(false);
    expect(new URL(page.url()).pathname).not.toBe(slug);

    await markDocument(page);
    await page.locator('.card a[href^="/en/p/"]').first().click();
    await page.waitForURL(/\/en\/p\//);
    await page.locator('h1').first().waitFor();
    expect(await sameDocument(page)).toBe(true);
    expect(await page.getAttribute('html', 'lang')).toBe('en');

    await page.locator('nav.lang a[hreflang="ru"]').first().click();
    await page.waitForURL(/\/ru\/p\//);
    await hydrated(page);
    expect(await page.getAttribute('html', 'lang')).toBe('ru');
    expect(await sameDocument(page)).toBe(false);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('answers /en/ru/… 404', async () => {
    const res = await fetch(`${shopUrl}/en/ru/search`);
    expect(res.status).toBe(404);
  });
});
