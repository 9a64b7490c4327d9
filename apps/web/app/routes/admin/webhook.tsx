/**
 * One webhook endpoint (role admin): its address, events and on/off; "send a test"; a new secret
 * (shown once); remove; and its delivery log (event, state, attempts, the receiver's last answer or
 * error, when) with "retry" on a waiting or given-up delivery. A form opened before someone else's
 * save is refused (409) and keeps what was typed.
 */
import { formatDateTime } from '@vitrina/domain';
import { Form, redirect, useActionData, useLoaderData, useLocation, useSearchParams } from 'react-router';
import { Link } from '../../lib/link';
import type { Route } from './+types/webhook';
import { adminPath, adminT, type AdminKey } from '../../admin/i18n';
import { Pager } from '../../admin/Pager';
import { ScrollRegion } from '../../admin/ScrollRegion';
import { formFields, langOf, resultOrThrow, staffApi, toLogin } from '../../admin/staff-api.server';
import {
  SecretOnce,
  WebhookEndpointFields,
  endpointBody,
  eventLabel,
  type WebhookEndpointView,
} from '../../admin/WebhookEndpointFields';

type Delivery = {
  id: number;
  event_id: string;
  event_type: string;
  status: 'pending' | 'delivered' | 'failed';
  attempts: number;
  last_status: number | null;
  last_error: string | null;
  created_at: string;
  next_attempt_at: string | null;
  delivered_at: string | null;
};
type Page = {
  endpoint: WebhookEndpointView;
  deliveries: { items: Delivery[]; total: number; page: number; size: number };
  https_only: boolean;
};

export async function loader(args: Route.LoaderArgs) {
  const lang = langOf(args.request);
  if (!/^\d+$/.test(args.params.id)) throw new Response('Not found', { status: 404 });
  const page = new URL(args.request.url).searchParams.get('page');
  const answer = await staffApi<Page>(
    args,
    `/webhooks/${args.params.id}${page && /^\d+$/.test(page) ? `?page=${page}` : ''}`,
  );
  return { lang, page: resultOrThrow(answer, args.request) };
}

export async function action(args: Route.ActionArgs) {
  const lang = langOf(args.request);
  const all = await args.request.clone().formData();
  const f = await formFields(args.request);
  const id = args.params.id;
  const self = adminPath(lang, `/webhooks/${id}`);
  const version = f.version ? Number(f.version) : undefined;
  let answer;
  if (f.intent === 'test' || f.intent === 'retry') {
    answer = await staffApi<Delivery>(
      args,
      f.intent === 'test' ? `/webhooks/${id}/test` : `/webhooks/${id}/deliveries/${Number(f.delivery)}/retry`,
      { method: 'POST', body: {} },
    );
    if (answer.ok) return redirect(`${self}?sent=${answer.result.status}`);
  } else if (f.intent === 'secret') {
    answer = await staffApi<{ endpoint: WebhookEndpointView; secret: string }>(
      args,
      `/webhooks/${id}/secret`,
      {
        method: 'POST',
        body: { version },
      },
    );
    // no redirect: the new secret is in this answer only
    if (answer.ok)
      return {
        secret: answer.result.secret,
        message: null,
        errors: [],
        fields: null,
        events: null,
        stale: false,
      };
  } else if (f.intent === 'delete') {
    answer = await staffApi<{ deleted: boolean }>(args, `/webhooks/${id}/delete`, {
      method: 'POST',
      body: { version },
    });
    if (answer.ok) return redirect(adminPath(lang, '/webhooks'));
  } else {
    answer = await staffApi<WebhookEndpointView>(args, `/webhooks/${id}`, {
      method: 'POST',
      body: endpointBody(f, all),
    });
    if (answer.ok) return redirect(`${self}?saved=1`);
  }
  if (answer.status === 401) throw toLogin(args.request);
  return {
    secret: null,
    message: answer.message,
    errors: answer.errors ?? [],
    fields: f.intent === 'save' ? f : null,
    events: f.intent === 'save' ? all.getAll('events').map(String) : null,
    stale: answer.status === 409 && f.intent !== 'retry',
  };
}

const STATE_KEYS: Record<Delivery['status'], AdminKey> = {
  pending: 'webhooks.statePending',
  delivered: 'webhooks.stateDelivered',
  failed: 'webhooks.stateFailed',
};

export default function AdminWebhook() {
  const { lang, page } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const [params] = useSearchParams();
  const { search } = useLocation();
  const t = adminT(lang);
  const e = page.endpoint;
  const self = adminPath(lang, `/webhooks/${e.id}`);
  const when = (iso: string | null) => (iso ? formatDateTime(iso) : '—');
  const sent = params.get('sent');
  return (
    <>
      <p>
        <Link to={adminPath(lang, '/webhooks')}>{t('webhooks.back')}</Link>
      </p>
      <h1 className="admin-wrap">{t('webhooks.endpointTitle', { url: e.url })}</h1>
      {params.get('saved') && !result ? (
        <p className="admin-note" role="status">
          {t('webhooks.saved')}
        </p>
      ) : null}
      {sent && !result ? (
        <p className={sent === 'delivered' ? 'admin-note' : 'admin-alert'} role="status">
          {sent === 'delivered' ? t('webhooks.sentOk') : t('webhooks.sentFailed')}
        </p>
      ) : null}
      {result?.secret ? <SecretOnce t={t} secret={result.secret} url={e.url} /> : null}
      {result?.message ? (
        <div className="admin-alert" role="alert">
          <p>{result.message}</p>
          {result.stale ? <a href={self}>{t('webhooks.reopen')}</a> : null}
        </div>
      ) : null}
      <dl>
        <dt>{t('webhooks.secret')}</dt>
        <dd>
          <code>{e.secret_hint}</code>
        </dd>
        <dt>{t('webhooks.createdBy')}</dt>
        <dd>
          {e.created_by}, {when(e.created_at)}
        </dd>
      </dl>
      <h2 id="settings">{t('webhooks.settings')}</h2>
      <Form method="post" reloadDocument className="admin-webhook-form" aria-labelledby="settings">
        <input type="hidden" name="intent" value="save" />
        <input type="hidden" name="version" value={result?.fields?.version ?? e.version} />
        <WebhookEndpointFields
          t={t}
          endpoint={e}
          sent={result?.fields ?? null}
          sentEvents={result?.events ?? null}
          errors={result?.errors ?? []}
          httpsOnly={page.https_only}
          idPrefix="edit"
        />
        <p>
          <button type="submit">{t('webhooks.save')}</button>
        </p>
      </Form>
      <div className="admin-actions">
        <Form method="post" reloadDocument>
          <input type="hidden" name="intent" value="test" />
          <span className="admin-hint">{t('webhooks.testHint')}</span>
          <button type="submit">{t('webhooks.test')}</button>
        </Form>
        <Form method="post" reloadDocument>
          <input type="hidden" name="intent" value="secret" />
          <input type="hidden" name="version" value={e.version} />
          <span className="admin-hint">{t('webhooks.rotateHint')}</span>
          <button type="submit" className="secondary">
            {t('webhooks.rotate')}
          </button>
        </Form>
        <Form method="post" reloadDocument>
          <input type="hidden" name="intent" value="delete" />
          <input type="hidden" name="version" value={e.version} />
          <label className="admin-check">
            <input type="checkbox" name="confirm" required />
            {t('webhooks.deleteConfirm')}
          </label>
          <button type="submit" className="secondary">
            {t('webhooks.delete')}
          </button>
        </Form>
      </div>
      <h2 id="log">{t('webhooks.log')}</h2>
      {page.deliveries.items.length === 0 ? (
        <p>{t('webhooks.logEmpty')}</p>
      ) : (
        <>
          <ScrollRegion label={t('webhooks.log')}>
            <table>
              <thead>
                <tr>
                  <th scope="col">{t('webhooks.time')}</th>
                  <th scope="col">{t('webhooks.event')}</th>
                  <th scope="col">{t('webhooks.state')}</th>
                  <th scope="col" className="num">
                    {t('webhooks.attempts')}
                  </th>
                  <th scope="col">{t('webhooks.lastAnswer')}</th>
                  <th scope="col">{t('webhooks.nextAttempt')}</th>
                  <th scope="col">
                    <span className="admin-hint">{t('webhooks.actions')}</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {page.deliveries.items.map((d) => (
                  <tr key={d.id}>
                    <td>{when(d.created_at)}</td>
                    <td>
                      {eventLabel(t, d.event_type)}
                      <div className="admin-hint">
                        <code>{d.event_id.slice(0, 8)}</code>
                      </div>
                    </td>
                    <td>
                      {d.status === 'failed' ? (
                        <strong>{t(STATE_KEYS[d.status])}</strong>
                      ) : (
                        t(STATE_KEYS[d.status])
                      )}
                      {d.delivered_at ? <div className="admin-hint">{when(d.delivered_at)}</div> : null}
                    </td>
                    <td className="num">{d.attempts}</td>
                    <td className="admin-wrap">
                      {/* the error names the status itself (`HTTP 500: …`); a success is only its status */}
                      {d.last_error ? (
                        <span className="admin-error-text">{d.last_error}</span>
                      ) : d.last_status !== null ? (
                        `HTTP ${d.last_status}`
                      ) : (
                        '—'
                      )}
                    </td>
                    <td>{d.status === 'pending' ? when(d.next_attempt_at) : '—'}</td>
                    <td>
                      {d.status !== 'delivered' ? (
                        <Form method="post" reloadDocument>
                          <input type="hidden" name="intent" value="retry" />
                          <input type="hidden" name="delivery" value={d.id} />
                          <button
                            type="submit"
                            className="secondary"
                            aria-label={t('webhooks.retryOf', {
                              event: eventLabel(t, d.event_type),
                              at: when(d.created_at),
                            })}
                          >
                            {t('webhooks.retry')}
                          </button>
                        </Form>
                      ) : null}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollRegion>
          <Pager
            t={t}
            page={page.deliveries.page}
            size={page.deliveries.size}
            total={page.deliveries.total}
            search={search}
          />
        </>
      )}
    </>
  );
}
