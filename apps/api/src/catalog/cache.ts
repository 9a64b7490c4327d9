/**
 * Catalogue response cache (DESIGN.md "catalogue responses cached by query hash"): the key is the
 * hash of the whole query (type, store view, request, paging, sort, projection) plus the catalogue
 * version, so an import (which bumps the version) invalidates every entry at once. Entries also
 * expire after `ttlMs`, because stock changes made by orders do not bump the catalogue version.
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
}

class MemoryCatalogCache implements CatalogCache {
  private readonly lru: Lru<string, { value: unknown; expires: number }>;
  constructor(
    entries: number,
    private readonly ttlMs: number,
  ) {
    this.lru = new Lru(entries);
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
}

export function createCatalogCache(opts: {
  entries: number;
  ttlMs?: number;
  redisUrl?: string | undefined;
}): CatalogCache {
  // REDIS_URL: a Redis-backed CatalogCache goes here (not built yet; the in-process LRU is used).
  return new MemoryCatalogCache(opts.entries, opts.ttlMs ?? 60_000);
}

export function cacheKey(version: string | number, query: unknown): string {
  return `${version}:${hashValue(query)}`;
}
