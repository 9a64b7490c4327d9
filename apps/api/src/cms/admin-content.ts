/**
 * The back office's content (area `content`: roles `catalog` and `admin`): CMS pages, CMS blocks and
 * news. A form edits one store view (lt, en or ru) of an item at a time; the text is Markdown, stored
 * as written (`source`) next to the sanitised HTML the storefront shows (`content`). News bodies are
 * plain paragraphs (the storefront prints them as text), so they need no HTML at all.
 *
 * Every save runs in one transaction with its audit row and a bump of the catalogue version: the
 * storefront's caches and anonymous pages are keyed by it, so the change shows at once in this
 * process and within CATALOG_VERSION_TTL_MS in others.
 */
import { bumpCatalogVersion, type Database } from '@vitrina/db';
import { STORE_CODES, formatDateTime, storeCodeSchema, type StoreCode } from '@vitrina/domain';
import { z } from 'zod';
import { ApiError, fieldError, notFound } from '../http/errors.ts';
import { one, rows, type Queryable } from '../lib/db.ts';
import { audit, type StaffActor } from '../staff/audit.ts';
import { markdownToHtml } from './markdown.ts';

export const CONTENT_KINDS = ['pages', 'blocks', 'news'] as const;
export type ContentKind = (typeof CONTENT_KINDS)[number];

/** per store view, as the content tables hold them */
type Localized = Partial<Record<StoreCode, string>>;

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const isSlug = (v: string) => SLUG.test(v);
/** the message says what an address may hold (translated by the error handler) */
const SLUG_ISSUE = { params: { key: 'validation.slug' } };
const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);

export const contentListQuery = z.object({
  storeCode: z.string().optional(),
  /** identifier, slug or title (any store view); part of it */
  q: z.string().trim().max(200).optional(),
  status: z.preprocess(blankToUndefined, z.enum(['published', 'unpublished']).optional()),
  page: z.coerce.number().int().min(1).default(1),
  size: z.coerce.number().int().min(1).max(200).default(50),
});

/** a save: the fields of one store view (`store`) plus the item's own ones */
export const contentSaveBody = z.object({
  store: storeCodeSchema,
  /**
   * the version the form was opened at (required to update): a save after someone else's is refused
   * (409), as products' are
   */
  version: z.number().int().min(1).optional(),
  /** pages and blocks: the stable key the storefront asks for (e.g. `about-us`, `footer-links`) */
  identifier: z.preprocess(
    blankToUndefined,
    z.string().trim().min(2).max(100).refine(isSlug, SLUG_ISSUE).optional(),
  ),
  title: z.string().trim().min(1).max(200),
  /** pages: the store view's URL slug (`/i/{slug}`); news: the item's slug (one for all store views) */
  slug: z.preprocess(
    blankToUndefined,
    z.string().trim().min(2).max(120).refine(isSlug, SLUG_ISSUE).optional(),
  ),
  /** Markdown (pages, blocks) or plain paragraphs separated by a blank line (news) */
  body: z.string().max(100_000).default(''),
  meta_description: z.string().trim().max(300).default(''),
  active: z.boolean().default(false),
  /** news: when it is shown from (ISO date-time; default now) */
  published_at: z.preprocess(blankToUndefined, z.iso.datetime({ offset: true }).optional()),
});
export type ContentSave = z.output<typeof contentSaveBody>;

export type ContentItem = {
  id: number;
  kind: ContentKind;
  identifier: string | null;
  /** pages: per store view; news: the one slug under every store view */
  slug: Localized;
  title: Localized;
  /** what the editor shows per store view: the Markdown, or the imported HTML when none */
  source: Localized;
  meta_description: Localized;
  active: boolean;
  published_at: string | null;
  updated_at: string | null;
  /** bumped by every save, publish and import: a form names it when it saves */
  version: number;
};

export type ContentListItem = {
  id: number;
  identifier: string | null;
  slug: string;
  title: string;
  active: boolean;
  published_at: string | null;
  updated_at: string | null;
};

type Row = {
  id: number;
  identifier: string | null;
  slug: Localized | string | null;
  title: Localized;
  content: Localized;
  source: Localized | null;
  meta_description: Localized | null;
  active: boolean;
  published_at: Date | string | null;
  updated_at: Date | string | null;
  version: number;
};

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());
const pick = (l: Localized | string | null | undefined, store: StoreCode): string =>
  !l ? '' : typeof l === 'string' ? l : (l[store] ?? l.lt ?? Object.values(l)[0] ?? '');

const SELECT: Record<ContentKind, string> = {
  pages: `SELECT id, identifier, slug, title, content, source, meta_description, is_active AS active,
            NULL::timestamptz AS published_at, updated_at, version FROM cms_pages`,
  blocks: `SELECT id, identifier, NULL::jsonb AS slug, title, content, source, NULL::jsonb AS meta_description,
             is_active AS active, NULL::timestamptz AS published_at, updated_at, version FROM cms_blocks`,
  news: `SELECT id, NULL::text AS identifier, slug, title, body AS content, NULL::jsonb AS source,
           NULL::jsonb AS meta_description, is_active AS active, published_at, NULL::timestamptz AS updated_at, version FROM news`,
};

function toItem(kind: ContentKind, r: Row): ContentItem {
  const slug: Localized =
    typeof r.slug === 'string'
      ? Object.fromEntries(STORE_CODES.map((s) => [s, r.slug as string]))
      : (r.slug ?? {});
  const source: Localized = {};
  for (const s of STORE_CODES) {
    const md = r.source?.[s];
    source[s] = md !== undefined ? md : (r.content?.[s] ?? '');
  }
  return {
    id: r.id,
    kind,
    identifier: r.identifier,
    slug,
    title: r.title ?? {},
    source,
    meta_description: r.meta_description ?? {},
    active: r.active,
    published_at: iso(r.published_at),
    updated_at: iso(r.updated_at),
    version: r.version,
  };
}

export class ContentAdmin {
  constructor(
    private readonly database: Database,
    /** called after a save commits: this process forgets its catalogue version read at once */
    private readonly changed: () => void,
  ) {}

  async list(kind: ContentKind, query: z.output<typeof contentListQuery>, store: StoreCode) {
    const where: string[] = [];
    const params: unknown[] = [];
    if (query.q) {
      params.push(`%${query.q.toLowerCase()}%`);
      where.push(
        `(lower(coalesce(identifier, '')) LIKE $1 OR lower(slug::text) LIKE $1 OR lower(title::text) LIKE $1)`,
      );
    }
    if (query.status) where.push(query.status === 'published' ? 'active' : 'NOT active');
    const base = `SELECT * FROM (${SELECT[kind]}) c${where.length ? ` WHERE ${where.join(' AND ')}` : ''}`;
    const [count] = await rows<{ n: number }>(
      this.database,
      `SELECT count(*)::int AS n FROM (${base}) x`,
      params,
    );
    const list = await rows<Row>(
      this.database,
      `${base} ORDER BY ${kind === 'news' ? 'published_at DESC, id DESC' : 'id'} LIMIT ${query.size} OFFSET ${(query.page - 1) * query.size}`,
      params,
    );
    const items: ContentListItem[] = list.map((r) => ({
      id: r.id,
      identifier: r.identifier,
      slug: pick(r.slug, store),
      title: pick(r.title, store),
      active: r.active,
      published_at: iso(r.published_at),
      updated_at: iso(r.updated_at),
    }));
    return { items, total: Number(count?.n ?? 0), page: query.page, size: query.size };
  }

  async get(kind: ContentKind, id: number, q: Queryable = this.database): Promise<ContentItem | null> {
    const r = await one<Row>(q, `SELECT * FROM (${SELECT[kind]}) c WHERE id = $1`, [id]);
    return r ? toItem(kind, r) : null;
  }

  /** creates (`id` null) or updates one store view of an item; answers the stored item */
  async save(
    actor: StaffActor,
    kind: ContentKind,
    id: number | null,
    body: ContentSave,
  ): Promise<ContentItem> {
    const saved = await this.database.transaction(async (tx) => {
      const before =
        id === null
          ? null
          : await one<Row>(tx, `SELECT * FROM (${SELECT[kind]}) c WHERE id = $1 FOR UPDATE`, [id]);
      if (id !== null && !before) throw notFound('error.notFound');
      if (before) {
        if (body.version === undefined) throw fieldError('version', 'validation.required');
        // someone saved since this form was opened: never overwrite their text silently
        if (before.version !== body.version)
          throw new ApiError(409, 'content.staleVersion', {
            version: before.version,
            at: before.updated_at ? formatDateTime(before.updated_at) : '—',
          });
      }
      const merge = (stored: Localized | null | undefined, value: string): Localized => ({
        ...(stored ?? {}),
        [body.store]: value,
      });
      const title = merge(before?.title, body.title);
      let newId: number;
      if (kind === 'news') {
        const slug = body.slug ?? (typeof before?.slug === 'string' ? before.slug : undefined);
        if (!slug) throw fieldError('slug', 'validation.required');
        if (await one(tx, 'SELECT 1 FROM news WHERE slug = $1 AND id <> $2', [slug, id ?? 0]))
          throw fieldError('slug', 'content.slugTaken');
        // plain text: the storefront prints it escaped, paragraph by paragraph
        const text = merge(before?.content, body.body.replace(/\r\n/g, '\n').trim());
        const publishedAt =
          body.published_at ?? iso(before?.published_at ?? null) ?? new Date().toISOString();
        const row = await one<{ id: number }>(
          tx,
          id === null
            ? `INSERT INTO news (slug, title, body, published_at, is_active) VALUES ($1, $2::jsonb, $3::jsonb, $4, $5) RETURNING id`
            : `UPDATE news SET slug = $1, title = $2::jsonb, body = $3::jsonb, published_at = $4, is_active = $5, version = version + 1 WHERE id = $6 RETURNING id`,
          [
            slug,
            JSON.stringify(title),
            JSON.stringify(text),
            publishedAt,
            body.active,
            ...(id === null ? [] : [id]),
          ],
        );
        newId = row!.id;
      } else {
        const table = kind === 'pages' ? 'cms_pages' : 'cms_blocks';
        const identifier = body.identifier ?? before?.identifier ?? undefined;
        if (!identifier) throw fieldError('identifier', 'validation.required');
        if (await one(tx, `SELECT 1 FROM ${table} WHERE identifier = $1 AND id <> $2`, [identifier, id ?? 0]))
          throw fieldError('identifier', 'content.identifierTaken');
        const source = merge(before?.source, body.body);
        // sanitised when saved (and again when served: cms/service.ts)
        const content = merge(before?.content, markdownToHtml(body.body));
        const nextId =
          id ??
          Number((await one<{ n: number }>(tx, `SELECT coalesce(max(id), 0) + 1 AS n FROM ${table}`))!.n);
        if (kind === 'pages') {
          const slugValue = body.slug ?? pick(before?.slug ?? null, body.store);
          if (!slugValue) throw fieldError('slug', 'validation.required');
          if (
            await one(tx, `SELECT 1 FROM cms_pages WHERE slug ->> $1 = $2 AND id <> $3`, [
              body.store,
              slugValue,
              nextId,
            ])
          )
            throw fieldError('slug', 'content.slugTaken');
          const slug = merge(before?.slug as Localized | null, slugValue);
          const meta = merge(before?.meta_description, body.meta_description);
          await tx.query(
            id === null
              ? `INSERT INTO cms_pages (id, identifier, slug, title, content, source, meta_description, is_active, updated_at)
                 VALUES ($1, $2, $3::jsonb, $4::jsonb, $5::jsonb, $6::jsonb, $7::jsonb, $8, now())`
              : `UPDATE cms_pages SET identifier = $2, slug = $3::jsonb, title = $4::jsonb, content = $5::jsonb,
                   source = $6::jsonb, meta_description = $7::jsonb, is_active = $8, updated_at = now(), version = version + 1 WHERE id = $1`,
            [
              nextId,
              identifier,
              JSON.stringify(slug),
              JSON.stringify(title),
              JSON.stringify(content),
              JSON.stringify(source),
              JSON.stringify(meta),
              body.active,
            ],
          );
        } else {
          await tx.query(
            id === null
              ? `INSERT INTO cms_blocks (id, identifier, title, content, source, is_active, updated_at)
                 VALUES ($1, $2, $3::jsonb, $4::jsonb, $5::jsonb, $6, now())`
              : `UPDATE cms_blocks SET identifier = $2, title = $3::jsonb, content = $4::jsonb, source = $5::jsonb,
                   is_active = $6, updated_at = now(), version = version + 1 WHERE id = $1`,
            [
              nextId,
              identifier,
              JSON.stringify(title),
              JSON.stringify(content),
              JSON.stringify(source),
              body.active,
            ],
          );
        }
        newId = nextId;
      }
      await audit(tx, actor, `content.${kind}.${id === null ? 'create' : 'update'}`, `${kind}:${newId}`, {
        store: body.store,
        active: body.active,
      });
      await bumpCatalogVersion(tx);
      return (await this.get(kind, newId, tx))!;
    });
    this.changed();
    return saved;
  }

  /** publishes or unpublishes an item (every store view) */
  async publish(actor: StaffActor, kind: ContentKind, id: number, active: boolean): Promise<ContentItem> {
    const table = kind === 'pages' ? 'cms_pages' : kind === 'blocks' ? 'cms_blocks' : 'news';
    const saved = await this.database.transaction(async (tx) => {
      const row = await one<{ id: number }>(
        tx,
        `UPDATE ${table} SET is_active = $1, version = version + 1 WHERE id = $2 RETURNING id`,
        [active, id],
      );
      if (!row) throw notFound('error.notFound');
      if (kind !== 'news') await tx.query(`UPDATE ${table} SET updated_at = now() WHERE id = $1`, [id]);
      await audit(tx, actor, `content.${kind}.${active ? 'publish' : 'unpublish'}`, `${kind}:${id}`);
      await bumpCatalogVersion(tx);
      return (await this.get(kind, id, tx))!;
    });
    this.changed();
    return saved;
  }
}
