/**
 * `_source_include` / `_source_exclude` (and the URL mapper's includeFields / excludeFields):
 * dotted paths picked from or dropped out of a document; a path through an array applies to each
 * element (`configurable_children.sku`). A trailing `*` matches any key prefix (`special_*`).
 */
type Json = Record<string, unknown>;

function keyMatches(key: string, pattern: string) {
  return pattern.endsWith('*') ? key.startsWith(pattern.slice(0, -1)) : key === pattern;
}

function pick(value: unknown, paths: string[][]): unknown {
  if (Array.isArray(value)) return value.map((v) => pick(v, paths));
  if (value === null || typeof value !== 'object') return value;
  const out: Json = {};
  for (const [key, child] of Object.entries(value as Json)) {
    const matching = paths.filter((p) => p[0] !== undefined && keyMatches(key, p[0]));
    if (matching.length === 0) continue;
    if (matching.some((p) => p.length === 1)) out[key] = child;
    else out[key] = pick(child, matching.map((p) => p.slice(1)));
  }
  return out;
}

function drop(value: unknown, paths: string[][]): unknown {
  if (Array.isArray(value)) return value.map((v) => drop(v, paths));
  if (value === null || typeof value !== 'object') return value;
  const out: Json = {};
  for (const [key, child] of Object.entries(value as Json)) {
    const matching = paths.filter((p) => p[0] !== undefined && keyMatches(key, p[0]));
    if (matching.some((p) => p.length === 1)) continue;
    out[key] = matching.length ? drop(child, matching.map((p) => p.slice(1))) : child;
  }
  return out;
}

export type Projection = { include?: string[] | undefined; exclude?: string[] | undefined };

export function isIdentity(p: Projection) {
  return !p.include?.length && !p.exclude?.length;
}

export function project<T>(doc: T, p: Projection): T {
  let out: unknown = doc;
  if (p.include?.length) out = pick(out, p.include.map((s) => s.split('.')));
  if (p.exclude?.length) out = drop(out, p.exclude.map((s) => s.split('.')));
  return out as T;
}

/** a comma-separated or repeated field list of a query string */
export function fieldList(value: string | string[] | undefined): string[] | undefined {
  if (value === undefined) return undefined;
  const list = (Array.isArray(value) ? value : [value])
    .flatMap((v) => v.split(','))
    .map((s) => s.trim())
    .filter(Boolean);
  return list.length ? list : undefined;
}
