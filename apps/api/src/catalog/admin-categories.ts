/**
 * The back office's categories under `/vsbridge/staff/categories` (area `products`: roles `catalog`
 * and `admin`; 401 without a staff session, 403 for another role): the tree, a category's form,
 * create, edit, move (parent, position), deactivate and menu on/off.
 *
 * One rule for a category, whoever writes it: a save is the category's import record (the stored
 * category with the form's changes on top), validated by the import file's schema
 * (importCategorySchema, its messages naming the field) and written by the importer, in one
 * transaction with the audit row. The importer recomputes the tree's paths and levels, re-indexes
 * the products of the changed categories (their documents carry the category names and ids) and
 * bumps the catalogue version; catalogChanged() makes this process forget its cached tree (the
 * menu, listings, the URL map) at once, other processes within CATALOG_VERSION_TTL_MS.
 *
 * URLs (domain category-tree.ts): a category's slug is its URL per store view, a url key or a path
 * under its parent's. An edit sets the url key; a moved or renamed category's descendants whose
 * paths start with its old path get the new one in the same save. A slug another category has is
 * refused (409, the field named), never suffixed silently as an import does.
 */
import { importCatalog, ImportError, type Database } from '@vitrina/db';
import {
  CATEGORY_URL_KEY,
  STORE_CODES,
  categoryPath,
  descendantsOf,
  importCategorySchema,
  isSelfOrDescendant,
  movedPath,
  nestedUnder,
  treeOrder,
  urlKeyFor,
  urlKeyOf,
  type StoreCode,
} from '@vitrina/domain';
import { z } from 'zod';
import { ApiError } from '../http/errors.ts';
import { audit, type StaffActor } from '../staff/audit.ts';
import type { CatalogService } from './service.ts';
import { importRecordErrors, recordFieldErrors } from '../http/record-errors.ts';

type Localized = Record<StoreCode, string>;

export type CategoryRow = {
  id: number;
  parent_id: number | null;
  position: number;
  level: number;
  path: string;
  is_active: boolean;
  include_in_menu: boolean;
  name: Localized;
  slug: Localized;
  description: Localized | null;
};

const perStore = z.strictObject({
  lt: z.string().max(255).optional(),
  en: z.string().max(255).optional(),
  ru: z.string().max(255).optional(),
});

/** the form's fields; each optional (an absent one keeps the stored value), checked again by the import schema */
export const categorySaveBody = z.object({
  category: z.strictObject({
    parent_id: z.union([z.number(), z.string()]).optional(),
    name: perStore.optional(),
    /** the url key (last segment) per store view; empty: made from that view's name */
    url_key: perStore.optional(),
    position: z.union([z.number(), z.string()]).optional(),
    is_active: z.boolean().optional(),
    include_in_menu: z.boolean().optional(),
  }),
});
type SaveBody = z.output<typeof categorySaveBody>;

const SELECT =
  'SELECT id, parent_id, position, level, path, is_active, include_in_menu, name, slug, description FROM categories';

const fieldErrors = (issues: readonly z.core.$ZodIssue[], store: StoreCode): ApiError =>
  recordFieldErrors(issues, store, '(category)');

const invalid = (field: string, key: string, params?: Record<string, string | number>) =>
  new ApiError(400, 'validation.invalid', undefined, [{ field, key, ...(params ? { params } : {}) }]);

/** the import record of a stored category (the importer writes the whole row) */
function recordOf(row: CategoryRow, slug: Localized = row.slug) {
  return {
    id: row.id,
    parent_id: row.parent_id,
    name: row.name,
    url_path: slug,
    position: row.position,
    is_active: row.is_active,
    include_in_menu: row.include_in_menu,
    description: row.description,
  };
}

export class CategoryAdmin {
  constructor(
    private readonly database: Database,
    private readonly catalog: CatalogService,
  ) {}

  /** the whole tree in reading order, with each category's depth and product count */
  async tree() {
    const rows = await this.database.query<CategoryRow & { products: number }>(
      `SELECT c.id, c.parent_id, c.position, c.level, c.path, c.is_active, c.include_in_menu, c.name, c.slug,
              c.description, (SELECT count(*)::int FROM product_categories pc WHERE pc.category_id = c.id) AS products
       FROM categories c`,
    );
    return { items: treeOrder(rows) };
  }

  async get(id: number) {
    const [row] = await this.database.query<CategoryRow>(`${SELECT} WHERE id = $1`, [id]);
    return row ?? null;
  }

  /**
   * Creates (`id` null) or changes a category with the form's fields; answers the saved category.
   * 404 unknown category, 400 invalid fields (a parent that is the category or lies under it
   * included), 409 a slug another category has.
   */
  async save(actor: StaffActor, id: number | null, body: SaveBody, store: StoreCode, action?: string) {
    const saved = await this.database.transaction(async (tx) => {
      const all = await tx.query<CategoryRow>(`${SELECT} ORDER BY id FOR UPDATE`);
      const byId = new Map(all.map((c) => [c.id, c]));
      const current = id === null ? null : byId.get(id);
      if (id !== null && !current) throw new ApiError(404, 'error.notFound');
      const f = body.category;
      const newId = current?.id ?? Math.max(2, ...all.map((c) => c.id)) + 1;

      // parent: an existing category, never the category itself or one under it
      const parentRaw = f.parent_id ?? current?.parent_id ?? null;
      const parentId = parentRaw === null || parentRaw === '' ? null : Number(parentRaw);
      if (parentId === null || !Number.isInteger(parentId)) {
        if (!(current && current.parent_id === parentId)) throw invalid('parent_id', 'validation.required');
      } else {
        if (!byId.has(parentId)) throw invalid('parent_id', 'category.unknownParent', { id: parentId });
        const parents = new Map(all.map((c) => [c.id, c.parent_id]));
        if (current && isSelfOrDescendant(parents, current.id, parentId))
          throw invalid('parent_id', 'category.ownDescendant');
      }
      const parent = parentId === null ? undefined : byId.get(parentId);
      const oldParent = current?.parent_id == null ? undefined : byId.get(current.parent_id);

      const name: Partial<Localized> = {};
      for (const s of STORE_CODES) {
        const given = f.name?.[s];
        const text = given === undefined ? current?.name[s] : given.trim();
        if (text) name[s] = text;
      }
      // the root category (level 1) lends no slug to a path; a nested category stays nested
      const parentPath = (s: StoreCode) => (parent && parent.level >= 2 ? parent.slug[s] : null);
      const slug = {} as Localized;
      for (const s of STORE_CODES) {
        const typed = f.url_key?.[s] ?? (current ? urlKeyOf(current.slug[s]) : undefined);
        const key = urlKeyFor(typed, name[s] ?? name.lt ?? name.en ?? name.ru ?? '');
        if (!CATEGORY_URL_KEY.test(key)) throw invalid(`url_key.${s}`, 'category.urlKey');
        const nested = current
          ? nestedUnder(current.slug[s], oldParent && oldParent.level >= 2 ? oldParent.slug[s] : null)
          : all.some((c) => c.parent_id === parentId && nestedUnder(c.slug[s], parentPath(s)));
        slug[s] = categoryPath(key, parentPath(s), nested);
      }

      const record = {
        id: newId,
        parent_id: parentId,
        name,
        url_path: slug,
        position: f.position ?? current?.position ?? 0,
        is_active: f.is_active ?? current?.is_active ?? true,
        include_in_menu: f.include_in_menu ?? current?.include_in_menu ?? true,
        description: current?.description ?? null,
      };
      const parsed = importCategorySchema.safeParse(record);
      if (!parsed.success) throw fieldErrors(parsed.error.issues, store);

      // descendants whose paths started with the old path follow it
      const records: Record<string, unknown>[] = [record];
      const moved = new Map<number, Localized>([[newId, slug]]);
      if (current) {
        for (const d of descendantsOf(all, current.id)) {
          const next = { ...d.slug };
          let changed = false;
          for (const s of STORE_CODES) {
            const to = movedPath(d.slug[s], current.slug[s], slug[s]);
            if (to !== null) {
              next[s] = to;
              changed = true;
            }
          }
          if (changed) {
            moved.set(d.id, next);
            records.push(recordOf(d, next));
          }
        }
      }
      // a URL is one category's: refused, with the field, when another category has it
      for (const [movedId, paths] of moved)
        for (const s of STORE_CODES) {
          const owner = all.find((c) => !moved.has(c.id) && c.slug[s] === paths[s]);
          const twin = [...moved].find(([otherId, other]) => otherId !== movedId && other[s] === paths[s]);
          if (owner || twin)
            throw new ApiError(
              409,
              'category.slugTaken',
              { slug: paths[s], id: owner?.id ?? twin?.[0] ?? '' },
              [
                {
                  field: `url_key.${s}`,
                  key: 'category.slugTaken',
                  params: { slug: paths[s], id: owner?.id ?? twin?.[0] ?? '' },
                },
              ],
            );
        }

      try {
        await importCatalog(tx, { categories: records }, { analyze: false });
      } catch (err) {
        if (err instanceof ImportError) throw importRecordErrors(err, 'categories', '(category)');
        throw err;
      }
      await audit(
        tx,
        actor,
        action ?? (current ? 'category.update' : 'category.create'),
        `category:${newId}`,
        {
          fields: Object.keys(f).sort(),
          ...(current && current.parent_id !== parentId
            ? { moved: { from: current.parent_id, to: parentId } }
            : {}),
          ...(moved.size > 1 ? { descendants_renamed: [...moved.keys()].filter((k) => k !== newId) } : {}),
        },
      );
      return newId;
    });
    // this process's menu, listings and URL map forget the old tree at once (others within CATALOG_VERSION_TTL_MS)
    this.catalog.catalogChanged();
    return (await this.get(saved))!;
  }
}
