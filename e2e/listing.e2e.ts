/**
 * The listing journey, on a phone (390×844): the first product card
 * is in the first screen of a category; the filters open as a bottom sheet; choosing a grade shows
 * that grade's price on a card, and the card opens that very unit (grade and price); the search's
 * suggestion panel closes on the results page, relevance is a sort there, and a search that finds
 * nothing keeps the words and suggests categories. axe finds nothing on these screens.
 */
import { describe, expect, inject, it } from 'vitest';
import type { StoreCode } from '@vitrina/domain';
import { GRADES } from '@vitrina/demo';
import { getT } from '../apps/web/app/i18n/index.ts';
import { otherPagesT } from '../apps/web/app/i18n/other-pages.ts';
import { axeViolations as axe } from './support/axe.ts';
import { useBrowser } from './support/browser.ts';
import { expectNoHorizontalScroll, watchErrors } from './support/page.ts';

const shopUrl = inject('shopUrl');
const t = otherPagesT(getT('en'));
const browser = useBrowser();

const noSpace = (s: string | null) => (s ?? '').replace(/\s+/g, ' ').trim();

/**
 * The grade filter in every language and at both sizes: "Computers" (the
 * demo's category id 10) by its slug in each store view.
 */
const GRADE_FILTER_CASES: { store: StoreCode; path: string; width: 390 | 1366 }[] = [
  { store: 'en', path: '/en/c/computers', width: 390 },
  { store: 'lt', path: '/c/kompiuteriai', width: 1366 },
  { store: 'ru', path: '/ru/c/kompyutery', width: 390 },
];

describe('listing journey', () => {
  it.each(GRADE_FILTER_CASES)(
    "$store at $width px: first card in a phone's first screen; a grade filter shows and opens that grade at its price; axe clean",
    async ({ store, path, width }) => {
      const tt = getT(store);
      const phone = width < 900;
      const page = await browser.newPage({ viewport: { width, height: phone ? 844 : 900 } });
      const errors = watchErrors(page);
      await page.goto(`${shopUrl}${path}`, { waitUntil: 'networkidle' });

      if (phone) {
        const firstImage = page.locator('.listing-products .card:not(.card-banner) img').first();
        const box = await firstImage.boundingBox();
        expect(box, 'the first card has an image').not.toBeNull();
        expect(box!.y + box!.height, 'the first card image ends within the first 844 px').toBeLessThanOrEqual(
          844,
        );
      }
      await expectNoHorizontalScroll(page, path);
      expect(await axe(page)).toEqual([]);

      // on a phone the bar's Filters (0) opens the sheet (a modal dialog); on a desktop the filters
      // are the side column. The grades are in grade order (the demo's GRADES), not by count.
      const filters = phone
        ? page.getByRole('dialog', { name: tt('listing.filters') })
        : page.locator('#filters');
      if (phone) {
        await page.getByRole('link', { name: tt('listing.filtersCount', { count: 0 }) }).click();
        await expect.poll(() => filters.isVisible()).toBe(true);
      }
      const gradeLinks = filters.locator('section[aria-labelledby="filter-condition"]').getByRole('link');
      const grades = (await gradeLinks.allTextContents()).map((s) => s.replace(/\s*\(\d+\)$/, '').trim());
      expect(grades.length, 'several grades to choose from').toBeGreaterThan(1);
      expect(grades).toEqual(GRADES.map((g) => g.label[store]).filter((label) => grades.includes(label)));
      if (phone) expect(await axe(page)).toEqual([]);

      // A+ chosen: its chip is shown (on a phone the sheet stays open, "Show N products" closes it)
      const aPlus = GRADES.find((g) => g.grade === 'a_plus')!.label[store];
      await gradeLinks.filter({ hasText: aPlus }).click();
      await page.waitForURL(/condition=/);
      const condition = noSpace(await filters.locator('#filter-condition').textContent());
      const chip = filters.getByRole('link', {
        name: tt('listing.removeFilter', { label: `${condition}: ${aPlus}` }),
      });
      await expect.poll(() => chip.count()).toBe(1);
      if (phone) {
        const show = filters.locator('.filters-foot a');
        const shown = noSpace(await show.textContent());
        expect(shown).toBe(tt('listing.showProducts', { count: Number(shown.replace(/\D/g, '')) }));
        await show.click();
        await expect.poll(() => filters.isVisible()).toBe(false);
        expect(await page.getByRole('link', { name: tt('listing.filtersCount', { count: 1 }) }).count()).toBe(
          1,
        );
      }

      // a configurable card (one with several grades) shows an A+ unit and links to it
      const card = page.locator('.listing-products .card', { has: page.locator('a[href*="-APL"]') }).first();
      await expect.poll(() => card.count()).toBe(1);
      expect(noSpace(await card.locator('.grade-badge').textContent())).toMatch(/^A\+/);
      const cardPrice = noSpace(await card.locator('.price').textContent());
      expect(cardPrice).not.toMatch(new RegExp(`^${tt('price.from')}`));
      const href = (await card.locator('a').first().getAttribute('href')) ?? '';
      const childSku = decodeURIComponent(href.split('/').pop() ?? '');
      const children = await fetch(
        `${shopUrl}/vsbridge/catalog/vue_storefront_catalog_en/product/_search?request=${encodeURIComponent(
          JSON.stringify({ filters: { 'configurable_children.sku': childSku } }),
        )}&_source_include=configurable_children.sku,configurable_children.condition,configurable_children.final_price_incl_tax`,
      ).then(
        async (r) =>
          (
            (await r.json()) as {
              hits: { hits: { _source: { configurable_children: { sku: string; condition: number }[] } }[] };
            }
          ).hits.hits,
      );
      const child = children[0]?._source.configurable_children.find((c) => c.sku === childSku);
      expect(child?.condition, `${childSku} is an A+ unit`).toBe(2);

      await card.locator('a').first().click();
      await page.waitForURL((u) => u.pathname.endsWith(`/${encodeURIComponent(childSku)}`));
      await expect.poll(() => page.getByRole('radio', { name: /^A\+/ }).isChecked()).toBe(true);
      expect(noSpace(await page.locator('.product-info .price').first().textContent())).toContain(cardPrice);
      expect(errors).toEqual([]);
      await page.close();
    },
  );

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
    // the header's field keeps the words searched
    await expect.poll(() => field.inputValue()).toBe('laptop');
    const sort = page.getByRole('combobox', { name: t('listing.sortBy') });
    expect(await sort.locator('option').allTextContents()).toContain('Relevance');
    await sort.selectOption('_score:desc');
    await page.waitForURL(/sort=_score%3Adesc/);
    expect(await axe(page)).toEqual([]);

    await page.goto(`${shopUrl}/en/search?q=zzqxwv`, { waitUntil: 'networkidle' });
    expect(await page.getByRole('searchbox', { name: t('search.again') }).inputValue()).toBe('zzqxwv');
    expect(await field.inputValue()).toBe('zzqxwv');
    expect(await page.locator('.category-tiles a').count()).toBeGreaterThan(3);
    expect(await axe(page)).toEqual([]);
    expect(errors).toEqual([]);
    await page.close();
  });
});
