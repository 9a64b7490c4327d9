/**
 * The shop's settings in the back office (role admin): its name and logo, the seller and bank
 * account, its promises and amounts (packages/domain shop-settings.ts). Money is entered in euros
 * and cents and sent in cents; the form carries the version it was opened at, so a save after
 * someone else's is refused (409) and the entered values stay on the page to be checked again.
 */
import {
  DEMO_POPULAR_SEARCHES,
  GRADE_KEYS,
  SELLER_FIELDS,
  centsToEuroInput,
  formatDateTime,
  parseEurosToCents,
  popularSearchLines,
  type GradeKey,
  type ShopSettings,
  type StoreCode,
} from '@vitrina/domain';
import { Form, useActionData, useLoaderData, useNavigation } from 'react-router';
import type { Route } from './+types/settings';
import { adminT, type AdminKey, type AdminT } from '../../admin/i18n';
import { formFields, langOf, resultOrThrow, staffApi, toLogin } from '../../admin/staff-api.server';

type Status = {
  missing_invoice_fields: string[];
  seller_is_demo: boolean;
  seller_empty: boolean;
  bank_transfer_offered: boolean;
  /** the owner's lists are empty and the demo shop shows its own words meanwhile */
  popular_searches_demo: boolean;
};
type Stored = {
  settings: ShopSettings;
  version: number;
  updatedAt: string;
  updatedBy: string | null;
  status: Status;
};
type FieldErrors = Record<string, string>;

const STORES: StoreCode[] = ['lt', 'en', 'ru'];
const GRADE_LABELS: Record<Exclude<GradeKey, 'new'>, string> = {
  a_plus: 'A+',
  a: 'A',
  b: 'B',
  c_plus: 'C+',
  c: 'C',
};
const gradeLabel = (t: AdminT, g: GradeKey) => (g === 'new' ? t('settings.gradeNew') : GRADE_LABELS[g]);
const SELLER_LABELS: Record<(typeof SELLER_FIELDS)[number], AdminKey> = {
  companyName: 'settings.companyName',
  companyCode: 'settings.companyCode',
  vatCode: 'settings.vatCode',
  address: 'settings.address',
  phone: 'settings.phone',
  email: 'settings.email',
  bankName: 'settings.bankName',
  iban: 'settings.iban',
  swift: 'settings.swift',
};

/** the form's field names (also the API's error paths after `settings.`) and their labels */
function fieldLabel(t: AdminT, path: string): string {
  const [head, sub] = path.split('.');
  if (head === 'shopName') return t('settings.shopName', { lang: sub ?? '' });
  if (head === 'popularSearches') return t('settings.popularSearches', { lang: (sub ?? '').toUpperCase() });
  if (head === 'seller' && sub && sub in SELLER_LABELS)
    return t(SELLER_LABELS[sub as keyof typeof SELLER_LABELS]);
  if (head === 'warrantyMonths')
    return `${t('settings.warranty')}: ${sub ? gradeLabel(t, sub as GradeKey) : ''}`;
  const simple: Record<string, AdminKey> = {
    logoUrl: 'settings.logoUrl',
    moneyBackDays: 'settings.moneyBackDays',
    'supportHours.from': 'settings.supportFrom',
    'supportHours.to': 'settings.supportTo',
    'deliveryDays.min': 'settings.deliveryMin',
    'deliveryDays.max': 'settings.deliveryMax',
    'newsletterCoupon.percent': 'settings.couponPercent',
    codFeeCents: 'settings.codFee',
    freeShippingThresholdCents: 'settings.freeShipping',
    bankTransferDueDays: 'settings.dueDays',
    lowStockThreshold: 'settings.lowStock',
  };
  const key = simple[path];
  return key ? t(key) : path;
}

export async function loader(args: Route.LoaderArgs) {
  return {
    lang: langOf(args.request),
    stored: resultOrThrow(await staffApi<Stored>(args, '/settings'), args.request),
  };
}

/** the form's fields as settings (euros → cents); a field that is no number is reported, not sent */
function settingsOf(f: Record<string, string>, t: AdminT): { settings: ShopSettings; errors: FieldErrors } {
  const errors: FieldErrors = {};
  const whole = (name: string) => {
    const v = (f[name] ?? '').trim();
    if (!/^-?\d+$/.test(v)) errors[name] = t('settings.whole');
    return Number(v);
  };
  const euros = (name: string) => {
    const cents = parseEurosToCents(f[name] ?? '');
    if (cents === null) errors[name] = t('settings.euros');
    return cents ?? 0;
  };
  const text = (name: string) => f[name] ?? '';
  const settings: ShopSettings = {
    shopName: { lt: text('shopName.lt'), en: text('shopName.en'), ru: text('shopName.ru') },
    logoUrl: text('logoUrl'),
    seller: Object.fromEntries(
      SELLER_FIELDS.map((k) => [k, text(`seller.${k}`)]),
    ) as unknown as ShopSettings['seller'],
    moneyBackDays: whole('moneyBackDays'),
    supportHours: { from: text('supportHours.from'), to: text('supportHours.to') },
    deliveryDays: { min: whole('deliveryDays.min'), max: whole('deliveryDays.max') },
    newsletterCoupon: {
      enabled: f['newsletterCoupon.enabled'] === 'on',
      percent: whole('newsletterCoupon.percent'),
    },
    warrantyMonths: Object.fromEntries(GRADE_KEYS.map((g) => [g, whole(`warrantyMonths.${g}`)])) as Record<
      GradeKey,
      number
    >,
    codFeeCents: euros('codFeeCents'),
    freeShippingThresholdCents: euros('freeShippingThresholdCents'),
    lowStockThreshold: whole('lowStockThreshold'),
    bankTransferDueDays: whole('bankTransferDueDays'),
    popularSearches: {
      lt: popularSearchLines(text('popularSearches.lt')),
      en: popularSearchLines(text('popularSearches.en')),
      ru: popularSearchLines(text('popularSearches.ru')),
    },
  };
  return { settings, errors };
}

export async function action(args: Route.ActionArgs) {
  const lang = langOf(args.request);
  const t = adminT(lang);
  const f = await formFields(args.request);
  const { settings, errors } = settingsOf(f, t);
  // the entered values stay on the page whatever the answer (a refused save loses nothing)
  const values = f;
  if (Object.keys(errors).length)
    return { ok: false as const, message: t('settings.errors'), errors, values };
  const answer = await staffApi<Stored>(args, '/settings', {
    method: 'POST',
    body: { version: Number(f.version), settings },
  });
  if (answer.ok) return { ok: true as const, message: t('settings.saved'), errors: {}, values: null };
  if (answer.status === 401) throw toLogin(args.request);
  const fieldErrors: FieldErrors = {};
  // a popular search's error names its line (popularSearches.lt.3): the form has one text area a language
  for (const e of answer.errors ?? [])
    fieldErrors[e.field.replace(/^settings\./, '').replace(/^(popularSearches\.\w+)\.\d+$/, '$1')] =
      e.message;
  return {
    ok: false as const,
    message: answer.status === 400 ? t('settings.errors') : answer.message,
    errors: fieldErrors,
    // a stale form: the page reloads the settings someone else saved, to be checked before saving again
    values: answer.status === 409 ? null : values,
  };
}

/** the form's values: the stored settings, or what was entered when a save was refused */
function formValues(s: ShopSettings): Record<string, string> {
  const v: Record<string, string> = {
    logoUrl: s.logoUrl,
    moneyBackDays: String(s.moneyBackDays),
    'supportHours.from': s.supportHours.from,
    'supportHours.to': s.supportHours.to,
    'deliveryDays.min': String(s.deliveryDays.min),
    'deliveryDays.max': String(s.deliveryDays.max),
    'newsletterCoupon.percent': String(s.newsletterCoupon.percent),
    codFeeCents: centsToEuroInput(s.codFeeCents),
    freeShippingThresholdCents: centsToEuroInput(s.freeShippingThresholdCents),
    lowStockThreshold: String(s.lowStockThreshold),
    bankTransferDueDays: String(s.bankTransferDueDays),
  };
  if (s.newsletterCoupon.enabled) v['newsletterCoupon.enabled'] = 'on';
  for (const store of STORES) v[`shopName.${store}`] = s.shopName[store];
  for (const store of STORES) v[`popularSearches.${store}`] = s.popularSearches[store].join('\n');
  for (const k of SELLER_FIELDS) v[`seller.${k}`] = s.seller[k];
  for (const g of GRADE_KEYS) v[`warrantyMonths.${g}`] = String(s.warrantyMonths[g]);
  return v;
}

export default function AdminSettings() {
  const { lang, stored } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const busy = useNavigation().state === 'submitting';
  const t = adminT(lang);
  const errors: FieldErrors = result?.errors ?? {};
  // after a refused save the entered values; after a save (or a stale refusal) the stored ones
  const values = result && !result.ok && result.values ? result.values : formValues(stored.settings);
  const id = (name: string) => `set-${name.replace(/\./g, '-')}`;

  const field = (
    name: string,
    label: string,
    opts: { type?: string; inputMode?: 'decimal' | 'numeric'; wide?: boolean; hint?: string } = {},
  ) => (
    <label key={name} htmlFor={id(name)} className={opts.wide ? 'admin-wide' : undefined}>
      {label}
      <input
        id={id(name)}
        name={name}
        type={opts.type ?? 'text'}
        inputMode={opts.inputMode}
        defaultValue={values[name] ?? ''}
        aria-invalid={errors[name] ? true : undefined}
        aria-describedby={
          [errors[name] ? `${id(name)}-error` : '', opts.hint ? `${id(name)}-hint` : '']
            .filter(Boolean)
            .join(' ') || undefined
        }
      />
      {opts.hint ? (
        <small id={`${id(name)}-hint`} className="admin-hint">
          {opts.hint}
        </small>
      ) : null}
      {errors[name] ? (
        <small id={`${id(name)}-error`} className="admin-field-error">
          {errors[name]}
        </small>
      ) : null}
    </label>
  );

  return (
    <>
      <h1>{t('area.settings')}</h1>
      <p>{t('settings.intro')}</p>
      {stored.status.seller_is_demo ? <p className="admin-note">{t('settings.demo')}</p> : null}
      {result ? (
        <div className={result.ok ? 'admin-note' : 'admin-alert'} role={result.ok ? 'status' : 'alert'}>
          <p>{result.message}</p>
          {Object.keys(errors).length ? (
            <ul>
              {Object.entries(errors).map(([name, message]) => (
                <li key={name}>
                  {/* a message that names its field already is not prefixed with it again */}
                  <a href={`#${id(name)}`}>{fieldLabel(t, name)}</a>:{' '}
                  {message.startsWith(`${fieldLabel(t, name)}: `)
                    ? message.slice(fieldLabel(t, name).length + 2)
                    : message}
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      ) : null}
      <p>
        {stored.updatedBy === 'environment' || !stored.updatedBy
          ? t('settings.seeded', { date: formatDateTime(stored.updatedAt) })
          : t('settings.lastSaved', { date: formatDateTime(stored.updatedAt), who: stored.updatedBy })}
      </p>
      {/* a new key after each save: the inputs take the saved values */}
      <Form
        method="post"
        className="admin-settings"
        key={`${stored.version}-${result && !result.ok ? 'kept' : 'stored'}`}
      >
        <input type="hidden" name="version" value={stored.version} />
        <fieldset>
          <legend>{t('settings.shop')}</legend>
          <div className="admin-grid">
            {STORES.map((s) =>
              field(
                `shopName.${s}`,
                t('settings.shopName', { lang: s.toUpperCase() }),
                s === 'en' ? { hint: t('settings.shopNameHint') } : {},
              ),
            )}
            {field('logoUrl', t('settings.logoUrl'), { wide: true, hint: t('settings.logoHint') })}
          </div>
        </fieldset>
        <fieldset>
          <legend>{t('settings.seller')}</legend>
          <div className="admin-grid">
            {SELLER_FIELDS.map((k) =>
              field(`seller.${k}`, t(SELLER_LABELS[k]), k === 'email' ? { type: 'email' } : {}),
            )}
          </div>
        </fieldset>
        <fieldset>
          <legend>{t('settings.promises')}</legend>
          <div className="admin-grid">
            {field('moneyBackDays', t('settings.moneyBackDays'), { inputMode: 'numeric' })}
            {field('supportHours.from', t('settings.supportFrom'))}
            {field('supportHours.to', t('settings.supportTo'))}
            {field('deliveryDays.min', t('settings.deliveryMin'), { inputMode: 'numeric' })}
            {field('deliveryDays.max', t('settings.deliveryMax'), { inputMode: 'numeric' })}
            <label className="admin-check" htmlFor={id('newsletterCoupon.enabled')}>
              <input
                id={id('newsletterCoupon.enabled')}
                type="checkbox"
                name="newsletterCoupon.enabled"
                defaultChecked={values['newsletterCoupon.enabled'] === 'on'}
              />
              {t('settings.couponEnabled')}
            </label>
            {field('newsletterCoupon.percent', t('settings.couponPercent'), { inputMode: 'numeric' })}
          </div>
          <fieldset>
            <legend>{t('settings.warranty')}</legend>
            <div className="admin-grid admin-grid-narrow">
              {GRADE_KEYS.map((g) =>
                field(`warrantyMonths.${g}`, gradeLabel(t, g), { inputMode: 'numeric' }),
              )}
            </div>
          </fieldset>
        </fieldset>
        <fieldset>
          <legend>{t('settings.money')}</legend>
          <div className="admin-grid">
            {field('codFeeCents', t('settings.codFee'), { inputMode: 'decimal' })}
            {field('freeShippingThresholdCents', t('settings.freeShipping'), { inputMode: 'decimal' })}
            {field('bankTransferDueDays', t('settings.dueDays'), { inputMode: 'numeric' })}
            {field('lowStockThreshold', t('settings.lowStock'), { inputMode: 'numeric' })}
          </div>
        </fieldset>
        <fieldset>
          <legend>{t('settings.search')}</legend>
          <p id="set-popularSearches-hint" className="admin-hint">
            {t('settings.popularSearchesHint')}
            {stored.status.popular_searches_demo ? ` ${t('settings.popularSearchesDemo')}` : ''}
          </p>
          <div className="admin-grid">
            {STORES.map((store) => {
              const name = `popularSearches.${store}`;
              return (
                <label key={name} htmlFor={id(name)}>
                  {t('settings.popularSearches', { lang: store.toUpperCase() })}
                  <textarea
                    id={id(name)}
                    name={name}
                    rows={6}
                    lang={store}
                    placeholder={
                      stored.status.popular_searches_demo
                        ? DEMO_POPULAR_SEARCHES[store].join('\n')
                        : undefined
                    }
                    defaultValue={values[name] ?? ''}
                    aria-invalid={errors[name] ? true : undefined}
                    aria-describedby={['set-popularSearches-hint', errors[name] ? `${id(name)}-error` : '']
                      .filter(Boolean)
                      .join(' ')}
                  />
                  {errors[name] ? (
                    <small id={`${id(name)}-error`} className="admin-field-error">
                      {errors[name]}
                    </small>
                  ) : null}
                </label>
              );
            })}
          </div>
        </fieldset>
        <p>
          <button type="submit" disabled={busy}>
            {t('settings.save')}
          </button>
        </p>
      </Form>
    </>
  );
}
