/**
 * A person's data on their request in the back office (GDPR art. 15, 17, 20; docs/legal.md): by
 * e-mail, for a customer or a guest. The export is the API's JSON download (the staff session's
 * cookie goes with the link); the erasure is a confirmed form. Both are audited by the API.
 */
import { Form, useActionData, useLoaderData } from 'react-router';
import type { Route } from './+types/privacy';
import { adminT } from '../../admin/i18n';
import { formFields, langOf, staffApi, toLogin } from '../../admin/staff-api.server';

export function loader(args: Route.LoaderArgs) {
  return {
    lang: langOf(args.request),
    email: new URL(args.request.url).searchParams.get('email')?.slice(0, 254) ?? '',
  };
}

export async function action(args: Route.ActionArgs) {
  const f = await formFields(args.request);
  const answer = await staffApi<{ summary: Record<string, number> }>(args, '/privacy/erase', {
    method: 'POST',
    body: { email: f.email ?? '', confirm: f.confirm === 'on' },
  });
  if (!answer.ok && answer.status === 401) throw toLogin(args.request);
  if (!answer.ok) return { ok: false as const, message: answer.message, summary: null };
  const summary = Object.entries(answer.result.summary)
    .filter(([, n]) => n > 0)
    .map(([table, n]) => `${table} ${n}`)
    .join(', ');
  return { ok: true as const, message: null, summary };
}

export const meta: Route.MetaFunction = ({ data }) => [
  { title: data ? adminT(data.lang)('area.privacy') : 'Personal data' },
  { name: 'robots', content: 'noindex, nofollow' },
];

export default function AdminPrivacy() {
  const { lang, email } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const t = adminT(lang);
  return (
    <>
      <h1>{t('area.privacy')}</h1>
      <p>{t('privacy.intro')}</p>
      {result?.message ? (
        <p className="admin-alert" role="alert">
          {result.message}
        </p>
      ) : result?.ok ? (
        <p className="admin-note" role="status">
          {t('privacy.erased', { summary: result.summary || '-' })}
        </p>
      ) : null}
      <form method="get" action="/vsbridge/staff/privacy/export" className="admin-filters">
        <label>
          {t('privacy.email')}
          <input type="email" name="email" required defaultValue={email} className="admin-wide" />
        </label>
        <button type="submit">{t('privacy.export')}</button>
      </form>
      <Form method="post" className="admin-filters">
        <label>
          {t('privacy.email')}
          <input type="email" name="email" required className="admin-wide" />
        </label>
        <label className="admin-check">
          <input type="checkbox" name="confirm" required />
          {t('privacy.confirm')}
        </label>
        <button type="submit" className="secondary">
          {t('privacy.erase')}
        </button>
      </Form>
    </>
  );
}
