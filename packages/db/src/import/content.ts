/**
 * The import step for the shop data besides the catalogue: tax rules, customer groups, coupons, CMS pages and blocks,
 * shipping and payment methods, pickup points, banners and shop configuration, each the file's list
 * mapped to the table's rows (money: euros in the file, net of VAT, → cents; texts → per store view).
 */
import type { Executor } from '../client.ts';
import { toLocalized, toLocalizedOrNull, type Text } from '../localized.ts';
import { toCents, type ImportFile } from '@vitrina/domain';
import {
  BANNERS,
  CMS_BLOCKS,
  CMS_PAGES,
  COUPONS,
  CUSTOMER_GROUPS,
  PAYMENT_METHODS,
  PICKUP_POINTS,
  SHIPPING_METHODS,
  SHOP_CONFIG,
  TAX_RULES,
} from './tables.ts';
import type { TableWrite } from './upsert.ts';
import { cents, isoDate } from './values.ts';

export type ContentName =
  | 'taxrules'
  | 'customer_groups'
  | 'coupons'
  | 'cms_pages'
  | 'cms_blocks'
  | 'shipping_methods'
  | 'payment_methods'
  | 'pickup_points'
  | 'banners'
  | 'shop_config';

interface ContentStep {
  name: ContentName;
  table: TableWrite;
  rows: (file: ImportFile) => readonly object[] | undefined;
  /** the file's list replaces the table's rows (when the file has the list, even empty) */
  replaceAll?: boolean;
}

export const CONTENT_STEPS: readonly ContentStep[] = [
  { name: 'taxrules', table: TAX_RULES, rows: (f) => f.taxrules },
  { name: 'customer_groups', table: CUSTOMER_GROUPS, rows: (f) => f.customer_groups },
  {
    name: 'coupons',
    table: COUPONS,
    rows: (f) =>
      f.coupons?.map((c) => ({
        code: c.code,
        type: c.type,
        // percent stays percent; a fixed amount is euros → cents
        value: c.type === 'percent' ? c.value : toCents(c.value),
        from_date: isoDate(c.from_date),
        to_date: isoDate(c.to_date),
        min_subtotal_cents: cents(c.min_subtotal),
        uses_per_coupon: c.uses_per_coupon ?? null,
        uses_per_customer: c.uses_per_customer ?? null,
        is_active: c.is_active,
      })),
  },
  {
    name: 'cms_pages',
    table: CMS_PAGES,
    rows: (f) =>
      f.cms_pages?.map((c) => ({
        id: c.id,
        identifier: c.identifier,
        slug: c.slug === undefined ? toLocalized(c.identifier) : toLocalized(c.slug as Text),
        title: toLocalized(c.title as Text),
        content: toLocalized(c.content as Text),
        meta_description: toLocalizedOrNull(c.meta_description as Text | null | undefined),
        is_active: c.is_active,
        source: null,
      })),
  },
  {
    name: 'cms_blocks',
    table: CMS_BLOCKS,
    rows: (f) =>
      f.cms_blocks?.map((c) => ({
        id: c.id,
        identifier: c.identifier,
        title: toLocalized(c.title as Text),
        content: toLocalized(c.content as Text),
        is_active: c.is_active,
        source: null,
      })),
  },
  {
    name: 'shipping_methods',
    table: SHIPPING_METHODS,
    rows: (f) =>
      f.shipping_methods?.map((m) => ({
        code: m.code,
        carrier_code: m.carrier_code,
        method_code: m.method_code,
        title: toLocalized(m.title as Text),
        price_cents: toCents(m.price),
        free_threshold_cents: cents(m.free_threshold),
        countries: m.countries,
        needs_pickup_point: m.needs_pickup_point,
        is_default: m.is_default,
        is_active: m.is_active,
        position: m.position,
      })),
  },
  {
    name: 'payment_methods',
    table: PAYMENT_METHODS,
    rows: (f) =>
      f.payment_methods?.map((m) => ({
        code: m.code,
        title: toLocalized(m.title as Text),
        fee_cents: toCents(m.fee),
        is_default: m.is_default,
        is_server_method: m.is_server_method,
        offline: m.offline,
        allowed_for_virtual: m.allowed_for_virtual,
        is_active: m.is_active,
        position: m.position,
      })),
  },
  { name: 'pickup_points', table: PICKUP_POINTS, rows: (f) => f.pickup_points },
  {
    name: 'banners',
    table: BANNERS,
    replaceAll: true,
    rows: (f) =>
      f.banners?.map((b) => ({
        kind: b.kind,
        position: b.position,
        image: b.image,
        title: toLocalized(b.title as Text),
        link: toLocalized(b.link as Text),
        category_id: b.category_id ?? null,
        is_active: b.is_active,
        cta: b.cta === undefined ? {} : toLocalized(b.cta as Text),
        starts_at: b.starts_at ?? null,
        ends_at: b.ends_at ?? null,
        store_codes: b.store_codes?.length ? b.store_codes : null,
      })),
  },
  { name: 'shop_config', table: SHOP_CONFIG, rows: (f) => f.shop_config },
];

/** writes the file's shop data; answers how many records of each list were written */
export async function writeContent(
  tx: Executor,
  file: ImportFile,
  write: (table: TableWrite, rows: readonly object[]) => Promise<void>,
  progress: (done: number, total: number) => void,
): Promise<Record<ContentName, number>> {
  const planned = CONTENT_STEPS.map((step) => ({ step, rows: step.rows(file) }));
  const total = planned.reduce((sum, p) => sum + (p.rows?.length ?? 0), 0);
  const written = Object.fromEntries(CONTENT_STEPS.map((s) => [s.name, 0])) as Record<ContentName, number>;
  let done = 0;
  for (const { step, rows } of planned) {
    if (!rows || (!step.replaceAll && rows.length === 0)) continue;
    if (step.replaceAll) await tx.query(`delete from ${step.table.table}`);
    await write(step.table, rows);
    written[step.name] = rows.length;
    done += rows.length;
    if (total > 0) progress(done, total);
  }
  return written;
}
