import { localizedPath } from '@vitrina/domain';
import { Link } from '../lib/link';
import { useT } from '../i18n';
import { breadcrumbJsonLd, type Crumb } from '../api-client/breadcrumbs';
import { JsonLd } from './JsonLd';

/**
 * The breadcrumb trail (home, the category path, the current page) and its schema.org
 * BreadcrumbList. The current page is the last item, marked aria-current and not a link.
 */
export function Breadcrumbs({ trail, current, origin }: { trail: Crumb[]; current: Crumb; origin: string }) {
  const t = useT();
  const home: Crumb = { name: t('site.name'), path: localizedPath(t.storeCode, '/') };
  const items = [home, ...trail.filter((c) => c.path !== current.path), current];
  return (
    <>
      <nav aria-label={t('common.breadcrumbs')} className="breadcrumbs">
        <ol>
          {items.map((c, i) => (
            <li key={c.path}>
              {i === items.length - 1 ? (
                <span aria-current="page">{c.name}</span>
              ) : (
                <Link to={c.path}>{c.name}</Link>
              )}
            </li>
          ))}
        </ol>
      </nav>
      <JsonLd data={breadcrumbJsonLd(items, origin)} />
    </>
  );
}
