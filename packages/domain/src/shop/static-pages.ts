// Localised static pages: accounts-checkout-routes.md §2 "Localised static pages" (Lithuanian slugs
// differ from English ones; en and ru use the English slugs) and the route table.
import { localizedPath, type StoreCode } from '../base/index.ts';

export const STATIC_PAGES = {
  'warranty-service': 'garantinis-aptarnavimas',
  'about-us': 'apie-mus',
  'contact-us': 'susisiekite-su-mumis',
  contacts: 'kontaktai',
  delivery: 'pristatymas',
  'payment-methods': 'mokejimo-metodai',
  'privacy-policy': 'privatumo-politika',
  'purchase-sales-rules': 'pirkimo-pardavimo-taisykles',
  'return-policy': 'prekiu-grazinimas',
  // written by the shop itself, not the CMS (BUILT_IN_STATIC_PAGES)
  accessibility: 'prieinamumas',
  'how-reviews-are-checked': 'kaip-tikrinami-atsiliepimai',
  // what each condition grade means, from the domain's grade facts and the shop's settings
  'how-we-grade': 'kaip-vertiname-bukle',
} as const;
export type StaticPageKey = keyof typeof STATIC_PAGES;

/**
 * Static pages the shop answers with another one: the spec's
 * `/contacts` (`/kontaktai`) is the contact page under a second name, so it moves (301) to
 * `/contact-us` (`/susisiekite-su-mumis`), the page with the contact form and the seller's details;
 * a moved page is in no menu and no sitemap.
 */
export const MOVED_STATIC_PAGES: Readonly<Partial<Record<StaticPageKey, StaticPageKey>>> = {
  contacts: 'contact-us',
};

/**
 * Static pages whose text the shop's code writes (in the storefront's dictionaries), not the CMS:
 * statements the law asks for, which must say what the shop really does: the accessibility
 * statement (European Accessibility Act) and how reviews are checked (Directive 2005/29/EC as
 * amended by the Omnibus directive). Their pages need no CMS record.
 */
export const BUILT_IN_STATIC_PAGES: readonly StaticPageKey[] = [
  'accessibility',
  'how-reviews-are-checked',
  'how-we-grade',
];

/** The page a static page moved to, or undefined when it is its own page. */
export function staticPageMovedTo(page: StaticPageKey): StaticPageKey | undefined {
  return MOVED_STATIC_PAGES[page];
}

/** The slug of a static page in a store view: Lithuanian in lt, English otherwise. */
export function staticPageSlug(page: StaticPageKey, storeCode: StoreCode): string {
  return storeCode === 'lt' ? STATIC_PAGES[page] : page;
}

/** The full path of a static page: ('about-us', 'lt') → '/apie-mus'; ('about-us', 'en') → '/en/about-us'. */
export function staticPagePath(page: StaticPageKey, storeCode: StoreCode): string {
  return localizedPath(storeCode, `/${staticPageSlug(page, storeCode)}`);
}

/** The page a slug names (either language), or undefined. */
export function staticPageFromSlug(slug: string): StaticPageKey | undefined {
  const s = slug.replace(/^\/+|\/+$/g, '');
  return (Object.keys(STATIC_PAGES) as StaticPageKey[]).find((k) => k === s || STATIC_PAGES[k] === s);
}
