/**
 * Search that ranks (docs/decisions/0053-a-search-with-words-is-ranked-by-relevance.md): a misspelt
 * word finds the goods before the service that matches it as well, in Russian and Lithuanian; the
 * suggestion panel's first product is the results page's first. And the focus after a client-side
 * navigation: on the new page's heading. Focused and empty, the panel offers the owner's popular
 * searches (the demo's while none are set), by keyboard, axe-clean.
 */
import { describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { StoreCode } from '@vitrina/domain';
import { getT } from '../apps/web/app/i18n/index.ts';
import { otherPagesT } from '../apps/web/app/i18n/other-pages.ts';
import { useBrowser } from './support/browser.ts';
import { watchErrors } from './support/page.ts';
import { axeViolations } from './support/axe.ts';
import { DEMO_POPULAR_SEARCHES } from '@vitrina/domain';

const shopUrl = inject('shopUrl');
const browser = useBrowser();

/** the demo's fridge installation service (packages/demo/src/digital.ts), by its name's start */
const CASES: { store: StoreCode; prefix: string; q: string; goods: RegExp; service: RegExp }[] = [
  {
    store: 'ru',
    prefix: '/ru',
    q: 'холодильникк',
    goods: /^Холодильник/,
    service: /^Установка холодильника/,
  },
  { store: 'lt', prefix: '', q: 'šaldytuvs', goods: /^Šaldytuvas/, service: /^Šaldytuvo pastatymas/ },
];

const cardNames = (page: Page) => page.locator('.listing-products .card .card-name').allTextContents();

describe('search ranking journey', () => {
  it.each(CASES)(
    '$store "$q": goods before the service, the panel’s first is the page’s first',
    async (c) => {
      const t = otherPagesT(getT(c.store));
      const page = await browser.newPage({ viewport: { width: 1366, height: 900 } });
      const errors = watchErrors(page);
      await page.goto(`${shopUrl}${c.prefix}/`, { waitUntil: 'networkidle' });
      const field = page.getByRole('searchbox', { name: t('header.searchLabel') });
      await field.click();
      const panel = page.getByRole('region', { name: t('search.panel') });
      // focused and empty: the main categories as a way in
      await expect.poll(() => panel.locator('.search-panel-chips a').count()).toBeGreaterThan(2);
      await field.pressSequentially(c.q);
      const panelFirst = panel.locator('.search-panel-list a span:not(.price)').first();
      await panelFirst.waitFor();
      const fromPanel = (await panelFirst.textContent())?.trim() ?? '';
      // the panel suggests the categories of the matches
      await expect.poll(() => panel.locator('.search-panel-groups a').count()).toBeGreaterThan(0);

      await page.goto(`${shopUrl}${c.prefix}/search?q=${encodeURIComponent(c.q)}`, {
        waitUntil: 'networkidle',
      });
      const names = await cardNames(page);
      expect(names.length, 'the misspelt word finds products').toBeGreaterThan(1);
      expect(names[0], 'goods first').toMatch(c.goods);
      expect(names[0]?.trim()).toBe(fromPanel);
      const service = names.findIndex((n) => c.service.test(n));
      const lastGoods = names.map((n) => c.goods.test(n)).lastIndexOf(true);
      if (service >= 0) expect(service, 'the service after every fridge').toBeGreaterThan(lastGoods);
      // the spec's stock sort stays in the menu
      const sort = page.getByRole('combobox', { name: t('listing.sortBy') });
      expect(
        await sort.locator('option').evaluateAll((o) => o.map((x) => (x as HTMLOptionElement).value)),
      ).toContain('total_qty:desc');
      expect(errors).toEqual([]);
      await page.close();
    },
  );

  it('focused and empty, the panel offers the popular searches: links by keyboard, axe-clean', async () => {
    const t = otherPagesT(getT('en'));
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    const errors = watchErrors(page);
    await page.goto(`${shopUrl}/en/`, { waitUntil: 'networkidle' });
    const field = page.getByRole('searchbox', { name: t('header.searchLabel') });
    await field.focus();
    const popular = page.getByRole('group', { name: t('searchRank.popularSearches') });
    await popular.waitFor();
    expect((await popular.getByRole('link').allTextContents()).map((s) => s.trim())).toEqual(
      DEMO_POPULAR_SEARCHES.en,
    );
    // the categories are still there as a way in, under their own heading
    expect(await page.getByRole('group', { name: t('searchRank.topCategories') }).count()).toBe(1);
    expect(await axeViolations(page)).toEqual([]);
    // Arrow down from the field reaches the first popular search; Enter runs it
    await page.keyboard.press('ArrowDown');
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.textContent?.trim()))
      .toBe(DEMO_POPULAR_SEARCHES.en[0]);
    await page.keyboard.press('Enter');
    await page.waitForURL(
      (u) => u.pathname === '/en/search' && u.searchParams.get('q') === DEMO_POPULAR_SEARCHES.en[0],
    );
    expect(errors).toEqual([]);
    await page.close();
  });

  it('a search that finds nothing offers a category name it was probably after', async () => {
    const t = otherPagesT(getT('lt'));
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    await page.goto(`${shopUrl}/search?q=${encodeURIComponent('šaldytuvas zzqxw')}`, {
      waitUntil: 'networkidle',
    });
    const hint = page.locator('.did-you-mean');
    await hint.waitFor();
    expect(await hint.textContent()).toContain(t('searchRank.didYouMean'));
    expect(await hint.getByRole('link').first().textContent()).toBe('Šaldytuvai');
    await page.close();
  });

  it('after a client-side navigation the focus is on the new page’s heading', async () => {
    const page = await browser.newPage({ viewport: { width: 1366, height: 900 } });
    const errors = watchErrors(page);
    await page.goto(`${shopUrl}/en`, { waitUntil: 'networkidle' });
    const link = page.locator('.category-nav a').first();
    const name = (await link.textContent())?.trim() ?? '';
    await link.click();
    await page.waitForURL(/\/en\/c\//);
    await expect
      .poll(() =>
        page.evaluate(
          () => (document.activeElement?.tagName ?? '') + ':' + (document.activeElement?.textContent ?? ''),
        ),
      )
      .toBe(`H1:${name}`);
    expect(errors).toEqual([]);
    await page.close();
  });
});
