/**
 * Request filters compiled against a store view's index (search-index.ts): a predicate over ordinals
 * and, where postings exist, the candidate ordinals; the same fields, values and meanings as the SQL
 * search's FilterCompiler (product-search.ts).
 */
import type { FilterValue } from '@vitrina/domain';
import { isInt4 } from '../../lib/sql.ts';
import {
  PRODUCT_FIELDS,
  toBool,
  toInt,
  toNumber,
  type AttributeMeta,
  type Column,
} from './product-search.ts';
import type { Predicate, StoreIndex } from './store-index.ts';

/**
 * A filter: its test, and where postings give them, the candidates: ascending, each passing the test,
 * and holding every live ordinal that passes it (dead ones may be among them: callers check `live`).
 */
export type Filter = { test: Predicate; candidates?: ArrayLike<number> };

const RANGE_TESTS = {
  gte: (v: number, b: number) => v >= b,
  gt: (v: number, b: number) => v > b,
  lte: (v: number, b: number) => v <= b,
  lt: (v: number, b: number) => v < b,
} as const;
type Range = Partial<Record<keyof typeof RANGE_TESTS, number>>;
const isRange = (v: FilterValue): v is Range => typeof v === 'object' && v !== null && !Array.isArray(v);

const NONE: Filter = { test: () => false, candidates: [] };

/** a request filter as a predicate over ordinals (and, where postings exist, the candidate ordinals) */
export function compileFilter(
  ix: StoreIndex,
  field: string,
  value: FilterValue,
  attributes: Map<string, AttributeMeta>,
): Filter | null {
  const column = PRODUCT_FIELDS[field];
  if (column) return compileColumn(ix, column, value);
  if (attributes.get(field)?.filterable) return compileAttribute(ix, field, value);
  return null;
}

function unionSorted(lists: ArrayLike<number>[]): ArrayLike<number> {
  if (lists.length === 1) return lists[0]!;
  const all: number[] = [];
  for (const l of lists) for (let i = 0; i < l.length; i++) all.push(l[i]!);
  all.sort((a, b) => a - b);
  return all.filter((o, i) => i === 0 || all[i - 1] !== o);
}

function compileColumn(ix: StoreIndex, c: Column, value: FilterValue): Filter | null {
  if (isRange(value)) {
    const col = ix.num[c.col];
    if (c.kind !== 'int' || !col) return null;
    const tests = Object.entries(value).map(
      ([op, bound]) => [RANGE_TESTS[op as keyof Range], bound as number] as const,
    );
    if (tests.some(([t, b]) => !t || typeof b !== 'number' || !Number.isFinite(b))) return null;
    return { test: (o) => tests.every(([t, b]) => t(col.data[o] as number, b)) };
  }
  const list = Array.isArray(value) ? value : [value];
  switch (c.kind) {
    case 'int':
    case 'intArray': {
      const ints: number[] = [];
      for (const v of list) {
        const n = toInt(v);
        if (n === null) return null;
        if (isInt4(n)) ints.push(n);
      }
      if (ints.length === 0) return NONE;
      const set = new Set(ints);
      if (c.kind === 'intArray') {
        if (c.col !== 'category_ids') return null;
        const lists = [...set].map((id) => ix.catPostings.get(id)?.view() ?? []);
        return {
          candidates: unionSorted(lists),
          // the arrays read at each call: this test is kept for rows added later (StoreIndex.eligible)
          test: (o) => {
            const start = ix.catStart.data;
            const cats = ix.cats.data;
            for (let k = start[o] as number, end = start[o + 1] as number; k < end; k++)
              if (set.has(cats[k] as number)) return true;
            return false;
          },
        };
      }
      const col = ix.num[c.col];
      if (!col) return null;
      if (c.col === 'product_id') {
        const ords = [...set]
          .map((id) => ix.ordOf.get(id))
          .filter((o): o is number => o !== undefined)
          .sort((a, b) => a - b);
        return { candidates: ords, test: (o) => set.has(col.data[o] as number) };
      }
      return { test: (o) => set.has(col.data[o] as number) };
    }
    case 'text':
    case 'textArray': {
      const texts = new Set(list.map((v) => String(v)));
      if (texts.size === 0) return NONE;
      if (c.kind === 'textArray') {
        if (c.col !== 'child_skus') return null;
        const wanted = [...texts].map((s) => `${s}\u0000`);
        return {
          test: (o) => {
            // NUL-terminated skus: a match starts the string or follows a NUL
            const skus = ix.childSkus.get(o);
            if (!skus) return false;
            for (const w of wanted)
              for (let at = skus.indexOf(w); at >= 0; at = skus.indexOf(w, at + 1))
                if (at === 0 || skus.charCodeAt(at - 1) === 0) return true;
            return false;
          },
        };
      }
      // not held (url_path, slug: one product's lookup, which SQL answers from its own index)
      const col = ix.text[c.col];
      if (!col) return null;
      // by sku: the latest ordinal holding each value (the product and compare pages' queries)
      const candidates =
        c.col === 'sku'
          ? unionSorted(
              [...texts]
                .map((t) => col.find(t))
                .filter((o): o is number => o !== undefined)
                .map((o) => [o]),
            )
          : undefined;
      return { test: col.matcher(texts), ...(candidates ? { candidates } : {}) };
    }
    case 'bool': {
      const bools = list.map(toBool);
      if (bools.some((b) => b === null)) return null;
      const set = new Set(bools);
      if (set.size === 0) return NONE;
      if (set.size === 2) return { test: () => true };
      const col = ix.num[c.col] ?? (c.col === 'is_in_stock' ? ix.num.is_in_stock : undefined);
      if (!col) return null;
      const want = set.has(true) ? 1 : 0;
      return { test: (o) => col.data[o] === want };
    }
  }
}

/** `attrs @> {code: [v]}` (one value) or `(attrs -> code) @> ANY([[v], ...])` (several), as product-search.ts builds them */
function compileAttribute(ix: StoreIndex, code: string, value: FilterValue): Filter | null {
  if (isRange(value)) {
    const tests = Object.entries(value).map(
      ([op, bound]) => [RANGE_TESTS[op as keyof Range], bound as number] as const,
    );
    if (tests.some(([t, b]) => !t || typeof b !== 'number' || !Number.isFinite(b))) return null;
    const terms = new Set(
      (ix.termsOfCode.get(code) ?? []).filter((t) => {
        const v = ix.termValue[t];
        return typeof v === 'number' && tests.every(([test, b]) => test(v, b));
      }),
    );
    return termFilter(ix, terms);
  }
  const list = Array.isArray(value) ? value : [value];
  if (list.some((v) => typeof v !== 'number' && typeof v !== 'string')) return null;
  if (list.length === 0) return NONE;
  const wanted: (number | string)[] = [];
  for (const v of list as (number | string)[]) {
    wanted.push(v);
    const n = toNumber(v);
    if (typeof v === 'string' && n !== null) wanted.push(n);
    if (typeof v === 'number' && list.length > 1) wanted.push(String(v));
  }
  const terms = new Set(wanted.map((v) => ix.termId(code, v)).filter((t): t is number => t !== undefined));
  return termFilter(ix, terms);
}

function termFilter(ix: StoreIndex, terms: Set<number>): Filter {
  if (terms.size === 0) return NONE;
  return {
    candidates: unionSorted([...terms].map((t) => ix.termPostings[t]!.view())),
    test: (o) => {
      const start = ix.termStart.data;
      const rows = ix.termRows.data;
      for (let k = start[o] as number, end = start[o + 1] as number; k < end; k++)
        if (terms.has(rows[k] as number)) return true;
      return false;
    },
  };
}
