import { type SpecAttribute } from '@vitrina/domain';
import type { AttributeDoc, Banner, Product } from '../../../lib/types';

/** the attribute fields the specification table reads */
export const SPEC_FIELDS = [
  'attribute_code',
  'frontend_label',
  'frontend_input',
  'position',
  'is_visible_on_front',
  'options',
];

/**
 * The attributes' metadata for the specification table, each with only the options the product or
 * its variants use (a brand list of hundreds stays out of the page's data).
 */
export function specAttributes(attributes: readonly AttributeDoc[], product: Product): SpecAttribute[] {
  const docs = [product, ...(product.configurable_children ?? [])] as Record<string, unknown>[];
  return attributes.map((a) => {
    const used = new Set(docs.flatMap((d) => String(d[a.attribute_code] ?? '').split(',')));
    return {
      attribute_code: a.attribute_code,
      frontend_label: a.frontend_label ?? null,
      frontend_input: typeof a.frontend_input === 'string' ? a.frontend_input : null,
      position: typeof a.position === 'number' ? a.position : null,
      is_visible_on_front: typeof a.is_visible_on_front === 'boolean' ? a.is_visible_on_front : null,
      options: (a.options ?? []).filter((o) => used.has(String(o.value))),
    };
  });
}

/** Product banners: those of one of the product's categories, or of none (all products). */
export function productBanners(banners: readonly Banner[], product: Product): Banner[] {
  const categoryIds = new Set(product.category_ids ?? []);
  return banners.filter((b) => b.category_id == null || categoryIds.has(b.category_id));
}
