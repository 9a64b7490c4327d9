/**
 * Catalogue response cache (DESIGN.md "catalogue responses cached by query hash"): the key is the
 * hash of the whole query (type, store view, request, paging, sort, projection) plus the catalogue
 * version, so an import (which bumps the version) invalidates every entry at once. Entries also
 * expire after `ttlMs`, because stock changes made by orders do not bump the catalogue version.
 *
 * Bounded by entries (CATALOG_CACHE_ENTRIES) and by bytes (CATALOG_CACHE_MB): one answer may hold
 * 200 full product documents and anyone can ask for distinct queries, so a count alone does not
 * bound the memory.
 *
 * In-process LRU today. With REDIS_URL set, a shared implementation of `CatalogCache` (GET/SET with
 * PX ttl on the same keys) plugs in here, in `createCatalogCache`, so that every API process answers
 * from one cache and the version in the key keeps it coherent.
 */
import { hashValue } from '@vitrina/domain';
import { Lru } from '../lib/lru.ts';

export interface CatalogCache {
  get(key: string): unknown;
  set(key: string, value: unknown): void;
  clear(): void;
  /** what the cache holds now: entries and their estimated bytes (health check, tests) */
  stats(): { entries: number; bytes: number };
}

/**
 * The JSON text of an answer, made once per answer object: the routes send it (a repeated query, the
 * menu on every server render, is not serialised again) and the cache weighs by it. It lives as
 * long as the answer does.
 */
const texts = new WeakMap<object, string>();
export function answerJson(answer: object): string {
  let text = texts.get(answer);
  if (text === undefined) {
    text = JSON.stringify(answer);
    texts.set(answer, text);
  }
  return text;
}

/**
 * Estimated heap bytes of a cached answer per character of its JSON: the text itself (two bytes a
 * character once any Lithuanian or Russian letter is in it) plus the parsed object graph, about as
 * many bytes again when its documents are its own (a projection, SQL search). It errs on the side of
 * keeping less: catalog-cache-limits.test.ts without the byte cap, 240 answers of 200 products from
 * the in-process index (whose page cache shares the documents) grew the heap by 181 MB for 433 MB
 * estimated.
 */
const BYTES_PER_JSON_CHAR = 4;

class MemoryCatalogCache implements CatalogCache {
  private readonly lru: Lru<string, { value: unknown; expires: number }>;
  constructor(
    entries: number,
    maxBytes: number,
    private readonly ttlMs: number,
  ) {
    this.lru = new Lru(entries, maxBytes, (e) => BYTES_PER_JSON_CHAR * answerJson(e.value as object).length);
  }
  get(key: string) {
    const hit = this.lru.get(key);
    if (!hit) return undefined;
    if (hit.expires < Date.now()) {
      this.lru.delete(key);
      return undefined;
    }
    return hit.value;
  }
  set(key: string, value: unknown) {
    this.lru.set(key, { value, expires: Date.now() + this.ttlMs });
  }
  clear() {
    this.lru.clear();
  }
  stats() {
    return { entries: this.lru.size, bytes: this.lru.weight };
  }
}

export function createCatalogCache(opts: {
  entries: number;
  /** the cache's byte budget (estimated heap bytes of the answers it keeps) */
  maxBytes: number;
  ttlMs?: number;
  redisUrl?: string | undefined;
}): CatalogCache {
  // REDIS_URL: a Redis-backed CatalogCache goes here (not built yet; the in-process LRU is used).
  return new MemoryCatalogCache(opts.entries, opts.maxBytes, opts.ttlMs ?? 60_000);
}

export function cacheKey(version: string | number, query: unknown): string {
  return `${version}:${hashValue(query)}`;
}
