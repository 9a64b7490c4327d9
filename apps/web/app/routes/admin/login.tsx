/**
 * Back office login: a plain form posted to this route's action (works without
 * JavaScript). The API sets the staff session cookie; the action passes it on with the redirect.
 */
import { Form, redirect, useActionData, useLocation } from 'react-router';
import type { Route } from './+types/login';
import adminCss from '../../admin/admin.css?url';
import { adminLangOf, adminPath, adminT } from '../../admin/i18n';
import { ADMIN_HEADERS, formFields, langOf, staffApi } from '../../admin/staff-api.server';

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: adminCss }];
export const handle = { layout: 'bare' };
export const headers: Route.HeadersFunction = () => ADMIN_HEADERS;

export const meta: Route.MetaFunction = ({ location }) => {
  const t = adminT(adminLangOf(location.pathname));
  return [{ title: `${t('login.title')} | ${t('admin.title')}` }, { name: 'robots', content: 'noindex, nofollow' }];
};

export async function action(args: Route.ActionArgs) {
  const fields = await formFields(args.request);
  const answer = await staffApi<{ email: string }>(args, '/login', {
    method: 'POST',
    body: { email: fields.email ?? '', password: fields.password ?? '', ...(fields.code ? { code: fields.code } : {}) },
  });
  // a two-factor account: the same form again, now with the code field (the password is not sent back)
  const needCode = !answer.ok && (answer.response.headers.get('x-vitrina-2fa') === 'required' || Boolean(fields.code));
  if (!answer.ok) return { error: answer.message, email: fields.email ?? '', needCode };
  const headers = new Headers();
  for (const cookie of answer.response.headers.getSetCookie()) headers.append('set-cookie', cookie);
  return redirect(adminPath(langOf(args.request)), { headers });
}

export default function AdminLogin() {
  const { pathname, search } = useLocation();
  const lang = adminLangOf(pathname);
  const t = adminT(lang);
  const data = useActionData<typeof action>();
  const loggedOut = new URLSearchParams(search).has('out');
  return (
    <div className="admin">
      <main className="admin-login" id="main">
        <h1>{t('login.title')}</h1>
        {data?.error ? (
          <p className="admin-alert" role="alert">
            {data.error}
          </p>
        ) : loggedOut ? (
          <p className="admin-note" role="status">
            {t('login.loggedOut')}
          </p>
        ) : null}
        <Form method="post">
          <label>
            {t('login.email')}
            <input type="email" name="email" autoComplete="username" required defaultValue={data?.email} />
          </label>
          <label>
            {t('login.password')}
            <input type="password" name="password" autoComplete="current-password" required />
          </label>
          {data?.needCode ? (
            <label>
              {t('login.code')}
              <input name="code" autoComplete="one-time-code" inputMode="numeric" required autoFocus maxLength={32} />
            </label>
          ) : null}
          <button type="submit">{t('login.submit')}</button>
        </Form>
        <p>
          <a href={lang === 'en' ? adminPath('lt', '/login') : adminPath('en', '/login')} lang={lang === 'en' ? 'lt' : 'en'}>
            {t('admin.otherLanguage')}
          </a>
        </p>
      </main>
    </div>
  );
}
