/**
 * The category tree as the back office edits it: a category's URL is its slug per store view, either
 * one url key (`nesiojami-kompiuteriai`, the demo's and a new shop's) or a path under its parent's
 * (`elektronika/telefonai`, as a Magento export's url_path gives it; catalog/url-map.ts looks a
 * category up by the whole path). An edit changes the url key (the last segment); a category nested
 * under its parent stays nested under its new parent when it moves, and every descendant whose path
 * starts with the old path gets the new one, so no category's URL is left pointing at a parent it no
 * longer has. The root category (level 1) never lends its slug to a path.
 */
import { slugify } from './slug.ts';

/** a url key: lower-case letters and digits, words joined by single hyphens */
export const CATEGORY_URL_KEY = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** the url key of a slug: its last segment */
export function urlKeyOf(slug: string): string {
  const parts = slug.split('/');
  return parts[parts.length - 1] ?? '';
}

/** true when `slug` is a path under `parentSlug` (`parent/key`, or deeper) */
export function nestedUnder(slug: string, parentSlug: string | null | undefined): boolean {
  return !!parentSlug && slug.startsWith(`${parentSlug}/`);
}

/** the slug of a category with url key `key` under a parent whose slug is `parentSlug` */
export function categoryPath(key: string, parentSlug: string | null, nested: boolean): string {
  return nested && parentSlug ? `${parentSlug}/${key}` : key;
}

/** a descendant's slug after its ancestor's path moved from `from` to `to`; null when it was not under it */
export function movedPath(slug: string, from: string, to: string): string | null {
  if (from === to || !slug.startsWith(`${from}/`)) return null;
  return `${to}${slug.slice(from.length)}`;
}

/** the url key typed for a store view, else one made from that view's name (Cyrillic transliterated) */
export function urlKeyFor(typed: string | undefined, name: string): string {
  const key = (typed ?? '').trim().toLowerCase();
  return key === '' ? slugify(name) : key;
}

export type TreeNode = { id: number; parent_id: number | null; position: number };

/** true when `id` is `ancestor` or lies under it, following `parents` up (a loop stops the walk) */
export function isSelfOrDescendant(
  parents: ReadonlyMap<number, number | null>,
  ancestor: number,
  id: number,
): boolean {
  const seen = new Set<number>();
  let at: number | null | undefined = id;
  while (at != null && !seen.has(at)) {
    if (at === ancestor) return true;
    seen.add(at);
    at = parents.get(at);
  }
  return false;
}

/** every category under `id` (not itself), nearest first */
export function descendantsOf<T extends TreeNode>(nodes: readonly T[], id: number): T[] {
  const out: T[] = [];
  let level = nodes.filter((n) => n.parent_id === id);
  while (level.length) {
    out.push(...level);
    const ids = new Set(level.map((n) => n.id));
    level = nodes.filter((n) => n.parent_id !== null && ids.has(n.parent_id) && !out.includes(n));
  }
  return out;
}

/**
 * The tree in reading order (each parent before its children, siblings by position then id) with
 * each node's depth from the top (a category whose parent is missing starts a branch of its own).
 */
export function treeOrder<T extends TreeNode>(nodes: readonly T[]): (T & { depth: number })[] {
  const ids = new Set(nodes.map((n) => n.id));
  const children = new Map<number | null, T[]>();
  for (const n of nodes) {
    const key = n.parent_id !== null && ids.has(n.parent_id) && n.parent_id !== n.id ? n.parent_id : null;
    children.set(key, [...(children.get(key) ?? []), n]);
  }
  const out: (T & { depth: number })[] = [];
  const seen = new Set<number>();
  const walk = (parent: number | null, depth: number) => {
    const list = [...(children.get(parent) ?? [])].sort((a, b) => a.position - b.position || a.id - b.id);
    for (const n of list) {
      if (seen.has(n.id)) continue;
      seen.add(n.id);
      out.push({ ...n, depth });
      walk(n.id, depth + 1);
    }
  };
  walk(null, 0);
  // a loop no root reaches (a broken file): still listed, at the top
  for (const n of nodes) if (!seen.has(n.id)) out.push({ ...n, depth: 0 });
  return out;
}
