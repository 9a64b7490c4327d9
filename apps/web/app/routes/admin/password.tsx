/**
 * The page of an e-mailed staff password link (an invitation or a reset an admin sent): no session,
 * the link's token is the proof. The API checks it (once, before it expires) and keeps only its hash.
 * A plain form posted to this route's action (works without JavaScript).
 */
import { Form, useActionData, useLoaderData } from 'react-router';
import type { Route } from './+types/password';
import adminCss from '../../admin/admin.css?url';
import { adminLangOf, adminPath, adminT } from '../../admin/i18n';
import { ADMIN_HEADERS, formFields, langOf, staffApi } from '../../admin/staff-api.server';

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: adminCss }];
export const handle = { layout: 'bare' };
// the token stays out of Referer headers of anything the page loads
export const headers: Route.HeadersFunction = () => ({ ...ADMIN_HEADERS, 'referrer-policy': 'no-referrer' });

export const meta: Route.MetaFunction = ({ location }) => {
  const t = adminT(adminLangOf(location.pathname));
  return [
    { title: `${t('password.title')} | ${t('admin.title')}` },
    { name: 'robots', content: 'noindex, nofollow' },
  ];
};

const tokenOf = (request: Request) => new URL(request.url).searchParams.get('token') ?? '';

export async function loader(args: Route.LoaderArgs) {
  const token = tokenOf(args.request);
  const answer = await staffApi<{ email: string }>(args, `/password?token=${encodeURIComponent(token)}`);
  return {
    lang: langOf(args.request),
    token,
    email: answer.ok ? answer.result.email : null,
    error: answer.ok ? null : answer.message,
  };
}

export async function action(args: Route.ActionArgs) {
  const fields = await formFields(args.request);
  const t = adminT(langOf(args.request));
  if ((fields.password ?? '') !== (fields.repeat ?? ''))
    return { done: false, error: t('password.mismatch') };
  const answer = await staffApi<{ email: string }>(args, '/password', {
    method: 'POST',
    body: { token: fields.token ?? '', password: fields.password ?? '' },
  });
  return answer.ok ? { done: true, error: null } : { done: false, error: answer.message };
}

export default function AdminPassword() {
  const { lang, token, email, error: linkError } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const t = adminT(lang);
  const error = result?.error ?? (result?.done ? null : linkError);
  return (
    <div className="admin">
      <main className="admin-login" id="main">
        <h1>{t('password.title')}</h1>
        {result?.done ? (
          <>
            <p className="admin-note" role="status">
              {t('password.done')}
            </p>
            <p>
              <a href={adminPath(lang, '/login')}>{t('password.toLogin')}</a>
            </p>
          </>
        ) : (
          <>
            {error ? (
              <p className="admin-alert" role="alert">
                {error}
              </p>
            ) : null}
            {email ? (
              <>
                <p>{t('password.for', { email })}</p>
                <Form method="post">
                  <input type="hidden" name="token" value={token} />
                  <input type="text" name="username" autoComplete="username" value={email} readOnly hidden />
                  <label>
                    {t('password.new')}
                    <input
                      type="password"
                      name="password"
                      autoComplete="new-password"
                      minLength={12}
                      required
                    />
                  </label>
                  <label>
                    {t('password.repeat')}
                    <input
                      type="password"
                      name="repeat"
                      autoComplete="new-password"
                      minLength={12}
                      required
                    />
                  </label>
                  <button type="submit">{t('password.submit')}</button>
                </Form>
              </>
            ) : null}
          </>
        )}
      </main>
    </div>
  );
}
