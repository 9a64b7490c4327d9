/**
 * A pickup point's form (roles staff and admin), `new` for a new one: id (new only), carrier, name,
 * address, postcode, city, country, opening hours per weekday, coordinates and on/off. The API
 * checks the fields with the import file's pickup point schema and answers each problem by its
 * field; a refused save comes back with what was typed.
 */
import { type ReactNode } from 'react';
import { Form, redirect, useActionData, useLoaderData, useSearchParams } from 'react-router';
import { Link } from '../../lib/link';
import type { Route } from './+types/pickup-point';
import { adminPath, adminT, type AdminKey } from '../../admin/i18n';
import { formFields, langOf, resultOrThrow, staffApi, toLogin } from '../../admin/staff-api.server';
import type { PickupPoint } from './pickup-points';

const DAYS = ['1', '2', '3', '4', '5', '6', '7'] as const;
type Facets = { carriers: string[]; countries: string[] };

export async function loader(args: Route.LoaderArgs) {
  const lang = langOf(args.request);
  const id = args.params.id;
  if (id === 'new') {
    const list = resultOrThrow(await staffApi<Facets>(args, '/pickup-points?size=1'), args.request);
    return { lang, point: null, carriers: list.carriers };
  }
  const found = resultOrThrow(
    await staffApi<{ point: PickupPoint } & Facets>(args, `/pickup-points/${encodeURIComponent(id)}`),
    args.request,
  );
  return { lang, point: found.point, carriers: found.carriers };
}

const orNull = (text: string | undefined) => {
  const s = (text ?? '').trim().replace(',', '.');
  return s === '' ? null : s;
};

export async function action(args: Route.ActionArgs) {
  const lang = langOf(args.request);
  const f = await formFields(args.request);
  const id = args.params.id;
  const hours = Object.fromEntries(DAYS.map((d) => [d, (f[`day_${d}`] ?? '').trim() || null]));
  const point = {
    ...(id === 'new' ? { id: (f.id ?? '').trim() } : {}),
    carrier_code: (f.carrier_code ?? '').trim(),
    name: (f.name ?? '').trim(),
    address: (f.address ?? '').trim(),
    postcode: (f.postcode ?? '').trim(),
    city: (f.city ?? '').trim(),
    country_id: (f.country_id ?? '').trim().toUpperCase(),
    opening_hours: DAYS.every((d) => hours[d] === null) ? null : hours,
    latitude: orNull(f.latitude),
    longitude: orNull(f.longitude),
    is_active: f.is_active === 'on',
  };
  const answer = await staffApi<{ point: PickupPoint }>(
    args,
    id === 'new' ? '/pickup-points' : `/pickup-points/${encodeURIComponent(id)}`,
    { method: 'POST', body: { point } },
  );
  if (!answer.ok && answer.status === 401) throw toLogin(args.request);
  if (answer.ok)
    return redirect(
      `${adminPath(lang, `/pickup-points/${encodeURIComponent(answer.result.point.id)}`)}?saved=1`,
    );
  return { message: answer.message, errors: answer.errors ?? [], fields: f };
}

const LABELS: Record<string, AdminKey> = {
  id: 'pickup.id',
  carrier_code: 'pickup.carrier',
  name: 'pickup.name',
  address: 'pickup.address',
  postcode: 'pickup.postcode',
  city: 'pickup.city',
  country_id: 'pickup.country',
  latitude: 'pickup.latitude',
  longitude: 'pickup.longitude',
};

export default function AdminPickupPoint() {
  const { lang, point: p, carriers } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const [params] = useSearchParams();
  const t = adminT(lang);
  const sent = result?.fields ?? null;
  const dv = (name: string, stored: string) => (sent && name in sent ? (sent[name] as string) : stored);
  /** the API names a day's hours `opening_hours.3`; the form's field is `day_3` */
  const fieldOf = (name: string) => name.replace(/^opening_hours\.(\d)$/, 'day_$1');
  const errorOf = (name: string) => result?.errors.find((e) => fieldOf(e.field) === name)?.message;
  const labelOf = (name: string) => {
    const day = /^day_(\d)$/.exec(name);
    return day ? t(`pickup.day${day[1]}` as AdminKey) : LABELS[name] ? t(LABELS[name]!) : name;
  };
  const field = (name: string, input: (props: Record<string, unknown>) => ReactNode) => {
    const error = errorOf(name);
    return (
      <label key={name}>
        {labelOf(name)}
        {input({
          name,
          id: `f-${name}`,
          ...(error ? { 'aria-invalid': true, 'aria-describedby': `e-${name}` } : {}),
        })}
        {error ? (
          <span className="admin-field-error" id={`e-${name}`}>
            {error}
          </span>
        ) : null}
      </label>
    );
  };
  const text = (name: keyof PickupPoint, extra: Record<string, unknown> = {}) =>
    field(name, (props) => (
      <input {...props} {...extra} defaultValue={dv(name, p ? String(p[name] ?? '') : '')} />
    ));
  return (
    <>
      <p>
        <Link to={adminPath(lang, '/pickup-points')}>{t('pickup.backToList')}</Link>
      </p>
      <h1>{p ? t('pickup.title', { name: p.name }) : t('pickup.newTitle')}</h1>
      {params.get('saved') && !result ? (
        <p className="admin-note" role="status">
          {t('pickup.saved')}
        </p>
      ) : null}
      {result?.message ? (
        <div className="admin-alert" role="alert">
          <p>{result.errors.length ? t('pickup.fieldErrors') : result.message}</p>
          {result.errors.length ? (
            <ul>
              {result.errors.map((e) => (
                <li key={e.field}>
                  <a href={`#f-${fieldOf(e.field)}`}>
                    {labelOf(fieldOf(e.field))}: {e.message}
                  </a>
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      ) : null}
      <Form method="post" reloadDocument>
        <div className="admin-grid">
          {p ? (
            <p>
              {t('pickup.id')}: <code>{p.id}</code>
            </p>
          ) : (
            text('id', { required: true, autoComplete: 'off', spellCheck: false })
          )}
          {field('carrier_code', (props) => (
            <>
              <input
                {...props}
                required
                list="carriers"
                autoComplete="off"
                defaultValue={dv('carrier_code', p?.carrier_code ?? '')}
              />
              <datalist id="carriers">
                {carriers.map((c) => (
                  <option key={c} value={c} />
                ))}
              </datalist>
            </>
          ))}
          {text('name', { required: true })}
          {text('address', { required: true, autoComplete: 'off' })}
          {text('postcode', { autoComplete: 'off' })}
          {text('city', { required: true, autoComplete: 'off' })}
          {text('country_id', { required: true, maxLength: 2, autoComplete: 'off' })}
          {text('latitude', { inputMode: 'decimal' })}
          {text('longitude', { inputMode: 'decimal' })}
        </div>
        <fieldset className="admin-langs">
          <legend>{t('pickup.hours')}</legend>
          <div className="admin-hours">
            {DAYS.map((d) =>
              field(`day_${d}`, (props) => (
                <input
                  {...props}

                  autoComplete="off"
                  defaultValue={dv(`day_${d}`, p?.opening_hours?.[d] ?? '')}
                />
              )),
            )}
          </div>
        </fieldset>
        <p className="admin-actions">
          <label className="admin-check">
            <input
              type="checkbox"
              name="is_active"
              defaultChecked={sent ? sent.is_active === 'on' : (p?.is_active ?? true)}
            />
            {t('pickup.activeField')}
          </label>
        </p>
        <button type="submit">{t('pickup.save')}</button>
      </Form>
    </>
  );
}
