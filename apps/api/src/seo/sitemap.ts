/**
 * The sitemap (sitemaps.org 0.9) of the shop's indexable pages, with each page's hreflang alternates in
 * the three store views (Google's `xhtml:link` form), so a search engine finds every product and
 * category without crawling the menu, and under the URLs the shop really serves: the URL rules are the
 * storefront's own (@vitrina/domain urls.ts), so with URL_DISPATCHER on the sitemap names the url_paths
 * a migrating shop keeps.
 *
 * Decided (the spec has no sitemap): `/sitemap.xml` is an index of `/sitemap/pages.xml` (home, categories,
 * CMS and static pages, news) and `/sitemap/products-{n}.xml` of PRODUCTS_PER_FILE products each (three
 * URLs a product; the protocol allows 50,000 URLs and 50 MB a file). Product pages are those the product
 * route serves: enabled (status 0/1) and visible on their own (not visibility 1); out-of-stock products
 * keep their page and stay listed. Pages that are personal or `noindex` (account, checkout, search,
 * cart lists) are not listed.
 */
import {
  LISTING_STATUS,
  STORE_CODES,
  VISIBILITY_NOT_VISIBLE,
  categoryPathFor,
  cmsPathFor,
  localizedPath,
  productPathFor,
  staticPageFromSlug,
  staticPageMovedTo,
  staticPagePath,
  type StoreCode,
} from '@vitrina/domain';
import { rows, type Queryable } from '../lib/db.ts';
import type { CatalogService } from '../catalog/service.ts';
import { listNews } from '../cms/news.ts';

export const PRODUCTS_PER_FILE = 5_000;

/** one page in every store view that has it: store view → absolute URL */
export type SitemapPage = { urls: Partial<Record<StoreCode, string>>; lastmod?: string | undefined };

const XML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
};
const xml = (s: string) => s.replace(/[&<>"']/g, (c) => XML_ESCAPES[c] as string);

/** a `<urlset>`: one `<url>` per store view of each page, each naming all its alternates */
export function urlsetXml(pages: readonly SitemapPage[]): string {
  const out = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
  ];
  for (const page of pages) {
    const views = STORE_CODES.filter((code) => page.urls[code]);
    const alternates = views.map(
      (code) => `<xhtml:link rel="alternate" hreflang="${code}" href="${xml(page.urls[code] as string)}"/>`,
    );
    // x-default = the Lithuanian page, as the pages' own hreflang links say (lib/seo.ts)
    if (page.urls.lt)
      alternates.push(`<xhtml:link rel="alternate" hreflang="x-default" href="${xml(page.urls.lt)}"/>`);
    for (const code of views) {
      const lastmod = page.lastmod ? `<lastmod>${page.lastmod}</lastmod>` : '';
      out.push(`<url><loc>${xml(page.urls[code] as string)}</loc>${lastmod}${alternates.join('')}</url>`);
    }
  }
  out.push('</urlset>');
  return out.join('\n');
}

export function sitemapIndexXml(locations: readonly string[]): string {
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...locations.map((loc) => `<sitemap><loc>${xml(loc)}</loc></sitemap>`),
    '</sitemapindex>',
  ].join('\n');
}

type ProductRow = {
  product_id: number;
  store_code: StoreCode;
  sku: string;
  slug: string;
  url_path: string;
  updated_at: Date | string;
};

const PRODUCT_PAGE_WHERE = `status = ANY($1::int[]) AND visibility <> ${VISIBILITY_NOT_VISIBLE}`;

export async function productFileCount(q: Queryable): Promise<number> {
  const [row] = await rows<{ n: number }>(
    q,
    `SELECT count(DISTINCT product_id)::int AS n FROM product_index WHERE ${PRODUCT_PAGE_WHERE}`,
    [LISTING_STATUS],
  );
  return Math.max(1, Math.ceil(Number(row?.n ?? 0) / PRODUCTS_PER_FILE));
}

/** the product pages of file `n` (1-based), in product id order */
export async function productPages(
  q: Queryable,
  n: number,
  origin: string,
  dispatcher: boolean,
): Promise<SitemapPage[]> {
  const list = await rows<ProductRow>(
    q,
    `WITH page AS (
       SELECT DISTINCT product_id FROM product_index WHERE ${PRODUCT_PAGE_WHERE}
       ORDER BY product_id LIMIT $2 OFFSET $3)
     SELECT i.product_id, i.store_code, i.sku, i.slug, i.url_path, i.updated_at
       FROM product_index i JOIN page USING (product_id)
      WHERE ${PRODUCT_PAGE_WHERE.replace(/\b(status|visibility)\b/g, 'i.$1')}
      ORDER BY i.product_id, i.store_code`,
    [LISTING_STATUS, PRODUCTS_PER_FILE, (n - 1) * PRODUCTS_PER_FILE],
  );
  const pages = new Map<number, SitemapPage>();
  for (const r of list) {
    const page = pages.get(r.product_id) ?? { urls: {} };
    page.urls[r.store_code] = origin + productPathFor(r.store_code, r, null, dispatcher);
    const modified = new Date(r.updated_at).toISOString().slice(0, 10);
    if (!page.lastmod || modified > page.lastmod) page.lastmod = modified;
    pages.set(r.product_id, page);
  }
  return [...pages.values()];
}

/** home, news list, active categories, active CMS pages (static pages at their localised paths), news items */
export async function otherPages(
  catalog: CatalogService,
  q: Queryable,
  origin: string,
  dispatcher: boolean,
): Promise<SitemapPage[]> {
  const everyView = (path: (code: StoreCode) => string | null): SitemapPage => ({
    urls: Object.fromEntries(
      STORE_CODES.map((code) => [code, path(code)])
        .filter(([, p]) => p !== null)
        .map(([code, p]) => [code, origin + p]),
    ),
  });
  const pages: SitemapPage[] = [
    everyView((code) => localizedPath(code, '/')),
    everyView((code) => localizedPath(code, '/news')),
  ];

  const byId = new Map<number, Partial<Record<StoreCode, { slug: string }>>>();
  const cmsById = new Map<number, Partial<Record<StoreCode, { identifier: string; slug: string }>>>();
  for (const code of STORE_CODES) {
    for (const c of await catalog.categories(code)) {
      if (!c.is_active) continue;
      byId.set(c.id, { ...byId.get(c.id), [code]: c });
    }
    for (const p of await catalog.cmsPages(code)) {
      // active pages only (cms/service.ts)
      const page = p as { id: number; identifier: string; slug: string };
      cmsById.set(page.id, { ...cmsById.get(page.id), [code]: page });
    }
  }
  for (const views of byId.values())
    pages.push(everyView((code) => (views[code] ? categoryPathFor(code, views[code], dispatcher) : null)));
  for (const views of cmsById.values())
    pages.push(
      everyView((code) => {
        const page = views[code];
        if (!page) return null;
        const known = staticPageFromSlug(page.identifier);
        // a moved static page (`contacts`) answers 301 to another: not a page of its own
        if (known && staticPageMovedTo(known)) return null;
        return known ? staticPagePath(known, code) : cmsPathFor(code, page.slug, dispatcher);
      }),
    );
  // the news the shop serves (while none are written, the demo's: cms/news.ts)
  const { items: news } = await listNews(q, 'lt', 0, 10_000);
  for (const item of news)
    pages.push(everyView((code) => localizedPath(code, `/news/${encodeURIComponent(item.slug)}`)));
  return pages;
}
