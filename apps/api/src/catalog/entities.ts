/**
 * The catalogue's small entity types (category, attribute, taxrule, cms_page, cms_block,
 * cms_hierarchy): each loaded once per catalogue version and store view into documents of the
 * CONTRACTS.md shapes, then searched in memory with the same typed `request` (eq / in / range filters
 * on whitelisted fields, sort, paging). They are a few thousand rows at most.
 */
import {
  LISTING_STATUS,
  LISTING_VISIBILITY,
  normaliseSearchTerm,
  validateSearchTerm,
  type CategoryDocument,
  type FilterValue,
  type SearchRequest,
  type SortClause,
  type StoreCode,
} from '@vitrina/domain';
import { fieldError, fieldsError, type FieldIssue } from '../http/errors.ts';
import { rows, type Queryable } from '../lib/db.ts';
import { localized, type Localized } from '../lib/localized.ts';
import type { SearchHit, SearchResponse } from './search/product-search.ts';
export { cmsHierarchy, loadCmsBlocks, loadCmsPages } from '../cms/service.ts';
export { localized, type Localized };

export const ENTITY_TYPES = [
  'category',
  'attribute',
  'taxrule',
  'cms_page',
  'cms_block',
  'cms_hierarchy',
] as const;
export type EntityType = (typeof ENTITY_TYPES)[number];

type Doc = Record<string, unknown>;

// ---------------------------------------------------------------- loaders

/** a category document: the shared contract (domain contracts/catalog-documents.ts) */
export type CategoryDoc = CategoryDocument;

type CategoryRow = {
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

export async function loadCategories(q: Queryable, store: StoreCode): Promise<CategoryDoc[]> {
  const list = await rows<CategoryRow>(
    q,
    'SELECT id, parent_id, position, level, path, is_active, include_in_menu, name, slug, description FROM categories ORDER BY position, id',
  );
  const counts = await rows<{ id: number; n: number }>(
    q,
    `SELECT c AS id, count(*)::int AS n FROM product_index, unnest(category_ids) c
     WHERE store_code = $1 AND status = ANY($2::int[]) AND visibility = ANY($3::int[]) GROUP BY c`,
    [store, LISTING_STATUS, LISTING_VISIBILITY],
  );
  const countOf = new Map(counts.map((c) => [Number(c.id), Number(c.n)]));
  const docs = new Map<number, CategoryDoc>();
  for (const r of list) {
    const slug = localized(r.slug, store);
    const ids = r.path
      .split('/')
      .map(Number)
      .filter((n) => Number.isInteger(n));
    docs.set(r.id, {
      id: r.id,
      parent_id: r.parent_id,
      parent_ids: ids.filter((id) => id !== r.id),
      name: localized(r.name, store),
      slug,
      url_key: slug,
      url_path: `c/${slug}`,
      level: r.level,
      position: r.position,
      is_active: r.is_active,
      include_in_menu: r.include_in_menu,
      product_count: countOf.get(r.id) ?? 0,
      path: r.path,
      children_count: 0,
      children_data: [],
      description: r.description ? localized(r.description, store) : null,
    });
  }
  for (const doc of docs.values()) {
    const parent = doc.parent_id === null || doc.parent_id === doc.id ? undefined : docs.get(doc.parent_id);
    if (parent) {
      parent.children_data.push(doc);
      parent.children_count += 1;
    }
  }
  return [...docs.values()];
}

type AttributeRow = {
  attribute_id: number;
  attribute_code: string;
  frontend_label: Localized;
  frontend_input: string;
  is_comparable: boolean;
  is_filterable: boolean;
  position: number;
  options: { value: number; label: Localized }[];
};

export async function loadAttributes(q: Queryable, store: StoreCode): Promise<Doc[]> {
  const list = await rows<AttributeRow>(
    q,
    `SELECT attribute_id, attribute_code, frontend_label, frontend_input, is_comparable, is_filterable, position, options
     FROM attributes ORDER BY position, attribute_id`,
  );
  return list.map((a) => ({
    id: a.attribute_id,
    attribute_id: a.attribute_id,
    attribute_code: a.attribute_code,
    frontend_label: localized(a.frontend_label, store),
    default_frontend_label: localized(a.frontend_label, 'en'),
    frontend_input: a.frontend_input,
    is_comparable: a.is_comparable,
    is_filterable: a.is_filterable,
    is_visible_on_front: true,
    is_user_defined: true,
    position: a.position,
    options: (a.options ?? []).map((o) => ({ value: o.value, label: localized(o.label, store) })),
  }));
}

export async function loadTaxRules(q: Queryable): Promise<Doc[]> {
  return rows<Doc>(
    q,
    'SELECT id, code, product_tax_class_ids, customer_tax_class_ids, rates FROM tax_rules ORDER BY id',
  );
}

// ---------------------------------------------------------------- in-memory search

/** filterable and sortable fields of each type: a field name is a dotted path into the document */
const FIELDS: Record<EntityType, string[]> = {
  category: [
    'id',
    'parent_id',
    'parent_ids',
    'level',
    'position',
    'is_active',
    'product_count',
    'slug',
    'url_key',
    'url_path',
    'name',
    'path',
    'children_count',
  ],
  attribute: [
    'id',
    'attribute_id',
    'attribute_code',
    'is_comparable',
    'is_filterable',
    'frontend_input',
    'position',
  ],
  taxrule: ['id', 'code', 'product_tax_class_ids', 'customer_tax_class_ids', 'rates.tax_country_id'],
  cms_page: ['id', 'page_id', 'identifier', 'slug', 'url_path', 'title', 'active', 'enabled', 'is_active'],
  cms_block: ['id', 'block_id', 'identifier', 'title', 'active', 'enabled', 'is_active'],
  cms_hierarchy: ['id', 'node_id', 'identifier', 'request_url', 'parent_node_id', 'level', 'page_id'],
};

const TEXT_FIELDS: Record<EntityType, string[]> = {
  category: ['name', 'slug'],
  attribute: ['attribute_code', 'frontend_label'],
  taxrule: ['code'],
  cms_page: ['title', 'identifier', 'slug'],
  cms_block: ['title', 'identifier'],
  cms_hierarchy: ['title', 'identifier'],
};

const DEFAULT_SORT: Record<EntityType, SortClause[]> = {
  category: [{ field: 'position', dir: 'asc' }],
  attribute: [{ field: 'position', dir: 'asc' }],
  taxrule: [{ field: 'id', dir: 'asc' }],
  cms_page: [{ field: 'id', dir: 'asc' }],
  cms_block: [{ field: 'id', dir: 'asc' }],
  cms_hierarchy: [{ field: 'sort_order', dir: 'asc' }],
};

/** the values at a dotted path (arrays flattened) */
function valuesAt(doc: unknown, path: string[]): unknown[] {
  if (path.length === 0) return Array.isArray(doc) ? doc : [doc];
  if (Array.isArray(doc)) return doc.flatMap((d) => valuesAt(d, path));
  if (doc === null || typeof doc !== 'object') return [];
  const [head, ...rest] = path;
  return valuesAt((doc as Doc)[head as string], rest);
}

const same = (a: unknown, b: unknown) =>
  a !== undefined &&
  a !== null &&
  b !== undefined &&
  b !== null &&
  (typeof a === 'object' ? false : String(a) === String(b));

function matchesFilter(doc: Doc, field: string, filter: FilterValue): boolean {
  const values = valuesAt(doc, field.split('.'));
  if (typeof filter === 'object' && filter !== null && !Array.isArray(filter)) {
    const r = filter as { gte?: number; gt?: number; lte?: number; lt?: number };
    return values.some((v) => {
      const n = typeof v === 'number' ? v : Number(v);
      if (!Number.isFinite(n)) return false;
      return (
        (r.gte === undefined || n >= r.gte) &&
        (r.gt === undefined || n > r.gt) &&
        (r.lte === undefined || n <= r.lte) &&
        (r.lt === undefined || n < r.lt)
      );
    });
  }
  const wanted = Array.isArray(filter) ? filter : [filter];
  return values.some((v) => wanted.some((w) => same(v, w)));
}

function compare(a: unknown, b: unknown): number {
  if (a === b) return 0;
  if (a === undefined || a === null) return 1;
  if (b === undefined || b === null) return -1;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return String(a).localeCompare(String(b));
}

export function searchEntities(
  type: EntityType,
  docs: Doc[],
  request: SearchRequest,
  paging: { from: number; size: number },
  sort: SortClause[] | undefined,
): SearchResponse {
  const started = performance.now();
  const allowed = FIELDS[type];
  const issues: FieldIssue[] = [];
  const filters = Object.entries(request.filters ?? {});
  for (const [field] of filters)
    if (!allowed.includes(field))
      issues.push({ field: `request.filters.${field}`, key: 'validation.unknownField' });
  for (const [i, code] of (request.aggregations ?? []).entries())
    if (!allowed.includes(code))
      issues.push({ field: `request.aggregations.${i}`, key: 'validation.unknownField' });
  const sortable = [...allowed, 'sort_order', 'title', 'name'];
  if (sort?.some((s) => !sortable.includes(s.field)))
    issues.push({ field: 'sort', key: 'validation.invalidOption', params: { options: sortable.join(', ') } });
  if (issues.length) throw fieldsError(issues);

  let found = docs.filter((d) => filters.every(([field, value]) => matchesFilter(d, field, value)));
  if (request.query !== undefined && request.query.trim() !== '') {
    const check = validateSearchTerm(request.query);
    if (check) throw fieldError('request.query', check.key, check.params);
    const words = normaliseSearchTerm(request.query).terms.map((w) => w.toLowerCase());
    const texts = TEXT_FIELDS[type];
    found = found.filter((d) => {
      const hay = texts
        .map((f) => String(d[f] ?? ''))
        .join(' ')
        .toLowerCase();
      return words.every((w) => hay.includes(w));
    });
  }
  const order = sort?.length ? sort : DEFAULT_SORT[type];
  found = [...found].sort((a, b) => {
    for (const s of order) {
      const c = compare(valuesAt(a, s.field.split('.'))[0], valuesAt(b, s.field.split('.'))[0]);
      if (c !== 0) return s.dir === 'desc' ? -c : c;
    }
    return compare(a.id, b.id);
  });

  const aggregations: SearchResponse['aggregations'] = {};
  for (const code of request.aggregations ?? []) {
    const counts = new Map<string, { key: string | number; doc_count: number }>();
    for (const d of found)
      for (const v of valuesAt(d, code.split('.'))) {
        if (v === null || v === undefined || typeof v === 'object') continue;
        const k = String(v);
        const hit = counts.get(k) ?? { key: v as string | number, doc_count: 0 };
        hit.doc_count += 1;
        counts.set(k, hit);
      }
    aggregations[code] = {
      buckets: [...counts.values()].sort((a, b) => b.doc_count - a.doc_count).slice(0, 10),
    };
  }

  const page = found.slice(paging.from, paging.from + paging.size);
  const hits: SearchHit[] = page.map((d) => ({ _id: String(d.id ?? ''), _score: 1, _source: d }));
  return {
    took: Math.round(performance.now() - started),
    timed_out: false,
    hits: { total: { value: found.length, relation: 'eq' }, max_score: hits.length ? 1 : null, hits },
    aggregations,
  };
}
