/**
 * The back office's banners and home slider (area `content`: roles `catalog` and `admin`): the
 * `banners` table the import file fills too, so the storefront has one source for them (the import
 * replaces the whole list; staff edit it row by row). A banner has its image (uploaded through
 * image/upload.ts, or an imported path), a link (a shop path or an https address), a title and a
 * call to action per store view, a position, a date window in the shop's time zone, the store views
 * that show it and an active switch (packages/domain banners.ts decides when it is shown).
 *
 * Every write runs in one transaction with its audit row and a bump of the catalogue version: the
 * home page's cached answer and the cached pages are keyed by it, so a change shows at once in this
 * process and within CATALOG_VERSION_TTL_MS in others.
 */
import path from 'node:path';
import { bumpCatalogVersion, type Database } from '@vitrina/db';
import { STORE_CODES, bannerLinkIssue, type StoreCode } from '@vitrina/domain';
import { z } from 'zod';
import { fieldError, notFound } from '../http/errors.ts';
import { one, rows, type Queryable } from '../lib/db.ts';
import { safeMediaPath } from '../image/service.ts';
import { audit, type StaffActor } from '../staff/audit.ts';

/** the kinds staff edit here (the home page's; category and product banners come with the import) */
export const BANNER_ADMIN_KINDS = ['slider', 'banner', 'small_banner', 'multi_banner', 'head_image'] as const;
const ALL_KINDS = [...BANNER_ADMIN_KINDS, 'category_banner', 'product_banner'] as const;

type Localized = Partial<Record<StoreCode, string>>;

const localizedText = (max: number) =>
  z
    .object({
      lt: z.string().trim().max(max),
      en: z.string().trim().max(max),
      ru: z.string().trim().max(max),
    })
    .partial()
    .default({});
const blankToNull = (v: unknown) => (v === '' || v === undefined ? null : v);

export const bannerSaveBody = z
  .object({
    kind: z.enum(ALL_KINDS),
    image: z
      .string()
      .trim()
      .max(512)
      .refine((v) => v.length > 0, { params: { key: 'validation.bannerImage' } }),
    title: localizedText(200),
    cta: localizedText(60),
    link: localizedText(500),
    position: z.coerce.number().int().min(0).max(10_000).default(0),
    starts_at: z.preprocess(blankToNull, z.iso.datetime({ offset: true }).nullable()).default(null),
    ends_at: z.preprocess(blankToNull, z.iso.datetime({ offset: true }).nullable()).default(null),
    /** the store views that show it; empty: every one */
    store_codes: z
      .array(z.enum(STORE_CODES as [StoreCode, ...StoreCode[]]))
      .max(3)
      .default([]),
    active: z.boolean().default(true),
    category_id: z.preprocess(blankToNull, z.coerce.number().int().min(1).nullable()).default(null),
  })
  .superRefine((b, ctx) => {
    for (const store of STORE_CODES) {
      const link = b.link[store];
      if (link && bannerLinkIssue(link))
        ctx.addIssue({
          code: 'custom',
          path: ['link', store],
          message: 'validation.bannerLink',
          params: { key: 'validation.bannerLink' },
        });
    }
    if (b.starts_at && b.ends_at && new Date(b.ends_at) <= new Date(b.starts_at))
      ctx.addIssue({
        code: 'custom',
        path: ['ends_at'],
        message: 'validation.bannerWindow',
        params: { key: 'validation.bannerWindow' },
      });
  });
export type BannerSave = z.output<typeof bannerSaveBody>;

export const bannerListQuery = z.object({
  storeCode: z.string().optional(),
  kind: z.preprocess((v) => (v === '' ? undefined : v), z.enum(ALL_KINDS).optional()),
});

export type AdminBanner = {
  id: number;
  kind: string;
  position: number;
  image: string;
  title: Localized;
  cta: Localized;
  link: Localized;
  category_id: number | null;
  starts_at: string | null;
  ends_at: string | null;
  store_codes: StoreCode[];
  active: boolean;
  updated_at: string;
};

type Row = Omit<
  AdminBanner,
  'starts_at' | 'ends_at' | 'updated_at' | 'title' | 'link' | 'store_codes' | 'active'
> & {
  title: Localized | string;
  link: Localized | string;
  starts_at: Date | null;
  ends_at: Date | null;
  updated_at: Date;
  store_codes: StoreCode[] | null;
  is_active: boolean;
};

/** an imported text may be one string for every store view */
const asLocalized = (v: Localized | string | null): Localized =>
  typeof v === 'string' ? Object.fromEntries(STORE_CODES.map((s) => [s, v])) : (v ?? {});
const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null);

function toBanner(r: Row): AdminBanner {
  return {
    id: r.id,
    kind: r.kind,
    position: r.position,
    image: r.image,
    title: asLocalized(r.title),
    cta: r.cta ?? {},
    link: asLocalized(r.link),
    category_id: r.category_id,
    starts_at: iso(r.starts_at),
    ends_at: iso(r.ends_at),
    store_codes: r.store_codes ?? [],
    active: r.is_active,
    updated_at: new Date(r.updated_at).toISOString(),
  };
}

/** the non-empty texts only: an empty field of a store view falls back to Lithuanian on the storefront */
const compact = (l: Localized): Localized =>
  Object.fromEntries(Object.entries(l).filter(([, v]) => v !== undefined && v !== '')) as Localized;

export class BannerAdmin {
  constructor(
    private readonly database: Database,
    private readonly mediaDir: string,
    /** the process's caches keyed by the catalogue version read it again at once */
    private readonly changed: () => void,
  ) {}

  async list(kind?: string): Promise<AdminBanner[]> {
    const list = await rows<Row>(
      this.database,
      `SELECT * FROM banners ${kind ? 'WHERE kind = $1' : ''} ORDER BY kind, position, id`,
      kind ? [kind] : [],
    );
    return list.map(toBanner);
  }

  async get(id: number, q: Queryable = this.database): Promise<AdminBanner | null> {
    const r = await one<Row>(q, 'SELECT * FROM banners WHERE id = $1', [id]);
    return r ? toBanner(r) : null;
  }

  /** creates (`id` null) or replaces a banner; answers it as stored */
  async save(actor: StaffActor, id: number | null, body: BannerSave): Promise<AdminBanner> {
    // an image is a file under MEDIA_DIR that the resize route can serve (or an https address)
    if (!/^https:\/\//.test(body.image)) {
      try {
        safeMediaPath(path.resolve(this.mediaDir), body.image);
      } catch {
        throw fieldError('image', 'validation.bannerImage');
      }
    }
    const saved = await this.database.transaction(async (tx) => {
      if (id !== null && !(await one(tx, 'SELECT 1 FROM banners WHERE id = $1 FOR UPDATE', [id])))
        throw notFound('error.notFound');
      const values = [
        body.kind,
        body.position,
        body.image,
        JSON.stringify(compact(body.title)),
        JSON.stringify(compact(body.link)),
        JSON.stringify(compact(body.cta)),
        body.category_id,
        body.starts_at,
        body.ends_at,
        body.store_codes.length ? JSON.stringify(body.store_codes) : null,
        body.active,
      ];
      const row = await one<{ id: number }>(
        tx,
        id === null
          ? `INSERT INTO banners (kind, position, image, title, link, cta, category_id, starts_at, ends_at, store_codes, is_active, updated_at)
             VALUES ($1, $2, $3, $4::jsonb, $5::jsonb, $6::jsonb, $7, $8, $9, $10::jsonb, $11, now()) RETURNING id`
          : `UPDATE banners SET kind = $1, position = $2, image = $3, title = $4::jsonb, link = $5::jsonb, cta = $6::jsonb,
               category_id = $7, starts_at = $8, ends_at = $9, store_codes = $10::jsonb, is_active = $11, updated_at = now()
             WHERE id = $12 RETURNING id`,
        id === null ? values : [...values, id],
      );
      const newId = row!.id;
      await audit(tx, actor, `banner.${id === null ? 'create' : 'update'}`, `banner:${newId}`, {
        kind: body.kind,
        image: body.image,
        active: body.active,
        starts_at: body.starts_at,
        ends_at: body.ends_at,
      });
      await bumpCatalogVersion(tx);
      return (await this.get(newId, tx))!;
    });
    this.changed();
    return saved;
  }

  async remove(actor: StaffActor, id: number): Promise<void> {
    await this.database.transaction(async (tx) => {
      const gone = await one<{ kind: string; image: string }>(
        tx,
        'DELETE FROM banners WHERE id = $1 RETURNING kind, image',
        [id],
      );
      if (!gone) throw notFound('error.notFound');
      await audit(tx, actor, 'banner.delete', `banner:${id}`, gone);
      await bumpCatalogVersion(tx);
    });
    this.changed();
  }
}
