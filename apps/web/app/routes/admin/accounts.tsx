/** Staff accounts in the back office (role admin): list, disable (sessions end), and the latest audit log rows. */
import { formatDateTime } from '@vitrina/domain';
import { Form, useActionData, useLoaderData } from 'react-router';
import type { Route } from './+types/accounts';
import { ScrollRegion } from '../../admin/ScrollRegion';
import { adminT, type AdminKey } from '../../admin/i18n';
import { formFields, langOf, resultOrThrow, staffApi, toLogin } from '../../admin/staff-api.server';

type Account = { id: number; email: string; role: string; disabled: boolean; created_at: string };
type AuditRow = { id: number; staff_email: string; action: string; target: string | null; created_at: string };

export async function loader(args: Route.LoaderArgs) {
  return {
    lang: langOf(args.request),
    accounts: resultOrThrow(await staffApi<Account[]>(args, '/accounts'), args.request),
    audit: resultOrThrow(await staffApi<AuditRow[]>(args, '/audit?size=50'), args.request),
  };
}

export async function action(args: Route.ActionArgs) {
  const fields = await formFields(args.request);
  const answer = await staffApi<Account>(args, `/accounts/${encodeURIComponent(fields.id ?? '')}/disable`, { method: 'POST' });
  if (!answer.ok && answer.status === 401) throw toLogin(args.request);
  return answer.ok ? { message: null } : { message: answer.message };
}

export default function AdminAccounts() {
  const { lang, accounts, audit } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const t = adminT(lang);
  return (
    <>
      <h1>{t('area.accounts')}</h1>
      {result?.message ? (
        <p className="admin-alert" role="alert">
          {result.message}
        </p>
      ) : null}
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
            {accounts.map((a) => (
              <tr key={a.id}>
                <td>{a.email}</td>
                <td>{t(`role.${a.role}` as AdminKey)}</td>
                <td>{a.disabled ? t('accounts.disabled') : t('accounts.active')}</td>
                <td>{formatDateTime(a.created_at)}</td>
                <td>
                  {a.disabled ? null : (
                    <Form method="post">
                      <input type="hidden" name="id" value={a.id} />
                      <button type="submit" className="secondary" aria-label={`${t('accounts.disable')}: ${a.email}`}>
                        {t('accounts.disable')}
                      </button>
                    </Form>
                  )}
                </td>
              </tr>
            ))}
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
