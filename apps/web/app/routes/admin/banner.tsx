/**
 * A banner or slide (roles catalog and admin): where it is shown, its image (uploaded here: JPEG,
 * PNG or WebP, judged by the API by its bytes), the title, call to action and link per store view,
 * its position, the date window (typed in Lithuanian time, stored as instants), the store views that
 * show it, and active. Create, edit, delete. The form posts a file, so the shop server lets this
 * path take a body of IMAGE_UPLOAD_MAX_MB (apps/server ssr.ts); the API checks everything again.
 */
import { isoToShopLocal, shopLocalToIso } from '@vitrina/domain';
import { Form, redirect, useActionData, useLoaderData, useSearchParams } from 'react-router';
import { Link } from '../../lib/link';
import { imageUrl } from '../../lib/urls';
import type { Route } from './+types/banner';
import { adminPath, adminT, type AdminKey } from '../../admin/i18n';
import { langOf, resultOrThrow, staffApi, toLogin } from '../../admin/staff-api.server';
import { ContentTabs, type AdminBanner } from './banners';

const VIEWS = ['lt', 'en', 'ru'] as const;
const KINDS = [
  'slider',
  'banner',
  'small_banner',
  'multi_banner',
  'head_image',
  'category_banner',
  'product_banner',
] as const;

export async function loader(args: Route.LoaderArgs) {
  const lang = langOf(args.request);
  const id = args.params.id;
  if (id !== 'new' && !/^\d+$/.test(id)) throw new Response('Not found', { status: 404 });
  const list = resultOrThrow(
    await staffApi<{ items: AdminBanner[]; upload_max_bytes: number }>(args, '/banners'),
    args.request,
  );
  const banner = id === 'new' ? null : (list.items.find((b) => b.id === Number(id)) ?? null);
  if (id !== 'new' && !banner) throw new Response('Not found', { status: 404 });
  return { lang, banner, maxMb: Math.round(list.upload_max_bytes / (1024 * 1024)) };
}

type FieldError = { field: string; message: string };

export async function action(args: Route.ActionArgs) {
  const lang = langOf(args.request);
  const id = args.params.id;
  const form = await args.request.formData();
  const f: Record<string, string> = {};
  for (const [key, value] of form) if (typeof value === 'string') f[key] = value;
  // the ticked store views come back together (a refused save shows them ticked again)
  f.store_views = form.getAll('store_codes').map(String).join(',');
  const fail = (message: string, errors: FieldError[] = []) => ({ message, errors, fields: f });
  if (f.intent === 'delete') {
    const gone = await staffApi(args, `/banners/${id}/delete`, { method: 'POST', body: {} });
    if (!gone.ok && gone.status === 401) throw toLogin(args.request);
    if (!gone.ok) return fail(gone.message);
    return redirect(`${adminPath(lang, '/content/banners')}?deleted=1`);
  }
  let image = f.image ?? '';
  const file = form.get('file');
  if (file && typeof file !== 'string' && file.size > 0) {
    const body = new FormData();
    body.set('file', file, file.name);
    const upload = await staffApi<{ path: string }>(args, '/media?kind=banners', {
      method: 'POST',
      form: body,
    });
    if (!upload.ok && upload.status === 401) throw toLogin(args.request);
    if (!upload.ok) return fail(upload.message, upload.errors ?? []);
    image = upload.result.path;
    // a refused save below keeps the uploaded image (the form sends it back as the current one)
    f.image = image;
  }
  const localized = (prefix: string) =>
    Object.fromEntries(VIEWS.map((v) => [v, (f[`${prefix}_${v}`] ?? '').trim()]));
  const when = (name: string) => {
    const value = (f[name] ?? '').trim();
    return value === '' ? null : (shopLocalToIso(value) ?? value);
  };
  const body = {
    kind: f.kind ?? 'slider',
    image,
    title: localized('title'),
    cta: localized('cta'),
    link: localized('link'),
    position: Number(f.position || 0),
    starts_at: when('starts_at'),
    ends_at: when('ends_at'),
    store_codes: form.getAll('store_codes').map(String),
    active: f.active === 'on',
  };
  const saved = await staffApi<AdminBanner>(args, id === 'new' ? '/banners' : `/banners/${id}`, {
    method: 'POST',
    body,
  });
  if (!saved.ok && saved.status === 401) throw toLogin(args.request);
  if (!saved.ok) return fail(saved.message, saved.errors ?? []);
  return redirect(`${adminPath(lang, `/content/banners/${saved.result.id}`)}?saved=1`);
}

export default function AdminBannerForm() {
  const { lang, banner: b, maxMb } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const [params] = useSearchParams();
  const t = adminT(lang);
  const sent = result && result.fields.intent !== 'delete' ? result.fields : null;
  const dv = (name: string, stored: string) => (sent && name in sent ? sent[name]! : stored);
  const errorOf = (...fields: string[]) =>
    result?.errors.find((e) => fields.includes(e.field.replace('.', '_')))?.message;
  const image = dv('image', b?.image ?? '');
  const views: string[] = sent ? (sent.store_views ?? '').split(',') : (b?.store_codes ?? []);
  const field = (
    name: string,
    label: string,
    stored: string,
    opts: { help?: string; type?: string; lang?: string; required?: boolean } = {},
  ) => {
    const error = errorOf(name);
    const described = [opts.help ? `${name}-help` : null, error ? `${name}-error` : null]
      .filter(Boolean)
      .join(' ');
    return (
      <div className="admin-field">
        <label htmlFor={`f-${name}`}>{label}</label>
        <input
          id={`f-${name}`}
          name={name}
          type={opts.type ?? 'text'}
          lang={opts.lang}
          required={opts.required}
          defaultValue={dv(name, stored)}
          aria-invalid={error ? true : undefined}
          aria-describedby={described || undefined}
          autoComplete="off"
        />
        {opts.help ? (
          <span id={`${name}-help`} className="admin-hint">
            {opts.help}
          </span>
        ) : null}
        {error ? (
          <span id={`${name}-error`} className="admin-field-error">
            {error}
          </span>
        ) : null}
      </div>
    );
  };
  const fileError = errorOf('file', 'image');
  return (
    <>
      <ContentTabs lang={lang} />
      <p>
        <Link to={adminPath(lang, '/content/banners')}>{t('banners.back')}</Link>
      </p>
      <h1>
        {b
          ? t('banners.editTitle', { id: b.id, title: b.title[lang] || b.title.lt || '' })
          : t('banners.newTitle')}
      </h1>
      {params.get('saved') && !result ? (
        <p className="admin-note" role="status">
          {t('banners.saved')}
        </p>
      ) : null}
      {result?.message ? (
        <p className="admin-alert" role="alert">
          {result.message}
        </p>
      ) : null}
      <Form method="post" encType="multipart/form-data" reloadDocument className="admin-banner-form">
        <input type="hidden" name="intent" value="save" />
        <input type="hidden" name="image" value={image} />
        <div className="admin-grid">
          <label>
            {t('banners.kind')}
            <select name="kind" defaultValue={dv('kind', b?.kind ?? 'slider')}>
              {KINDS.map((k) => (
                <option key={k} value={k}>
                  {t(`banners.kind.${k}` as AdminKey)}
                </option>
              ))}
            </select>
          </label>
          {field('position', t('banners.position'), String(b?.position ?? 0), {
            type: 'number',
            help: t('banners.positionHelp'),
          })}
          <label className="admin-check">
            <input
              type="checkbox"
              name="active"
              defaultChecked={sent ? sent.active === 'on' : (b?.active ?? true)}
            />
            {t('banners.active')}
          </label>
        </div>
        <div className="admin-banner-image">
          {image ? (
            <figure>
              <img src={imageUrl(image, 800, 800) ?? ''} width={400} height={150} alt="" />
              <figcaption className="admin-hint">{t('banners.currentImage')}</figcaption>
            </figure>
          ) : null}
          <div className="admin-field">
            <label htmlFor="f-file">{t('banners.image')}</label>
            <input
              id="f-file"
              type="file"
              name="file"
              accept="image/jpeg,image/png,image/webp"
              required={!image}
              aria-invalid={fileError ? true : undefined}
              aria-describedby={`file-help${fileError ? ' file-error' : ''}`}
            />
            <span id="file-help" className="admin-hint">
              {t('banners.imageHelp', { max: maxMb })}
            </span>
            {fileError ? (
              <span id="file-error" className="admin-field-error">
                {fileError}
              </span>
            ) : null}
          </div>
        </div>
        <div className="admin-grid">
          {VIEWS.map((v) => (
            <fieldset key={v} className="admin-fieldset">
              <legend>{t('product.storeView', { view: v.toUpperCase() })}</legend>
              {field(`title_${v}`, t('banners.titleField', { view: v.toUpperCase() }), b?.title[v] ?? '', {
                lang: v,
                required: v === 'lt',
              })}
              {field(`cta_${v}`, t('banners.cta', { view: v.toUpperCase() }), b?.cta[v] ?? '', {
                lang: v,
                help: v === 'lt' ? t('banners.ctaHelp') : undefined,
              })}
              {field(`link_${v}`, t('banners.link', { view: v.toUpperCase() }), b?.link[v] ?? '', {
                help: t('banners.linkHelp'),
              })}
            </fieldset>
          ))}
        </div>
        <div className="admin-grid">
          {field('starts_at', t('banners.from'), isoToShopLocal(b?.starts_at ?? null), {
            type: 'datetime-local',
            help: t('banners.windowHelp'),
          })}
          {field('ends_at', t('banners.to'), isoToShopLocal(b?.ends_at ?? null), {
            type: 'datetime-local',
            help: t('banners.windowHelp'),
          })}
          <fieldset className="admin-fieldset">
            <legend>{t('banners.views')}</legend>
            {VIEWS.map((v) => (
              <label key={v} className="admin-check">
                <input type="checkbox" name="store_codes" value={v} defaultChecked={views.includes(v)} />
                {v.toUpperCase()}
              </label>
            ))}
            <span className="admin-hint">{t('banners.help')}</span>
          </fieldset>
        </div>
        <p>
          <button type="submit">{b ? t('banners.save') : t('banners.create')}</button>
        </p>
      </Form>
      {b ? (
        <div className="admin-actions">
          <Form method="post" encType="multipart/form-data" reloadDocument>
            <input type="hidden" name="intent" value="delete" />
            <button type="submit" className="secondary">
              {t('banners.delete')}
            </button>
          </Form>
        </div>
      ) : null}
    </>
  );
}
