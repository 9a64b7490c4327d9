/**
 * The demo shop's life: seeded (`markDemoSeeded` after the demo catalogue is imported), and left behind (`npm run demo:remove`, or `npm run catalog:import -- FILE.json --remove-demo`).
 *
 * What counts as demo data: the records the shop server seeded (apps/server/src/bootstrap.ts), by
 * their keys, recorded in meta `demo_data` at seeding (`demoKeysOf`): product skus (configurable
 * children included), category ids, coupon codes, pickup point ids, CMS page and block ids, banner
 * images. A shop seeded before that record existed gets the keys of the same generator and seed
 * (`DEMO_SEED`). Special offers labelled `demo` are the demo's too. Configuration the shop needs to
 * sell (tax rules, attributes, shipping and payment methods, shop_config) is kept.
 *
 * Kept even when its key is a demo key: every record of `keep` (the import file that replaces the
 * demo: its records were just written over the demo's), the root category, and a category that
 * still has products or subcategories after the demo's are gone (the operator's own, same id). A
 * record an earlier import wrote over a demo one (same key) without `--remove-demo` is removed: the
 * keys cannot tell them apart (docs/operations.md says to prefer `--remove-demo` on the first import).
 *
 * Orders are untouched: they keep their own copies of their lines (no foreign keys point at products),
 * so removing products that old orders name is safe. The products' stock, category links, index rows,
 * reviews, stock alerts, special offers and cart lines go with them. Runs only in a demo shop (meta
 * `demo_catalog` true) and clears that flag: the demo's special offers and payment sandbox end with it.
 */
import type { Executor } from '../client.ts';
import { reindexProducts } from '../indexer.ts';
import { DEMO_CATALOG_KEY, bumpCatalogVersion, getMeta, isDemoShop, setMeta } from '../meta.ts';
import { DEMO_SEED, ROOT_CATEGORY_ID, generateDemoCatalog } from '@vitrina/demo';
/** meta key of the demo's record keys (`DemoKeys`), written when the demo is seeded */
export const DEMO_DATA_KEY = 'demo_data';

export interface DemoKeys {
  skus: string[];
  categoryIds: number[];
  coupons: string[];
  pickupPoints: string[];
  cmsPages: number[];
  cmsBlocks: number[];
  /** banners have no key of their own: their image path */
  bannerImages: string[];
}

/** the parts of an import file (the demo's or the operator's) that name demo-removable records */
export interface KeyedFile {
  products?: { sku: string; configurable_children?: { sku: string }[] | undefined }[] | undefined;
  categories?: { id: number }[] | undefined;
  coupons?: { code: string }[] | undefined;
  pickup_points?: { id: string }[] | undefined;
  cms_pages?: { id: number }[] | undefined;
  cms_blocks?: { id: number }[] | undefined;
  banners?: { image: string }[] | undefined;
}

export function demoKeysOf(file: KeyedFile): DemoKeys {
  return {
    skus: (file.products ?? []).flatMap((p) => [p.sku, ...(p.configurable_children ?? []).map((c) => c.sku)]),
    categoryIds: (file.categories ?? []).map((c) => c.id),
    coupons: (file.coupons ?? []).map((c) => c.code),
    pickupPoints: (file.pickup_points ?? []).map((p) => p.id),
    cmsPages: (file.cms_pages ?? []).map((p) => p.id),
    cmsBlocks: (file.cms_blocks ?? []).map((b) => b.id),
    bannerImages: (file.banners ?? []).map((b) => b.image),
  };
}

/**
 * Marks the shop as the demo, after the shop server imported the demo catalogue `file` into an empty
 * database: records the keys of what it brought (what `removeDemoData` removes) and sets the demo flag
 * (demo special offers, the payment sandbox by default, the start-log warning).
 */
export async function markDemoSeeded(database: Executor, file: KeyedFile): Promise<void> {
  await database.transaction(async (tx) => {
    await setMeta(tx, DEMO_DATA_KEY, demoKeysOf(file));
    await setMeta(tx, DEMO_CATALOG_KEY, true);
    // the shop keeps the flag under the catalogue version (apps/api/src/app.ts): a change of it is one
    await bumpCatalogVersion(tx);
  });
}

export interface DemoRemovalResult {
  products: number;
  categories: number;
  coupons: number;
  pickup_points: number;
  cms_pages: number;
  cms_blocks: number;
  banners: number;
  special_offers: number;
  /** the catalogue version after the removal */
  catalogVersion: number;
}

const without = <T>(list: readonly T[], kept: readonly T[]) => {
  const k = new Set(kept);
  return list.filter((x) => !k.has(x));
};

/** `delete ... where {column} = any($1)`, counting the rows */
async function deleteWhereIn(
  tx: Executor,
  table: string,
  column: string,
  type: string,
  values: readonly unknown[],
) {
  if (values.length === 0) return 0;
  const [row] = await tx.query<{ n: number }>(
    `with d as (delete from ${table} where ${column} = any($1::${type}[]) returning 1) select count(*)::int as n from d`,
    [values],
  );
  return row?.n ?? 0;
}

/**
 * Removes the demo data (one transaction, a savepoint inside the caller's) and clears the demo flag.
 * Undefined when the shop is not a demo: nothing is removed then.
 */
export async function removeDemoData(
  database: Executor,
  options: { keep?: KeyedFile } = {},
): Promise<DemoRemovalResult | undefined> {
  return database.transaction(async (tx) => {
    if (!(await isDemoShop(tx))) return undefined;
    const demo =
      (await getMeta<DemoKeys>(tx, DEMO_DATA_KEY)) ?? demoKeysOf(generateDemoCatalog({ seed: DEMO_SEED }));
    const keep = demoKeysOf(options.keep ?? {});

    const products = await tx.query<{ id: number }>('select id from products where sku = any($1::text[])', [
      without(demo.skus, keep.skus),
    ]);
    const ids = products.map((p) => p.id);
    for (const table of ['product_categories', 'stock', 'reviews', 'stock_notifications', 'cart_items'])
      await deleteWhereIn(tx, table, 'product_id', 'int', ids);
    const special = await tx.query<{ n: number }>(
      `with d as (delete from special_offers where label = 'demo' or product_id = any($1::int[]) returning 1)
       select count(*)::int as n from d`,
      [ids],
    );
    const result: DemoRemovalResult = {
      products: await deleteWhereIn(tx, 'products', 'id', 'int', ids),
      categories: 0,
      coupons: await deleteWhereIn(tx, 'coupons', 'code', 'text', without(demo.coupons, keep.coupons)),
      pickup_points: await deleteWhereIn(
        tx,
        'pickup_points',
        'id',
        'text',
        without(demo.pickupPoints, keep.pickupPoints),
      ),
      cms_pages: await deleteWhereIn(tx, 'cms_pages', 'id', 'int', without(demo.cmsPages, keep.cmsPages)),
      cms_blocks: await deleteWhereIn(tx, 'cms_blocks', 'id', 'int', without(demo.cmsBlocks, keep.cmsBlocks)),
      banners: await deleteWhereIn(
        tx,
        'banners',
        'image',
        'text',
        without(demo.bannerImages, keep.bannerImages),
      ),
      special_offers: special[0]?.n ?? 0,
      catalogVersion: 0,
    };
    result.categories = await removeEmptyCategories(
      tx,
      without(demo.categoryIds, [...keep.categoryIds, ROOT_CATEGORY_ID]),
    );
    // the products' index rows go (reindexProducts deletes the rows of products that are gone, and
    // re-indexes the grouped and bundle products that linked them); then every cache sees the change
    if (ids.length > 0) await reindexProducts(tx, { productIds: ids });
    // and their price history (demo history included): an id the shop's own catalogue reuses starts afresh
    if (ids.length > 0) await tx.query('delete from price_history where product_id = any($1::int[])', [ids]);
    result.catalogVersion = await bumpCatalogVersion(tx);
    await setMeta(tx, DEMO_CATALOG_KEY, false);
    return result;
  });
}

/** deletes the given categories, deepest first, unless products or other categories still hang on them */
async function removeEmptyCategories(tx: Executor, candidates: readonly number[]): Promise<number> {
  let removed = 0;
  for (;;) {
    const [row] = await tx.query<{ n: number }>(
      `with d as (
         delete from categories c
         where c.id = any($1::int[])
           and not exists (select 1 from product_categories pc where pc.category_id = c.id)
           and not exists (select 1 from categories ch where ch.parent_id = c.id)
         returning 1)
       select count(*)::int as n from d`,
      [candidates],
    );
    const n = row?.n ?? 0;
    if (n === 0) return removed;
    removed += n;
  }
}
