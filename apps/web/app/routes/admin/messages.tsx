/** Contact and warranty messages in the back office: open / handled / all; mark one handled (audited). */
import { formatDateTime } from '@vitrina/domain';
import { Form, useActionData, useLoaderData, useLocation } from 'react-router';
import type { Route } from './+types/messages';
import { Pager } from '../../admin/Pager';
import { ScrollRegion } from '../../admin/ScrollRegion';
import { adminT } from '../../admin/i18n';
import { formFields, langOf, resultOrThrow, staffApi, toLogin } from '../../admin/staff-api.server';

type Message = { id: number; name: string; email: string; phone: string | null; message: string; store_code: string; created_at: string; handled_at: string | null; handled_by: string | null };
type MessagePage = { items: Message[]; total: number; page: number; size: number };

export async function loader(args: Route.LoaderArgs) {
  const url = new URL(args.request.url);
  const query = new URLSearchParams();
  for (const key of ['state', 'page']) {
    const value = url.searchParams.get(key);
    if (value) query.set(key, value);
  }
  return { lang: langOf(args.request), list: resultOrThrow(await staffApi<MessagePage>(args, `/messages?${query}`), args.request) };
}

export async function action(args: Route.ActionArgs) {
  const fields = await formFields(args.request);
  const answer = await staffApi<boolean>(args, `/messages/${encodeURIComponent(fields.id ?? '')}/handled`, { method: 'POST' });
  if (!answer.ok && answer.status === 401) throw toLogin(args.request);
  return answer.ok ? { message: null } : { message: answer.message };
}

export default function AdminMessages() {
  const { lang, list } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const { search } = useLocation();
  const t = adminT(lang);
  const state = new URLSearchParams(search).get('state') ?? 'open';
  return (
    <>
      <h1>{t('area.messages')}</h1>
      {result?.message ? (
        <p className="admin-alert" role="alert">
          {result.message}
        </p>
      ) : null}
      <form method="get" className="admin-filters" aria-label={t('area.messages')}>
        <label>
          {t('messages.state')}
          <select name="state" defaultValue={state}>
            <option value="open">{t('messages.open')}</option>
            <option value="handled">{t('messages.handled')}</option>
            <option value="all">{t('messages.all')}</option>
          </select>
        </label>
        <button type="submit">{t('common.filter')}</button>
      </form>
      {list.items.length === 0 ? (
        <p>{t('common.none')}</p>
      ) : (
        <ScrollRegion label={t('area.messages')}>
          <table>
            <thead>
              <tr>
                <th scope="col">{t('common.date')}</th>
                <th scope="col">{t('messages.from')}</th>
                <th scope="col">{t('messages.message')}</th>
                <th scope="col">{t('common.status')}</th>
              </tr>
            </thead>
            <tbody>
              {list.items.map((m) => (
                <tr key={m.id}>
                  <td>{formatDateTime(m.created_at)}</td>
                  <td>
                    {m.name}
                    <br />
                    <a href={`mailto:${m.email}`}>{m.email}</a>
                    {m.phone ? (
                      <>
                        <br />
                        {m.phone}
                      </>
                    ) : null}
                    <br />({m.store_code})
                  </td>
                  <td className="admin-message">{m.message}</td>
                  <td>
                    {m.handled_at ? (
                      t('messages.handledBy', { at: formatDateTime(m.handled_at), who: m.handled_by ?? '' })
                    ) : (
                      <Form method="post">
                        <input type="hidden" name="id" value={m.id} />
                        <button type="submit" className="secondary" aria-label={`${t('messages.markHandled')}: ${m.name}, ${formatDateTime(m.created_at)}`}>
                          {t('messages.markHandled')}
                        </button>
                      </Form>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollRegion>
      )}
      <Pager t={t} page={list.page} size={list.size} total={list.total} search={search} />
    </>
  );
}
