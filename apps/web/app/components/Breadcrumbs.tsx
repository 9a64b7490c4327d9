import { localizedPath } from '@vitrina/domain';
import { memo } from 'react';
import { Link } from '../lib/link';
import { useT } from '../i18n';
import { breadcrumbJsonLd, type Crumb } from '../api-client/breadcrumbs';
import { JsonLd } from './JsonLd';

type BreadcrumbsProps = { trail: Crumb[]; current: Crumb; origin: string };

/**
 * The breadcrumb trail (home, the category path, the current page) and its schema.org
 * BreadcrumbList. The current page is the last item, marked aria-current and not a link.
 * Memoised on what it shows: a grade's choice (the same product) and a filter's tick (the same
 * category, its trail a new object in the loader's answer) render it with equal crumbs.
 */
export const Breadcrumbs = memo(function Breadcrumbs({ trail, current, origin }: BreadcrumbsProps) {
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
}, sameBreadcrumbs);

const sameCrumb = (a: Crumb, b: Crumb) => a.name === b.name && a.path === b.path;

/** equal crumbs (names and paths: what the trail and its schema show) and origin */
export function sameBreadcrumbs(a: BreadcrumbsProps, b: BreadcrumbsProps): boolean {
  return (
    a.origin === b.origin &&
    sameCrumb(a.current, b.current) &&
    a.trail.length === b.trail.length &&
    a.trail.every((c, i) => sameCrumb(c, b.trail[i] as Crumb))
  );
}
