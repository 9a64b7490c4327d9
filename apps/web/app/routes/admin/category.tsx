/**
 * A category's form (roles catalog and admin), `new` for a new one: its parent (a move), names and
 * url keys per store view, position, active and shown in menu. The API checks the fields with the
 * import file's category schema and answers each problem by its field; a refused save comes back
 * with what was typed. The address of each store view is shown beside its url key.
 */
import { Form, redirect, useActionData, useLoaderData, useSearchParams } from 'react-router';
import { descendantsOf } from '@vitrina/domain';
import { Link } from '../../lib/link';
import type { Route } from './+types/category';
import { adminPath, adminT, type AdminKey } from '../../admin/i18n';
import { labelledField } from '../../admin/labelled-field';
import { formFields, langOf, resultOrThrow, staffApi, toLogin } from '../../admin/staff-api.server';
import type { TreeItem } from './categories';

type Localized = Record<string, string>;
type Category = {
  id: number;
  parent_id: number | null;
  position: number;
  level: number;
  is_active: boolean;
  include_in_menu: boolean;
  name: Localized;
  slug: Localized;
};
const STORES = ['lt', 'en', 'ru'] as const;

export async function loader(args: Route.LoaderArgs) {
  const lang = langOf(args.request);
  const id = args.params.id;
  if (id === 'new') {
    const tree = resultOrThrow(await staffApi<{ items: TreeItem[] }>(args, '/categories'), args.request);
    return { lang, category: null, items: tree.items };
  }
  const found = resultOrThrow(
    await staffApi<{ category: Category; items: TreeItem[] }>(args, `/categories/${encodeURIComponent(id)}`),
    args.request,
  );
  return { lang, category: found.category, items: found.items };
}

export async function action(args: Route.ActionArgs) {
  const lang = langOf(args.request);
  const f = await formFields(args.request);
  const id = args.params.id;
  const perStore = (prefix: string) => Object.fromEntries(STORES.map((s) => [s, f[`${prefix}_${s}`] ?? '']));
  const category = {
    parent_id: f.parent_id ?? '',
    name: perStore('name'),
    url_key: perStore('url_key'),
    position: (f.position ?? '').trim(),
    is_active: f.is_active === 'on',
    include_in_menu: f.include_in_menu === 'on',
  };
  const answer = await staffApi<{ category: Category }>(
    args,
    id === 'new' ? '/categories' : `/categories/${encodeURIComponent(id)}`,
    {
      method: 'POST',
      body: { category },
    },
  );
  if (!answer.ok && answer.status === 401) throw toLogin(args.request);
  if (answer.ok) return redirect(`${adminPath(lang, `/categories/${answer.result.category.id}`)}?saved=1`);
  return { message: answer.message, errors: answer.errors ?? [], fields: f };
}

const LANG_NAMES = { lt: 'Lietuvių', en: 'English', ru: 'Русский' } as const;

export default function AdminCategory() {
  const { lang, category: c, items } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const [params] = useSearchParams();
  const t = adminT(lang);
  const text = (l: Localized) => l[lang] || l.lt || Object.values(l)[0] || '';
  const sent = result?.fields ?? null;
  const dv = (name: string, stored: string) => (sent && name in sent ? (sent[name] as string) : stored);
  const checked = (name: string, stored: boolean) => (sent ? sent[name] === 'on' : stored);
  const fieldOf = (name: string) => name.replace(/^(name|url_key)\.(lt|en|ru)$/, '$1_$2');
  const errorOf = (name: string) =>
    result?.errors.find((e) => fieldOf(e.field) === name || e.field === name)?.message;
  const label = (field: string) => {
    const m = /^(name|url_key)[._](lt|en|ru)$/.exec(field);
    if (m) return t(m[1] === 'name' ? 'category.nameIn' : 'category.urlKeyIn', { lang: m[2]! });
    const keys: Record<string, AdminKey> = {
      parent_id: 'category.parent',
      position: 'categories.position',
      name: 'categories.name',
    };
    return keys[field] ? t(keys[field]!) : field;
  };
  const field = labelledField(errorOf);
  // a category cannot move under itself or its own subcategories
  const excluded = new Set(c ? [c.id, ...descendantsOf(items, c.id).map((d) => d.id)] : []);
  const parents = items.filter((i) => !excluded.has(i.id));
  const urlKey = (slug: string | undefined) => (slug ?? '').split('/').pop() ?? '';
  const address = (s: (typeof STORES)[number]) => `/${s === 'lt' ? '' : `${s}/`}c/${c?.slug[s] ?? ''}`;
  return (
    <>
      <p>
        <Link to={adminPath(lang, '/categories')}>{t('category.backToList')}</Link>
      </p>
      <h1>{c ? t('category.title', { name: text(c.name) }) : t('category.newTitle')}</h1>
      {params.get('saved') && !result ? (
        <p className="admin-note" role="status">
          {t('category.saved')}
        </p>
      ) : null}
      {result?.message ? (
        <div className="admin-alert" role="alert">
          <p>{result.errors.length ? t('category.fieldErrors') : result.message}</p>
          {result.errors.length ? (
            <ul>
              {result.errors.map((e) => (
                <li key={e.field}>
                  <a href={`#f-${fieldOf(e.field)}`}>
                    {label(e.field)}: {e.message}
                  </a>
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      ) : null}
      {c ? <p>{t('category.products', { n: items.find((i) => i.id === c.id)?.products ?? 0 })}</p> : null}
      <Form method="post" reloadDocument>
        <div className="admin-grid">
          {field('parent_id', t('category.parent'), (p) => (
            <select
              {...p}
              required
              defaultValue={dv('parent_id', String(c?.parent_id ?? parents[0]?.id ?? ''))}
            >
              {c && c.parent_id !== null && !items.some((i) => i.id === c.parent_id) ? (
                <option value={String(c.parent_id)}>{c.parent_id}</option>
              ) : null}
              {parents.map((i) => (
                <option key={i.id} value={String(i.id)}>
                  {`${'\u00A0\u00A0'.repeat(i.depth)}${i.depth ? '└ ' : ''}${text(i.name)}`}
                </option>
              ))}
            </select>
          ))}
          {field('position', t('category.position'), (p) => (
            <input
              {...p}
              inputMode="numeric"
              required
              defaultValue={dv('position', String(c?.position ?? 0))}
            />
          ))}
        </div>
        {STORES.map((s) => (
          <fieldset key={s} className="admin-langs">
            <legend lang={s}>{LANG_NAMES[s]}</legend>
            <div className="admin-grid">
              {field(`name_${s}`, t('category.nameIn', { lang: s }), (p) => (
                <input
                  {...p}
                  lang={s}
                  required={s === 'lt'}
                  defaultValue={dv(`name_${s}`, c?.name[s] ?? '')}
                />
              ))}
              {field(
                `url_key_${s}`,
                t('category.urlKeyIn', { lang: s }),
                (p) => (
                  <input
                    {...p}
                    autoComplete="off"
                    spellCheck={false}
                    defaultValue={dv(`url_key_${s}`, urlKey(c?.slug[s]))}
                  />
                ),
                c
                  ? `${t('category.urlKeyHint')} ${t('category.urlKeyNow', { path: address(s) })}`
                  : t('category.urlKeyHint'),
              )}
            </div>
          </fieldset>
        ))}
        <p className="admin-actions">
          <label className="admin-check">
            <input
              type="checkbox"
              name="is_active"
              defaultChecked={checked('is_active', c?.is_active ?? true)}
            />
            {t('category.active')}
          </label>
          <label className="admin-check">
            <input
              type="checkbox"
              name="include_in_menu"
              defaultChecked={checked('include_in_menu', c?.include_in_menu ?? true)}
            />
            {t('category.inMenu')}
          </label>
        </p>
        <button type="submit">{t('category.save')}</button>
      </Form>
    </>
  );
}
