/**
 * The page types whose documents inline a sheet of their own (the rules of styles.css that can match
 * them), by the route ids that show them (routes.ts). One table for the build that writes the sheets
 * (scripts/page-styles.ts) and the page that picks its sheet (inline-styles.tsx).
 */
export const PAGE_TYPES = {
  home: ['home', 'home-pwa'],
  listing: ['category', 'special-offers'],
  product: ['product'],
  search: ['search'],
} as const;

export type PageType = keyof typeof PAGE_TYPES;

/** the page type a route shows, if it has a sheet of its own */
export function pageTypeOfRoute(routeId: string): PageType | undefined {
  for (const [type, ids] of Object.entries(PAGE_TYPES) as [PageType, readonly string[]][])
    if (ids.includes(routeId)) return type;
  return undefined;
}
