/**
 * The fields of a webhook endpoint's form (address, note, events, on/off), shared by the list's "add"
 * form and an endpoint's page. Each field's message from a refused save is read with it; what was
 * typed comes back in `sent`.
 */
import { WEBHOOK_EVENT_TYPES } from '@vitrina/domain';
import type { AdminKey, AdminT } from './i18n';

export type WebhookEndpointView = {
  id: number;
  url: string;
  events: string[];
  active: boolean;
  description: string;
  secret_hint: string;
  created_by: string;
  created_at: string;
  updated_at: string;
  version: number;
  pending: number;
  failed: number;
  delivered: number;
  last_delivery_at: string | null;
};

/** the form's fields as the API's body */
export function endpointBody(f: Record<string, string>, all: FormData) {
  return {
    url: (f.url ?? '').trim(),
    description: f.description ?? '',
    events: all.getAll('events').map(String),
    active: f.active === 'on',
    ...(f.version ? { version: Number(f.version) } : {}),
  };
}

export const eventLabel = (t: AdminT, type: string) =>
  (WEBHOOK_EVENT_TYPES as readonly string[]).includes(type) || type === 'webhook.test'
    ? t(`webhooks.event.${type}` as AdminKey)
    : type;

export function WebhookEndpointFields({
  t,
  endpoint,
  sent,
  sentEvents,
  errors,
  httpsOnly,
  idPrefix,
}: {
  t: AdminT;
  endpoint: WebhookEndpointView | null;
  sent: Record<string, string> | null;
  sentEvents: string[] | null;
  errors: { field: string; message: string }[];
  httpsOnly: boolean;
  idPrefix: string;
}) {
  const errorOf = (field: string) =>
    errors.find((e) => e.field === field || e.field.startsWith(`${field}.`))?.message;
  const urlError = errorOf('url');
  const eventsError = errorOf('events');
  const chosen = sentEvents ??
    endpoint?.events ?? ['order.created', 'order.paid', 'order.status_changed', 'order.cancelled'];
  return (
    <>
      <div className="admin-grid">
        <div className="admin-field">
          <label htmlFor={`${idPrefix}-url`}>{t('webhooks.url')}</label>
          <input
            id={`${idPrefix}-url`}
            name="url"
            type="url"
            required
            inputMode="url"
            autoComplete="off"
            placeholder="https://erp.example.lt/hooks/vitrina"
            defaultValue={sent?.url ?? endpoint?.url ?? ''}
            aria-invalid={urlError ? true : undefined}
            aria-describedby={`${idPrefix}-url-help${urlError ? ` ${idPrefix}-url-error` : ''}`}
          />
          <span id={`${idPrefix}-url-help`} className="admin-hint">
            {httpsOnly ? t('webhooks.urlHelpHttps') : t('webhooks.urlHelp')}
          </span>
          {urlError ? (
            <span id={`${idPrefix}-url-error`} className="admin-field-error">
              {urlError}
            </span>
          ) : null}
        </div>
        <div className="admin-field">
          <label htmlFor={`${idPrefix}-description`}>{t('webhooks.description')}</label>
          <input
            id={`${idPrefix}-description`}
            name="description"
            maxLength={200}
            autoComplete="off"
            defaultValue={sent?.description ?? endpoint?.description ?? ''}
          />
        </div>
      </div>
      <fieldset
        className="admin-events"
        aria-invalid={eventsError ? true : undefined}
        aria-describedby={eventsError ? `${idPrefix}-events-error` : undefined}
      >
        <legend>{t('webhooks.events')}</legend>
        {WEBHOOK_EVENT_TYPES.map((type) => (
          <label key={type} className="admin-check">
            <input type="checkbox" name="events" value={type} defaultChecked={chosen.includes(type)} />
            <span>
              {eventLabel(t, type)} <code>{type}</code>
            </span>
          </label>
        ))}
        {eventsError ? (
          <span id={`${idPrefix}-events-error`} className="admin-field-error">
            {eventsError}
          </span>
        ) : null}
      </fieldset>
      <label className="admin-check">
        <input
          type="checkbox"
          name="active"
          defaultChecked={sent ? sent.active === 'on' : (endpoint?.active ?? true)}
        />
        {t('webhooks.active')}
      </label>
    </>
  );
}

/** the secret, shown the once it exists in an answer */
export function SecretOnce({ t, secret, url }: { t: AdminT; secret: string; url: string }) {
  return (
    <div className="admin-note admin-secret" role="status">
      <p>
        <strong>{t('webhooks.secretTitle', { url })}</strong>
      </p>
      <p>
        <code className="admin-wrap">{secret}</code>
      </p>
      <p>{t('webhooks.secretOnce')}</p>
    </div>
  );
}
