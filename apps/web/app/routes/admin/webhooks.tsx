/**
 * Webhook endpoints (role admin): the list with each endpoint's deliveries (waiting, given up,
 * delivered) and an "add" form. A new endpoint's signing secret is made by the server and shown on
 * this page once, right after it is added; the list shows only its last four characters.
 */
import { formatDateTime } from '@vitrina/domain';
import { Form, useActionData, useLoaderData } from 'react-router';
import { Link } from '../../lib/link';
import type { Route } from './+types/webhooks';
import { adminPath, adminT } from '../../admin/i18n';
import { ScrollRegion } from '../../admin/ScrollRegion';
import { formFields, langOf, resultOrThrow, staffApi, toLogin } from '../../admin/staff-api.server';
import {
  SecretOnce,
  WebhookEndpointFields,
  endpointBody,
  eventLabel,
  type WebhookEndpointView,
} from '../../admin/WebhookEndpointFields';

type List = { items: WebhookEndpointView[]; events: string[]; https_only: boolean; max_attempts: number };

export async function loader(args: Route.LoaderArgs) {
  const lang = langOf(args.request);
  return { lang, list: resultOrThrow(await staffApi<List>(args, '/webhooks'), args.request) };
}

export async function action(args: Route.ActionArgs) {
  const all = await args.request.clone().formData();
  const f = await formFields(args.request);
  const answer = await staffApi<{ endpoint: WebhookEndpointView; secret: string }>(args, '/webhooks', {
    method: 'POST',
    body: endpointBody(f, all),
  });
  if (!answer.ok && answer.status === 401) throw toLogin(args.request);
  // no redirect: the secret is in this answer only, so it is shown from here, once
  if (answer.ok) return { created: answer.result, message: null, errors: [], fields: null, events: null };
  return {
    created: null,
    message: answer.message,
    errors: answer.errors ?? [],
    fields: f,
    events: all.getAll('events').map(String),
  };
}

export default function AdminWebhooks() {
  const { lang, list } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const t = adminT(lang);
  const when = (iso: string | null) => (iso ? formatDateTime(iso) : '—');
  return (
    <>
      <h1>{t('webhooks.title')}</h1>
      <p className="admin-hint admin-message">{t('webhooks.intro', { n: list.max_attempts })}</p>
      {result?.created ? (
        <SecretOnce t={t} secret={result.created.secret} url={result.created.endpoint.url} />
      ) : null}
      {result?.message ? (
        <p className="admin-alert" role="alert">
          {result.message}
        </p>
      ) : null}
      {list.items.length === 0 ? (
        <p>{t('webhooks.none')}</p>
      ) : (
        <ScrollRegion label={t('webhooks.title')}>
          <table>
            <thead>
              <tr>
                <th scope="col">{t('webhooks.url')}</th>
                <th scope="col">{t('webhooks.events')}</th>
                <th scope="col">{t('webhooks.state')}</th>
                <th scope="col" className="num">
                  {t('webhooks.delivered')}
                </th>
                <th scope="col" className="num">
                  {t('webhooks.pending')}
                </th>
                <th scope="col" className="num">
                  {t('webhooks.failed')}
                </th>
                <th scope="col">{t('webhooks.lastDelivery')}</th>
                <th scope="col">{t('webhooks.secret')}</th>
              </tr>
            </thead>
            <tbody>
              {list.items.map((e) => (
                <tr key={e.id}>
                  <th scope="row" className="admin-wrap">
                    <Link to={adminPath(lang, `/webhooks/${e.id}`)}>{e.url}</Link>
                    {e.description ? <div className="admin-hint">{e.description}</div> : null}
                  </th>
                  <td>
                    {e.events.length === list.events.length
                      ? t('webhooks.allEvents')
                      : e.events.map((type) => eventLabel(t, type)).join(', ')}
                  </td>
                  <td>{e.active ? t('webhooks.on') : t('webhooks.off')}</td>
                  <td className="num">{e.delivered}</td>
                  <td className="num">{e.pending}</td>
                  <td className="num">{e.failed > 0 ? <strong>{e.failed}</strong> : e.failed}</td>
                  <td>{when(e.last_delivery_at)}</td>
                  <td>
                    <code>{e.secret_hint}</code>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollRegion>
      )}
      <h2 id="add">{t('webhooks.add')}</h2>
      <Form method="post" reloadDocument className="admin-webhook-form" aria-labelledby="add">
        <WebhookEndpointFields
          t={t}
          endpoint={null}
          sent={result?.fields ?? null}
          sentEvents={result?.events ?? null}
          errors={result?.errors ?? []}
          httpsOnly={list.https_only}
          idPrefix="new"
        />
        <p>
          <button type="submit">{t('webhooks.create')}</button>
        </p>
      </Form>
    </>
  );
}
