/**
 * CMS pages and blocks (accounts-checkout-routes.md §3 "CMS page", "CMS block", "CMS hierarchy by
 * identifier"): active rows as documents of a store view. They are read through the catalogue search
 * (types cms_page, cms_block, cms_hierarchy; catalog/entities.ts) and the URL mapper (`/i/{slug}` and
 * the localized static page slugs; catalog/url-map.ts).
 */
import type { SqlRow, schema } from '@vitrina/db';
import type { StoreCode } from '@vitrina/domain';
import { localized, type Localized } from '../lib/localized.ts';
import { rows, type Queryable } from '../lib/db.ts';
import { sanitizeContentHtml } from './markdown.ts';

type Doc = Record<string, unknown>;

type CmsPageRow = Pick<
  SqlRow<typeof schema.cmsPages>,
  'id' | 'identifier' | 'slug' | 'title' | 'content' | 'meta_description' | 'updated_at'
>;

export async function loadCmsPages(q: Queryable, store: StoreCode): Promise<Doc[]> {
  const list = await rows<CmsPageRow>(
    q,
    'SELECT id, identifier, slug, title, content, meta_description, updated_at FROM cms_pages WHERE is_active ORDER BY id',
  );
  return list.map((p) => {
    const slug = localized(p.slug, store) || p.identifier;
    return {
      id: p.id,
      page_id: p.id,
      identifier: p.identifier,
      slug,
      url_path: `i/${slug}`,
      title: localized(p.title, store),
      meta_title: localized(p.title, store),
      // sanitised on the way out too: imported HTML never went through the back office's save
      content: sanitizeContentHtml(localized(p.content, store)),
      meta_description: p.meta_description ? localized(p.meta_description, store) : null,
      active: true,
      enabled: true,
      is_active: true,
      store_code: store,
      updated_at: new Date(p.updated_at).toISOString(),
    };
  });
}

export async function loadCmsBlocks(q: Queryable, store: StoreCode): Promise<Doc[]> {
  const list = await rows<{ id: number; identifier: string; title: Localized; content: Localized }>(
    q,
    'SELECT id, identifier, title, content FROM cms_blocks WHERE is_active ORDER BY id',
  );
  return list.map((b) => ({
    id: b.id,
    block_id: b.id,
    identifier: b.identifier,
    title: localized(b.title, store),
    content: sanitizeContentHtml(localized(b.content, store)),
    active: true,
    enabled: true,
    is_active: true,
  }));
}

/** "CMS hierarchy by identifier": one flat level of nodes, one per page */
export function cmsHierarchy(pages: Doc[]): Doc[] {
  return pages.map((p, i) => ({
    id: p.id,
    node_id: p.id,
    identifier: p.identifier,
    request_url: p.slug,
    title: p.title,
    level: 1,
    parent_node_id: null,
    page_id: p.id,
    sort_order: i,
  }));
}
