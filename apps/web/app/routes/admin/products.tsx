/**
 * The products list (roles catalog and admin): search over SKU, name, brand, EAN and MPN; filters by
 * category, type, status, visibility, stock (in stock, low, sold out) and condition grade; paging.
 * Built on the back office's list component (AdminList), the filters in the URL.
 */
import { formatPrice } from '@vitrina/domain';
import { useLoaderData, useLocation } from 'react-router';
import { Link } from '../../lib/link';
import type { Route } from './+types/products';
import { AdminList, type ListColumn } from '../../admin/AdminList';
import { adminPath, adminT, type AdminKey } from '../../admin/i18n';
import { listPage } from '../../admin/staff-api.server';

const FILTERS = [
  'q',
  'category',
  'type',
  'status',
  'visibility',
  'stock',
  'grade',
  'ladder',
  'page',
] as const;
const PRODUCT_TYPES = ['simple', 'configurable', 'grouped', 'bundle', 'virtual', 'downloadable'];

type Item = {
  id: number;
  sku: string;
  name: string;
  brand: string | null;
  type_id: string;
  status: number;
  visibility: number;
  parent_sku: string | null;
  price: number;
  price_incl_tax: number;
  qty: number;
  is_in_stock: boolean;
  manage_stock: boolean;
  grade: number | null;
  grade_ladder_inverted?: boolean;
};
type Localized = Record<string, string>;
type Options = {
  categories: { id: number; name: Localized; level: number }[];
  attributes: { code: string; label: Localized; options: { value: number; label: Localized }[] }[];
  prices_include_tax: boolean;
};
type ProductsPage = { items: Item[]; total: number; page: number; size: number; options: Options };

export async function loader(args: Route.LoaderArgs) {
  return listPage<ProductsPage>(args, '/products', FILTERS);
}

export default function AdminProducts() {
  const { lang, error, list } = useLoaderData<typeof loader>();
  const { search } = useLocation();
  const t = adminT(lang);
  const label = (l: Localized) => l[lang] ?? l.lt ?? Object.values(l)[0] ?? '';
  const grades = list?.options.attributes.find((a) => a.code === 'condition')?.options ?? [];
  const gradeLabel = new Map(grades.map((g) => [g.value, label(g.label)]));
  const columns: ListColumn<Item>[] = [
    {
      key: 'sku',
      header: t('products.sku'),
      cell: (p) => <Link to={adminPath(lang, `/products/${encodeURIComponent(p.sku)}`)}>{p.sku}</Link>,
    },
    {
      key: 'name',
      header: t('products.name'),
      cell: (p) => (
        <>
          {p.name}
          {p.parent_sku ? <div>{t('products.childOf', { sku: p.parent_sku })}</div> : null}
          {p.grade_ladder_inverted ? <div className="admin-flag">{t('ladder.flag')}</div> : null}
        </>
      ),
    },
    { key: 'brand', header: t('products.brand'), cell: (p) => p.brand ?? '' },
    { key: 'type', header: t('products.type'), cell: (p) => p.type_id },
    {
      key: 'status',
      header: t('products.status'),
      cell: (p) => (p.status < 2 ? t('products.enabled') : t('products.disabled')),
    },
    {
      key: 'visibility',
      header: t('products.visibility'),
      cell: (p) => t(`products.vis${p.visibility}` as AdminKey),
    },
    {
      key: 'grade',
      header: t('products.grade'),
      cell: (p) => (p.grade === null ? '' : (gradeLabel.get(p.grade) ?? String(p.grade))),
    },
    {
      key: 'gross',
      header: t('products.priceGross'),
      num: true,
      cell: (p) => formatPrice(p.price_incl_tax, lang),
    },
    { key: 'net', header: t('products.priceNet'), num: true, cell: (p) => formatPrice(p.price, lang) },
    {
      key: 'qty',
      header: t('products.qty'),
      num: true,
      cell: (p) =>
        (p.manage_stock ? String(p.qty) : '∞') + (p.is_in_stock ? '' : ` (${t('products.soldOut')})`),
    },
  ];
  return (
    <AdminList
      t={t}
      title={t('area.products')}
      search={{ name: 'q', label: t('products.search') }}
      filters={[
        {
          kind: 'select',
          name: 'category',
          label: t('products.category'),
          options: (list?.options.categories ?? []).map((c) => ({
            value: String(c.id),
            label: `${'· '.repeat(Math.max(0, c.level - 2))}${label(c.name)}`,
          })),
        },
        {
          kind: 'select',
          name: 'type',
          label: t('products.type'),
          options: PRODUCT_TYPES.map((v) => ({ value: v, label: v })),
        },
        {
          kind: 'select',
          name: 'status',
          label: t('products.status'),
          options: [
            { value: 'enabled', label: t('products.enabled') },
            { value: 'disabled', label: t('products.disabled') },
          ],
        },
        {
          kind: 'select',
          name: 'visibility',
          label: t('products.visibility'),
          options: [1, 2, 3, 4].map((v) => ({ value: String(v), label: t(`products.vis${v}` as AdminKey) })),
        },
        {
          kind: 'select',
          name: 'stock',
          label: t('products.stock'),
          options: [
            { value: 'in', label: t('products.inStock') },
            { value: 'low', label: t('products.lowStock') },
            { value: 'out', label: t('products.soldOut') },
          ],
        },
        {
          kind: 'select',
          name: 'grade',
          label: t('products.grade'),
          options: grades.map((g) => ({ value: String(g.value), label: label(g.label) })),
        },
        {
          kind: 'select',
          name: 'ladder',
          label: t('ladder.filter'),
          options: [{ value: 'inverted', label: t('ladder.inverted') }],
        },
      ]}
      columns={columns}
      rows={list?.items ?? null}
      rowKey={(p) => p.id}
      total={list?.total ?? 0}
      page={list?.page ?? 1}
      size={list?.size ?? 50}
      query={search}
      resetHref={adminPath(lang, '/products')}
      actions={
        <>
          <Link to={adminPath(lang, '/products/new')}>{t('products.new')}</Link>
          <Link to={adminPath(lang, '/products/csv')}>{t('products.csv')}</Link>
        </>
      }
      error={error}
    />
  );
}
