/**
 * A product's form (roles catalog and admin): name, description and URL key per store view; price
 * and special price with its dates (the price typed as the shop writes it, gross under
 * CATALOG_PRICES_INCLUDE_TAX, and both net and gross shown as stored); status and visibility;
 * categories; brand and attributes (condition grade among them); stock; a configurable's variants
 * with price, stock and status each. Create, duplicate, disable. The API checks the save with the
 * import file's rules and refuses a form opened before someone else's save (its version).
 */
import { formatDateTime, formatPrice } from '@vitrina/domain';
import { Form, redirect, useActionData, useLoaderData, useSearchParams } from 'react-router';
import { Link } from '../../lib/link';
import type { Route } from './+types/product';
import { adminPath, adminT, type AdminKey } from '../../admin/i18n';
import { formFields, langOf, resultOrThrow, staffApi, toLogin } from '../../admin/staff-api.server';
import { ProductImages } from '../../admin/ProductImages';
import { loadParts, partsAction } from '../../admin/product-parts.server';
import { ProductChildren } from '../../admin/ProductChildren';
import { ProductLinks } from '../../admin/ProductLinks';

const VIEWS = ['lt', 'en', 'ru'] as const;
/** a grade's short name as the shop labels it (domain GRADE_KEYS) */
const GRADE_NAMES: Record<string, string> = { a_plus: 'A+', a: 'A', b: 'B', c_plus: 'C+', c: 'C' };
const gradeName = (key: string, lang: 'lt' | 'en') =>
  key === 'new' ? (lang === 'lt' ? 'Nauja' : 'New') : (GRADE_NAMES[key] ?? key);
type Localized = Record<string, string>;
type Stock = { qty: number; is_in_stock: boolean; manage_stock: boolean };
type Prices = {
  tax_rate: number;
  price: number;
  price_incl_tax: number;
  special_price: number | null;
  special_price_incl_tax: number | null;
  special_from_date: string | null;
  special_to_date: string | null;
};
type Child = Prices & {
  id: number;
  sku: string;
  name: Localized;
  status: number;
  attributes: Record<string, number | string>;
  stock: Stock;
};
type LadderStep = { sku: string; grade: string; price: number };
type Product = Prices & {
  id: number;
  sku: string;
  type_id: string;
  version: number;
  status: number;
  visibility: number;
  name: Localized;
  description: Localized;
  url_key: string;
  slug: Localized;
  brand: string | null;
  mpn: string | null;
  attributes: Record<string, number | string>;
  category_ids: number[];
  stock: Stock;
  children: Child[];
  /** pairs where a lower grade costs the same as or more than a higher one (domain grade-ladder.ts) */
  grade_ladder?: { lower: LadderStep; higher: LadderStep }[];
  updated_at: string;
  /** when the API read this form (the stock shown was counted then) */
  opened_at: string;
  prices_include_tax: boolean;
};
type Options = {
  categories: { id: number; name: Localized; level: number }[];
  attributes: {
    code: string;
    label: Localized;
    input: string;
    options: { value: number; label: Localized }[];
  }[];
  prices_include_tax: boolean;
};

export async function loader(args: Route.LoaderArgs) {
  const lang = langOf(args.request);
  const sku = args.params.sku;
  if (sku === 'new') {
    const list = resultOrThrow(await staffApi<{ options: Options }>(args, '/products?size=1'), args.request);
    return { lang, product: null, options: list.options, parts: null };
  }
  const answer = await staffApi<{ product: Product; options: Options }>(
    args,
    `/products/${encodeURIComponent(sku)}`,
  );
  const found = resultOrThrow(answer, args.request);
  const parts = await loadParts(args, sku, found.product.type_id);
  return { lang, product: found.product, options: found.options, parts };
}

/** a price as typed in either language ("449,00", "1 234.50") as the API reads it ("449.00"); '' → null */
function amount(text: string | undefined): string | null {
  const s = (text ?? '').replace(/[\s\u00A0€]/g, '').replace(',', '.');
  return s === '' ? null : s;
}
const dateOrNull = (text: string | undefined) => (text ? text : null);
const whole = (text: string | undefined) =>
  text === undefined || text.trim() === '' ? undefined : /^-?\d+$/.test(text.trim()) ? Number(text) : text;

/**
 * a quantity only when it was changed in the form: an untouched field would write back the count
 * shown when the form opened over the sales since (the API refuses a changed one if stock moved)
 */
function changedQty(f: Record<string, string>, name: string): { qty?: unknown } {
  return f[name] !== undefined && f[name] !== f[`${name}_was`] ? { qty: whole(f[name]) ?? 0 } : {};
}

/** the form's fields as the API's save body (an import record's fields) */
function productBody(
  f: Record<string, string>,
  all: FormData,
  options: { attributes: string[]; children: number },
) {
  const text = (prefix: string) =>
    Object.fromEntries(VIEWS.map((v) => [v, f[`${prefix}_${v}`] ?? '']).filter(([, value]) => value !== ''));
  const attributes: Record<string, unknown> = {};
  for (const code of options.attributes)
    if (`attr_${code}` in f) attributes[code] = whole(f[`attr_${code}`]) ?? '';
  const children = [];
  for (let i = 0; i < options.children; i++) {
    const sku = f[`child_${i}_sku`];
    if (!sku) continue;
    children.push({
      sku,
      price: amount(f[`child_${i}_price`]),
      status: f[`child_${i}_enabled`] === 'on' ? 1 : 2,
      stock: { ...changedQty(f, `child_${i}_qty`), is_in_stock: f[`child_${i}_in`] === 'on' },
    });
  }
  return {
    ...(f.sku !== undefined ? { sku: f.sku.trim() } : {}),
    name: text('name'),
    description: text('description'),
    slug: text('slug'),
    url_key: f.url_key ?? '',
    price: amount(f.price),
    special_price: amount(f.special_price),
    special_from_date: dateOrNull(f.special_from),
    special_to_date: dateOrNull(f.special_to),
    status: f.enabled === 'on' ? 1 : 2,
    visibility: whole(f.visibility),
    category_ids: all.getAll('category_ids').map((v) => Number(v)),
    brand: f.brand?.trim() ? f.brand.trim() : null,
    mpn: f.mpn?.trim() ? f.mpn.trim() : null,
    attributes,
    stock: {
      ...changedQty(f, 'stock_qty'),
      is_in_stock: f.stock_in === 'on',
      manage_stock: f.stock_manage === 'on',
    },
    ...(children.length ? { configurable_children: children } : {}),
  };
}

export async function action(args: Route.ActionArgs) {
  const lang = langOf(args.request);
  const all = await args.request.clone().formData();
  const f = await formFields(args.request);
  const sku = args.params.sku;
  if (f.intent?.startsWith('part.')) return partsAction(args, f);
  const version = f.version ? Number(f.version) : undefined;
  let answer;
  if (f.intent === 'duplicate') {
    answer = await staffApi<{ sku: string }>(args, `/products/${encodeURIComponent(sku)}/duplicate`, {
      method: 'POST',
      body: { sku: f.new_sku ?? '' },
    });
  } else if (f.intent === 'disable') {
    answer = await staffApi<{ sku: string }>(args, `/products/${encodeURIComponent(sku)}/disable`, {
      method: 'POST',
      body: { version },
    });
  } else {
    const body = {
      ...(version ? { version } : {}),
      ...(f.opened_at ? { opened_at: f.opened_at } : {}),
      product: productBody(f, all, {
        attributes: (f.attribute_codes ?? '').split(',').filter(Boolean),
        children: Number(f.children ?? 0),
      }),
    };
    answer = await staffApi<{ sku: string }>(
      args,
      sku === 'new' ? '/products' : `/products/${encodeURIComponent(sku)}`,
      { method: 'POST', body },
    );
  }
  if (!answer.ok && answer.status === 401) throw toLogin(args.request);
  if (answer.ok)
    return redirect(`${adminPath(lang, `/products/${encodeURIComponent(answer.result.sku)}`)}?saved=1`);
  // the typed values come back, so a refused save loses nothing
  return {
    message: answer.message,
    stale: answer.status === 409 && f.intent !== 'duplicate',
    fields: f,
    categories: all.getAll('category_ids').map(String),
  };
}

export default function AdminProduct() {
  const { lang, product: p, options, parts } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const [params] = useSearchParams();
  const t = adminT(lang);
  const sent = result && 'fields' in result && result.fields.intent === 'save' ? result.fields : null;
  /** what a field shows: what was typed when a save was refused, else the stored value */
  const dv = (name: string, stored: string | number) =>
    sent && name in sent ? (sent[name] as string) : stored;
  const dc = (name: string, stored: boolean) => (sent ? sent[name] === 'on' : stored);
  const label = (l: Localized) => l[lang] ?? l.lt ?? Object.values(l)[0] ?? '';
  const euros = (cents: number | null | undefined) =>
    cents == null ? '' : (cents / 100).toFixed(2).replace('.', lang === 'lt' ? ',' : '.');
  const gross = options.prices_include_tax;
  const typed = (pr: Prices | null, which: 'price' | 'special') =>
    pr
      ? euros(
          which === 'price'
            ? gross
              ? pr.price_incl_tax
              : pr.price
            : gross
              ? pr.special_price_incl_tax
              : pr.special_price,
        )
      : '';
  const day = (iso: string | null | undefined) => (iso ? formatDateTime(iso).slice(0, 10) : '');
  const selects = options.attributes.filter((a) => a.options.length > 0);
  const rate = p?.tax_rate ?? 21;
  const self = adminPath(lang, `/products/${encodeURIComponent(p?.sku ?? 'new')}`);
  return (
    <>
      <p>
        <Link to={adminPath(lang, '/products')}>{t('product.backToList')}</Link>
      </p>
      <h1>{p ? t('product.title', { sku: p.sku }) : t('product.newTitle')}</h1>
      {params.get('saved') && !result ? (
        <p className="admin-note" role="status">
          {t('product.saved')}
        </p>
      ) : null}
      {result?.message ? (
        <div className="admin-alert" role="alert">
          <p>{result.message}</p>
          {result.stale ? <a href={self}>{t('product.stale')}</a> : null}
        </div>
      ) : null}
      {p ? <p>{t('product.version', { version: p.version, at: formatDateTime(p.updated_at) })}</p> : null}
      {p?.grade_ladder?.length ? (
        <section className="admin-warning" aria-labelledby="ladder-title">
          <h2 id="ladder-title">{t('ladder.title')}</h2>
          <ul>
            {p.grade_ladder.map(({ lower, higher }) => (
              <li key={`${lower.sku}-${higher.sku}`}>
                {t('ladder.pair', {
                  lower: gradeName(lower.grade, lang),
                  lowerSku: lower.sku,
                  lowerPrice: formatPrice(lower.price, lang),
                  higher: gradeName(higher.grade, lang),
                  higherSku: higher.sku,
                  higherPrice: formatPrice(higher.price, lang),
                })}
              </li>
            ))}
          </ul>
          <p>{t('ladder.hint')}</p>
        </section>
      ) : null}
      <Form method="post" reloadDocument>
        <input type="hidden" name="intent" value="save" />
        {p ? <input type="hidden" name="version" value={p.version} /> : null}
        {p ? <input type="hidden" name="opened_at" value={sent?.opened_at ?? p.opened_at} /> : null}
        {p ? <input type="hidden" name="stock_qty_was" value={sent?.stock_qty_was ?? p.stock.qty} /> : null}
        <input type="hidden" name="attribute_codes" value={selects.map((a) => a.code).join(',')} />
        <input type="hidden" name="children" value={p?.children.length ?? 0} />
        <h2>{t('product.general')}</h2>
        <div className="admin-grid">
          {p ? null : (
            <label>
              {t('products.sku')}
              <input name="sku" required autoComplete="off" defaultValue={dv('sku', '')} />
            </label>
          )}
          <label className="admin-check">
            <input type="checkbox" name="enabled" defaultChecked={dc('enabled', p ? p.status < 2 : false)} />
            {t('product.enabled')}
          </label>
          <label>
            {t('products.visibility')}
            <select name="visibility" defaultValue={dv('visibility', String(p?.visibility ?? 4))}>
              {[1, 2, 3, 4].map((v) => (
                <option key={v} value={v}>
                  {t(`products.vis${v}` as AdminKey)}
                </option>
              ))}
            </select>
          </label>
          <label>
            {t('product.urlKey')}
            <input name="url_key" defaultValue={dv('url_key', p?.url_key ?? '')} />
          </label>
        </div>
        <h2>{t('product.texts')}</h2>
        <div className="admin-grid">
          {VIEWS.map((v) => (
            <fieldset key={v}>
              <legend>{t('product.storeView', { view: v.toUpperCase() })}</legend>
              <label>
                {t('products.name')} ({v})
                <input
                  name={`name_${v}`}
                  lang={v}
                  defaultValue={dv(`name_${v}`, p?.name[v] ?? '')}
                  required={v === 'lt'}
                />
              </label>
              <label>
                {t('product.description')} ({v})
                <textarea
                  name={`description_${v}`}
                  lang={v}
                  rows={4}
                  defaultValue={dv(`description_${v}`, p?.description[v] ?? '')}
                />
              </label>
              <label>
                {t('product.urlKey')} ({v})
                <input name={`slug_${v}`} defaultValue={dv(`slug_${v}`, p?.slug[v] ?? '')} />
              </label>
            </fieldset>
          ))}
        </div>
        <h2>{t('product.prices')}</h2>
        <div className="admin-grid">
          <label>
            {gross ? t('product.priceEntered', { rate }) : t('product.priceEnteredNet')}
            <input
              name="price"
              inputMode="decimal"
              defaultValue={dv('price', typed(p, 'price'))}
              required={!p || p.type_id === 'simple'}
            />
          </label>
          <label>
            {t('product.specialPrice')}
            <input
              name="special_price"
              inputMode="decimal"
              defaultValue={dv('special_price', typed(p, 'special'))}
            />
          </label>
          <label>
            {t('product.specialFrom')}
            <input
              type="date"
              name="special_from"
              defaultValue={dv('special_from', day(p?.special_from_date))}
            />
          </label>
          <label>
            {t('product.specialTo')}
            <input type="date" name="special_to" defaultValue={dv('special_to', day(p?.special_to_date))} />
          </label>
        </div>
        {p ? (
          <p>
            {t('product.stored', {
              net: formatPrice(p.price, lang),
              gross: formatPrice(p.price_incl_tax, lang),
              rate,
            })}
            {p.special_price !== null && p.special_price_incl_tax !== null ? (
              <>
                <br />
                {t('product.storedSpecial', {
                  net: formatPrice(p.special_price, lang),
                  gross: formatPrice(p.special_price_incl_tax, lang),
                })}
              </>
            ) : null}
          </p>
        ) : null}
        <h2>{t('product.categories')}</h2>
        <label>
          {t('product.categories')} ({t('product.categoriesHint')})
          <select
            name="category_ids"
            multiple
            size={8}
            defaultValue={
              sent && result && 'categories' in result
                ? result.categories
                : (p?.category_ids ?? []).map(String)
            }
          >
            {options.categories.map((c) => (
              <option key={c.id} value={c.id}>
                {`${'· '.repeat(Math.max(0, c.level - 2))}${label(c.name)}`}
              </option>
            ))}
          </select>
        </label>
        <h2>{t('product.attributes')}</h2>
        <div className="admin-grid">
          <label>
            {t('products.brand')}
            <input name="brand" defaultValue={dv('brand', p?.brand ?? '')} />
          </label>
          <label>
            {t('product.mpn')}
            <input name="mpn" defaultValue={dv('mpn', p?.mpn ?? '')} />
          </label>
          {selects.map((a) => (
            <label key={a.code}>
              {label(a.label)}
              <select
                name={`attr_${a.code}`}
                defaultValue={dv(
                  `attr_${a.code}`,
                  p?.attributes[a.code] === undefined ? '' : String(p.attributes[a.code]),
                )}
              >
                <option value="">{t('product.none')}</option>
                {a.options.map((o) => (
                  <option key={o.value} value={o.value}>
                    {label(o.label)}
                  </option>
                ))}
              </select>
            </label>
          ))}
        </div>
        <h2>{t('products.stock')}</h2>
        <div className="admin-grid">
          <label>
            {t('product.stockQty')}
            <input
              name="stock_qty"
              type="number"
              step={1}
              defaultValue={dv('stock_qty', p?.stock.qty ?? 0)}
            />
          </label>
          <label className="admin-check">
            <input
              type="checkbox"
              name="stock_in"
              defaultChecked={dc('stock_in', p?.stock.is_in_stock ?? false)}
            />
            {t('product.stockIn')}
          </label>
          <label className="admin-check">
            <input
              type="checkbox"
              name="stock_manage"
              defaultChecked={dc('stock_manage', p?.stock.manage_stock ?? true)}
            />
            {t('product.stockManage')}
          </label>
        </div>
        {p && p.children.length > 0 ? (
          <>
            <h2 id="variants">{t('product.children')}</h2>
            <div className="admin-scroll" role="region" aria-labelledby="variants" tabIndex={0}>
              <table>
                <thead>
                  <tr>
                    <th scope="col">{t('products.sku')}</th>
                    <th scope="col">{gross ? t('products.priceGross') : t('products.priceNet')}</th>
                    <th scope="col">{t('product.stockQty')}</th>
                    <th scope="col">{t('product.stockIn')}</th>
                    <th scope="col">{t('products.enabled')}</th>
                  </tr>
                </thead>
                <tbody>
                  {p.children.map((c, i) => (
                    <tr key={c.sku}>
                      <th scope="row">
                        {c.sku}
                        <input type="hidden" name={`child_${i}_sku`} value={c.sku} />
                        <input
                          type="hidden"
                          name={`child_${i}_qty_was`}
                          value={sent?.[`child_${i}_qty_was`] ?? c.stock.qty}
                        />
                      </th>
                      <td>
                        <input
                          name={`child_${i}_price`}
                          inputMode="decimal"
                          size={9}
                          aria-label={`${c.sku}: ${t('products.price')}`}
                          defaultValue={dv(`child_${i}_price`, typed(c, 'price'))}
                        />
                      </td>
                      <td>
                        <input
                          name={`child_${i}_qty`}
                          type="number"
                          step={1}
                          className="admin-num"
                          aria-label={`${c.sku}: ${t('product.stockQty')}`}
                          defaultValue={dv(`child_${i}_qty`, c.stock.qty)}
                        />
                      </td>
                      <td>
                        <input
                          type="checkbox"
                          name={`child_${i}_in`}
                          aria-label={`${c.sku}: ${t('product.stockIn')}`}
                          defaultChecked={dc(`child_${i}_in`, c.stock.is_in_stock)}
                        />
                      </td>
                      <td>
                        <input
                          type="checkbox"
                          name={`child_${i}_enabled`}
                          aria-label={`${c.sku}: ${t('products.enabled')}`}
                          defaultChecked={dc(`child_${i}_enabled`, c.status < 2)}
                        />
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </>
        ) : null}
        <p>
          <button type="submit">{p ? t('product.save') : t('product.create')}</button>
        </p>
      </Form>
      {p ? <ProductImages lang={lang} product={p} attributes={selects} /> : null}
      {p && parts ? (
        <>
          <ProductChildren
            t={t}
            product={{ ...p, tax_rate: rate }}
            parts={parts}
            result={result && 'part' in result ? result.part : null}
            self={self}
          />
          <ProductLinks
            t={t}
            lang={lang}
            version={p.version}
            parts={parts}
            result={result && 'part' in result ? result.part : null}
            self={self}
            productLink={(s) => adminPath(lang, `/products/${encodeURIComponent(s)}`)}
          />
        </>
      ) : null}
      {p ? (
        <div className="admin-actions">
          <Form method="post" reloadDocument>
            <input type="hidden" name="intent" value="duplicate" />
            <label>
              {t('product.duplicateSku')}
              <input name="new_sku" required autoComplete="off" />
            </label>
            <button type="submit" className="secondary">
              {t('product.duplicate')}
            </button>
          </Form>
          {p.status < 2 ? (
            <Form method="post" reloadDocument>
              <input type="hidden" name="intent" value="disable" />
              <input type="hidden" name="version" value={p.version} />
              <button type="submit" className="secondary">
                {t('product.disable')}
              </button>
            </Form>
          ) : null}
        </div>
      ) : null}
    </>
  );
}
