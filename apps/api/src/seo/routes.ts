/**
 * `GET /sitemap.xml` (index), `/sitemap/pages.xml`, `/sitemap/products-{n}.xml` (sitemap.ts) and
 * `GET /robots.txt`, which names the sitemap: both need the shop's absolute origin (PUBLIC_URL), so they
 * are answered here rather than as static files. Public, cached for an hour.
 */
import { z } from 'zod';
import type { ApiApp, ApiContext } from '../context.ts';
import { notFound } from '../http/errors.ts';
import { otherPages, productFileCount, productPages, sitemapIndexXml, urlsetXml } from './sitemap.ts';

const tags = ['seo'];
const XML = 'application/xml; charset=utf-8';
const CACHE = 'public, max-age=3600';

/**
 * Personal, transactional and back-office pages are kept out of crawlers' way; search and the
 * device-kept lists (wishlist, compare) answer `noindex` themselves, which a crawler must fetch to see.
 */
const DISALLOWED = [
  '/checkout',
  '/my-account',
  '/order-completed',
  '/admin',
  '/reset-password',
  '/review/',
  '/newsletter/',
];

export function robotsTxt(origin: string): string {
  const paths = DISALLOWED.flatMap((p) => [p, `/en${p}`, `/ru${p}`]);
  return [
    'User-agent: *',
    ...paths.map((p) => `Disallow: ${p}`),
    '',
    `Sitemap: ${origin}/sitemap.xml`,
    '',
  ].join('\n');
}

export function seoRoutes(app: ApiApp, ctx: Pick<ApiContext, 'catalog' | 'config' | 'database'>) {
  const origin = new URL(ctx.config.publicUrl).origin;
  const dispatcher = ctx.config.urlDispatcher;

  app.get('/robots.txt', { schema: { tags, summary: 'robots.txt with the sitemap' } }, async (_req, reply) =>
    reply
      .header('content-type', 'text/plain; charset=utf-8')
      .header('cache-control', CACHE)
      .send(robotsTxt(origin)),
  );
  app.get('/sitemap.xml', { schema: { tags, summary: 'The sitemap index' } }, async (_req, reply) => {
    const files = await productFileCount(ctx.database);
    const locations = [`${origin}/sitemap/pages.xml`];
    for (let n = 1; n <= files; n++) locations.push(`${origin}/sitemap/products-${n}.xml`);
    return reply.header('content-type', XML).header('cache-control', CACHE).send(sitemapIndexXml(locations));
  });
  app.get(
    '/sitemap/pages.xml',
    { schema: { tags, summary: 'Home, categories, CMS pages and news' } },
    async (_req, reply) =>
      reply
        .header('content-type', XML)
        .header('cache-control', CACHE)
        .send(urlsetXml(await otherPages(ctx.catalog, ctx.database, origin, dispatcher))),
  );
  app.get(
    '/sitemap/products-:n.xml',
    {
      schema: {
        tags,
        summary: 'Product pages, in files of 5,000 products',
        params: z.object({ n: z.coerce.number().int().min(1).max(100_000) }),
      },
    },
    async (req, reply) => {
      if (req.params.n > (await productFileCount(ctx.database))) throw notFound('error.notFound');
      const pages = await productPages(ctx.database, req.params.n, origin, dispatcher);
      return reply.header('content-type', XML).header('cache-control', CACHE).send(urlsetXml(pages));
    },
  );
}
