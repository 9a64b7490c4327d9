/**
 * A content item's form (roles catalog and admin): a CMS page, block or news item, one store view at
 * a time (lt, en, ru: links above the form). Staff write Markdown (pages, blocks) or plain paragraphs
 * (news), never HTML; the API turns Markdown into sanitised HTML. A refused save shows each field's
 * message next to it and keeps what was typed.
 */
import { STORE_CODES, type StoreCode } from '@vitrina/domain';
import { Form, redirect, useActionData, useLoaderData, useSearchParams } from 'react-router';
import { Link } from '../../lib/link';
import type { Route } from './+types/content-item';
import { adminPath, adminT, type AdminKey } from '../../admin/i18n';
import { formFields, langOf, resultOrThrow, staffApi, toLogin } from '../../admin/staff-api.server';
import { contentKindOf } from '../../admin/content-kinds';

type Localized = Partial<Record<StoreCode, string>>;
type Item = {
  id: number;
  kind: string;
  identifier: string | null;
  slug: Localized;
  title: Localized;
  source: Localized;
  meta_description: Localized;
  active: boolean;
  published_at: string | null;
  updated_at: string | null;
  version: number;
};

const storeOf = (value: string | null | undefined, fallback: StoreCode): StoreCode =>
  STORE_CODES.find((s) => s === value) ?? fallback;

export async function loader(args: Route.LoaderArgs) {
  const kind = contentKindOf(args.params.kind);
  const lang = langOf(args.request);
  const store = storeOf(new URL(args.request.url).searchParams.get('store'), lang);
  if (args.params.id === 'new') return { lang, kind, store, item: null };
  if (!/^\d+$/.test(args.params.id)) throw new Response('Not found', { status: 404 });
  const item = resultOrThrow(await staffApi<Item>(args, `/content/${kind}/${args.params.id}`), args.request);
  return { lang, kind, store, item };
}

export async function action(args: Route.ActionArgs) {
  const kind = contentKindOf(args.params.kind);
  const lang = langOf(args.request);
  const f = await formFields(args.request);
  const store = storeOf(f.store, lang);
  const id = args.params.id;
  let answer;
  if (f.intent === 'publish' || f.intent === 'unpublish') {
    answer = await staffApi<Item>(args, `/content/${kind}/${id}/publish`, {
      method: 'POST',
      body: { active: f.intent === 'publish' },
    });
  } else {
    const body = {
      store,
      ...(f.version ? { version: Number(f.version) } : {}),
      title: f.title ?? '',
      body: f.body ?? '',
      active: f.active === 'on',
      ...(kind !== 'news' ? { identifier: f.identifier ?? '' } : {}),
      ...(kind !== 'blocks' ? { slug: f.slug ?? '' } : {}),
      ...(kind === 'pages' ? { meta_description: f.meta_description ?? '' } : {}),
      ...(kind === 'news' && f.published_at ? { published_at: `${f.published_at}T00:00:00Z` } : {}),
    };
    answer = await staffApi<Item>(args, id === 'new' ? `/content/${kind}` : `/content/${kind}/${id}`, {
      method: 'POST',
      body,
    });
  }
  if (!answer.ok && answer.status === 401) throw toLogin(args.request);
  if (answer.ok)
    return redirect(`${adminPath(lang, `/content/${kind}/${answer.result.id}`)}?store=${store}&saved=1`);
  // the typed text comes back: a refused save (a stale version included) loses nothing
  return { message: answer.message, errors: answer.errors ?? [], fields: f, stale: answer.status === 409 };
}

export default function AdminContentItem() {
  const { lang, kind, store, item } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const [params] = useSearchParams();
  const t = adminT(lang);
  const sent = result?.fields.intent === 'save' ? result.fields : null;
  const dv = (name: string, stored: string) => (sent && name in sent ? (sent[name] as string) : stored);
  const errorOf = (field: string) => result?.errors.find((e) => e.field === field)?.message;
  const kindLabel = t(`content.${kind}` as AdminKey);
  const title = item
    ? t('content.editTitle', {
        kind: kindLabel,
        title: item.title[store] || item.identifier || item.slug[store] || `#${item.id}`,
      })
    : t('content.newTitle', { kind: kindLabel });
  const path = adminPath(lang, `/content/${kind}/${item ? item.id : 'new'}`);
  const field = (
    name: string,
    label: string,
    stored: string,
    opts: { help?: string; required?: boolean; type?: string } = {},
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
          defaultValue={dv(name, stored)}
          required={opts.required}
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
  const bodyError = errorOf('body');
  return (
    <>
      <p>
        <Link to={adminPath(lang, `/content/${kind}`)}>{t('content.back')}</Link>
      </p>
      <h1>{title}</h1>
      {params.get('saved') ? (
        <p className="admin-note" role="status">
          {t('content.saved')}
        </p>
      ) : null}
      {result?.message ? (
        <div className="admin-alert" role="alert">
          <p>{result.message}</p>
          {result.stale ? (
            <a href={`${path}?store=${store}`} target="_blank" rel="noreferrer">
              {t('content.stale')}
            </a>
          ) : null}
        </div>
      ) : null}
      <nav aria-label={t('content.storeView')}>
        <ul className="admin-tabs">
          {STORE_CODES.map((s) => (
            <li key={s}>
              <a href={`${path}?store=${s}`} aria-current={s === store ? 'page' : undefined}>
                {t(`content.store.${s}` as AdminKey)}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <Form method="post" className="admin-editor" reloadDocument key={store}>
        <input type="hidden" name="intent" value="save" />
        <input type="hidden" name="store" value={store} />
        {item ? <input type="hidden" name="version" value={sent?.version ?? item.version} /> : null}
        <p className="admin-hint">
          {t('content.editing', { store: t(`content.store.${store}` as AdminKey) })}
        </p>
        {kind !== 'news'
          ? field('identifier', t('content.identifier'), item?.identifier ?? '', {
              help: t('content.identifierHelp'),
              required: true,
            })
          : null}
        {field('title', t('content.title'), item?.title[store] ?? '', { required: true })}
        {kind !== 'blocks'
          ? field('slug', t('content.slug'), item?.slug[store] ?? '', {
              help: t('content.slugHelp'),
              required: true,
            })
          : null}
        <div className="admin-field">
          <label htmlFor="f-body">{t('content.body')}</label>
          <textarea
            id="f-body"
            name="body"
            rows={16}
            defaultValue={dv('body', item?.source[store] ?? '')}
            aria-invalid={bodyError ? true : undefined}
            aria-describedby={`body-help${bodyError ? ' body-error' : ''}`}
          />
          <span id="body-help" className="admin-hint">
            {kind === 'news' ? t('content.newsBodyHelp') : t('content.bodyHelp')}
          </span>
          {bodyError ? (
            <span id="body-error" className="admin-field-error">
              {bodyError}
            </span>
          ) : null}
        </div>
        {kind === 'pages'
          ? field('meta_description', t('content.metaDescription'), item?.meta_description[store] ?? '')
          : null}
        {kind === 'news'
          ? field(
              'published_at',
              t('content.publishedAt'),
              (item?.published_at ?? new Date().toISOString()).slice(0, 10),
              { type: 'date' },
            )
          : null}
        <label className="admin-check">
          <input
            type="checkbox"
            name="active"
            defaultChecked={sent ? sent.active === 'on' : (item?.active ?? false)}
          />
          {t('content.published')}
        </label>
        <p>
          <button type="submit">{item ? t('content.save') : t('content.create')}</button>
        </p>
      </Form>
      {item ? (
        <div className="admin-actions">
          <Form method="post" reloadDocument>
            <input type="hidden" name="store" value={store} />
            <input type="hidden" name="intent" value={item.active ? 'unpublish' : 'publish'} />
            <button type="submit" className="secondary">
              {item.active ? t('content.unpublish') : t('content.publish')}
            </button>
          </Form>
        </div>
      ) : null}
    </>
  );
}
