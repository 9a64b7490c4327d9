/**
 * Localised static (CMS) pages. The CMS identifier is the English slug; Lithuanian uses its own
 * slugs at the root, English and Russian use the English slug under their prefix
 * (spec: accounts-checkout-routes.md, "Localised static pages").
 */
export const STATIC_PAGES = [
  { identifier: 'warranty-service', lt: 'garantinis-aptarnavimas' },
  { identifier: 'about-us', lt: 'apie-mus' },
  { identifier: 'contact-us', lt: 'susisiekite-su-mumis' },
  { identifier: 'contacts', lt: 'kontaktai' },
  { identifier: 'delivery', lt: 'pristatymas' },
  { identifier: 'payment-methods', lt: 'mokejimo-metodai' },
  { identifier: 'privacy-policy', lt: 'privatumo-politika' },
  { identifier: 'purchase-sales-rules', lt: 'pirkimo-pardavimo-taisykles' },
  { identifier: 'return-policy', lt: 'prekiu-grazinimas' },
] as const;

export type StaticPage = (typeof STATIC_PAGES)[number];
export type StaticPageIdentifier = StaticPage['identifier'];

/** The slug of a static page in a store view (without prefix or slash). */
export function staticSlug(identifier: StaticPageIdentifier, storeCode: string): string {
  const page = STATIC_PAGES.find((p) => p.identifier === identifier);
  if (!page) return identifier;
  return storeCode === 'lt' ? page.lt : page.identifier;
}

/** The static page whose slug (in the given store view) is `slug`, if any. */
export function staticPageBySlug(slug: string, storeCode: string): StaticPage | undefined {
  return STATIC_PAGES.find((p) => (storeCode === 'lt' ? p.lt : p.identifier) === slug);
}
