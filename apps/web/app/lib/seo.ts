import type { MetaDescriptor } from 'react-router';
import type { StoreCode } from '@vitrina/domain';

/** SEO data every loader returns: canonical URL and the page's URL in each store view. */
export interface Seo {
  canonical: string;
  /** Relative paths of this page per store view (language switch). */
  paths: Record<StoreCode, string>;
  /** Absolute hreflang alternates: lt, en, ru and x-default (= lt). */
  alternates: { hreflang: string; href: string }[];
}

export interface PageMetaInput {
  title: string;
  description: string;
  seo: Seo | undefined;
  robots?: string;
}

/** title, description, canonical and hreflang links as `meta` descriptors. */
export function pageMeta({ title, description, seo, robots }: PageMetaInput): MetaDescriptor[] {
  const out: MetaDescriptor[] = [{ title }, { name: 'description', content: description }];
  if (robots) out.push({ name: 'robots', content: robots });
  if (seo) {
    out.push({ tagName: 'link', rel: 'canonical', href: seo.canonical });
    for (const a of seo.alternates)
      out.push({ tagName: 'link', rel: 'alternate', hrefLang: a.hreflang, href: a.href });
    out.push({ property: 'og:title', content: title });
    out.push({ property: 'og:url', content: seo.canonical });
  }
  return out;
}

/**
 * A route's `meta` that reads only its loader data, answered once per data object. React Router's
 * `<Meta>` calls every matched route's `meta` at each change of the router's state (a navigation's
 * start, its loading, its end), and a grade's choice keeps the product's data: the product page's
 * description was made plain text again and again (bench/interactions.ts).
 */
export function metaOfData<A extends { data: unknown }>(
  meta: (args: A) => MetaDescriptor[],
): (args: A) => MetaDescriptor[] {
  const answered = new WeakMap<object, MetaDescriptor[]>();
  return (args) => {
    const key = args.data;
    if (typeof key !== 'object' || key === null) return meta(args);
    const known = answered.get(key);
    if (known) return known;
    const fresh = meta(args);
    answered.set(key, fresh);
    return fresh;
  };
}
