/** Steps and checks the browser journeys share. */
import type { Page } from 'playwright-core';

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
 * are disclosure buttons (a category with subcategories, issue #13), the first one's "All in …" link;
 * `nth` picks a later link of the same list (another category than the first).
 */
export async function openFirstCategory(page: Page, menuName: string, nth = 0) {
  const nav = page.getByRole('navigation', { name: menuName });
  // only the visible links count; too few: open the first category's panel
  if ((await nav.getByRole('link').count()) <= nth) await nav.getByRole('button').first().click();
  await nav.getByRole('link').nth(nth).click();
}
