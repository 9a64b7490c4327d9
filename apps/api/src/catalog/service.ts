/**
 * The catalogue: search of every entity type, products by sku (render list, cart, URL mapper), the
 * catalogue version, and the response cache keyed by query hash + catalogue version.
 */
import { PREPARED, getCatalogStamp, type Database } from '@vitrina/db';
import {
  LISTING_STATUS,
  STATUS_DISABLED,
  STORE_CODES,
  type ProductDocument,
  type SearchRequest,
  type SortClause,
  type StoreCode,
} from '@vitrina/domain';
import type { ApiConfig } from '../config.ts';
import { rows, type Queryable } from '../lib/db.ts';
import { Lru } from '../lib/lru.ts';
import { isIdentity, project, type Projection } from '../lib/projection.ts';
import { cacheKey, createCatalogCache, type CatalogCache } from './cache.ts';
import {
  cmsHierarchy,
  loadAttributes,
  loadCategories,
  loadCmsBlocks,
  loadCmsPages,
  loadTaxRules,
  searchEntities,
  type CategoryDoc,
  type EntityType,
} from './entities.ts';
import {
  searchProducts,
  type AttributeMeta,
  type ProductQuery,
  type SearchResponse,
} from './search/product-search.ts';
import { ProductSearchIndex } from './search/search-index.ts';

/** a product document as the indexer wrote it: the shared contract (domain contracts/catalog-documents.ts) */
export type ProductDoc = ProductDocument;
export type SearchType = 'product' | EntityType;

export type SearchParams = {
  type: SearchType;
  storeCode: StoreCode;
  request: SearchRequest;
  from: number;
  size: number;
  sort: SortClause[] | undefined;
  projection: Projection;
};

/** the catalogue version (as text: cache keys use it) and the demo flag, read together (getCatalogStamp) */
type Stamp = { value: string; demo: boolean };

export class CatalogService {
  readonly cache: CatalogCache;
  /** the in-process product search index (SEARCH_INDEX=memory, the default); SQL answers what it cannot */
  readonly searchIndex: ProductSearchIndex | null;
  /** entity documents of the current catalogue version, per type and store view */
  private entities = new Map<string, Promise<Record<string, unknown>[]>>();
  private entitiesVersion: string | undefined;
  /**
   * Skus resolved for the cart and orders on the catalogue version `resolvedVersion`, by store view
   * and sku (null: no such sku). A cart read priced its lines from the product documents read per
   * call; on the embedded database that read and the parse of the documents were most of a cart
   * call's CPU. The documents change only with the catalogue version (an import, a staff edit, a
   * special price's window: each moves it), so they are kept per version like the search answers.
   * Bounded by count: the skus in carts are a small, hot part of the catalogue.
   */
  private resolved = new Lru<string, ResolvedSku | null>(RESOLVED_SKUS_KEPT);
  private resolvedVersion: string | undefined;

  constructor(
    private readonly database: Database,
    private readonly config: ApiConfig,
  ) {
    this.cache = createCatalogCache({
      entries: config.catalogCacheEntries,
      maxBytes: config.catalogCacheBytes,
      redisUrl: config.redisUrl,
    });
    this.searchIndex =
      config.searchIndex === 'memory'
        ? new ProductSearchIndex(database, { pollMs: 1000, typoThreshold: config.searchTypoThreshold })
        : null;
  }

  /**
   * The start-up build of the in-process search index (readiness, /readyz; its time, /metrics):
   * `ready` once every store view's index was built; always ready with SEARCH_INDEX=sql.
   */
  readonly searchIndexBuild: { ready: boolean; seconds: number | null } = { ready: false, seconds: null };

  /** builds the in-process search index of the store views now (at start; one after the other) */
  async warmSearchIndex(stores: readonly StoreCode[] = STORE_CODES): Promise<void> {
    if (!this.searchIndex) {
      this.searchIndexBuild.ready = true;
      return;
    }
    const started = performance.now();
    const version = await this.version();
    for (const store of stores) await this.searchIndex.warm(store, version);
    this.searchIndexBuild.seconds = (performance.now() - started) / 1000;
    this.searchIndexBuild.ready = true;
  }

  /** stops background work of the search index (the database is closing) */
  close(): void {
    if (this.searchIndex) this.searchIndex.closed = true;
  }

  /** the version read now in flight: callers that arrive meanwhile share it (one query, not one each) */
  private versionRead: Promise<Stamp> | undefined;
  /** the last version read, the demo flag read with it, and when the read started; reused for CATALOG_VERSION_TTL_MS */
  private versionMemo: (Stamp & { at: number }) | undefined;
  /** bumped by catalogChanged(): a read started before it must not be remembered */
  private versionEpoch = 0;

  /**
   * The catalogue version. A read is reused for `catalogVersionTtlMs` (a server render asks the API
   * several times; each read is a database round trip): an import through this process forgets it
   * at once (catalogChanged); another process's import is seen within that time, as the search
   * index sees re-indexed rows within its poll interval.
   */
  version(): Promise<string> {
    const memo = this.versionMemo;
    if (memo && performance.now() - memo.at < this.config.catalogVersionTtlMs)
      return Promise.resolve(memo.value);
    return this.stamp().then((s) => s.value);
  }

  /**
   * Whether the shop is the demo (meta `demo_catalog`), read with the version and reused as long:
   * the payment service asks on every order and every listing of payment methods, and under a flash
   * sale each ask was a statement of its own through the event loop. Removing the demo through this
   * process forgets it at once (catalogChanged); through another, within CATALOG_VERSION_TTL_MS.
   */
  demoShop(): Promise<boolean> {
    const memo = this.versionMemo;
    if (memo && performance.now() - memo.at < this.config.catalogVersionTtlMs)
      return Promise.resolve(memo.demo);
    return this.stamp().then((s) => s.demo);
  }

  private stamp(): Promise<Stamp> {
    if (!this.versionRead) {
      const at = performance.now();
      const epoch = this.versionEpoch;
      const read = getCatalogStamp(this.database).then(({ version, demo }) => {
        const stamp = { value: String(version), demo };
        if (epoch === this.versionEpoch) this.versionMemo = { ...stamp, at };
        return stamp;
      });
      this.versionRead = read;
      const done = () => {
        if (this.versionRead === read) this.versionRead = undefined;
      };
      read.then(done, done);
    }
    return this.versionRead;
  }

  /** the catalogue was changed by this process (an import): read the version again, drop cached answers */
  catalogChanged(): void {
    this.versionEpoch++;
    this.versionMemo = undefined;
    this.versionRead = undefined;
    this.cache.clear();
    this.resolved.clear();
    this.resolvedVersion = undefined;
  }

  /** shared reads now being loaded, by cache key: callers that arrive meanwhile share the load */
  private sharedLoads = new Map<string, Promise<unknown>>();

  /**
   * What every page shares and only an import changes (the home page's banners and shop
   * configuration, the footer's store information, the delivery options): kept in the
   * catalogue cache under the catalogue version, like a search answer. An import bumps the version;
   * an entry also expires after the cache's TTL, so a banner file (BANNERS_DIR) edited without an
   * import shows within it. The answer is shared: callers must not change it.
   */
  async shared<T>(name: string, load: () => Promise<T>): Promise<T> {
    const key = cacheKey(await this.version(), `shared:${name}`);
    const hit = this.cache.get(key);
    if (hit !== undefined) return hit as T;
    let loading = this.sharedLoads.get(key) as Promise<T> | undefined;
    if (!loading) {
      const epoch = this.versionEpoch;
      loading = load().then((value) => {
        // a load that began before this process's import must not be kept under the new version
        if (epoch === this.versionEpoch) this.cache.set(key, value);
        return value;
      });
      const current = loading;
      this.sharedLoads.set(key, current);
      const done = () => {
        if (this.sharedLoads.get(key) === current) this.sharedLoads.delete(key);
      };
      current.then(done, done);
    }
    return loading;
  }

  /** a catalogue search, from the cache when the same query ran on the same catalogue version */
  async search(params: SearchParams): Promise<SearchResponse> {
    const version = await this.version();
    const key = cacheKey(version, params);
    const cached = this.cache.get(key) as SearchResponse | undefined;
    if (cached) return cached;
    const result = await this.searchUncached(params, version);
    const answer = isIdentity(params.projection)
      ? result
      : {
          ...result,
          hits: {
            ...result.hits,
            hits: result.hits.hits.map((h) => ({ ...h, _source: project(h._source, params.projection) })),
          },
        };
    this.cache.set(key, answer);
    return answer;
  }

  private async searchUncached(params: SearchParams, version: string): Promise<SearchResponse> {
    const answer = await this.searchUncachedHits(params, version);
    const codes = Object.keys(answer.aggregations);
    if (params.type !== 'product' || codes.length === 0) return answer;
    const attributes = await this.entityDocs('attribute', params.storeCode, version);
    const metadata = attributes
      .filter((a) => codes.includes(String(a.attribute_code)))
      .map((a) => ({
        attribute_id: Number(a.attribute_id),
        attribute_code: String(a.attribute_code),
        frontend_label: String(a.frontend_label ?? a.attribute_code),
        options: (a.options ?? []) as { value: number | string; label: string }[],
      }));
    return { ...answer, attribute_metadata: metadata };
  }

  private async searchUncachedHits(params: SearchParams, version: string): Promise<SearchResponse> {
    const paging = { from: params.from, size: params.size };
    if (params.type !== 'product') {
      const docs = await this.entityDocs(params.type, params.storeCode, version);
      return searchEntities(params.type, docs, params.request, paging, params.sort);
    }
    const attributes = await this.attributeMeta(version);
    const settings = {
      outOfStockListing: this.config.outOfStockListing,
      priceRanges: this.config.priceRanges,
    };
    const query: ProductQuery = {
      storeCode: params.storeCode,
      request: params.request,
      sort: params.sort,
      ...paging,
    };
    if (this.searchIndex) {
      const answer = await this.searchIndex.search(query, attributes, settings, version, (store, ids) =>
        this.docsByIds(store, ids),
      );
      if (answer && 'typo' in answer) {
        const candidates = answer.candidates;
        return this.withSearchSettings((q) =>
          searchProducts(q, query, attributes, settings, { typoOnly: true, candidates }),
        );
      }
      if (answer) return answer;
    }
    return this.withSearchSettings((q) => searchProducts(q, query, attributes, settings));
  }

  /** product documents of a store view by id (the in-process index's page) */
  private async docsByIds(store: StoreCode, ids: number[]): Promise<Map<number, Record<string, unknown>>> {
    const found = await rows<{ product_id: number; doc: Record<string, unknown> }>(
      this.database,
      // a listing's or a search's page: prepared on PostgreSQL (one plan per connection)
      `SELECT product_id, doc FROM product_index WHERE store_code = $1 AND product_id = ANY($2::int[]) ${PREPARED}`,
      [store, ids],
    );
    return new Map(found.map((r) => [r.product_id, r.doc]));
  }

  /**
   * Runs a product search in a short read transaction with its settings: the server search timeout
   * on PostgreSQL (catalogue-and-cart.md §9 "1000 ms server"; PGlite, one in-process connection,
   * cannot cancel a statement) and the trigram word-similarity threshold of typo matching (the `<%`
   * operator, served by the trigram index on search_text).
   */
  private async withSearchSettings<T>(fn: (q: Queryable) => Promise<T>): Promise<T> {
    return this.database.transaction(async (tx) => {
      if (this.database.kind !== 'pglite') {
        await tx.query("SELECT set_config('statement_timeout', $1, true)", [
          String(Math.trunc(this.config.searchTimeoutMs)),
        ]);
      }
      await tx.query("SELECT set_config('pg_trgm.word_similarity_threshold', $1, true)", [
        String(this.config.searchTypoThreshold),
      ]);
      return fn(tx);
    });
  }

  async entityDocs(type: EntityType, store: StoreCode, version?: string): Promise<Record<string, unknown>[]> {
    const v = version ?? (await this.version());
    if (v !== this.entitiesVersion) {
      this.entities = new Map();
      this.entitiesVersion = v;
    }
    const key = `${type}:${store}`;
    let docs = this.entities.get(key);
    if (!docs) {
      docs = this.loadEntity(type, store);
      this.entities.set(key, docs);
      docs.catch(() => this.entities.delete(key));
    }
    return docs;
  }

  private async loadEntity(type: EntityType, store: StoreCode): Promise<Record<string, unknown>[]> {
    const q = this.database;
    switch (type) {
      case 'category':
        return (await loadCategories(q, store)) as unknown as Record<string, unknown>[];
      case 'attribute':
        return loadAttributes(q, store);
      case 'taxrule':
        return loadTaxRules(q);
      case 'cms_page':
        return loadCmsPages(q, store);
      case 'cms_block':
        return loadCmsBlocks(q, store);
      case 'cms_hierarchy':
        return cmsHierarchy(await this.entityDocs('cms_page', store));
    }
  }

  async categories(store: StoreCode): Promise<CategoryDoc[]> {
    return (await this.entityDocs('category', store)) as unknown as CategoryDoc[];
  }

  async cmsPages(store: StoreCode) {
    return this.entityDocs('cms_page', store);
  }

  async taxRules() {
    return (await this.entityDocs('taxrule', 'lt')) as unknown as {
      id: number;
      product_tax_class_ids: number[];
      customer_tax_class_ids: number[];
      rates: { rate: number; tax_country_id: string; tax_region_id: number; region_name: string }[];
    }[];
  }

  private async attributeMeta(version: string): Promise<Map<string, AttributeMeta>> {
    const docs = await this.entityDocs('attribute', 'lt', version);
    return new Map(
      docs.map((d) => [
        String(d.attribute_code),
        { code: String(d.attribute_code), filterable: d.is_filterable === true },
      ]),
    );
  }

  /** a product document of a store view by sku, id or url_path, whatever its status and visibility */
  async productByKey(
    store: StoreCode,
    key: 'sku' | 'id' | 'url_path',
    value: string,
  ): Promise<ProductDoc | null> {
    const column = { sku: 'sku', id: 'product_id', url_path: 'url_path' }[key];
    if (key === 'id' && !/^\d{1,9}$/.test(value)) return null;
    const [row] = await rows<{ doc: ProductDoc }>(
      this.database,
      // a product page's document: one text per key, prepared on PostgreSQL
      `SELECT doc FROM product_index WHERE store_code = $1 AND ${column} = $2 LIMIT 1 ${PREPARED}`,
      [store, key === 'id' ? Number(value) : value],
    );
    return row?.doc ?? null;
  }

  /** enabled products (status 0/1) of a store view by sku, in the order asked */
  async productsBySkus(
    store: StoreCode,
    skus: string[],
    q: Queryable = this.database,
  ): Promise<ProductDoc[]> {
    if (skus.length === 0) return [];
    const found = await rows<{ sku: string; doc: ProductDoc }>(
      q,
      'SELECT sku, doc FROM product_index WHERE store_code = $1 AND sku = ANY($2::text[]) AND status = ANY($3::int[])',
      [store, skus, LISTING_STATUS],
    );
    const bySku = new Map(found.map((r) => [r.sku, r.doc]));
    return skus.map((s) => bySku.get(s)).filter((d): d is ProductDoc => d !== undefined);
  }

  /**
   * Skus as the cart and orders see them: a product of its own (any visibility), or a child of a
   * configurable product (whose parent document carries it in `configurable_children`).
   * `disabled` is true for status 2 or more (of the product, its parent, or the child).
   */
  async resolveSkus(
    store: StoreCode,
    skus: string[],
    q: Queryable = this.database,
  ): Promise<Map<string, ResolvedSku>> {
    // a caller's transaction reads what the transaction sees, not the kept answers
    if (q !== this.database || skus.length === 0) return this.resolveSkusUncached(store, skus, q);
    const epoch = this.versionEpoch;
    const version = await this.version();
    if (version !== this.resolvedVersion) {
      this.resolved.clear();
      this.resolvedVersion = version;
    }
    const out = new Map<string, ResolvedSku>();
    const missing: string[] = [];
    for (const sku of new Set(skus)) {
      const hit = this.resolved.get(`${store}\n${sku}`);
      if (hit === undefined) missing.push(sku);
      else if (hit) out.set(sku, hit);
    }
    if (missing.length === 0) return out;
    const found = await this.resolveSkusUncached(store, missing, q);
    // a read that began before this process's import must not be kept under the new version
    const keep = epoch === this.versionEpoch && version === this.resolvedVersion;
    for (const sku of missing) {
      const r = found.get(sku) ?? null;
      if (keep) this.resolved.set(`${store}\n${sku}`, r);
      if (r) out.set(sku, r);
    }
    return out;
  }

  private async resolveSkusUncached(
    store: StoreCode,
    skus: string[],
    q: Queryable,
  ): Promise<Map<string, ResolvedSku>> {
    const out = new Map<string, ResolvedSku>();
    if (skus.length === 0) return out;
    const found = await rows<{ sku: string; doc: ProductDoc; status: number; child_skus: string[] }>(
      q,
      `SELECT sku, doc, status, child_skus FROM product_index
       WHERE store_code = $1 AND (sku = ANY($2::text[]) OR child_skus && $2::text[])`,
      [store, skus],
    );
    const parentOf = (sku: string) => found.find((r) => r.child_skus.includes(sku));
    for (const r of found) {
      if (!skus.includes(r.sku)) continue;
      const parent = parentOf(r.sku);
      const disabled =
        r.status >= STATUS_DISABLED || (parent !== undefined && parent.status >= STATUS_DISABLED);
      out.set(r.sku, { sku: r.sku, product: r.doc, parent: parent?.doc ?? null, disabled });
    }
    for (const r of found) {
      for (const child of (r.doc.configurable_children ?? []) as Record<string, unknown>[]) {
        const sku = String(child.sku);
        if (out.has(sku) || !skus.includes(sku)) continue;
        const product = {
          ...child,
          type_id: 'simple',
          name: child.name ?? r.doc.name,
          tax_class_id: child.tax_class_id ?? r.doc.tax_class_id,
          tax: child.tax ?? r.doc.tax,
        } as unknown as ProductDoc;
        const disabled = r.status >= STATUS_DISABLED || Number(child.status ?? 1) >= STATUS_DISABLED;
        out.set(sku, { sku, product, parent: r.doc, disabled });
      }
    }
    return out;
  }

  async resolveSku(store: StoreCode, sku: string, q: Queryable = this.database): Promise<ResolvedSku | null> {
    return (await this.resolveSkus(store, [sku], q)).get(sku) ?? null;
  }
}

/** how many resolved skus the cart's per-version memory keeps (CatalogService.resolved) */
const RESOLVED_SKUS_KEPT = 5000;

export type ResolvedSku = {
  sku: string;
  /** the document of the sku itself (for a configurable child without its own row: the child entry) */
  product: ProductDoc;
  /** the configurable parent when the sku is only known as its child */
  parent: ProductDoc | null;
  disabled: boolean;
};
