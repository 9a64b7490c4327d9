/**
 * The listing journey (issue #13 "Finding products"), on a phone (390×844): the first product card
 * is in the first screen of a category; the filters open as a bottom sheet; choosing a grade shows
 * that grade's price on a card, and the card opens that very unit (grade and price); the search's
 * suggestion panel closes on the results page, relevance is a sort there, and a search that finds
 * nothing keeps the words and suggests categories. axe finds nothing on these screens.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { getT } from '../apps/web/app/i18n/index.ts';
import { useBrowser } from './support/browser.ts';
import { watchErrors } from './support/page.ts';

const shopUrl = inject('shopUrl');
const t = getT('en');
const browser = useBrowser();
/** axe's source, evaluated through the DevTools protocol (the shop's CSP rightly refuses a script tag) */
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** axe's violations on the page as it is now (WCAG 2.x A/AA and best practices) */
async function axe(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  const result = await page.evaluate(async () => {
    const w = window as unknown as { axe: { run: (ctx: Document) => Promise<{ violations: { id: string; nodes: { target: string[] }[] }[] }> } };
    return (await w.axe.run(document)).violations;
  });
  return result.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

const noSpace = (s: string | null) => (s ?? '').replace(/\s+/g, ' ').trim();

describe('listing journey (en, phone)', () => {
  it('first card in the first screen; a grade filter shows and opens that grade at its price; axe clean', async () => {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    const errors = watchErrors(page);
    await page.goto(`${shopUrl}/en/c/computers`, { waitUntil: 'networkidle' });

    const firstImage = page.locator('.listing-products .card:not(.card-banner) img').first();
    const box = await firstImage.boundingBox();
    expect(box, 'the first card has an image').not.toBeNull();
    expect(box!.y + box!.height, 'the first card image ends within the first 844 px').toBeLessThanOrEqual(844);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await axe(page)).toEqual([]);

    // the bar: Filters (0) opens the sheet (a modal dialog); the grades are in grade order
    await page.getByRole('link', { name: t('listing.filtersCount', { count: 0 }) }).click();
    const sheet = page.getByRole('dialog', { name: t('listing.filters') });
    await expect.poll(() => sheet.isVisible()).toBe(true);
    const gradeLinks = sheet.locator('section', { has: page.getByRole('heading', { name: 'Condition' }) }).getByRole('link');
    const grades = (await gradeLinks.allTextContents()).map((s) => s.replace(/\s*\(\d+\)$/, '').trim());
    expect(grades.map((g) => g.split(' ')[0])).toEqual(
      ['Brand', 'A+', 'A', 'B', 'C+', 'C'].filter((g) => grades.some((x) => x.startsWith(g))),
    );
    expect(await axe(page)).toEqual([]);

    // A+ chosen: the sheet stays open with the chip, "Show N products" closes it
    await gradeLinks.filter({ hasText: /^A\+/ }).click();
    await page.waitForURL(/condition=/);
    await expect.poll(() => sheet.getByRole('link', { name: /^Remove filter: Condition: A\+/ }).count()).toBe(1);
    await sheet.getByRole('link', { name: /^Show \d+ products?$/ }).click();
    await expect.poll(() => sheet.isVisible()).toBe(false);
    expect(await page.getByRole('link', { name: t('listing.filtersCount', { count: 1 }) }).count()).toBe(1);

    // a configurable card (one with several grades) shows an A+ unit and links to it
    const card = page.locator('.listing-products .card', { has: page.locator('a[href*="-APL"]') }).first();
    await expect.poll(() => card.count()).toBe(1);
    expect(noSpace(await card.locator('.grade-badge').textContent())).toMatch(/^A\+/);
    const cardPrice = noSpace(await card.locator('.price').textContent());
    expect(cardPrice).not.toMatch(/^from/);
    const href = (await card.locator('a').first().getAttribute('href')) ?? '';
    const childSku = decodeURIComponent(href.split('/').pop() ?? '');
    const children = await fetch(
      `${shopUrl}/vsbridge/catalog/vue_storefront_catalog_en/product/_search?request=${encodeURIComponent(
        JSON.stringify({ filters: { 'configurable_children.sku': childSku } }),
      )}&_source_include=configurable_children.sku,configurable_children.condition,configurable_children.final_price_incl_tax`,
    ).then(async (r) => ((await r.json()) as { hits: { hits: { _source: { configurable_children: { sku: string; condition: number }[] } }[] } }).hits.hits);
    const child = children[0]?._source.configurable_children.find((c) => c.sku === childSku);
    expect(child?.condition, `${childSku} is an A+ unit`).toBe(2);

    await card.locator('a').first().click();
    await page.waitForURL((u) => u.pathname.endsWith(`/${encodeURIComponent(childSku)}`));
    await expect.poll(() => page.getByRole('radio', { name: /^A\+/ }).isChecked()).toBe(true);
    expect(noSpace(await page.locator('.product-info .price').first().textContent())).toContain(cardPrice);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('search: the panel closes on the results page, relevance is a sort, nothing found keeps the words', async () => {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    const errors = watchErrors(page);
    await page.goto(`${shopUrl}/en`, { waitUntil: 'networkidle' });
    const field = page.getByRole('searchbox', { name: t('header.searchLabel') });
    await field.pressSequentially('laptop');
    const panel = page.getByRole('region', { name: t('search.panel') });
    await expect.poll(() => panel.isVisible()).toBe(true);
    await field.press('Enter');
    await page.waitForURL(/\/en\/search\?q=laptop/);
    await expect.poll(() => panel.count()).toBe(0);
    const sort = page.getByRole('combobox', { name: t('listing.sortBy') });
    expect(await sort.locator('option').allTextContents()).toContain('Relevance');
    await sort.selectOption('_score:desc');
    await page.waitForURL(/sort=_score%3Adesc/);
    expect(await axe(page)).toEqual([]);

    await page.goto(`${shopUrl}/en/search?q=zzqxwv`, { waitUntil: 'networkidle' });
    expect(await page.getByRole('searchbox', { name: t('search.again') }).inputValue()).toBe('zzqxwv');
    expect(await page.locator('.category-tiles a').count()).toBeGreaterThan(3);
    expect(await axe(page)).toEqual([]);
    expect(errors).toEqual([]);
    await page.close();
  });
});
