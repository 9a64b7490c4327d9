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
  SECONDARY_TYPE_IDS,
  SYSTEM_FILTER_NAMES,
  baseProductFilters,
  normaliseSearchTerm,
  priceRangeKey,
  soldOutLast,
  toCents,
  validateSearchTerm,
  type AttributeMetadataAnswer,
  type BucketAnswer,
  type FilterValue,
  type SearchAnswer,
  type SearchHitAnswer,
  type SearchRequest,
  type SortClause,
  type StoreCode,
} from '@vitrina/domain';
import { fieldError, fieldsError, type FieldIssue } from '../../http/errors.ts';
import { rows, type Queryable } from '../../lib/db.ts';
import { Params, finalize, isInt4 } from '../../lib/sql.ts';
import type { PriceRange } from '../../config.ts';

/** text search configuration of the stored tsvector (packages/db indexer) */
export const TS_CONFIG = 'simple';

export type AttributeMeta = { code: string; filterable: boolean };

export type Kind = 'int' | 'text' | 'bool' | 'intArray' | 'textArray';
export type Column = { kind: Kind; col: string };

/** request field → product_index column */
export const PRODUCT_FIELDS: Record<string, Column> = {
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

/** the search answer: the shared contract (packages/domain contracts/search-answers.ts) */
export type SearchHit = SearchHitAnswer<Record<string, unknown>>;
export type Bucket = BucketAnswer;
export type SearchResponse = SearchAnswer<Record<string, unknown>>;
/**
 * catalogue-and-cart.md §3 "Search response" attributeMetadata: the labels of the aggregated
 * attributes and of their options, in the store view's language (product searches with aggregations)
 */
export type AttributeMetadata = AttributeMetadataAnswer;

export type SearchSettings = {
  outOfStockListing: boolean;
  priceRanges: PriceRange[];
};

// ---------------------------------------------------------------- filters

export function toInt(value: unknown): number | null {
  if (typeof value === 'number') return Number.isInteger(value) ? value : null;
  if (typeof value === 'string' && /^\s*-?\d{1,15}\s*$/.test(value)) return Number(value);
  return null;
}

export function toBool(value: unknown): boolean | null {
  if (value === true || value === 1 || value === 'true' || value === '1') return true;
  if (value === false || value === 0 || value === 'false' || value === '0') return false;
  return null;
}

export function toNumber(value: unknown): number | null {
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value)))
    return Number(value);
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
      // catalogue-and-cart.md §2: sort, page and tracking parameters are never attribute filters
      const attr = SYSTEM_FILTER_NAMES.includes(field) ? undefined : this.attributes.get(field);
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
        parts.push(`${c.col} ${RANGE_OPS[op]} ${p.add(bound, isInt4(bound) ? 'int' : 'numeric')}`);
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
          return ints.length === 1
            ? `${c.col} @> ARRAY[${p.add(ints[0], 'int')}]`
            : `${c.col} && ${p.add(ints, 'int[]')}`;
        }
        return ints.length === 1
          ? `${c.col} = ${p.add(ints[0], 'int')}`
          : `${c.col} = ANY(${p.add(ints, 'int[]')})`;
      }
      case 'text':
      case 'textArray': {
        const texts = list.map((v) => String(v));
        if (texts.length === 0) return 'FALSE';
        if (c.kind === 'textArray') {
          return texts.length === 1
            ? `${c.col} @> ARRAY[${p.add(texts[0], 'text')}]`
            : `${c.col} && ${p.add(texts, 'text[]')}`;
        }
        return texts.length === 1
          ? `${c.col} = ${p.add(texts[0], 'text')}`
          : `${c.col} = ANY(${p.add(texts, 'text[]')})`;
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
    if (isRange(value)) {
      const elements = `(CASE WHEN jsonb_typeof(attrs -> ${p.add(code, 'text')}) = 'array' THEN attrs -> $${p.values.length} ELSE '[]'::jsonb END)`;
      const parts: string[] = [];
      for (const [op, bound] of Object.entries(value) as [keyof Range, number][]) {
        if (typeof bound !== 'number' || !Number.isFinite(bound)) return this.invalid(field, 'number');
        parts.push(`(e #>> '{}')::numeric ${RANGE_OPS[op]} ${p.add(bound, 'numeric')}`);
      }
      return `EXISTS (SELECT 1 FROM jsonb_array_elements(${elements}) e WHERE jsonb_typeof(e) = 'number' AND ${parts.join(' AND ')})`;
    }
    const list = Array.isArray(value) ? value : [value];
    if (list.some((v) => typeof v === 'boolean')) return this.invalid(field, 'number or string');
    if (list.length === 0) return 'FALSE';
    if (list.length === 1) {
      // one value: containment, served by the GIN index on attrs (options are numbers; "49" finds 49 too)
      const v = list[0] as string | number;
      const n = toNumber(v);
      const docs = [
        JSON.stringify({ [code]: [v] }),
        ...(typeof v === 'string' && n !== null ? [JSON.stringify({ [code]: [n] })] : []),
      ];
      return docs.length === 1
        ? `attrs @> ${p.add(docs[0], 'jsonb')}`
        : `attrs @> ANY(${p.add(docs, 'jsonb[]')})`;
    }
    // several values: tested on each candidate row (one GIN search per value costs more than it saves)
    const values = new Set<string>();
    for (const v of list) {
      values.add(JSON.stringify([v]));
      const n = toNumber(v);
      if (typeof v === 'string' && n !== null) values.add(JSON.stringify([n]));
      if (typeof v === 'number') values.add(JSON.stringify([String(v)]));
    }
    return `(attrs -> ${p.add(code, 'text')}) @> ANY(${p.add([...values], 'jsonb[]')})`;
  }
}

// ---------------------------------------------------------------- text

/** the alphanumeric tokens of a word, lower-cased */
export function tokens(word: string): string[] {
  return word
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
}

/** one word of the term: as PostgreSQL's parser reads it, and as prefixes of its alphanumeric parts */
export type Word = { text: string; prefix: string };

export type TextPlan = { words: Word[]; text: string } | null;

export function planText(query: string | undefined): TextPlan {
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

/**
 * Validates a product query (unknown fields, types, sort fields, aggregation codes, the 3-character
 * minimum) exactly as the SQL search does, and answers its parts: the request filters, the spec's
 * base filters, the aggregations and the text plan. The in-process index (search-index.ts) uses it
 * so that both paths refuse the same requests with the same messages.
 */
export function prepareProductQuery(
  query: ProductQuery,
  attributes: Map<string, AttributeMeta>,
  settings: SearchSettings,
  /** the SQL search's parameters: the filters' WHERE clauses (`where`) bind into them */
  params: Params = new Params(),
) {
  const compiler = new FilterCompiler(params, attributes);
  const filters = query.request.filters ?? {};
  const where = compiler.compile(filters, 'request.filters');
  // the spec's coverage rules (catalogue-and-cart.md §5), from the domain
  const byIdOrUrlPath = ['id', 'sku', 'url_path'].some((f) => f in filters);
  const base = baseProductFilters({ byIdOrUrlPath, showOutOfStock: settings.outOfStockListing });
  // sold-out products listed (OUT_OF_STOCK_LISTING on) come after the available ones, whatever the sort
  const availableFirst = soldOutLast({ showOutOfStock: settings.outOfStockListing });
  where.push(...compiler.compile(base, 'base'));
  const aggregations = query.request.aggregations ?? [];
  const aggIssues: FieldIssue[] = aggregations
    .map((code, i) => ({ code, i }))
    .filter(
      ({ code }) =>
        !(
          code === 'price' ||
          code === 'category_ids' ||
          code === 'category.category_id' ||
          (attributes.get(code)?.filterable && !SYSTEM_FILTER_NAMES.includes(code))
        ),
    )
    .map(({ i }) => ({ field: `request.aggregations.${i}`, key: 'validation.unknownField' }));
  const sortIssues: FieldIssue[] = (query.sort ?? []).some((s) => !SORT_FIELDS[s.field])
    ? [
        {
          field: 'sort',
          key: 'validation.invalidOption',
          params: { options: Object.keys(SORT_FIELDS).join(', ') },
        },
      ]
    : [];
  const issues = [...compiler.issues, ...aggIssues, ...sortIssues];
  if (issues.length) throw fieldsError(issues);
  return { filters, base, aggregations, plan: planText(query.request.query), where, availableFirst };
}

/** available (domain AVAILABLE_FILTERS) as a product_index expression: true sorts first descending */
const AVAILABLE_SQL = '(total_qty > 0 AND is_in_stock)';

/** the columns behind a sort field (SORT_FIELDS), for the in-process index */
export const sortColumn = (field: string): string | undefined => SORT_FIELDS[field];

export async function searchProducts(
  q: Queryable,
  query: ProductQuery,
  attributes: Map<string, AttributeMeta>,
  settings: SearchSettings,
  opts: { typoOnly?: boolean; candidates?: number[] | null } = {},
): Promise<SearchResponse> {
  const started = performance.now();
  const params = new Params();
  const storeRef = params.add(query.storeCode, 'text');
  const secondary = params.add([...SECONDARY_TYPE_IDS], 'text[]');
  const where: string[] = [`store_code = ${storeRef}`];
  // the in-process index's rows passing every filter (a typo query after its exact search found nothing)
  if (opts.candidates) where.push(`product_id = ANY(${params.add(opts.candidates, 'int[]')})`);
  // validated and compiled as the in-process index does (one set of refusals and messages)
  const prepared = prepareProductQuery(query, attributes, settings, params);
  where.push(...prepared.where);
  const { aggregations, plan } = prepared;
  const order = (prepared.availableFirst ? [`${AVAILABLE_SQL} DESC`] : [])
    .concat(
      (query.sort?.length
        ? query.sort
        : [{ field: plan ? '_score' : 'is_promoted', dir: 'desc' as const }]
      ).flatMap((s) => [
        `${SORT_FIELDS[s.field]} ${s.dir === 'desc' ? 'DESC' : 'ASC'}`,
        // the domain's one ranking (compareSearchHits): for the same relevance, goods before services
        ...(SORT_FIELDS[s.field] === '_score' ? [`kind_rank ASC`] : []),
      ]),
    )
    .concat('product_id ASC')
    .join(', ');

  /**
   * One statement per attempt: the matching rows are materialised once (narrow: sort keys, facet
   * values), then the page (joined to its documents), the total and the aggregations read them.
   */
  const run = async (textWhere: string | null, score: string): Promise<Result> => {
    const p = new Params();
    p.values.push(...params.values);
    const whereSql = (textWhere ? [...where, textWhere] : where).join(' AND ');
    const parts = [
      `SELECT 'hit' AS kind, page.ord, page.product_id, page._score::float8 AS score, pi.doc, NULL::text AS agg, NULL::jsonb AS key, NULL::int AS n
       FROM page JOIN product_index pi ON pi.store_code = ${storeRef} AND pi.product_id = page.product_id`,
      `SELECT 'total', NULL, NULL, NULL, NULL, NULL, NULL, (SELECT count(*)::int FROM m)`,
      ...aggregationParts(p, aggregations, settings.priceRanges),
    ];
    const sql = `WITH m AS MATERIALIZED (
        SELECT product_id, ${score} AS _score, (CASE WHEN type_id = ANY(${secondary}) THEN 1 ELSE 0 END) AS kind_rank, final_price_incl_tax, total_qty, is_in_stock, is_promoted, sales_count, created_at,
          updated_at, name, sku, attrs, category_ids
        FROM product_index WHERE ${whereSql}),
      page AS (SELECT product_id, _score, (row_number() OVER (ORDER BY ${order}))::int AS ord FROM m
        ORDER BY ${order} LIMIT ${p.add(query.size, 'int')} OFFSET ${p.add(query.from, 'int')})
      ${parts.map((x) => `(${x})`).join(' UNION ALL ')}`;
    const found = await rows<Row>(q, ...finalize(sql, p.values));
    return collect(found, aggregations, settings.priceRanges);
  };

  let result: Result;
  if (!plan) {
    result = await run(null, '1');
  } else if (plan.words.length === 0) {
    result = collect([], aggregations, settings.priceRanges);
  } else {
    const wordQueries = plan.words.map(
      (w) =>
        `(plainto_tsquery('${TS_CONFIG}', ${params.add(w.text, 'text')}) || to_tsquery('${TS_CONFIG}', ${params.add(w.prefix, 'text')}))`,
    );
    const tsq = wordQueries.join(' && ');
    const text = params.add(plan.text, 'text');
    result = opts.typoOnly
      ? collect([], aggregations, settings.priceRanges)
      : await run(`search @@ (${tsq})`, `(ts_rank(search, ${tsq}) + word_similarity(${text}, search_text))`);
    if (result.total === 0) {
      // Typo tolerance: every word is similar to a part of the search text (`<%`: trigram word
      // similarity at or above pg_trgm.word_similarity_threshold, which the caller sets to the
      // configured threshold; served by the trigram index). A word found as it is, or as a prefix,
      // is similar too, so words without a typo still count.
      const conds: string[] = [];
      const sims: string[] = [];
      for (const w of plan.words) {
        const word = params.add(tokens(w.text).join(' '), 'text');
        sims.push(`word_similarity(${word}, search_text)`);
        conds.push(`${word} <% search_text`);
      }
      result = await run(conds.join(' AND '), `(${sims.join(' + ')})`);
    }
  }

  return {
    took: Math.round(performance.now() - started),
    timed_out: false,
    hits: {
      total: { value: result.total, relation: 'eq' },
      max_score: result.hits.length ? Math.max(...result.hits.map((h) => h._score)) : null,
      hits: result.hits,
    },
    aggregations: result.aggregations,
  };
}

// ---------------------------------------------------------------- aggregations

type Row = {
  kind: 'hit' | 'total' | 'agg';
  ord: number | null;
  product_id: number | null;
  score: number | null;
  doc: Record<string, unknown> | null;
  agg: string | null;
  key: unknown;
  n: number | null;
};
type Result = { hits: SearchHit[]; total: number; aggregations: SearchResponse['aggregations'] };

/** the statement's rows as hits in page order, the total, and the buckets (every price range, 0 when empty) */
function collect(found: Row[], codes: string[], ranges: PriceRange[]): Result {
  const aggregations: SearchResponse['aggregations'] = {};
  for (const code of codes) {
    aggregations[code] = {
      buckets: code === 'price' ? ranges.map((r) => ({ key: priceRangeKey(r), doc_count: 0 })) : [],
    };
  }
  const hits: (SearchHit & { ord: number })[] = [];
  let total = 0;
  for (const row of found) {
    if (row.kind === 'total') total = Number(row.n ?? 0);
    else if (row.kind === 'hit')
      hits.push({
        ord: Number(row.ord),
        _id: String(row.product_id),
        _score: Number(row.score),
        _source: row.doc ?? {},
      });
    else if (row.agg === 'price') {
      const bucket = aggregations.price?.buckets[Number(row.key)];
      if (bucket) bucket.doc_count = Number(row.n);
    } else if (row.agg)
      aggregations[row.agg]?.buckets.push({ key: row.key as string | number, doc_count: Number(row.n) });
  }
  hits.sort((a, b) => a.ord - b.ord);
  return { hits: hits.map(({ ord: _ord, ...h }) => h), total, aggregations };
}

/** UNION ALL parts over the materialised matches `m`: top terms per attribute (or category) and price ranges */
function aggregationParts(p: Params, codes: string[], ranges: PriceRange[]): string[] {
  const parts: string[] = [];
  for (const code of new Set(codes)) {
    if (code === 'price') {
      const cases = ranges.map((r, i) => {
        const lo = `final_price_incl_tax >= ${p.add(toCents(r.from), 'int')}`;
        const cond = r.to === null ? lo : `${lo} AND final_price_incl_tax < ${p.add(toCents(r.to), 'int')}`;
        return `WHEN ${cond} THEN ${i}`;
      });
      parts.push(
        `SELECT 'agg', NULL, NULL, NULL, NULL, 'price', to_jsonb(bucket), count(*)::int
         FROM (SELECT CASE ${cases.join(' ')} END AS bucket FROM m) b WHERE bucket IS NOT NULL GROUP BY bucket`,
      );
      continue;
    }
    const source =
      code === 'category_ids' || code === 'category.category_id'
        ? `SELECT to_jsonb(c) AS key FROM m, unnest(m.category_ids) c`
        : `SELECT e AS key FROM m, jsonb_array_elements(CASE WHEN jsonb_typeof(m.attrs -> ${p.add(code, 'text')}) = 'array' THEN m.attrs -> $${p.values.length} ELSE '[]'::jsonb END) e`;
    parts.push(
      `SELECT 'agg', NULL, NULL, NULL, NULL, ${p.add(code, 'text')}, key, count(*)::int
       FROM (${source}) s GROUP BY key ORDER BY count(*) DESC, key ASC LIMIT ${FILTER_AGGREGATION_SIZE}`,
    );
  }
  return parts;
}
