/**
 * A breadcrumb trail's shape, in the API client's layer: the trail lookups (breadcrumbs.server.ts)
 * answer it to the loaders, and the Breadcrumbs component renders it (with its structured data).
 */

/** One step of a breadcrumb trail: a name and its page's path. */
export interface Crumb {
  name: string;
  path: string;
  /** the category's id, for category steps */
  id?: number;
}

/**
 * schema.org BreadcrumbList of a trail (home first, the current page last), with absolute URLs.
 */
export function breadcrumbJsonLd(items: readonly Crumb[], origin: string) {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: items.map((c, i) => ({
      '@type': 'ListItem',
      position: i + 1,
      name: c.name,
      item: `${origin}${c.path}`,
    })),
  };
}
