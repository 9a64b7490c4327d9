import { STORE_CODES, STORE_VIEWS, localizedPath, storeCodeFromPath, type StoreCode } from '@vitrina/domain';
import { memo } from 'react';
import { useLocation, useMatches } from 'react-router';
import { Link } from '../lib/link';
import { useT } from '../i18n';
import type { Seo } from '../lib/seo';
import { useStoreCode } from '../lib/store';

/** The current page in every store view: the deepest loader's `seo.paths`, else the same path. */
export function useAlternatePaths(): Record<StoreCode, string> {
  const matches = useMatches();
  const location = useLocation();
  for (let i = matches.length - 1; i >= 0; i--) {
    const data = matches[i]?.loaderData as { seo?: Seo } | undefined;
    if (data?.seo?.paths) return data.seo.paths;
  }
  const rest = storeCodeFromPath(location.pathname).rest;
  return { lt: localizedPath('lt', rest), en: localizedPath('en', rest), ru: localizedPath('ru', rest) };
}

/**
 * Links to this page in the other languages. The hook reads the router's matches, so it renders at
 * every change of the router's state (a filter's navigation start and its answer); the links render
 * only when an address changed (a filter's tick keeps the page's alternates).
 */
export function LanguageSwitch() {
  const paths = useAlternatePaths();
  return <LanguageLinks current={useStoreCode()} lt={paths.lt} en={paths.en} ru={paths.ru} />;
}

const LanguageLinks = memo(function LanguageLinks({
  current,
  ...paths
}: Record<StoreCode, string> & { current: StoreCode }) {
  const t = useT();
  return (
    <nav className="lang" aria-label={t('header.language')}>
      <ul>
        {STORE_CODES.map((code) => (
          <li key={code}>
            {code === current ? (
              <span aria-current="true" title={STORE_VIEWS[code].name}>
                {code.toUpperCase()}
              </span>
            ) : (
              <Link to={paths[code]} hrefLang={code} lang={code} title={STORE_VIEWS[code].name}>
                {code.toUpperCase()}
              </Link>
            )}
          </li>
        ))}
      </ul>
    </nav>
  );
});
