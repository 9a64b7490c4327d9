import { STATIC_PAGES as SLUGS, staticPageSlug, type StaticPageKey, type StoreCode } from '@vitrina/domain';

/**
 * Localised static (CMS) pages from the domain's table: the CMS identifier is the English slug;
 * Lithuanian uses its own slugs at the root, English and Russian the English slug under their
 * prefix (accounts-checkout-routes.md §2 "Localised static pages"). Read by the route table
 * (routes.ts), the footer's links, the CMS page's and not-found's routes.
 */
export const STATIC_PAGES = (Object.keys(SLUGS) as StaticPageKey[]).map((identifier) => ({
  identifier,
  lt: SLUGS[identifier],
}));

export type StaticPageIdentifier = StaticPageKey;

/** The slug of a static page in a store view (without prefix or slash). */
export function staticSlug(identifier: StaticPageIdentifier, storeCode: StoreCode): string {
  return staticPageSlug(identifier, storeCode);
}

/** The static page whose slug in this store view is `slug` (lt: Lithuanian slugs only). */
export function staticPageBySlug(slug: string, storeCode: StoreCode) {
  return STATIC_PAGES.find((p) => staticPageSlug(p.identifier, storeCode) === slug);
}
