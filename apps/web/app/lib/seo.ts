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
