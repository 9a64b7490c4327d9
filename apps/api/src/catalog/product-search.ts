/**
 * Product search over `product_index` (CONTRACTS.md "Catalogue search"): the typed `request`
 * compiled to parameterised SQL. Only whitelisted field names map to columns or to `attrs` jsonb
 * keys of filterable attributes; every value is a `$n` parameter.
 *
 * Text search (catalogue-and-cart.md §5, §9 "Searchable fields"): the term is normalised by the
 * domain ('#' → space, hyphenated words also split), must have 3 characters, and is matched in two
 * steps: full text over the stored weighted tsvector (every word, prefix match), ranked by ts_rank
 * plus trigram word similarity; when that finds nothing, each word may instead match with a typo
 * (trigram word similarity over `search_text` at or above the configured threshold, set by the
 * caller as pg_trgm.word_similarity_threshold).
 */
import {
  FILTER_AGGREGATION_SIZE,
  baseProductFilters,
  normaliseSearchTerm,
  priceRangeKey,
  toCents,
  validateSearchTerm,
  type FilterValue,
  type SearchRequest,
  type SortClause,
  type StoreCode,
} from '@vitrina/domain';
import { fieldError, fieldsError, type FieldIssue } from '../http/errors.ts';
import { rows, type Queryable } from '../lib/db.ts';
import { Params, finalize, isInt4 } from '../lib/sql.ts';
import type { PriceRange } from '../config.ts';

/** text search configuration of the stored tsvector (packages/db indexer) */
export const TS_CONFIG = 'simple';

export type AttributeMeta = { code: string; filterable: boolean };

type Kind = 'int' | 'text' | 'bool' | 'intArray' | 'textArray';
type Column = { kind: Kind; col: string };

/** request field → product_index column */
const PRODUCT_FIELDS: Record<string, Column> = {
  id: { kind: 'int', col: 'product_id' },
  sku: { kind: 'text', col: 'sku' },
  url_path: { kind: 'text', col: 'url_path' },
  slug: { kind: 'text', col: 'slug' },
  type_id: { kind: 'text', col: 'type_id' },
  status: { kind: 'int', col: 'status' },
  visibility: { kind: 'int', col: 'visibility' },
  category_ids: { kind: 'intArray', col: 'category_ids' },
  'category.category_id': { kind: 'intArray', col: 'category_ids' },
  'configurable_children.sku': { kind: 'textArray', col: 'child_skus' },
  final_price: { kind: 'int', col: 'final_price_incl_tax' },
  final_price_incl_tax: { kind: 'int', col: 'final_price_incl_tax' },
  total_qty: { kind: 'int', col: 'total_qty' },
  'stock.is_in_stock': { kind: 'bool', col: 'is_in_stock' },
  is_in_stock: { kind: 'bool', col: 'is_in_stock' },
  is_promoted: { kind: 'int', col: 'is_promoted' },
  sales_count: { kind: 'int', col: 'sales_count' },
};

/** sort field → SQL expression */
const SORT_FIELDS: Record<string, string> = {
  final_price: 'final_price_incl_tax',
  final_price_incl_tax: 'final_price_incl_tax',
  price: 'final_price_incl_tax',
  price_incl_tax: 'final_price_incl_tax',
  total_qty: 'total_qty',
  is_promoted: 'is_promoted',
  sales_count: 'sales_count',
  created_at: 'created_at',
  updated_at: 'updated_at',
  name: 'name',
  id: 'product_id',
  sku: 'sku',
  _score: '_score',
  relevance: '_score',
};

const RANGE_OPS = { gte: '>=', gt: '>', lte: '<=', lt: '<' } as const;

type Range = { gte?: number; gt?: number; lte?: number; lt?: number };
const isRange = (v: FilterValue): v is Range => typeof v === 'object' && v !== null && !Array.isArray(v);

export type ProductQuery = {
  storeCode: StoreCode;
  request: SearchRequest;
  from: number;
  size: number;
  sort: SortClause[] | undefined;
};

export type SearchHit = { _id: string; _score: number; _source: Record<string, unknown> };
export type Bucket = { key: string | number; doc_count: number };
export type SearchResponse = {
  took: number;
  timed_out: false;
  hits: { total: { value: number; relation: 'eq' }; max_score: number | null; hits: SearchHit[] };
  aggregations: Record<string, { buckets: Bucket[] }>;
};

export type SearchSettings = {
  outOfStockListing: boolean;
  priceRanges: PriceRange[];
};

// ---------------------------------------------------------------- filters

function toInt(value: unknown): number | null {
  if (typeof value === 'number') return Number.isInteger(value) ? value : null;
  if (typeof value === 'string' && /^\s*-?\d{1,15}\s*$/.test(value)) return Number(value);
  return null;
}

function toBool(value: unknown): boolean | null {
  if (value === true || value === 1 || value === 'true' || value === '1') return true;
  if (value === false || value === 0 || value === 'false' || value === '0') return false;
  return null;
}

function toNumber(value: unknown): number | null {
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value))) return Number(value);
  return null;
}

class FilterCompiler {
  readonly issues: FieldIssue[] = [];
  constructor(
    readonly params: Params,
    private readonly attributes: Map<string, AttributeMeta>,
  ) {}

  compile(filters: Record<string, FilterValue>, fieldPrefix: string): string[] {
    const out: string[] = [];
    for (const [field, value] of Object.entries(filters)) {
      const name = `${fieldPrefix}.${field}`;
      const column = PRODUCT_FIELDS[field];
      if (column) {
        const sql = this.column(column, value, name);
        if (sql) out.push(sql);
        continue;
      }
      const attr = this.attributes.get(field);
      if (attr?.filterable) {
        const sql = this.attribute(attr.code, value, name);
        if (sql) out.push(sql);
        continue;
      }
      this.issues.push({ field: name, key: 'validation.unknownField' });
    }
    return out;
  }

  private invalid(field: string, expected: string) {
    this.issues.push({ field, key: 'validation.invalidType', params: { expected } });
    return null;
  }

  private column(c: Column, value: FilterValue, field: string): string | null {
    const p = this.params;
    if (isRange(value)) {
      if (c.kind !== 'int') return this.invalid(field, c.kind === 'bool' ? 'boolean' : 'string or list');
      const parts: string[] = [];
      for (const [op, bound] of Object.entries(value) as [keyof Range, number][]) {
        if (typeof bound !== 'number' || !Number.isFinite(bound)) return this.invalid(field, 'number');
        parts.push(`${c.col} ${RANGE_OPS[op]} ${p.add(bound, 'numeric')}`);
      }
      return parts.join(' AND ');
    }
    const list = Array.isArray(value) ? value : [value];
    switch (c.kind) {
      case 'int':
      case 'intArray': {
        const ints: number[] = [];
        for (const v of list) {
          const n = toInt(v);
          if (n === null) return this.invalid(field, 'integer');
          if (isInt4(n)) ints.push(n); // an id beyond int4 matches nothing
        }
        if (ints.length === 0) return 'FALSE';
        if (c.kind === 'intArray') {
          return ints.length === 1 ? `${c.col} @> ARRAY[${p.add(ints[0], 'int')}]` : `${c.col} && ${p.add(ints, 'int[]')}`;
        }
        return ints.length === 1 ? `${c.col} = ${p.add(ints[0], 'int')}` : `${c.col} = ANY(${p.add(ints, 'int[]')})`;
      }
      case 'text':
      case 'textArray': {
        const texts = list.map((v) => String(v));
        if (texts.length === 0) return 'FALSE';
        if (c.kind === 'textArray') {
          return texts.length === 1 ? `${c.col} @> ARRAY[${p.add(texts[0], 'text')}]` : `${c.col} && ${p.add(texts, 'text[]')}`;
        }
        return texts.length === 1 ? `${c.col} = ${p.add(texts[0], 'text')}` : `${c.col} = ANY(${p.add(texts, 'text[]')})`;
      }
      case 'bool': {
        const bools = list.map(toBool);
        if (bools.some((b) => b === null)) return this.invalid(field, 'boolean');
        const set = [...new Set(bools)];
        if (set.length === 0) return 'FALSE';
        return set.length === 2 ? 'TRUE' : `${c.col} = ${p.add(set[0], 'boolean')}`;
      }
    }
  }

  /** `attrs` holds `{ code: [values] }`; option values may be numbers or texts */
  private attribute(code: string, value: FilterValue, field: string): string | null {
    const p = this.params;
    const values = `(CASE WHEN jsonb_typeof(attrs -> ${p.add(code, 'text')}) = 'array' THEN attrs -> $${p.values.length} ELSE '[]'::jsonb END)`;
    if (isRange(value)) {
      const parts: string[] = [];
      for (const [op, bound] of Object.entries(value) as [keyof Range, number][]) {
        if (typeof bound !== 'number' || !Number.isFinite(bound)) return this.invalid(field, 'number');
        parts.push(`(e #>> '{}')::numeric ${RANGE_OPS[op]} ${p.add(bound, 'numeric')}`);
      }
      return `EXISTS (SELECT 1 FROM jsonb_array_elements(${values}) e WHERE jsonb_typeof(e) = 'number' AND ${parts.join(' AND ')})`;
    }
    const list = Array.isArray(value) ? value : [value];
    const docs: string[] = [];
    for (const v of list) {
      if (typeof v === 'boolean') return this.invalid(field, 'number or string');
      docs.push(JSON.stringify({ [code]: [v] }));
      const n = toNumber(v);
      if (typeof v === 'string' && n !== null) docs.push(JSON.stringify({ [code]: [n] }));
      if (typeof v === 'number') docs.push(JSON.stringify({ [code]: [String(v)] }));
    }
    if (docs.length === 0) return 'FALSE';
    return docs.length === 1 ? `attrs @> ${p.add(docs[0], 'jsonb')}` : `attrs @> ANY(${p.add(docs, 'jsonb[]')})`;
  }
}

// ---------------------------------------------------------------- text

/** the alphanumeric tokens of a word, lower-cased */
function tokens(word: string): string[] {
  return word.toLowerCase().split(/[^\p{L}\p{N}]+/u).filter(Boolean);
}

/** one word of the term: as PostgreSQL's parser reads it, and as prefixes of its alphanumeric parts */
type Word = { text: string; prefix: string };

type TextPlan = { words: Word[]; text: string } | null;

function planText(query: string | undefined): TextPlan {
  if (query === undefined || query.trim() === '') return null;
  const check = validateSearchTerm(query);
  if (check) throw fieldError('request.query', check.key, check.params);
  const { text, terms } = normaliseSearchTerm(query);
  // The domain's terms are every word and, for a hyphenated word, also its parts. A word matches
  // when the stored vector holds it as the parser reads it ('lap-1001' → 'lap' & '-1001'), or holds
  // every part as a prefix ('lap:* & 1001:*'): so 'usb-c' finds "USB-C" and "USB C" alike.
  const spaced = text.split(' ');
  const words = terms
    .filter((t) => spaced.includes(t))
    .map((w) => ({ text: w, parts: tokens(w) }))
    .filter((w) => w.parts.length > 0)
    .map((w) => ({ text: w.text, prefix: w.parts.map((t) => `${t}:*`).join(' & ') }));
  return { words, text: tokens(text).join(' ') };
}

// ---------------------------------------------------------------- search

export async function searchProducts(
  q: Queryable,
  query: ProductQuery,
  attributes: Map<string, AttributeMeta>,
  settings: SearchSettings,
): Promise<SearchResponse> {
  const started = performance.now();
  const params = new Params();
  const where: string[] = [`store_code = ${params.add(query.storeCode, 'text')}`];
  const filters = query.request.filters ?? {};
  const compiler = new FilterCompiler(params, attributes);
  where.push(...compiler.compile(filters, 'request.filters'));

  // the spec's coverage rules (catalogue-and-cart.md §5), from the domain
  const byIdOrUrlPath = ['id', 'sku', 'url_path'].some((f) => f in filters);
  const base = baseProductFilters({ byIdOrUrlPath, showOutOfStock: settings.outOfStockListing });
  where.push(...compiler.compile(base, 'base'));

  const aggregations = query.request.aggregations ?? [];
  const aggIssues: FieldIssue[] = aggregations
    .map((code, i) => ({ code, i }))
    .filter(({ code }) => !(code === 'price' || code === 'category_ids' || code === 'category.category_id' || attributes.get(code)?.filterable))
    .map(({ i }) => ({ field: `request.aggregations.${i}`, key: 'validation.unknownField' }));

  const sortIssues: FieldIssue[] = (query.sort ?? []).some((s) => !SORT_FIELDS[s.field])
    ? [{ field: 'sort', key: 'validation.invalidOption', params: { options: Object.keys(SORT_FIELDS).join(', ') } }]
    : [];
  const issues = [...compiler.issues, ...aggIssues, ...sortIssues];
  if (issues.length) throw fieldsError(issues);

  const plan = planText(query.request.query);
  const run = async (textWhere: string | null, score: string) => {
    const allWhere = textWhere ? [...where, textWhere] : where;
    const whereSql = allWhere.join(' AND ');
    const order = (query.sort?.length ? query.sort : plan ? [{ field: '_score', dir: 'desc' as const }] : [{ field: 'is_promoted', dir: 'desc' as const }])
      .map((s) => `${SORT_FIELDS[s.field]} ${s.dir === 'desc' ? 'DESC' : 'ASC'}`)
      .concat('product_id ASC')
      .join(', ');
    const page = new Params();
    page.values.push(...params.values);
    const sql = `SELECT product_id, doc, ${score} AS _score FROM product_index WHERE ${whereSql}
      ORDER BY ${order} LIMIT ${page.add(query.size, 'int')} OFFSET ${page.add(query.from, 'int')}`;
    const hits = await rows<{ product_id: number; doc: Record<string, unknown>; _score: number | string }>(
      q,
      ...finalize(sql, page.values),
    );
    let total: number;
    if (hits.length > 0 && hits.length < query.size) total = query.from + hits.length;
    else if (hits.length === 0 && query.from === 0) total = 0;
    else {
      const [c] = await rows<{ n: number }>(q, ...finalize(`SELECT count(*)::int AS n FROM product_index WHERE ${whereSql}`, params.values));
      total = Number(c?.n ?? 0);
    }
    return { hits, total, whereSql };
  };

  let result: Awaited<ReturnType<typeof run>>;
  if (!plan) {
    result = await run(null, '1');
  } else if (plan.words.length === 0) {
    result = { hits: [], total: 0, whereSql: 'FALSE' };
  } else {
    const wordQueries = plan.words.map(
      (w) => `(plainto_tsquery('${TS_CONFIG}', ${params.add(w.text, 'text')}) || to_tsquery('${TS_CONFIG}', ${params.add(w.prefix, 'text')}))`,
    );
    const tsq = wordQueries.join(' && ');
    const text = params.add(plan.text, 'text');
    const score = `(ts_rank(search, ${tsq}) + word_similarity(${text}, search_text))`;
    result = await run(`search @@ (${tsq})`, score);
    if (result.total === 0) {
      // Typo tolerance: every word either matches in full text or is similar to a part of the
      // search text (`<%`: trigram word similarity at or above pg_trgm.word_similarity_threshold,
      // which the caller sets to the configured threshold; served by the trigram index).
      const conds: string[] = [];
      const sims: string[] = [];
      for (const [i, w] of plan.words.entries()) {
        const word = params.add(tokens(w.text).join(' '), 'text');
        sims.push(`word_similarity(${word}, search_text)`);
        conds.push(`(search @@ ${wordQueries[i]} OR ${word} <% search_text)`);
      }
      result = await run(conds.join(' AND '), `(${sims.join(' + ')})`);
    }
  }

  const aggs = aggregations.length && result.total > 0 ? await aggregate(q, result.whereSql, params, aggregations, settings.priceRanges) : emptyAggs(aggregations, settings.priceRanges);
  const hits = result.hits.map((h) => ({ _id: String(h.product_id), _score: Number(h._score), _source: h.doc }));
  return {
    took: Math.round(performance.now() - started),
    timed_out: false,
    hits: { total: { value: result.total, relation: 'eq' }, max_score: hits.length ? Math.max(...hits.map((h) => h._score)) : null, hits },
    aggregations: aggs,
  };
}

// ---------------------------------------------------------------- aggregations

function emptyAggs(codes: string[], ranges: PriceRange[]) {
  const out: Record<string, { buckets: Bucket[] }> = {};
  for (const code of codes) {
    out[code] = { buckets: code === 'price' ? ranges.map((r) => ({ key: priceRangeKey(r), doc_count: 0, from: r.from, ...(r.to === null ? {} : { to: r.to }) })) : [] };
  }
  return out;
}

async function aggregate(
  q: Queryable,
  whereSql: string,
  params: Params,
  codes: string[],
  ranges: PriceRange[],
): Promise<Record<string, { buckets: Bucket[] }>> {
  const out = emptyAggs(codes, ranges);
  const p = new Params();
  p.values.push(...params.values);
  const parts: string[] = [];
  for (const code of new Set(codes)) {
    if (code === 'price') continue;
    const label = p.add(code, 'text');
    const source =
      code === 'category_ids' || code === 'category.category_id'
        ? `SELECT to_jsonb(c) AS key FROM m, unnest(m.category_ids) c`
        : `SELECT e AS key FROM m, jsonb_array_elements(CASE WHEN jsonb_typeof(m.attrs -> ${p.add(code, 'text')}) = 'array' THEN m.attrs -> $${p.values.length} ELSE '[]'::jsonb END) e`;
    parts.push(
      `(SELECT ${label} AS agg, key, count(*)::int AS n FROM (${source}) s GROUP BY key ORDER BY n DESC, key ASC LIMIT ${FILTER_AGGREGATION_SIZE})`,
    );
  }
  if (codes.includes('price')) {
    const cases = ranges.map((r, i) => {
      const lo = `final_price_incl_tax >= ${p.add(toCents(r.from), 'int')}`;
      const cond = r.to === null ? lo : `${lo} AND final_price_incl_tax < ${p.add(toCents(r.to), 'int')}`;
      return `WHEN ${cond} THEN ${i}`;
    });
    parts.push(
      `(SELECT 'price' AS agg, to_jsonb(bucket) AS key, count(*)::int AS n FROM (SELECT CASE ${cases.join(' ')} END AS bucket FROM m) b WHERE bucket IS NOT NULL GROUP BY bucket)`,
    );
  }
  const sql = `WITH m AS MATERIALIZED (SELECT attrs, category_ids, final_price_incl_tax FROM product_index WHERE ${whereSql})
    ${parts.join(' UNION ALL ')}`;
  const found = await rows<{ agg: string; key: unknown; n: number }>(q, ...finalize(sql, p.values));
  for (const row of found) {
    if (row.agg === 'price') {
      const bucket = out.price?.buckets[Number(row.key)];
      if (bucket) bucket.doc_count = Number(row.n);
      continue;
    }
    out[row.agg]?.buckets.push({ key: row.key as string | number, doc_count: Number(row.n) });
  }
  return out;
}
