import { STORE_CODES, localizedPath, storeCodeFromPath, type StoreCode } from '@vitrina/domain';
import type { Seo } from './seo';
import { storeCodeOfRequest } from './store';

/**
 * The shop's public origin, for canonical links, hreflang and JSON-LD: the request's. The shop
 * server builds every request it renders on PUBLIC_URL's origin, never on the Host or
 * X-Forwarded-Host header a client sends (apps/server/src/ssr.ts `toWebRequest`),
 * so a forged Host cannot reach a page, nor a cached page that everyone is served.
 */
export function siteOrigin(request: Request): string {
  return new URL(request.url).origin;
}

/**
 * SEO for a page whose path per store view is given (relative, already prefixed), with an optional
 * query string kept on the canonical URL (e.g. `?page=2`).
 */
export function buildSeo(
  request: Request,
  storeCode: StoreCode,
  paths: Record<StoreCode, string>,
  query = '',
): Seo {
  const origin = siteOrigin(request);
  const abs = (p: string) => `${origin}${p}`;
  return {
    canonical: abs(paths[storeCode]) + query,
    paths,
    alternates: [
      ...STORE_CODES.map((code) => ({ hreflang: code, href: abs(paths[code]) + query })),
      { hreflang: 'x-default', href: abs(paths.lt) + query },
    ],
  };
}

/** Paths of a page that has the same path (after the store prefix) in every store view. */
export function samePaths(rest: string): Record<StoreCode, string> {
  return {
    lt: localizedPath('lt', rest),
    en: localizedPath('en', rest),
    ru: localizedPath('ru', rest),
  };
}

/** SEO for the request's own path in every store view. */
export function seoForRequest(request: Request, storeCode: StoreCode): Seo {
  return buildSeo(request, storeCode, samePaths(storeCodeFromPath(new URL(request.url).pathname).rest));
}

/** The loader of a private (client-rendered) page: only its store view and SEO, nothing private. */
export function privatePageLoader({ request }: { request: Request }) {
  const storeCode = storeCodeOfRequest(request);
  return { storeCode, seo: seoForRequest(request, storeCode) };
}
