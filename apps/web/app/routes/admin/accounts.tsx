/**
 * Staff accounts in the back office (role admin): invite a colleague (an e-mailed single-use link
 * sets their password), disable (sessions end) and enable, change a role, e-mail a password link;
 * and the latest audit log rows. The API refuses to leave the shop without an active admin.
 */
import { STAFF_ROLES, formatDateTime } from '@vitrina/domain';
import { Form, useActionData, useLoaderData } from 'react-router';
import type { Route } from './+types/accounts';
import { ScrollRegion } from '../../admin/ScrollRegion';
import { adminT, type AdminKey } from '../../admin/i18n';
import { formFields, langOf, resultOrThrow, staffApi, toLogin } from '../../admin/staff-api.server';

type Account = { id: number; email: string; role: string; disabled: boolean; created_at: string };
type AuditRow = {
  id: number;
  staff_email: string;
  action: string;
  target: string | null;
  created_at: string;
};

export async function loader(args: Route.LoaderArgs) {
  return {
    lang: langOf(args.request),
    me: resultOrThrow(await staffApi<{ email: string }>(args, '/me'), args.request),
    accounts: resultOrThrow(await staffApi<Account[]>(args, '/accounts'), args.request),
    audit: resultOrThrow(await staffApi<AuditRow[]>(args, '/audit?size=50'), args.request),
  };
}

const INTENTS = ['invite', 'disable', 'enable', 'role', 'reset'] as const;

export async function action(args: Route.ActionArgs) {
  const fields = await formFields(args.request);
  const t = adminT(langOf(args.request));
  const intent = INTENTS.find((i) => i === fields.intent) ?? 'disable';
  const id = encodeURIComponent(fields.id ?? '');
  const answer =
    intent === 'invite'
      ? await staffApi<Account>(args, '/accounts', {
          method: 'POST',
          body: { email: fields.email ?? '', role: fields.role ?? '' },
        })
      : intent === 'role'
        ? await staffApi<Account>(args, `/accounts/${id}/role`, {
            method: 'POST',
            body: { role: fields.role ?? '' },
          })
        : await staffApi<Account>(args, `/accounts/${id}/${intent}`, { method: 'POST' });
  if (!answer.ok && answer.status === 401) throw toLogin(args.request);
  if (!answer.ok)
    return { message: answer.message, done: null, email: intent === 'invite' ? (fields.email ?? '') : '' };
  const who = { email: answer.result.email };
  const done = {
    invite: t('accounts.invited', who),
    disable: t('accounts.disabledDone', who),
    enable: t('accounts.enabledDone', who),
    role: t('accounts.roleChanged', { ...who, role: t(`role.${answer.result.role}` as AdminKey) }),
    reset: t('accounts.resetSent', who),
  }[intent];
  return { message: null, done, email: '' };
}

export default function AdminAccounts() {
  const { lang, me, accounts, audit } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const t = adminT(lang);
  const roleOptions = STAFF_ROLES.map((r) => (
    <option key={r} value={r}>
      {t(`role.${r}` as AdminKey)}
    </option>
  ));
  return (
    <>
      <h1>{t('area.accounts')}</h1>
      {result?.message ? (
        <p className="admin-alert" role="alert">
          {result.message}
        </p>
      ) : result?.done ? (
        <p className="admin-note" role="status">
          {result.done}
        </p>
      ) : null}
      <h2>{t('accounts.invite')}</h2>
      <p>{t('accounts.inviteHint')}</p>
      {/* keyed by the last answer: a sent invitation empties the form */}
      <Form method="post" className="admin-filters" key={result?.done ?? 'invite'}>
        <input type="hidden" name="intent" value="invite" />
        <label>
          {t('common.email')}
          <input type="email" name="email" required autoComplete="off" defaultValue={result?.email ?? ''} />
        </label>
        <label>
          {t('accounts.role')}
          <select name="role" defaultValue="staff">
            {roleOptions}
          </select>
        </label>
        <button type="submit">{t('accounts.inviteSubmit')}</button>
      </Form>
      <p>{t('accounts.cli')}</p>
      <ScrollRegion label={t('area.accounts')}>
        <table>
          <thead>
            <tr>
              <th scope="col">{t('common.email')}</th>
              <th scope="col">{t('accounts.role')}</th>
              <th scope="col">{t('common.status')}</th>
              <th scope="col">{t('accounts.created')}</th>
              <th scope="col">{t('common.actions')}</th>
            </tr>
          </thead>
          <tbody>
            {accounts.map((a) => {
              const self = a.email === me.email;
              const toggle = a.disabled ? 'enable' : 'disable';
              return (
                <tr key={a.id}>
                  <td>{a.email}</td>
                  <td>
                    {self ? (
                      `${t(`role.${a.role}` as AdminKey)} ${t('accounts.you')}`
                    ) : (
                      <Form method="post" className="admin-row-form">
                        <input type="hidden" name="intent" value="role" />
                        <input type="hidden" name="id" value={a.id} />
                        <select
                          name="role"
                          defaultValue={a.role}
                          aria-label={t('accounts.roleOf', { email: a.email })}
                        >
                          {roleOptions}
                        </select>
                        <button
                          type="submit"
                          className="secondary"
                          aria-label={`${t('accounts.setRole')}: ${a.email}`}
                        >
                          {t('accounts.setRole')}
                        </button>
                      </Form>
                    )}
                  </td>
                  <td>{a.disabled ? t('accounts.disabled') : t('accounts.active')}</td>
                  <td>{formatDateTime(a.created_at)}</td>
                  <td>
                    {self ? null : (
                      <div className="admin-row-form">
                        <Form method="post">
                          <input type="hidden" name="intent" value={toggle} />
                          <input type="hidden" name="id" value={a.id} />
                          <button
                            type="submit"
                            className="secondary"
                            aria-label={`${t(`accounts.${toggle}`)}: ${a.email}`}
                          >
                            {t(`accounts.${toggle}`)}
                          </button>
                        </Form>
                        <Form method="post">
                          <input type="hidden" name="intent" value="reset" />
                          <input type="hidden" name="id" value={a.id} />
                          <button
                            type="submit"
                            className="secondary"
                            aria-label={`${t('accounts.sendReset')}: ${a.email}`}
                          >
                            {t('accounts.sendReset')}
                          </button>
                        </Form>
                      </div>
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </ScrollRegion>
      <h2>{t('accounts.audit')}</h2>
      <ScrollRegion label={t('accounts.audit')}>
        <table>
          <thead>
            <tr>
              <th scope="col">{t('common.date')}</th>
              <th scope="col">{t('order.who')}</th>
              <th scope="col">{t('accounts.action')}</th>
              <th scope="col">{t('accounts.target')}</th>
            </tr>
          </thead>
          <tbody>
            {audit.map((r) => (
              <tr key={r.id}>
                <td>{formatDateTime(r.created_at)}</td>
                <td>{r.staff_email}</td>
                <td>{r.action}</td>
                <td>{r.target ?? ''}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollRegion>
    </>
  );
}
