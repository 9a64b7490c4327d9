/**
 * An attribute's form (roles catalog and admin), `new` for a new one: its code and input (chosen
 * once), labels per store view, filter on the category page, row of the comparison table, position,
 * and its values: each value's label per store view and its place in the list (a position number),
 * a new value (the server numbers it), a value removed (refused while a product uses it, with the
 * number of products). A refused save comes back with what was typed, each problem by its field.
 */
import { Form, redirect, useActionData, useLoaderData, useSearchParams } from 'react-router';
import { Link } from '../../lib/link';
import type { Route } from './+types/attribute';
import { adminPath, adminT, type AdminKey } from '../../admin/i18n';
import { labelledField } from '../../admin/labelled-field';
import { formFields, langOf, resultOrThrow, staffApi, toLogin } from '../../admin/staff-api.server';

type Localized = Record<string, string>;
type Option = { value: number; label: Localized; products: number };
type Attribute = {
  attribute_id: number;
  attribute_code: string;
  frontend_label: Localized;
  frontend_input: string;
  is_filterable: boolean;
  is_comparable: boolean;
  position: number;
  options: Option[];
  products: number;
};
const STORES = ['lt', 'en', 'ru'] as const;
const INPUTS = ['select', 'text'] as const;

export async function loader(args: Route.LoaderArgs) {
  const lang = langOf(args.request);
  const id = args.params.id;
  if (id === 'new') return { lang, attribute: null };
  const found = resultOrThrow(
    await staffApi<{ attribute: Attribute }>(args, `/attributes/${encodeURIComponent(id)}`),
    args.request,
  );
  return { lang, attribute: found.attribute };
}

/** a value row of the form: a stored value by its number, or the blank row of a new one */
type Row = { key: string; value: number | null; position: number; order: number };

export async function action(args: Route.ActionArgs) {
  const lang = langOf(args.request);
  const f = await formFields(args.request);
  const id = args.params.id;
  if (f.intent === 'delete') {
    const answer = await staffApi<{ deleted: number }>(args, `/attributes/${encodeURIComponent(id)}/delete`, {
      method: 'POST',
    });
    if (!answer.ok && answer.status === 401) throw toLogin(args.request);
    if (answer.ok)
      return redirect(
        `${adminPath(lang, '/attributes')}?deleted=${encodeURIComponent(f.attribute_code ?? '')}`,
      );
    return { message: answer.message, errors: [], fields: f, rows: [] as string[] };
  }
  const perStore = (prefix: string) => Object.fromEntries(STORES.map((s) => [s, f[`${prefix}_${s}`] ?? '']));
  // the values kept, in the order of their position numbers (a tie keeps the list's order)
  const rows: Row[] = [];
  (f.values ?? '')
    .split(',')
    .filter(Boolean)
    .forEach((v, order) => {
      if (f[`opt_${v}_remove`] === 'on') return;
      rows.push({ key: v, value: Number(v), position: Number(f[`opt_${v}_pos`]), order });
    });
  const newLabel = perStore('opt_new_label');
  if (Object.values(newLabel).some((l) => l.trim()))
    rows.push({ key: 'new', value: null, position: Number(f.opt_new_pos), order: rows.length + 1000 });
  const place = (r: Row) =>
    Number.isFinite(r.position) && (f[`opt_${r.key}_pos`] ?? '').trim() !== '' ? r.position : Infinity;
  rows.sort((a, b) => place(a) - place(b) || a.order - b.order);
  const attribute = {
    ...(id === 'new'
      ? { attribute_code: (f.attribute_code ?? '').trim(), frontend_input: f.frontend_input ?? 'select' }
      : {}),
    frontend_label: perStore('label'),
    position: (f.position ?? '').trim(),
    is_filterable: f.is_filterable === 'on',
    is_comparable: f.is_comparable === 'on',
    ...(f.frontend_input === 'text' || (id !== 'new' && f.values === undefined)
      ? {}
      : {
          options: rows.map((r) => ({
            ...(r.value === null ? {} : { value: r.value }),
            label: perStore(`opt_${r.key}_label`),
          })),
        }),
  };
  const answer = await staffApi<{ attribute: Attribute }>(
    args,
    id === 'new' ? '/attributes' : `/attributes/${encodeURIComponent(id)}`,
    { method: 'POST', body: { attribute } },
  );
  if (!answer.ok && answer.status === 401) throw toLogin(args.request);
  if (answer.ok)
    return redirect(`${adminPath(lang, `/attributes/${answer.result.attribute.attribute_id}`)}?saved=1`);
  return { message: answer.message, errors: answer.errors ?? [], fields: f, rows: rows.map((r) => r.key) };
}

const LANG_NAMES = { lt: 'Lietuvių', en: 'English', ru: 'Русский' } as const;

export default function AdminAttribute() {
  const { lang, attribute: a } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const [params] = useSearchParams();
  const t = adminT(lang);
  const text = (l: Localized) => l[lang] || l.lt || Object.values(l)[0] || '';
  const sent = result?.fields ?? null;
  const dv = (name: string, stored: string) => (sent && name in sent ? (sent[name] as string) : stored);
  const checked = (name: string, stored: boolean) => (sent ? sent[name] === 'on' : stored);
  /** the API's field (`options.2.label.lt`, `frontend_label.lt`) as the form's input name */
  const fieldOf = (name: string) => {
    const m = /^options\.(\d+)\.(label)\.(lt|en|ru)$/.exec(name);
    if (m) return `opt_${result?.rows[Number(m[1])] ?? 'new'}_label_${m[3]}`;
    if (name === 'options' || name.startsWith('options.')) return 'values';
    return name.replace(/^frontend_label\.(lt|en|ru)$/, 'label_$1');
  };
  const errorOf = (name: string) => result?.errors.find((e) => fieldOf(e.field) === name)?.message;
  const label = (field: string) => {
    const m = /^(?:frontend_label|label)[._](lt|en|ru)$/.exec(field);
    if (m) return t('attribute.labelIn', { lang: m[1]! });
    const o = /^opt_(\w+)_label_(lt|en|ru)$/.exec(fieldOf(field));
    if (o)
      return `${o[1] === 'new' ? t('attribute.newValue') : t('attribute.value', { value: o[1]! })} (${o[2]})`;
    const keys: Record<string, AdminKey> = {
      attribute_code: 'attributes.code',
      frontend_input: 'attributes.input',
      position: 'attributes.position',
      values: 'attribute.values',
    };
    return keys[fieldOf(field)] ? t(keys[fieldOf(field)]!) : field;
  };
  const field = labelledField(errorOf);
  const isSelect = a ? a.frontend_input === 'select' : dv('frontend_input', 'select') === 'select';
  const options = a?.options ?? [];
  const valuesError = errorOf('values');
  const valueRow = (key: string, caption: string, stored: Option | null, position: number) => (
    <fieldset key={key} className="admin-langs admin-attr-value">
      <legend>{caption}</legend>
      {stored ? (
        <p className="admin-hint">
          {stored.products ? t('attribute.valueUsedBy', { n: stored.products }) : t('attribute.valueUnused')}
        </p>
      ) : null}
      <div className="admin-grid admin-grid-narrow">
        {STORES.map((s) =>
          field(`opt_${key}_label_${s}`, t('attribute.labelIn', { lang: s }), (p) => (
            <input {...p} lang={s} defaultValue={dv(`opt_${key}_label_${s}`, stored?.label[s] ?? '')} />
          )),
        )}
        {field(`opt_${key}_pos`, t('attribute.valuePosition'), (p) => (
          <input {...p} inputMode="numeric" defaultValue={dv(`opt_${key}_pos`, String(position))} />
        ))}
        {stored ? (
          <label className="admin-check">
            <input
              type="checkbox"
              name={`opt_${key}_remove`}
              defaultChecked={checked(`opt_${key}_remove`, false)}
            />
            {t('attribute.removeValue')}
          </label>
        ) : null}
      </div>
    </fieldset>
  );
  return (
    <>
      <p>
        <Link to={adminPath(lang, '/attributes')}>{t('attribute.backToList')}</Link>
      </p>
      <h1>
        {a
          ? t('attribute.title', { name: text(a.frontend_label) || a.attribute_code })
          : t('attribute.newTitle')}
      </h1>
      {params.get('saved') && !result ? (
        <p className="admin-note" role="status">
          {t('attribute.saved')}
        </p>
      ) : null}
      {result?.message ? (
        <div className="admin-alert" role="alert">
          <p>{result.errors.length ? t('attribute.fieldErrors') : result.message}</p>
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
      {a ? <p>{t('attribute.products', { n: a.products })}</p> : null}
      <Form method="post" reloadDocument>
        <div className="admin-grid">
          {a ? (
            <p>
              {t('attributes.code')}: <code>{a.attribute_code}</code>
              <br />
              {t('attributes.input')}: {isSelect ? t('attribute.inputSelect') : t('attribute.inputText')}
            </p>
          ) : (
            <>
              {field(
                'attribute_code',
                t('attributes.code'),
                (p) => (
                  <input
                    {...p}
                    required
                    autoComplete="off"
                    spellCheck={false}
                    defaultValue={dv('attribute_code', '')}
                  />
                ),
                t('attribute.codeHint'),
              )}
              {field('frontend_input', t('attributes.input'), (p) => (
                <select {...p} defaultValue={dv('frontend_input', 'select')}>
                  {INPUTS.map((i) => (
                    <option key={i} value={i}>
                      {i === 'select' ? t('attribute.inputSelect') : t('attribute.inputText')}
                    </option>
                  ))}
                </select>
              ))}
            </>
          )}
          {field('position', t('attribute.position'), (p) => (
            <input
              {...p}
              inputMode="numeric"
              required
              defaultValue={dv('position', String(a?.position ?? 0))}
            />
          ))}
        </div>
        <fieldset className="admin-langs">
          <legend>{t('attribute.labels')}</legend>
          <div className="admin-grid">
            {STORES.map((s) =>
              field(`label_${s}`, `${t('attribute.labelIn', { lang: s })} · ${LANG_NAMES[s]}`, (p) => (
                <input
                  {...p}
                  lang={s}
                  required={s === 'lt'}
                  defaultValue={dv(`label_${s}`, a?.frontend_label[s] ?? '')}
                />
              )),
            )}
          </div>
        </fieldset>
        <p className="admin-actions">
          <label className="admin-check">
            <input
              type="checkbox"
              name="is_filterable"
              defaultChecked={checked('is_filterable', a?.is_filterable ?? true)}
            />
            {t('attribute.filterable')}
          </label>
          <label className="admin-check">
            <input
              type="checkbox"
              name="is_comparable"
              defaultChecked={checked('is_comparable', a?.is_comparable ?? true)}
            />
            {t('attribute.comparable')}
          </label>
        </p>
        {isSelect ? (
          <section aria-labelledby="values-title" id="f-values" tabIndex={-1}>
            <h2 id="values-title">{t('attribute.values')}</h2>
            <p className="admin-hint">{t('attribute.valuesHint')}</p>
            {valuesError ? (
              <p className="admin-field-error" role="alert">
                {valuesError}
              </p>
            ) : null}
            <input type="hidden" name="values" value={options.map((o) => o.value).join(',')} />
            {options.map((o, i) =>
              valueRow(
                String(o.value),
                t('attribute.value', { value: o.value }) + ` · ${text(o.label)}`,
                o,
                i + 1,
              ),
            )}
            {valueRow('new', t('attribute.newValue'), null, options.length + 1)}
          </section>
        ) : null}
        <button type="submit">{t('attribute.save')}</button>
      </Form>
      {a ? (
        <section aria-labelledby="delete-title" className="admin-attr-delete">
          <h2 id="delete-title">{t('attribute.deleteTitle')}</h2>
          {a.products ? (
            <p>{t('attribute.deleteUsed', { n: a.products })}</p>
          ) : (
            <Form method="post" reloadDocument>
              <input type="hidden" name="intent" value="delete" />
              <input type="hidden" name="attribute_code" value={a.attribute_code} />
              <button type="submit">{t('attribute.delete', { code: a.attribute_code })}</button>
            </Form>
          )}
        </section>
      ) : null}
    </>
  );
}
