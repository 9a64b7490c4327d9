/**
 * In-process product search index (DESIGN.md "Data": "when a benchmark shows a need, an in-process
 * index may sit in front"). The SQL search of product-search.ts stays the reference: this index
 * answers the same requests with the same ids, totals and facet counts (test/search-index.test.ts
 * runs random requests through both), and hands back to SQL whatever it cannot answer exactly.
 *
 * Per store view, built from the `product_index` rows a search can return (store-index.ts
 * isIndexedRow), columnar, by ordinal:
 * - column arrays for filters and sort keys (status, visibility, prices, stock, dates, ...);
 * - postings (ordinals, ascending) per category id, per attribute option (`code` + value), and per
 *   lexeme of the stored weighted tsvector (read back from PostgreSQL, so a word matches here exactly
 *   when `search @@ tsquery` matches there), the lexemes kept as one sorted string with typed-array
 *   postings (no object per lexeme: the heap stays small and garbage collection quick);
 * - attribute options and categories of each ordinal in compressed rows (CSR), for facet counts by
 *   walking the matching ordinals.
 * Only the page's documents are read from the database (by primary key).
 *
 * Files: store-index.ts (one store view's columns, postings and scratch space), index-columns.ts
 * (its typed-array containers: numbers, integer lists and map, UTF-8 text), index-filters.ts
 * (request filters as predicates and candidates), scored-postings.ts (text matching), trigram.ts
 * (pg_trgm's word similarity), typo-prefilter.ts; this file answers queries and keeps the indexes fresh.
 *
 * Freshness. Every write of a product_index row takes a new `rev` (migration 0005). The index
 * remembers the highest rev it has read and, at most once per `pollMs` while searches arrive, reads
 * the rows written since (the indexer re-indexes rows when orders change stock or special-price
 * windows open): a changed product gets a new ordinal and its old one is marked dead; a store view
 * with many dead ordinals, or whose live count no longer matches the table (rows deleted), is rebuilt
 * in the background. When the catalogue version changes (an import), the store view is brought up
 * to date before it answers again; meanwhile SQL answers.
 *
 * Several processes (REDIS_URL): each process keeps its own index and learns of changes from the
 * database itself — the catalogue version in `meta`, read on every search by CatalogService (and
 * published to the other processes' caches through the version in their keys), and the `rev` column,
 * polled here. No message between processes is needed; a process sees another's stock change within
 * `pollMs`. On PostgreSQL two writers may commit revs out of order, so the poll re-reads a window of
 * recent revs and applies the rows whose rev it has not applied yet.
 *
 * Exactness limits (answered by SQL instead): sorting by `name` or `sku` when the database collation
 * is not C, filters by `url_path` or `slug` (one product's lookup: not held, to keep the index
 * small), text words whose tsquery is not a plain AND of lexemes, attribute filter values that are
 * neither string nor number. The typo fallback (when no word matched as it is) is computed here too:
 * trigram postings of search_text find the rows holding enough of each word's trigrams, and
 * trigram.ts (a port of pg_trgm's word_similarity, differentially tested against the database's)
 * decides and scores them as PostgreSQL would (same rows, same scores). Relevance (`_score`) of
 * exact text matches is this index's own: weighted field matches (A 1, B 0.4,
 * C 0.2, D 0.1, prefix matches half), close to but not the same as ts_rank + word_similarity, so
 * relevance-sorted pages may order ties differently than SQL; every other sort is identical.
 */
import { FILTER_AGGREGATION_SIZE, priceRangeKey, toCents, type StoreCode } from '@vitrina/domain';
import type { Database } from '@vitrina/db';
import { sequenceSimilarity, trigramSet } from './trigram.ts';
import { matchWords, type Scored } from './scored-postings.ts';
import {
  INDEXED_ROWS_SQL,
  INDEXED_STATUS,
  INDEXED_VISIBILITY,
  isIndexedRow,
  LOAD_BATCH,
  LOAD_COLUMNS,
  StoreIndex,
  cmpStr,
  normalise,
  parseTsquery,
  type Loaded,
  type Predicate,
} from './store-index.ts';
import { compileFilter, type Filter } from './index-filters.ts';
import { NumColumn, TextColumn } from './index-columns.ts';

export { parseTsquery, parseTsvector } from './store-index.ts';
export { trigrams, typoPrefilter } from './typo-prefilter.ts';
import { Lru } from '../../lib/lru.ts';
import type { PriceRange } from '../../config.ts';
import {
  TS_CONFIG,
  prepareProductQuery,
  sortColumn,
  tokens,
  type AttributeMeta,
  type Bucket,
  type ProductQuery,
  type SearchHit,
  type SearchResponse,
  type SearchSettings,
  type Word,
} from './product-search.ts';

/** process-wide counts of what the indexes answered (tests and benchmarks read them) */
export const indexStats = { answered: 0, typo: 0, declined: 0 };
/** milliseconds spent in each phase of the index's answers, summed over the process (the search bench prints them) */
export const indexPhases: Record<string, number> = {};
/** adds the time since `since` to a phase; answers now */
function phase(name: string, since: number): number {
  const now = performance.now();
  indexPhases[name] = (indexPhases[name] ?? 0) + now - since;
  return now;
}

/**
 * What the index answers: a response; `{ typo }` when the text matched nothing (run the SQL typo
 * query, restricted to `candidates`, the ids passing every filter, when there are few enough); or
 * null (run the SQL search).
 */
export type IndexAnswer = SearchResponse | { typo: true; candidates: number[] | null } | null;

/** the most candidate ids handed to the SQL typo query (beyond, it searches the whole store view) */
const TYPO_CANDIDATES_MAX = 20_000;

/**
 * a sort key: a numeric column (read when the page is sorted: its array is replaced as it grows), a
 * text column, the relevance, or availability (total_qty above 0 and in stock: domain AVAILABLE_FILTERS)
 */
type SortKey = { col: NumColumn | TextColumn | 'score' | 'available'; desc: boolean };

type ParsedWord = { plain: string[]; prefix: string[] };
/** what the typo matches are remembered under: store view and base filters, and the base filters' test */
type TypoCacheKey = { key: string; baseTest: Predicate };

export class ProductSearchIndex {
  private readonly stores = new Map<
    StoreCode,
    { ix: StoreIndex | null; version: string | null; job: Promise<void> | null; lastPoll: number }
  >();
  private readonly words = new Lru<string, ParsedWord | null>(5000);
  /** documents of recent pages, by store view, product id and rev (a re-indexed row has a new rev) */
  private readonly docs = new Lru<string, Record<string, unknown>>(4000);
  /** typo matches of recent misspellings (typoMatches) */
  private readonly typoCache = new Lru<string, { ix: StoreIndex; n: number; matches: Scored }>(64);
  private collationIsC: boolean | null = null;
  closed = false;

  constructor(
    private readonly database: Database,
    private readonly opts: { pollMs: number; typoThreshold: number } = { pollMs: 1000, typoThreshold: 0.4 },
  ) {}

  /** builds (or waits for) the index of a store view at `version`: for start-up warming, tests and benchmarks */
  async warm(store: StoreCode, version: string): Promise<void> {
    for (let i = 0; i < 5; i++) {
      const s = this.state(store);
      if (s.ix && s.version === version && !s.job) return;
      if (!s.job) this.schedule(store, version);
      await s.job;
    }
  }

  /** approximate bytes held, per store view */
  memory(): Record<string, number> {
    const out: Record<string, number> = {};
    for (const [store, s] of this.stores) if (s.ix) out[store] = s.ix.memoryEstimate();
    return out;
  }

  private state(store: StoreCode) {
    let s = this.stores.get(store);
    if (!s) this.stores.set(store, (s = { ix: null, version: null, job: null, lastPoll: 0 }));
    return s;
  }

  /** (re)builds or refreshes a store view in the background */
  private schedule(store: StoreCode, version: string): void {
    const s = this.state(store);
    if (s.job) return;
    s.job = (async () => {
      try {
        if (s.ix && s.version !== null) {
          const ok = await this.refresh(store, s.ix, s.version !== version);
          if (!ok) s.ix = await this.build(store);
        } else {
          s.ix = await this.build(store);
        }
        s.version = version;
        s.lastPoll = Date.now();
      } catch (err) {
        if (!this.closed) throw err;
      }
    })()
      .catch(() => {
        s.ix = null;
        s.version = null;
      })
      .finally(() => {
        s.job = null;
      });
  }

  private async build(store: StoreCode): Promise<StoreIndex> {
    if (this.collationIsC === null) {
      const [row] = await this.database.query<{ c: string }>(
        'SELECT datcollate AS c FROM pg_database WHERE datname = current_database()',
        [],
      );
      this.collationIsC = row ? /^(C|POSIX)(\.|$)/i.test(row.c) : false;
    }
    const ix = new StoreIndex();
    // the highest rev of every row, held or not, before reading: rows written meanwhile are read
    // again by the next refresh (and skipped if already applied)
    const [top] = await this.database.query<{ rev: number }>(
      'SELECT coalesce(max(rev), 0)::float8 AS rev FROM product_index WHERE store_code = $1',
      [store],
    );
    let last = -1;
    for (;;) {
      if (this.closed) throw new Error('closed');
      // a batch as one JSON array, parsed natively: row by row, reading the driver's result took
      // twice the time and 2-3 times the CPU (PGlite parses its wire protocol in JavaScript)
      const [result] = await this.database.query<{ rows: Loaded[] | null }>(
        `SELECT json_agg(t ORDER BY t.product_id) AS rows FROM (SELECT ${LOAD_COLUMNS} FROM product_index WHERE store_code = $1 AND product_id > $2 AND ${INDEXED_ROWS_SQL} ORDER BY product_id LIMIT ${LOAD_BATCH}) t`,
        [store, last],
      );
      const batch = result?.rows ?? [];
      for (const r of batch) ix.add(normalise(r));
      if (batch.length < LOAD_BATCH) break;
      last = batch[batch.length - 1]!.product_id;
    }
    ix.compact();
    ix.maxRev = Number(top?.rev ?? 0);
    return ix;
  }

  /**
   * Applies the rows written since the index last read; false when the store view must be rebuilt
   * instead (many changes, or rows deleted).
   */
  private async refresh(store: StoreCode, ix: StoreIndex, versionChanged: boolean): Promise<boolean> {
    // on PostgreSQL, writers may commit revs out of order: re-read a window below the highest rev seen
    const since = this.database.kind === 'pglite' ? ix.maxRev : Math.max(0, ix.maxRev - 1000);
    const changed = await this.database.query<{
      product_id: number;
      rev: number;
      visibility: number;
      status: number;
    }>(
      'SELECT product_id, rev::float8 AS rev, visibility, status FROM product_index WHERE store_code = $1 AND rev > $2',
      [store, since],
    );
    // a row the index holds and has not read at this rev, or one it does not hold and should now
    const staleRows = changed.filter((r) => {
      const o = ix.ordOf.get(r.product_id);
      return o === undefined ? isIndexedRow(r) : ix.revOf.data[o] !== Number(r.rev);
    });
    if (staleRows.length > ix.n / 4 + 100) return false;
    for (let i = 0; i < staleRows.length; i += LOAD_BATCH) {
      const ids = staleRows.slice(i, i + LOAD_BATCH).map((r) => r.product_id);
      const rows = await this.database.query<Loaded>(
        `SELECT ${LOAD_COLUMNS} FROM product_index WHERE store_code = $1 AND product_id = ANY($2::int[]) ORDER BY rev`,
        [store, ids],
      );
      for (const r of rows) ix.add(normalise(r));
    }
    if (versionChanged) {
      // rows are deleted only by imports (which bump the version): then compare the live count
      const [count] = await this.database.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM product_index WHERE store_code = $1 AND ${INDEXED_ROWS_SQL}`,
        [store],
      );
      if (Number(count?.n) !== ix.liveCount) return false;
    }
    // the rows not held (hidden, disabled) were read too: past them, or every poll reads them again
    for (const r of changed) if (Number(r.rev) > ix.maxRev) ix.maxRev = Number(r.rev);
    ix.rerank();
    return ix.dead <= ix.n / 4;
  }

  /**
   * Answers a product query from the index of its store view, or null when SQL must answer (index
   * not built yet, catalogue version moving, or a request this index cannot answer exactly).
   * Throws the SQL path's validation errors.
   */
  async search(
    query: ProductQuery,
    attributes: Map<string, AttributeMeta>,
    settings: SearchSettings,
    version: string,
    docs: (store: StoreCode, ids: number[]) => Promise<Map<number, Record<string, unknown>>>,
  ): Promise<IndexAnswer> {
    const answer = await this.answer(query, attributes, settings, version, docs);
    if (answer === null) indexStats.declined++;
    else if ('typo' in answer) indexStats.typo++;
    else indexStats.answered++;
    return answer;
  }

  private async answer(
    query: ProductQuery,
    attributes: Map<string, AttributeMeta>,
    settings: SearchSettings,
    version: string,
    docs: (store: StoreCode, ids: number[]) => Promise<Map<number, Record<string, unknown>>>,
  ): Promise<IndexAnswer> {
    const started = performance.now();
    const s = this.state(query.storeCode);
    if (!s.ix || s.version !== version) {
      this.schedule(query.storeCode, version);
      if (!s.ix || s.version !== version) return null;
    } else if (!s.job && Date.now() - s.lastPoll >= this.opts.pollMs) {
      s.lastPoll = Date.now();
      this.schedule(query.storeCode, version);
    }
    const ix = s.ix;
    const prepared = prepareProductQuery(query, attributes, settings);

    // sort
    const clauses = query.sort?.length
      ? query.sort
      : [{ field: prepared.plan ? '_score' : 'is_promoted', dir: 'desc' as const }];
    // sold-out products after the available ones (domain soldOutLast), as the SQL search orders them
    const keys: SortKey[] = prepared.availableFirst ? [{ col: 'available', desc: true }] : [];
    for (const c of clauses) {
      const col = sortColumn(c.field);
      if (!col) return null;
      // the domain's one ranking (compareSearchHits): for the same relevance, goods before services
      if (col === '_score')
        keys.push({ col: 'score', desc: c.dir === 'desc' }, { col: ix.num.kind_rank!, desc: false });
      else if (ix.num[col]) keys.push({ col: ix.num[col], desc: c.dir === 'desc' });
      else if (ix.text[col] && this.collationIsC) keys.push({ col: ix.text[col], desc: c.dir === 'desc' });
      else return null;
    }

    // filters
    const filters: Filter[] = [];
    for (const [field, value] of Object.entries(prepared.filters)) {
      const f = compileFilter(ix, field, value, attributes);
      if (!f) return null;
      filters.push(f);
    }
    // the index holds only the rows these base filters admit (store-index.ts isIndexedRow)
    if (
      !admitsOnly(prepared.base.visibility, INDEXED_VISIBILITY) ||
      !admitsOnly(prepared.base.status, INDEXED_STATUS)
    )
      return null;
    const baseKey = JSON.stringify(prepared.base);
    const eligible = ix.eligible(baseKey, () => {
      const tests: Predicate[] = [];
      for (const [field, value] of Object.entries(prepared.base)) {
        const f = compileFilter(ix, field, value, attributes);
        if (!f) return null;
        tests.push(f.test);
      }
      return (o) => tests.every((t) => t(o));
    });
    if (!eligible) return null;
    const baseTest: Predicate = (o) => eligible[o] === 1;
    filters.push({ test: baseTest });

    const filterTests = filters.map((f) => f.test);
    let filterDriver: ArrayLike<number> | null = null;
    for (const f of filters)
      if (f.candidates && (!filterDriver || f.candidates.length < filterDriver.length))
        filterDriver = f.candidates;

    // text
    let score: Float32Array | null = null;
    let textOrds: Int32Array | null = null;
    if (prepared.plan) {
      if (prepared.plan.words.length === 0)
        return this.respond(started, [], 0, query, ix, null, settings.priceRanges, docs);
      const parsed: ParsedWord[] = [];
      for (const w of prepared.plan.words) {
        const p = await this.parseWord(w);
        if (!p) return null;
        parsed.push(p);
      }
      const t1 = performance.now();
      const text = this.textMatches(ix, parsed);
      phase('text', t1);
      const sc = (score = ix.takeScores());
      for (let k = 0; k < text.ords.length; k++) sc[text.ords[k] as number] = text.scores[k] as number;
      textOrds = text.ords;
      filters.unshift({ test: (o) => (sc[o] as number) > 0, candidates: text.ords });
    }
    try {
      return await this.matchAndRespond(started, query, ix, prepared, settings, docs, {
        filters,
        filterTests,
        filterDriver,
        keys,
        score,
        typoCache: { key: `${query.storeCode}\u0000${baseKey}`, baseTest },
      });
    } finally {
      if (score) ix.giveScores(score, textOrds ?? []);
    }
  }

  private async matchAndRespond(
    started: number,
    query: ProductQuery,
    ix: StoreIndex,
    prepared: ReturnType<typeof prepareProductQuery>,
    settings: SearchSettings,
    docs: (store: StoreCode, ids: number[]) => Promise<Map<number, Record<string, unknown>>>,
    q: {
      filters: Filter[];
      filterTests: Predicate[];
      filterDriver: ArrayLike<number> | null;
      keys: SortKey[];
      score: Float32Array | null;
      typoCache: TypoCacheKey;
    },
  ): Promise<IndexAnswer> {
    const { filters, filterTests, filterDriver, keys, score } = q;

    // the matching ordinals, from the smallest candidate list (or all)
    let driving: Filter | null = null;
    for (const f of filters)
      if (f.candidates && (!driving || f.candidates.length < driving.candidates!.length)) driving = f;
    const driver = driving?.candidates ?? null;
    // the driving filter's own test is implied by its candidates
    const tests = filters.filter((f) => f !== driving).map((f) => f.test);
    const matched: number[] = [];
    const live = ix.live.data;
    const accept = (o: number) => {
      if (live[o] !== 1) return;
      for (const t of tests) if (!t(o)) return;
      matched.push(o);
    };
    const t2 = performance.now();
    if (driver) for (let k = 0; k < driver.length; k++) accept(driver[k] as number);
    else for (let o = 0; o < ix.n; o++) accept(o);
    phase(driver ? 'match (from candidates)' : 'match (all rows)', t2);

    if (prepared.plan && matched.length === 0) {
      // No word matched as it is: the typo query. Every word must be similar to the search text
      // (pg_trgm `word <% search_text`, word similarity at or above the threshold), ranked by the sum
      // of the similarities, as product-search.ts asks PostgreSQL; computed here (trigram.ts) over
      // the rows holding enough of each word's trigrams (similarity ≥ t needs at least t × |trigrams
      // of the word| of them), found through the trigram postings.
      const typoWords = prepared.plan.words.map((w) => tokens(w.text).join(' '));
      const inMemory = this.typoMatches(ix, typoWords, filterTests, filterDriver, q.typoCache);
      if (inMemory) {
        const typoScore = ix.takeScores();
        inMemory.ords.forEach((o, k) => (typoScore[o] = inMemory.scores[k] as number));
        try {
          return await this.respond(
            started,
            Array.from(inMemory.ords),
            inMemory.ords.length,
            query,
            ix,
            { keys, score: typoScore },
            settings.priceRanges,
            docs,
            prepared.aggregations,
          );
        } finally {
          ix.giveScores(typoScore, inMemory.ords);
        }
      }
      // a word without trigrams: SQL runs the typo query over the rows passing every filter (the
      // search texts are not kept here: about 100 bytes a row for this rare case)
      const candidates: number[] = [];
      const productId = ix.productId.data;
      const pass = (o: number) => {
        if (live[o] !== 1) return;
        for (const t of filterTests) if (!t(o)) return;
        candidates.push(productId[o] as number);
      };
      if (filterDriver) for (let k = 0; k < filterDriver.length; k++) pass(filterDriver[k] as number);
      else for (let o = 0; o < ix.n && candidates.length <= TYPO_CANDIDATES_MAX; o++) pass(o);
      // no row passes the filters: the typo query would find nothing either
      if (candidates.length === 0)
        return this.respond(
          started,
          [],
          0,
          query,
          ix,
          null,
          settings.priceRanges,
          docs,
          prepared.aggregations,
        );
      return { typo: true, candidates: candidates.length <= TYPO_CANDIDATES_MAX ? candidates : null };
    }
    return this.respond(
      started,
      matched,
      matched.length,
      query,
      ix,
      { keys, score },
      settings.priceRanges,
      docs,
      prepared.aggregations,
    );
  }

  /**
   * The typo matches of `words`. Without a selective filter they are remembered per store view,
   * base filters and words: the search panel, then the search page, then its next pages, sorts and
   * filters ask the same misspelling again. Remembered over every row passing the base filters,
   * narrowed to the request's filters and the live rows on each use, and only while the index has
   * no new rows (a re-indexed row is a new row; a row that died since is dropped by the live check).
   */
  private typoMatches(
    ix: StoreIndex,
    words: string[],
    filterTests: Predicate[],
    filterDriver: ArrayLike<number> | null,
    cache: TypoCacheKey,
  ): Scored | null {
    if (filterDriver) return this.computeTypoMatches(ix, words, filterTests, filterDriver);
    const key = `${cache.key}\u0000${words.join('\u0000')}`;
    let entry = this.typoCache.get(key);
    if (!entry || entry.ix !== ix || entry.n !== ix.n) {
      const matches = this.computeTypoMatches(ix, words, [cache.baseTest], null);
      if (!matches) return null;
      this.typoCache.set(key, (entry = { ix, n: ix.n, matches }));
    }
    const live = ix.live.data;
    const { ords, scores } = entry.matches;
    const keep = new Int32Array(ords.length);
    let kept = 0;
    next: for (let k = 0; k < ords.length; k++) {
      const o = ords[k] as number;
      if (live[o] !== 1) continue;
      for (const t of filterTests) if (!t(o)) continue next;
      keep[kept++] = k;
    }
    if (kept === ords.length) return entry.matches;
    const out = { ords: new Int32Array(kept), scores: new Float32Array(kept) };
    for (let i = 0; i < kept; i++) {
      out.ords[i] = ords[keep[i] as number] as number;
      out.scores[i] = scores[keep[i] as number] as number;
    }
    return out;
  }

  /**
   * The rows (live, passing every filter) where every word is similar enough to the search text, with
   * the sum of the similarities (float4, as PostgreSQL sums them), in ordinal order; null when a word
   * has no trigram (then SQL decides).
   *
   * Candidates first: similarity ≥ t needs at least t × |trigrams of the word| of them in the text,
   * counted through the trigram postings (a few nanoseconds an entry; rows outside the selective
   * filter's rows, when there is one, are skipped). Only the candidates get the exact similarity
   * (trigram.ts, about a microsecond a row), so a category filter no longer means computing it for
   * every row of the category.
   */
  private computeTypoMatches(
    ix: StoreIndex,
    words: string[],
    filterTests: Predicate[],
    filterDriver: ArrayLike<number> | null,
  ): Scored | null {
    const t0 = performance.now();
    const threshold = this.opts.typoThreshold;
    const queries = words.map((w) => trigramSet(w));
    if (queries.length === 0 || queries.some((q) => q.size === 0)) return null;
    const scratch = ix.typoScratch();
    const { counts, member, marks } = scratch;
    let candidates: Int32Array | null = null;
    // a selective filter with fewer trigrams in its rows than the words' postings hold: count row by row
    if (filterDriver) {
      let postings = 0;
      for (const q of queries) for (const t of q) postings += ix.trigramPostingCount(t);
      if (filterDriver.length * (ix.trgSeqTotal / Math.max(1, ix.n)) < postings)
        candidates = this.typoCandidatesByRow(ix, queries, filterDriver, marks);
    }
    if (filterDriver && !candidates)
      for (let k = 0; k < filterDriver.length; k++) member[filterDriver[k] as number] = 1;
    try {
      for (const q of candidates ? [] : queries) {
        counts.fill(0, 0, ix.n);
        const need = Math.max(1, Math.ceil(threshold * q.size - 1e-6));
        const next: number[] = [];
        for (const t of q) {
          for (const list of ix.trigramPostings(t)) {
            for (let k = 0; k < list.length; k++) {
              const o = list[k] as number;
              if (filterDriver && member[o] !== 1) continue;
              if (++counts[o]! === need) next.push(o);
            }
          }
        }
        const found = Int32Array.from(next).sort();
        candidates = candidates ? intersectSorted(candidates, found) : found;
        if (candidates.length === 0) break;
      }
    } finally {
      if (filterDriver) for (let k = 0; k < filterDriver.length; k++) member[filterDriver[k] as number] = 0;
    }
    phase('typo candidates', t0);
    return this.typoScores(ix, queries, candidates, filterTests);
  }

  /** the rows of `rows` holding at least threshold × |trigrams| of every word's trigrams, read from their trigram sequences */
  private typoCandidatesByRow(
    ix: StoreIndex,
    queries: Set<string>[],
    rows: ArrayLike<number>,
    marks: Uint8Array,
  ): Int32Array {
    const words = queries.map((q) => ({
      ids: [...q].map((t) => ix.trgIds.get(t)).filter((id): id is number => id !== undefined),
      need: Math.max(1, Math.ceil(this.opts.typoThreshold * q.size - 1e-6)),
    }));
    const out: number[] = [];
    next: for (let k = 0; k < rows.length; k++) {
      const o = rows[k] as number;
      const seq = ix.trigramSequenceOf(o);
      for (const { ids, need } of words) {
        // marks: 1 for a trigram of the word not yet seen in this row, 2 once counted
        for (const id of ids) marks[id] = 1;
        let found = 0;
        for (let i = 0; i < seq.length && found < need; i++) {
          const id = seq[i] as number;
          if (marks[id] === 1) {
            marks[id] = 2;
            found++;
          }
        }
        for (const id of ids) marks[id] = 0;
        if (found < need) continue next;
      }
      out.push(o);
    }
    return Int32Array.from(out).sort();
  }

  /** the candidates' exact similarities (trigram.ts), keeping those where every word reaches the threshold */
  private typoScores(
    ix: StoreIndex,
    queries: Set<string>[],
    candidates: Int32Array | null,
    filterTests: Predicate[],
  ): Scored {
    const t0 = performance.now();
    const threshold = this.opts.typoThreshold;
    const scratch = ix.typoScratch();
    // each word's trigrams marked by trigram number (a trigram no text holds can match nothing)
    const { marks, lastpos } = scratch;
    const ids = queries.map((q) => [...q].map((t) => ix.trgIds.get(t)).filter((id) => id !== undefined));
    const ords: number[] = [];
    const sums: number[] = [];
    const live = ix.live.data;
    next: for (const o of candidates ?? []) {
      if (live[o] !== 1) continue;
      for (const t of filterTests) if (!t(o)) continue next;
      const seq = ix.trigramSequenceOf(o);
      let sum = 0;
      for (let w = 0; w < queries.length; w++) {
        for (const id of ids[w]!) marks[id] = 1;
        const sim = sequenceSimilarity(seq, marks, (queries[w] as Set<string>).size, lastpos);
        for (const id of ids[w]!) marks[id] = 0;
        if (sim < threshold) continue next;
        sum = Math.fround(sum + sim);
      }
      ords.push(o);
      sums.push(sum);
    }
    phase('typo similarity', t0);
    return { ords: Int32Array.from(ords), scores: Float32Array.from(sums) };
  }

  private async respond(
    started: number,
    matched: number[],
    total: number,
    query: ProductQuery,
    ix: StoreIndex,
    sort: {
      keys: SortKey[];
      score: Float32Array | null;
    } | null,
    ranges: PriceRange[],
    docs: (store: StoreCode, ids: number[]) => Promise<Map<number, Record<string, unknown>>>,
    aggregationCodes: string[] = query.request.aggregations ?? [],
  ): Promise<SearchResponse> {
    let t3 = performance.now();
    const aggregations: SearchResponse['aggregations'] = {};
    const termCounts = countTerms(ix, matched, aggregationCodes);
    for (const code of aggregationCodes) {
      if (aggregations[code]) continue;
      aggregations[code] = { buckets: this.aggregate(ix, matched, code, ranges, termCounts) };
    }
    let page: number[] = [];
    const score = sort?.score ?? null;
    if (sort && query.size > 0) {
      const cmp = comparator(ix, sort.keys, score);
      page = topK(matched, query.from + query.size, cmp).slice(query.from);
    }
    t3 = phase('facets and page', t3);
    const pageScores = page.map((o) => (score ? (score[o] as number) : 1));
    const productId = ix.productId.data;
    const rev = ix.revOf.data;
    const docKey = (o: number) => `${query.storeCode}:${productId[o]}:${rev[o]}`;
    const missing = page.filter((o) => this.docs.get(docKey(o)) === undefined);
    const found = missing.length
      ? await docs(
          query.storeCode,
          missing.map((o) => productId[o] as number),
        )
      : new Map<number, Record<string, unknown>>();
    phase('documents', t3);
    const hits: SearchHit[] = page.map((o, i) => {
      const id = productId[o] as number;
      let doc = this.docs.get(docKey(o));
      if (!doc) {
        doc = found.get(id) ?? {};
        if (found.has(id)) this.docs.set(docKey(o), doc);
      }
      return { _id: String(id), _score: pageScores[i] as number, _source: doc };
    });
    return {
      took: Math.round(performance.now() - started),
      timed_out: false,
      hits: {
        total: { value: total, relation: 'eq' },
        max_score: hits.length ? Math.max(...hits.map((h) => h._score)) : null,
        hits,
      },
      aggregations,
    };
  }

  private aggregate(
    ix: StoreIndex,
    matched: number[],
    code: string,
    ranges: PriceRange[],
    termCounts: Map<string, Map<number | string, number>>,
  ): Bucket[] {
    if (code === 'price') {
      const counts = ranges.map(() => 0);
      const bounds = ranges.map((r) => [toCents(r.from), r.to === null ? null : toCents(r.to)] as const);
      const price = ix.num.final_price_incl_tax!.data;
      for (const o of matched) {
        const p = price[o] as number;
        for (let i = 0; i < bounds.length; i++) {
          const [lo, hi] = bounds[i]!;
          if (p >= lo && (hi === null || p < hi)) {
            counts[i]!++;
            break;
          }
        }
      }
      return ranges.map((r, i) => ({ key: priceRangeKey(r), doc_count: counts[i] as number }));
    }
    const counts = new Map<number | string, number>();
    if (code === 'category_ids' || code === 'category.category_id') {
      for (const o of matched) {
        for (let k = ix.catStart.at(o), end = ix.catStart.at(o + 1); k < end; k++) {
          const c = ix.cats.at(k);
          counts.set(c, (counts.get(c) ?? 0) + 1);
        }
      }
      return top(counts);
    }
    const found = termCounts.get(code);
    return found ? top(found) : [];
  }

  /** the lexemes of a query word, as PostgreSQL's parser reads it (plainto_tsquery / to_tsquery) */
  private async parseWord(w: Word): Promise<ParsedWord | null> {
    if (/^[A-Za-z0-9]{1,200}$/.test(w.text)) {
      // one ASCII letter/digit run: one token, lower-cased, for the default parser
      const lower = w.text.toLowerCase();
      return { plain: [lower], prefix: [lower] };
    }
    const key = `${w.text}\u0000${w.prefix}`;
    const known = this.words.get(key);
    if (known !== undefined) return known;
    const [row] = await this.database.query<{ plain: string; prefix: string }>(
      `SELECT plainto_tsquery('${TS_CONFIG}', $1)::text AS plain, to_tsquery('${TS_CONFIG}', $2)::text AS prefix`,
      [w.text, w.prefix],
    );
    const plain = parseTsquery(row?.plain ?? '');
    const prefix = parseTsquery(row?.prefix ?? '');
    const parsed =
      plain && prefix && plain.every((l) => !l.prefix) && prefix.every((l) => l.prefix) && prefix.length > 0
        ? { plain: plain.map((l) => l.lexeme), prefix: prefix.map((l) => l.lexeme) }
        : null;
    this.words.set(key, parsed);
    return parsed;
  }

  /** the rows matching every word, with their relevance (scored-postings.ts) */
  private textMatches(ix: StoreIndex, words: ParsedWord[]) {
    const postings = words.map((w) => ({
      exact: w.plain.map((l) => ix.lexeme(l)),
      prefix: w.prefix.map((p) => ix.prefixed(p)),
    }));
    return matchWords(postings, ix.n, ix.scratch);
  }
}

/** the values in both sorted lists */
function intersectSorted(a: Int32Array, b: Int32Array): Int32Array {
  const out = new Int32Array(Math.min(a.length, b.length));
  let n = 0;
  for (let i = 0, j = 0; i < a.length && j < b.length;) {
    const x = a[i] as number;
    const y = b[j] as number;
    if (x < y) i++;
    else if (y < x) j++;
    else {
      out[n++] = x;
      i++;
      j++;
    }
  }
  return out.subarray(0, n);
}

/**
 * The attribute facets' counts, by code and value, in one walk over the matching rows' attribute
 * options (counted by term number in a typed array, not a map per facet).
 */
function countTerms(ix: StoreIndex, matched: number[], codes: string[]) {
  const out = new Map<string, Map<number | string, number>>();
  const wanted = new Set(codes.filter((c) => ix.termsOfCode.has(c)));
  if (wanted.size === 0) return out;
  const termCode = ix.termCode;
  const want = new Uint8Array(termCode.length);
  for (const code of wanted) for (const t of ix.termsOfCode.get(code)!) want[t] = 1;
  const counts = new Int32Array(termCode.length);
  const termStart = ix.termStart.data;
  const termRows = ix.termRows.data;
  for (const o of matched)
    for (let k = termStart[o] as number, end = termStart[o + 1] as number; k < end; k++) {
      const t = termRows[k] as number;
      if (want[t] === 1) counts[t]!++;
    }
  for (const code of wanted) {
    const byValue = new Map<number | string, number>();
    for (const t of ix.termsOfCode.get(code)!) if (counts[t]! > 0) byValue.set(ix.termValue[t]!, counts[t]!);
    out.set(code, byValue);
  }
  return out;
}

/** the top FILTER_AGGREGATION_SIZE buckets: count desc, key asc (jsonb order: strings before numbers) */
function top(counts: Map<number | string, number>): Bucket[] {
  const all = [...counts].map(([key, doc_count]) => ({ key, doc_count }));
  all.sort((a, b) => b.doc_count - a.doc_count || cmpKey(a.key, b.key));
  return all.slice(0, FILTER_AGGREGATION_SIZE);
}

/** whether a base filter's value list admits only values of `allowed` */
function admitsOnly(value: unknown, allowed: readonly number[]): boolean {
  return Array.isArray(value) && value.every((v) => allowed.includes(v as number));
}

function cmpKey(a: number | string, b: number | string): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  if (typeof a === 'string' && typeof b === 'string') return cmpStr(a, b);
  return typeof a === 'string' ? -1 : 1;
}

function comparator(ix: StoreIndex, sortKeys: SortKey[], score: Float32Array | null) {
  const id = ix.productId.data;
  // the columns' arrays as they are now (the comparator is used at once, before any await)
  const keys = sortKeys.map((k) => ({ ...k, col: k.col instanceof NumColumn ? k.col.data : k.col }));
  const qty = ix.num.total_qty!.data;
  const inStock = ix.num.is_in_stock!.data;
  const available = (o: number) => ((qty[o] as number) > 0 && inStock[o] === 1 ? 1 : 0);
  return (a: number, b: number): number => {
    for (const k of keys) {
      let d: number;
      if (k.col === 'score') d = score ? (score[a] as number) - (score[b] as number) : 0;
      else if (k.col === 'available') d = available(a) - available(b);
      else if (k.col instanceof TextColumn) d = k.col.compare(a, b);
      else d = ((k.col as ArrayLike<number>)[a] as number) - ((k.col as ArrayLike<number>)[b] as number);
      if (d !== 0) return k.desc ? -d : d;
    }
    return (id[a] as number) - (id[b] as number);
  };
}

/** the first k of `items` in `cmp` order (a bounded max-heap for small k, a full sort otherwise) */
function topK(items: number[], k: number, cmp: (a: number, b: number) => number): number[] {
  if (k <= 0) return [];
  if (k * 8 >= items.length) return [...items].sort(cmp).slice(0, k);
  const heap: number[] = [];
  const up = (i: number) => {
    while (i > 0) {
      const p = (i - 1) >> 1;
      if (cmp(heap[i] as number, heap[p] as number) <= 0) break;
      [heap[i], heap[p]] = [heap[p] as number, heap[i] as number];
      i = p;
    }
  };
  const down = (i: number) => {
    for (;;) {
      const l = 2 * i + 1;
      const r = l + 1;
      let m = i;
      if (l < heap.length && cmp(heap[l] as number, heap[m] as number) > 0) m = l;
      if (r < heap.length && cmp(heap[r] as number, heap[m] as number) > 0) m = r;
      if (m === i) return;
      [heap[i], heap[m]] = [heap[m] as number, heap[i] as number];
      i = m;
    }
  };
  for (const x of items) {
    if (heap.length < k) {
      heap.push(x);
      up(heap.length - 1);
    } else if (cmp(x, heap[0] as number) < 0) {
      heap[0] = x;
      down(0);
    }
  }
  return heap.sort(cmp);
}
