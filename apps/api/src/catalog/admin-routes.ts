/**
 * The back office's products under `/vsbridge/staff/products` (area `products`: roles `catalog` and
 * `admin`; 401 without a staff session, 403 for another role). Writes are POSTs with the staff
 * session's SameSite=Strict cookie (the back office's CSRF defence) and are audited
 * (catalog/admin-products.ts).
 */
import { z } from 'zod';
import type { ApiApp, ApiContext } from '../context.ts';
import { ok } from '../http/envelope.ts';
import { staffArea } from '../staff/guard.ts';
import { staffPrincipal } from '../staff/routes.ts';
import { notFound } from '../http/errors.ts';
import { requestStoreCode } from '../http/request.ts';
import { storeQuery } from '../http/validation.ts';
import { ProductAdmin, productDuplicateBody, productListQuery, productSaveBody } from './admin-products.ts';

const tags = ['staff'];
const skuParams = z.object({ sku: z.string().min(1).max(64) });
const csvBody = z.object({ csv: z.string().min(1).max(900_000), dry_run: z.boolean().default(true) });

export function productAdminRoutes(app: ApiApp, ctx: Pick<ApiContext, 'catalog' | 'config' | 'database' | 'staffSessions'>) {
  const products = new ProductAdmin(ctx.database, ctx.config, ctx.catalog);
  const guard = staffArea(ctx, 'products');
  const actor = staffPrincipal;

  app.get(
    '/vsbridge/staff/products',
    {
      onRequest: guard,
      schema: {
        tags,
        summary: 'Products: search (sku, name, brand, EAN, MPN), filters and paging',
        querystring: productListQuery,
      },
    },
    async (req) =>
      ok({
        ...(await products.list({ ...req.query, storeCode: requestStoreCode(req) })),
        options: await products.options(),
      }),
  );

  app.get(
    '/vsbridge/staff/products/prices.csv',
    {
      onRequest: guard,
      schema: {
        tags,
        summary:
          'The price and stock CSV: sku, price, special_price, special_from, special_to, qty, exported_at',
        querystring: storeQuery,
      },
    },
    async (_req, reply) => {
      const csv = await products.exportCsv();
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header(
          'content-disposition',
          `attachment; filename="prices-${new Date().toISOString().slice(0, 10)}.csv"`,
        )
        .send(csv);
    },
  );

  app.post(
    '/vsbridge/staff/products/prices.csv',
    {
      onRequest: guard,
      schema: {
        tags,
        summary: 'Uploads the price and stock CSV: dry_run answers the changes and writes nothing',
        querystring: storeQuery,
        body: csvBody,
      },
    },
    async (req) => ok(await products.importCsv(actor(req), req.body.csv, req.body.dry_run)),
  );

  app.get(
    '/vsbridge/staff/products/:sku',
    {
      onRequest: guard,
      schema: {
        tags,
        summary: "A product's form: fields, prices net and gross, stock, children, version",
        params: skuParams,
        querystring: storeQuery,
      },
    },
    async (req) => {
      const product = await products.get(req.params.sku);
      if (!product) throw notFound('error.notFound');
      return ok({ product, options: await products.options() });
    },
  );

  app.post(
    '/vsbridge/staff/products',
    {
      onRequest: guard,
      schema: {
        tags,
        summary: 'Creates a product (disabled unless the record says otherwise)',
        querystring: storeQuery,
        body: productSaveBody,
      },
    },
    async (req) => ok(await products.save(actor(req), null, req.body, requestStoreCode(req))),
  );

  app.post(
    '/vsbridge/staff/products/:sku',
    {
      onRequest: guard,
      schema: {
        tags,
        summary: 'Saves a product; 409 when it was saved by someone else since `version`',
        params: skuParams,
        querystring: storeQuery,
        body: productSaveBody,
      },
    },
    async (req) => ok(await products.save(actor(req), req.params.sku, req.body, requestStoreCode(req))),
  );

  app.post(
    '/vsbridge/staff/products/:sku/duplicate',
    {
      onRequest: guard,
      schema: {
        tags,
        summary: 'Copies a product under a new sku, disabled and without stock',
        params: skuParams,
        querystring: storeQuery,
        body: productDuplicateBody,
      },
    },
    async (req) =>
      ok(await products.duplicate(actor(req), req.params.sku, req.body.sku, requestStoreCode(req))),
  );

  app.post(
    '/vsbridge/staff/products/:sku/disable',
    {
      onRequest: guard,
      schema: {
        tags,
        summary: 'Disables a product (status 2)',
        params: skuParams,
        querystring: storeQuery,
        body: z.object({ version: z.number().int().min(1) }),
      },
    },
    async (req) =>
      ok(
        await products.save(
          actor(req),
          req.params.sku,
          { version: req.body.version, product: { status: 2 } },
          requestStoreCode(req),
          'product.disable',
        ),
      ),
  );
}
