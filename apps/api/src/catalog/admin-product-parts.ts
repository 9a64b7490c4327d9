/**
 * A product's parts in the back office (area `products`: roles `catalog` and `admin`), under
 * `/vsbridge/staff/products/:sku/…`: a configurable product's new child (a new grade or colour), a
 * grouped product's linked products, a bundle's options and their selections.
 *
 * Each write is a product save (catalog/admin-products.ts `save`): the form's version is checked,
 * the merged record goes through the import file's schema and the importer in one transaction, only
 * that product is re-indexed, the save is audited and a `product.updated` event is written. Before
 * it, the rules the schema cannot know (packages/domain product-parts.ts): a child's option values
 * exist and no other child has them; a link names an existing simple product, not itself, once.
 */
import { linkProblems, newChildProblems, type PartProblem, type StoreCode } from '@vitrina/domain';
import type { Database } from '@vitrina/db';
import { z } from 'zod';
import type { ApiApp, ApiContext } from '../context.ts';
import { ok } from '../http/envelope.ts';
import { ApiError, notFound } from '../http/errors.ts';
import { requestStoreCode } from '../http/request.ts';
import { storeQuery } from '../http/validation.ts';
import { staffArea } from '../staff/guard.ts';
import { staffPrincipal } from '../staff/routes.ts';
import type { StaffActor } from '../staff/audit.ts';
import { ProductAdmin } from './admin-products.ts';

type Localized = Record<string, string>;
type StoredOption = {
  attribute_id: number;
  attribute_code: string;
  label: string;
  values: { value_index: number; label?: string }[];
};
type StoredLink = { linked_product_sku: string; qty: number; is_default?: boolean; link_type?: string };
type StoredBundleOption = {
  option_id: number;
  title: string;
  title_localized?: Localized;
  type: string;
  required: boolean;
  product_links: { sku: string; qty: number; is_default: boolean; can_change_quantity: boolean }[];
};

const version = z.number().int().min(1);
const openedAt = z.iso.datetime({ offset: true }).optional();
/** the amounts and quantities are checked by the import file's schema once merged (naming the field) */
const loose = z.unknown().optional();
const sku = z.string().trim().min(1).max(64);

export const childAddBody = z.object({
  version,
  opened_at: openedAt,
  child: z.object({
    sku,
    /** attribute code → option value, one per option the product is configured by */
    options: z.record(z.string(), z.union([z.number(), z.string()])),
    price: loose,
    special_price: loose,
    qty: loose,
    is_in_stock: z.boolean().default(true),
    status: z.union([z.literal(1), z.literal(2)]).default(1),
  }),
});

export const linksBody = z.object({
  version,
  /** a grouped product's links, in the order the product page lists them */
  product_links: z
    .array(z.object({ sku, qty: loose, is_default: z.boolean().optional() }))
    .max(200)
    .optional(),
  /** a bundle's options in order, each with its selections in order */
  bundle_options: z
    .array(
      z.object({
        option_id: z.number().int().min(1).optional(),
        title: z.union([z.string(), z.record(z.string(), z.string())]),
        type: z.enum(['select', 'radio', 'checkbox', 'multi']).default('select'),
        required: z.boolean().default(false),
        product_links: z
          .array(
            z.object({
              sku,
              qty: loose,
              is_default: z.boolean().default(false),
              can_change_quantity: z.boolean().default(false),
            }),
          )
          .max(200),
      }),
    )
    .max(50)
    .optional(),
});

const problemsError = (problems: PartProblem[]) =>
  new ApiError(
    400,
    'validation.invalid',
    undefined,
    problems.map((p) => ({ field: p.field, key: p.key, ...(p.params ? { params: p.params } : {}) })),
  );

export class ProductParts {
  constructor(
    private readonly database: Database,
    private readonly products: ProductAdmin,
  ) {}

  private async product(productSku: string) {
    const [row] = await this.database.query<{
      id: number;
      sku: string;
      type_id: string;
      version: number;
      tax_class_id: number;
      configurable_options: StoredOption[];
      product_links: StoredLink[];
      bundle_options: StoredBundleOption[];
    }>(
      'SELECT id, sku, type_id, version, tax_class_id, configurable_options, product_links, bundle_options FROM products WHERE sku = $1',
      [productSku],
    );
    if (!row) throw notFound('error.notFound');
    return row;
  }

  /**
   * What the form's parts sections show: the options a child chooses from (each attribute's values),
   * the children's option values, the grouped links and the bundle options with the linked products'
   * names, types and state.
   */
  async get(productSku: string, store: StoreCode) {
    const row = await this.product(productSku);
    const lang = store === 'en' ? 'en' : 'lt';
    const name = (n: Localized | null, fallback: string) => n?.[lang] ?? n?.lt ?? fallback;
    const attributes = await this.database.query<{
      attribute_code: string;
      frontend_label: Localized;
      options: { value: number; label: Localized }[];
    }>(
      'SELECT attribute_code, frontend_label, options FROM attributes WHERE attribute_code = ANY($1::text[])',
      [row.configurable_options.map((o) => o.attribute_code)],
    );
    const byCode = new Map(attributes.map((a) => [a.attribute_code, a]));
    const children = await this.database.query<{ sku: string; attributes: Record<string, number | string> }>(
      'SELECT sku, attributes FROM products WHERE parent_id = $1 ORDER BY id',
      [row.id],
    );
    const linked = [
      ...row.product_links.map((l) => l.linked_product_sku),
      ...row.bundle_options.flatMap((o) => o.product_links.map((l) => l.sku)),
    ];
    const found = await this.database.query<{
      sku: string;
      name: Localized;
      type_id: string;
      status: number;
    }>('SELECT sku, name, type_id, status FROM products WHERE sku = ANY($1::text[])', [linked]);
    const info = new Map(
      found.map((p) => [p.sku, { name: name(p.name, p.sku), type_id: p.type_id, status: p.status }]),
    );
    const missing = { name: null, type_id: null, status: null };
    return {
      type_id: row.type_id,
      version: row.version,
      configurable_options: row.configurable_options.map((o) => {
        const attribute = byCode.get(o.attribute_code);
        const own = new Map(o.values.map((v) => [v.value_index, v.label]));
        const values = attribute?.options.length
          ? attribute.options.map((v) => ({ value: v.value, label: name(v.label, String(v.value)) }))
          : o.values.map((v) => ({ value: v.value_index, label: v.label ?? String(v.value_index) }));
        return {
          attribute_code: o.attribute_code,
          label: attribute ? name(attribute.frontend_label, o.label) : o.label,
          values: values.map((v) => ({ ...v, used: own.has(v.value) })),
        };
      }),
      children: children.map((c) => ({
        sku: c.sku,
        options: Object.fromEntries(
          row.configurable_options.map((o) => [o.attribute_code, c.attributes[o.attribute_code] ?? null]),
        ),
      })),
      product_links: row.product_links.map((l) => ({
        sku: l.linked_product_sku,
        qty: l.qty,
        is_default: l.is_default ?? false,
        ...(info.get(l.linked_product_sku) ?? missing),
      })),
      bundle_options: row.bundle_options.map((o) => ({
        option_id: o.option_id,
        title: o.title_localized ?? { lt: o.title },
        type: o.type,
        required: o.required,
        product_links: o.product_links.map((l) => ({ ...l, ...(info.get(l.sku) ?? missing) })),
      })),
    };
  }

  /** a new child (a new grade or colour) of a configurable product; answers the product's form */
  async addChild(
    actor: StaffActor,
    productSku: string,
    body: z.output<typeof childAddBody>,
    store: StoreCode,
  ) {
    const row = await this.product(productSku);
    if (row.type_id !== 'configurable')
      throw new ApiError(400, 'catalog.notConfigurable', undefined, [
        { field: 'child', key: 'catalog.notConfigurable' },
      ]);
    const form = await this.get(productSku, store);
    const allowed = Object.fromEntries(
      form.configurable_options.map((o) => [o.attribute_code, o.values.map((v) => v.value)]),
    );
    const child = body.child;
    const problems = newChildProblems(
      form.configurable_options.map((o) => ({ attribute_code: o.attribute_code, label: o.label })),
      allowed,
      form.children.map((c) => ({ sku: c.sku, ...c.options })),
      child.options,
    );
    if (problems.length) throw problemsError(problems);
    const [taken] = await this.database.query('SELECT 1 FROM products WHERE sku = $1', [child.sku]);
    if (taken)
      throw new ApiError(409, 'catalog.skuTaken', { sku: child.sku }, [
        { field: 'sku', key: 'catalog.skuTaken', params: { sku: child.sku } },
      ]);
    // the product lists the values its children have (the product page's choices): add the new ones
    const labels = new Map(
      form.configurable_options.map((o) => [
        o.attribute_code,
        new Map(o.values.map((v) => [v.value, v.label])),
      ]),
    );
    const configurableOptions = row.configurable_options.map((o) => {
      const value = Number(child.options[o.attribute_code]);
      return o.values.some((v) => v.value_index === value)
        ? o
        : {
            ...o,
            values: [
              ...o.values,
              { value_index: value, label: labels.get(o.attribute_code)?.get(value) ?? String(value) },
            ],
          };
    });
    const record: Record<string, unknown> = {
      sku: child.sku,
      status: child.status,
      visibility: 1,
      tax_class_id: row.tax_class_id,
      ...(child.price !== undefined ? { price: child.price } : {}),
      ...(child.special_price !== undefined ? { special_price: child.special_price } : {}),
      stock: {
        ...(child.qty !== undefined ? { qty: child.qty } : {}),
        is_in_stock: child.is_in_stock,
        manage_stock: true,
      },
    };
    for (const o of row.configurable_options)
      record[o.attribute_code] = Number(child.options[o.attribute_code]);
    const index = form.children.length;
    try {
      return await this.products.save(
        actor,
        productSku,
        {
          version: body.version,
          opened_at: body.opened_at ?? new Date().toISOString(),
          product: { configurable_options: configurableOptions, configurable_children: [record] },
        },
        store,
        'product.child.add',
      );
    } catch (err) {
      // the new child's fields as the form names them (`child.price`, not `configurable_children.3.price`)
      if (err instanceof ApiError && err.fields.length)
        throw new ApiError(
          err.statusCode,
          err.key,
          err.params,
          err.fields.map((f) => ({
            ...f,
            field: f.field.replace(new RegExp(`^configurable_children\\.${index}\\.`), 'child.'),
          })),
          err.fieldInResult,
        );
      throw err;
    }
  }

  /** a grouped product's links or a bundle's options, as a whole list in order; answers the form */
  async setLinks(actor: StaffActor, productSku: string, body: z.output<typeof linksBody>, store: StoreCode) {
    const row = await this.product(productSku);
    const grouped = row.type_id === 'grouped';
    const bundle = row.type_id === 'bundle';
    if ((body.product_links && !grouped) || (body.bundle_options && !bundle) || (!grouped && !bundle))
      throw new ApiError(400, 'catalog.linksWrongType', { type: row.type_id }, [
        {
          field: grouped ? 'bundle_options' : 'product_links',
          key: 'catalog.linksWrongType',
          params: { type: row.type_id },
        },
      ]);
    const links = [
      ...(body.product_links ?? []).map((l, i) => ({
        field: `product_links.${i}.sku`,
        sku: l.sku,
        group: 0,
      })),
      ...(body.bundle_options ?? []).flatMap((o, i) =>
        o.product_links.map((l, j) => ({
          field: `bundle_options.${i}.product_links.${j}.sku`,
          sku: l.sku,
          group: i,
        })),
      ),
    ];
    const types = new Map(
      (
        await this.database.query<{ sku: string; type_id: string }>(
          'SELECT sku, type_id FROM products WHERE sku = ANY($1::text[])',
          [links.map((l) => l.sku)],
        )
      ).map((p) => [p.sku, p.type_id]),
    );
    const problems = linkProblems(row.sku, links, (s) => types.get(s));
    // a link's quantity is a whole number of units, at least one (the file's schema takes any number)
    const quantities = [
      ...(body.product_links ?? []).map((l, i) => ({ field: `product_links.${i}.qty`, qty: l.qty })),
      ...(body.bundle_options ?? []).flatMap((o, i) =>
        o.product_links.map((l, j) => ({ field: `bundle_options.${i}.product_links.${j}.qty`, qty: l.qty })),
      ),
    ];
    for (const q of quantities)
      if (q.qty !== undefined && !(Number.isInteger(Number(q.qty)) && Number(q.qty) > 0 && q.qty !== ''))
        problems.push({ field: q.field, key: 'validation.quantityAboveZero' });
    if (problems.length) throw problemsError(problems);
    const change: Record<string, unknown> = {};
    if (body.product_links)
      change.product_links = body.product_links.map((l) => ({
        link_type: 'associated',
        linked_product_sku: l.sku,
        linked_product_type: types.get(l.sku),
        ...(l.qty !== undefined ? { qty: l.qty } : {}),
        is_default: l.is_default ?? false,
      }));
    if (body.bundle_options) {
      let next =
        Math.max(
          0,
          ...row.bundle_options.map((o) => o.option_id),
          ...body.bundle_options.map((o) => o.option_id ?? 0),
        ) + 1;
      change.bundle_options = body.bundle_options.map((o) => ({
        option_id: o.option_id ?? next++,
        title: o.title,
        type: o.type,
        required: o.required,
        product_links: o.product_links,
      }));
    }
    return this.products.save(
      actor,
      productSku,
      { version: body.version, product: change },
      store,
      'product.links',
    );
  }
}

const tags = ['staff'];
const skuParams = z.object({ sku: z.string().min(1).max(64) });

export function productPartRoutes(app: ApiApp, ctx: Pick<ApiContext, 'catalog' | 'config' | 'database' | 'staffSessions'>) {
  const parts = new ProductParts(ctx.database, new ProductAdmin(ctx.database, ctx.config, ctx.catalog));
  const guard = staffArea(ctx, 'products');

  app.get(
    '/vsbridge/staff/products/:sku/parts',
    {
      onRequest: guard,
      schema: {
        tags,
        summary: "A product's children options, grouped links and bundle options, for its form",
        params: skuParams,
        querystring: storeQuery,
      },
    },
    async (req) => ok(await parts.get(req.params.sku, requestStoreCode(req))),
  );
  app.post(
    '/vsbridge/staff/products/:sku/children',
    {
      onRequest: guard,
      schema: {
        tags,
        summary: 'Adds a child (a new grade or colour) to a configurable product; 409 when stale',
        params: skuParams,
        querystring: storeQuery,
        body: childAddBody,
      },
    },
    async (req) =>
      ok(await parts.addChild(staffPrincipal(req), req.params.sku, req.body, requestStoreCode(req))),
  );
  app.post(
    '/vsbridge/staff/products/:sku/links',
    {
      onRequest: guard,
      schema: {
        tags,
        summary: "Sets a grouped product's links or a bundle's options and selections; 409 when stale",
        params: skuParams,
        querystring: storeQuery,
        body: linksBody,
      },
    },
    async (req) =>
      ok(await parts.setLinks(staffPrincipal(req), req.params.sku, req.body, requestStoreCode(req))),
  );
}
