/**
 * One headline price for a grouped product (docs/decisions/0055-one-headline-price-for-grouped-and-bundle-products.md),
 * in English: the card in the search results, the product page's headline and its total, and the
 * cart the page's starting lines go into show one amount. The demo's sets link parts not visible
 * individually (visibility 1): the page lists them too.
 */
import { describe, expect, inject, it } from 'vitest';
import { formatPrice } from '@vitrina/domain';
import { getT } from '../apps/web/app/i18n/index.ts';
import { useBrowser } from './support/browser.ts';
import { watchErrors } from './support/page.ts';

const shopUrl = inject('shopUrl');
const t = getT('en');
const browser = useBrowser();

type Part = { sku: string; visibility: number; stock: { is_in_stock: boolean } };
type Doc = {
  sku: string;
  slug: string;
  name: string;
  final_price_incl_tax: number;
  product_links: { linked_product_sku: string; qty: number }[];
  composite_parts?: Part[];
};

async function searchDocs(request: unknown): Promise<Doc[]> {
  const q = encodeURIComponent(JSON.stringify(request));
  const res = await fetch(`${shopUrl}/vsbridge/catalog/vue_storefront_catalog_en/product/_search?request=${q}&size=50`);
  return ((await res.json()) as { hits: { hits: { _source: Doc }[] } }).hits.hits.map((h) => h._source);
}

describe('grouped product: card, page and cart agree', () => {
  it('the card’s price is the page’s headline and total, and the cart’s subtotal', async () => {
    const sets = await searchDocs({ filters: { type_id: 'grouped' } });
    // a set with a part not visible individually, as the demo's SET-6721
    const set = sets.find((s) => s.composite_parts?.some((p) => p.visibility === 1 && p.stock.is_in_stock)) ?? sets[0];
    expect(set, 'a grouped product in the demo').toBeDefined();
    const headline = formatPrice(set!.final_price_incl_tax, 'en');
    const page = await browser.newPage();
    const errors = watchErrors(page);

    // the card (search results by the set's sku)
    await page.goto(`${shopUrl}/en/search?q=${encodeURIComponent(set!.sku)}`, { waitUntil: 'networkidle' });
    const card = page.locator('li.card').filter({ hasText: set!.name }).first();
    await card.waitFor();
    expect(await card.locator('.price').textContent()).toContain(headline);

    // the page: every part listed (visibility 1 too), the headline and the starting total one figure
    await card.getByRole('link').first().click();
    await page.waitForURL(new RegExp(`/p/${set!.sku}/`));
    const picker = page.locator('.grouped-picker');
    await picker.waitFor();
    const shown = (set!.composite_parts ?? []).map((p) => p.sku);
    await expect.poll(() => picker.locator('tbody tr').count()).toBe(shown.length);
    for (const sku of shown) expect(await picker.locator(`tr[data-sku="${sku}"]`).count(), sku).toBe(1);
    expect((await picker.locator('output').textContent())?.trim()).toBe(headline);
    expect(await page.locator('.product-info > .price').textContent()).toContain(headline);
    // the thumbnails keep their size (not squashed to dots)
    const thumb = await picker.locator('tbody img').first().boundingBox();
    expect(thumb?.width ?? 0).toBeGreaterThanOrEqual(40);

    // the cart: the page's starting lines, priced by the server
    await picker.getByRole('button', { name: t('product.addToCart'), exact: true }).click();
    await page.getByText(t.msg('cart.addedToCart')).first().waitFor();
    // the header's cart: as many units as the page's starting lines (buyable parts at their link qty)
    const units = set!.product_links
      .filter((l) => set!.composite_parts?.some((p) => p.sku === l.linked_product_sku && p.stock.is_in_stock))
      .reduce((n, l) => n + Math.max(1, l.qty), 0);
    await page.getByRole('button', { name: t('header.cartCount', { count: units }) }).click();
    const subtotal = page.getByRole('dialog').locator('.totals-subtotal_incl_tax dd');
    await expect.poll(async () => (await subtotal.textContent())?.trim()).toBe(headline);

    expect(errors).toEqual([]);
    await page.close();
  });
});
