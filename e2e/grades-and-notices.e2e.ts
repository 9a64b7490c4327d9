/**
 * The grade is named where the shopper decides, and notices never cover what they confirm, at a
 * phone's and a desktop's width in English: a graded product opens on its cheapest available child
 * and names that grade by the price (and by the title); its add-to-cart notice names the item, its
 * grade and the cart's total as the server answered it; the cart line names the grade; the bounding
 * box of every visible notice misses the buy button, the phone's buy bar, the drawer's coupon field
 * and its checkout button, after the add and after a coupon; on the way into checkout the notices go.
 * The product is found in the demo catalogue by the domain's rules, not by a hard-coded sku.
 */
import { describe, expect, inject, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { getT } from '../apps/web/app/i18n/index.ts';
import { cartT } from '../apps/web/app/i18n/cart.ts';
import { useBrowser } from './support/browser.ts';
import { gradedProduct } from './support/catalog.ts';
import { watchErrors } from './support/page.ts';

const shopUrl = inject('shopUrl');
const t = cartT(getT('en'));
const browser = useBrowser();

type Box = { x: number; y: number; width: number; height: number };
const overlap = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** the boxes of the visible notices */
async function noticeBoxes(page: Page): Promise<Box[]> {
  const boxes: Box[] = [];
  for (const toast of await page.locator('.toast').all())
    if (await toast.isVisible()) {
      const box = await toast.boundingBox();
      if (box) boxes.push(box);
    }
  return boxes;
}

/** no visible notice covers any of the controls (each visible one measured) */
async function expectUncovered(page: Page, controls: Record<string, Locator>, when: string) {
  const notices = await noticeBoxes(page);
  expect(notices.length, `a notice is shown ${when}`).toBeGreaterThan(0);
  for (const [name, control] of Object.entries(controls)) {
    if (!(await control.isVisible())) continue;
    const box = await control.boundingBox();
    expect(box, name).not.toBeNull();
    for (const notice of notices)
      expect(overlap(notice, box!), `a notice covers ${name} ${when}`).toBe(false);
  }
}

describe('grades named and notices clear of the controls', () => {
  it('the price and the cart line name the grade; no notice covers a control; none follows into checkout', async () => {
    // a used grade: the page opens on it and nothing else would say so
    const { doc, grade } = await gradedProduct(shopUrl, (g) => g !== 'new');
    for (const viewport of [
      { width: 390, height: 844 },
      { width: 1366, height: 900 },
    ]) {
      const context = await browser.newContext({ viewport });
      const page = await context.newPage();
      const errors = watchErrors(page);
      await page.goto(`${shopUrl}/en/p/${doc.sku}/${doc.slug}`, { waitUntil: 'networkidle' });

      // by the price and by the title: the grade of the child the page opened on
      const priceGrade = page.locator('.product-info .price-large .price-grade [data-grade]');
      expect(await priceGrade.getAttribute('data-grade')).toBe(grade);
      expect(await page.locator('.product-grade [data-grade]').getAttribute('data-grade')).toBe(grade);
      expect(await page.locator('.grade-facts').textContent()).toMatch(/month warranty/);

      // the add: the notice names the item, its grade and the server's cart total
      const buy = page.locator('.buy-row .btn-primary');
      await buy.click();
      const notice = page.locator('.toast[data-group="cart-add"]');
      await notice.waitFor();
      expect(await notice.textContent()).toContain(t.msg('cart.addedToCart'));
      expect(await notice.locator('.toast-item').textContent()).toBe(doc.name);
      expect(await notice.locator('[data-grade]').getAttribute('data-grade')).toBe(grade);
      await notice.locator('.toast-detail').waitFor();
      const noticeTotal = (await notice.locator('.toast-detail').textContent()) ?? '';
      await expectUncovered(page, { 'the buy button': buy }, 'after the add');
      if (viewport.width === 390) {
        // scrolled past the buy button, the phone's buy bar stands in at the bottom: the notice is not on it
        await page.evaluate(() => {
          const bottom = document.querySelector('.buy-row > button')!.getBoundingClientRect().bottom;
          if (bottom > 0) window.scrollBy(0, bottom + 1);
        });
        await page.locator('.buy-bar').waitFor({ state: 'visible' });
        await expectUncovered(page, { 'the buy bar': page.locator('.buy-bar') }, 'over the buy bar');
      }

      // the mini cart: the line names the grade; the notice misses the coupon field and the checkout button
      await page
        .getByRole('button', { name: t('header.cartCount', { count: 1 }) })
        .first()
        .click();
      const drawer = page.locator('.drawer');
      await drawer.locator('.totals').waitFor();
      expect(
        await drawer.locator('.cart-line .line-option-grade [data-grade]').getAttribute('data-grade'),
      ).toBe(grade);
      // the notice's total is the one the server priced, as the cart's own total shows it
      const grand = (await drawer.locator('.totals-grand_total').first().textContent()) ?? '';
      const grandAmount = /[\d,]+\.\d{2}\s€/u.exec(grand.replace(/\u00a0/g, ' '))?.[0];
      expect(grandAmount, 'the cart total').toBeTruthy();
      expect(noticeTotal.replace(/\u00a0/g, ' ')).toContain(grandAmount!);
      const coupon = drawer.getByLabel(t('cart.coupon'));
      const checkout = drawer.getByRole('link', { name: t('cart.goToCheckout') });
      const controls = { 'the coupon field': coupon, 'the checkout button': checkout };
      // the open cart confirms the add itself: its notice goes rather than cover the line
      await expect.poll(() => notice.count()).toBe(0);

      // a coupon: its notice misses them too
      await coupon.fill('WELCOME5');
      await drawer.getByRole('button', { name: t('cart.applyCoupon') }).click();
      await page.locator('.toast', { hasText: t.msg('coupon.applied') }).waitFor();
      await expectUncovered(page, controls, 'after the coupon');

      // into checkout: no notice comes along
      await checkout.click();
      await page.waitForURL(/\/en\/checkout/);
      await expect.poll(() => page.locator('.toast').count()).toBe(0);
      expect(errors).toEqual([]);
      await context.close();
    }
  });
});
