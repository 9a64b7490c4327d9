/**
 * The attributes (roles catalog and admin): each with its code, label in the staff's language,
 * input, whether it is a filter on the category page and a row of the comparison table, its
 * position, number of values and of products using it; a label opens its form
 * (catalog/admin-attributes.ts saves it).
 */
import { useLoaderData, useSearchParams } from 'react-router';
import { Link } from '../../lib/link';
import type { Route } from './+types/attributes';
import { ScrollRegion } from '../../admin/ScrollRegion';
import { adminPath, adminT } from '../../admin/i18n';
import { langOf, resultOrThrow, staffApi } from '../../admin/staff-api.server';

type Localized = Record<string, string>;
export type AttributeItem = {
  attribute_id: number;
  attribute_code: string;
  frontend_label: Localized;
  frontend_input: string;
  is_filterable: boolean;
  is_comparable: boolean;
  position: number;
  values: number;
  products: number;
};

export async function loader(args: Route.LoaderArgs) {
  const list = resultOrThrow(await staffApi<{ items: AttributeItem[] }>(args, '/attributes'), args.request);
  return { lang: langOf(args.request), items: list.items };
}

export default function AdminAttributes() {
  const { lang, items } = useLoaderData<typeof loader>();
  const [params] = useSearchParams();
  const t = adminT(lang);
  const text = (l: Localized) => l[lang] || l.lt || Object.values(l)[0] || '';
  const yes = (b: boolean) => (b ? t('categories.yes') : t('categories.no'));
  return (
    <>
      <h1>{t('area.attributes')}</h1>
      {params.get('deleted') ? (
        <p className="admin-note" role="status">
          {t('attribute.deleted', { code: params.get('deleted') ?? '' })}
        </p>
      ) : null}
      <p className="admin-actions">
        <Link to={adminPath(lang, '/attributes/new')}>{t('attributes.new')}</Link>
      </p>
      <p>{t('attributes.hint')}</p>
      <ScrollRegion label={t('attributes.table')}>
        <table>
          <caption className="admin-sr">{t('attributes.table')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('attributes.label')}</th>
              <th scope="col">{t('attributes.code')}</th>
              <th scope="col">{t('attributes.input')}</th>
              <th scope="col">{t('attributes.filter')}</th>
              <th scope="col">{t('attributes.compare')}</th>
              <th scope="col" className="num">
                {t('attributes.position')}
              </th>
              <th scope="col" className="num">
                {t('attributes.values')}
              </th>
              <th scope="col" className="num">
                {t('attributes.products')}
              </th>
            </tr>
          </thead>
          <tbody>
            {items.map((a) => (
              <tr key={a.attribute_id}>
                <th scope="row">
                  <Link to={adminPath(lang, `/attributes/${a.attribute_id}`)}>
                    {text(a.frontend_label) || a.attribute_code}
                  </Link>
                </th>
                <td>
                  <code>{a.attribute_code}</code>
                </td>
                <td>
                  {a.frontend_input === 'select' ? t('attribute.inputSelect') : t('attribute.inputText')}
                </td>
                <td>{yes(a.is_filterable)}</td>
                <td>{yes(a.is_comparable)}</td>
                <td className="num">{a.position}</td>
                <td className="num">{a.values}</td>
                <td className="num">{a.products}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollRegion>
    </>
  );
}
