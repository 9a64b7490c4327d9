/** Steps and checks the browser journeys share. */
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/**
 * Collects uncaught page errors and console errors. A 4xx answer the page handles (wrong password,
 * login required, a refused coupon) is logged by the browser itself and is not an error of the shop.
 */
export function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error' && !/status of 4\d\d/.test(m.text())) errors.push(`console: ${m.text()}`);
  });
  return errors;
}

/** on a configurable product page, picks the first available value of each option still unset */
export async function chooseOptionsIfNeeded(page: Page) {
  const pickers = page.locator('.option-picker');
  for (let i = 0; i < (await pickers.count()); i++) {
    const picker = pickers.nth(i);
    if ((await picker.locator('input:checked').count()) > 0) continue;
    const id = await picker.locator('input:not(:disabled)').first().getAttribute('id');
    await page.locator(`label[for="${id}"]`).click();
  }
}

/**
 * Opens a category from the desktop category menu: the first top link, or, when the first top items
 * are disclosure buttons (a category with subcategories), the first one's "All in …" link;
 * `nth` picks a later link of the same list (another category than the first). On a phone (the bar is
 * not shown) the same choice is made in the side menu the header's menu button opens.
 */
export async function openFirstCategory(page: Page, menuName: string, nth = 0) {
  const nav = page.getByRole('navigation', { name: menuName });
  if (!(await nav.isVisible())) {
    await page.locator('.site-header .menu-btn').click();
    await page.getByRole('dialog', { name: menuName }).waitFor();
    // (a submenu's dialog is named after its category: the list is found by its class)
    const list = page.getByRole('dialog').locator('.side-menu');
    // only the categories' links count (the menu also links the account and recently viewed)
    const links = list.locator(':scope > li > a[href*="/c/"]');
    if ((await links.count()) <= nth) {
      await list.getByRole('button').first().click();
      await page.getByRole('dialog', { name: menuName }).waitFor({ state: 'detached' });
    }
    await links.nth(nth).click();
    return;
  }
  // only the visible links count; too few: open the first category's panel
  if ((await nav.getByRole('link').count()) <= nth) await nav.getByRole('button').first().click();
  await nav.getByRole('link').nth(nth).click();
}

/** the page does not scroll sideways: the document is no wider than the viewport */
export async function expectNoHorizontalScroll(page: Page, where: string) {
  const { scrollWidth, innerWidth, culprits } = await page.evaluate(() => {
    // the innermost elements reaching past the viewport's right edge, to name what widens the page
    // (content of a box that scrolls or clips on its own, such as the home slider, does not count)
    const clipped = (el: Node) => {
      for (let up = el.parentElement; up && up !== document.body; up = up.parentElement)
        if (getComputedStyle(up).overflowX !== 'visible') return true;
      return false;
    };
    const past = [...document.querySelectorAll('body *')].filter((el) => {
      const box = el.getBoundingClientRect();
      return box.width > 0 && box.right > window.innerWidth + 0.5 && !clipped(el);
    });
    const innermost = past.filter((el) => !past.some((other) => other !== el && el.contains(other)));
    // text overflowing a box that itself fits (an unbreakable word) widens the page too
    const overflowingText: Element[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const range = document.createRange();
      range.selectNodeContents(node);
      const box = range.getBoundingClientRect();
      const parent = node.parentElement!;
      if (box.width > 0 && box.right > window.innerWidth + 0.5 && !clipped(node))
        overflowingText.push(parent);
    }
    return {
      scrollWidth: document.documentElement.scrollWidth,
      innerWidth: window.innerWidth,
      culprits: [...new Set([...innermost, ...overflowingText])]
        .slice(0, 6)
        .map((el) => `${el.tagName.toLowerCase()}.${el.className} "${(el.textContent ?? '').slice(0, 40)}"`),
    };
  });
  expect(
    scrollWidth,
    `${where} at ${innerWidth} px is ${scrollWidth} px wide (${culprits.join('; ')})`,
  ).toBeLessThanOrEqual(innerWidth);
}
