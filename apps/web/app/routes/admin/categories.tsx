/**
 * The category tree (roles catalog and admin): every category under its parent, by position, with
 * its address in the staff's language, position, active, in menu and its product count; a name
 * opens the category's form (catalog/admin-categories.ts saves it). A table, so that it reads and
 * scrolls like the other lists; the depth is shown by indentation (a class per depth: the CSP allows no inline styles) and said to
 * screen readers.
 */
import { useLoaderData } from 'react-router';
import { Link } from '../../lib/link';
import type { Route } from './+types/categories';
import { ScrollRegion } from '../../admin/ScrollRegion';
import { adminPath, adminT } from '../../admin/i18n';
import { langOf, resultOrThrow, staffApi } from '../../admin/staff-api.server';

type Localized = Record<string, string>;
export type TreeItem = {
  id: number;
  parent_id: number | null;
  depth: number;
  position: number;
  is_active: boolean;
  include_in_menu: boolean;
  name: Localized;
  slug: Localized;
  products: number;
};

export async function loader(args: Route.LoaderArgs) {
  const tree = resultOrThrow(await staffApi<{ items: TreeItem[] }>(args, '/categories'), args.request);
  return { lang: langOf(args.request), items: tree.items };
}

export default function AdminCategories() {
  const { lang, items } = useLoaderData<typeof loader>();
  const t = adminT(lang);
  const text = (l: Localized) => l[lang] || l.lt || Object.values(l)[0] || '';
  const yes = (b: boolean) => (b ? t('categories.yes') : t('categories.no'));
  return (
    <>
      <h1>{t('area.categories')}</h1>
      <p className="admin-actions">
        <Link to={adminPath(lang, '/categories/new')}>{t('categories.new')}</Link>
      </p>
      <p>{t('categories.hint')}</p>
      <ScrollRegion label={t('categories.tree')}>
        <table className="admin-tree">
          <caption className="admin-sr">{t('categories.tree')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('categories.name')}</th>
              <th scope="col">{t('categories.address')}</th>
              <th scope="col" className="num">
                {t('categories.position')}
              </th>
              <th scope="col">{t('categories.active')}</th>
              <th scope="col">{t('categories.inMenu')}</th>
              <th scope="col" className="num">
                {t('categories.products')}
              </th>
            </tr>
          </thead>
          <tbody>
            {items.map((c) => (
              <tr key={c.id} className={c.is_active ? undefined : 'admin-muted'}>
                <th scope="row" className="admin-tree-name" data-depth={Math.min(c.depth, 8)}>
                  {c.depth > 0 ? (
                    <span aria-hidden="true" className="admin-tree-mark">
                      └
                    </span>
                  ) : null}
                  <Link to={adminPath(lang, `/categories/${c.id}`)}>{text(c.name)}</Link>
                  <span className="admin-sr"> ({t('categories.level', { level: c.depth + 1 })})</span>
                </th>
                <td>
                  <code>
                    /{lang === 'lt' ? '' : `${lang}/`}c/{text(c.slug)}
                  </code>
                </td>
                <td className="num">{c.position}</td>
                <td>{yes(c.is_active)}</td>
                <td>{yes(c.include_in_menu)}</td>
                <td className="num">{c.products}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollRegion>
    </>
  );
}
