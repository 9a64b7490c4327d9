/**
 * The signed-in staff member's own two-factor login: set it up (the key and its otpauth:// link are
 * shown once), turn it on with a code from the app, and the recovery codes, shown once. With
 * STAFF_2FA_REQUIRED an admin without it is sent here before anything else (layout.tsx).
 */
import { Form, useActionData, useLoaderData } from 'react-router';
import type { Route } from './+types/two-factor';
import { adminT } from '../../admin/i18n';
import { formFields, langOf, resultOrThrow, staffApi, toLogin } from '../../admin/staff-api.server';

type Me = { email: string; two_factor: boolean; two_factor_required: boolean };

export async function loader(args: Route.LoaderArgs) {
  return { lang: langOf(args.request), me: resultOrThrow(await staffApi<Me>(args, '/me'), args.request) };
}

export async function action(args: Route.ActionArgs) {
  const fields = await formFields(args.request);
  if (fields.intent === 'confirm') {
    const answer = await staffApi<{ recoveryCodes: string[] }>(args, '/2fa/confirm', {
      method: 'POST',
      body: { code: fields.code ?? '' },
    });
    if (!answer.ok && answer.status === 401) throw toLogin(args.request);
    return answer.ok
      ? { recoveryCodes: answer.result.recoveryCodes }
      : { error: answer.message, pending: true };
  }
  const answer = await staffApi<{ secret: string; uri: string }>(args, '/2fa/start', { method: 'POST' });
  if (!answer.ok && answer.status === 401) throw toLogin(args.request);
  return answer.ok ? { secret: answer.result.secret, uri: answer.result.uri } : { error: answer.message };
}

export default function AdminTwoFactor() {
  const { lang, me } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const t = adminT(lang);
  const started = result && 'secret' in result ? result : null;
  const codes = result && 'recoveryCodes' in result ? result.recoveryCodes : null;
  const error = result && 'error' in result ? result.error : null;
  const pending = started !== null || (result !== undefined && 'pending' in result);
  return (
    <>
      <h1>{t('twofa.title')}</h1>
      {error ? (
        <p className="admin-alert" role="alert">
          {error}
        </p>
      ) : null}
      {codes ? (
        <section aria-labelledby="recovery-title">
          <h2 id="recovery-title">{t('twofa.recoveryTitle')}</h2>
          <p className="admin-note" role="status">
            {t('twofa.recoveryHint')}
          </p>
          <ul className="admin-codes">
            {codes.map((c) => (
              <li key={c}>
                <code>{c}</code>
              </li>
            ))}
          </ul>
        </section>
      ) : me.two_factor ? (
        <p>{t('twofa.on')}</p>
      ) : (
        <>
          {me.two_factor_required ? (
            <p className="admin-alert" role="alert">
              {t('twofa.required')}
            </p>
          ) : null}
          <p>{t('twofa.off')}</p>
          {started ? (
            <>
              <p>{t('twofa.secretHint')}</p>
              <dl>
                <dt>{t('twofa.secret')}</dt>
                <dd>
                  <code>{started.secret}</code>
                </dd>
                <dt>{t('twofa.uri')}</dt>
                <dd>
                  <a href={started.uri}>
                    <code className="admin-wrap">{started.uri}</code>
                  </a>
                </dd>
              </dl>
            </>
          ) : null}
          {pending ? (
            <Form method="post" className="admin-filters">
              <input type="hidden" name="intent" value="confirm" />
              <label>
                {t('twofa.code')}
                <input
                  name="code"
                  autoComplete="one-time-code"
                  inputMode="numeric"
                  pattern="[0-9]{6}"
                  required
                  maxLength={6}
                />
              </label>
              <button type="submit">{t('twofa.confirm')}</button>
            </Form>
          ) : (
            <Form method="post">
              <input type="hidden" name="intent" value="start" />
              <button type="submit">{t('twofa.start')}</button>
            </Form>
          )}
        </>
      )}
    </>
  );
}
