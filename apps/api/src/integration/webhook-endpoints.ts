/**
 * Webhook endpoints in the back office under `/vsbridge/staff/webhooks` (area `settings`: role
 * `admin`; 401 without a staff session, 403 for another role): the endpoints (address, events, on
 * or off), a signing secret made by the server and shown once (stored encrypted:
 * integration/webhook-secrets.ts), and per endpoint the delivery log with "retry" and "send a test".
 * Writes are POSTs with the staff session's SameSite=Strict cookie (the back office's CSRF defence),
 * each in one transaction with its audit row; a secret is never written to the audit log.
 */
import {
  WEBHOOK_EVENT_TYPES,
  WEBHOOK_TEST_EVENT,
  formatDateTime,
  webhookEndpointInput,
  type WebhookEndpointInput,
} from '@vitrina/domain';
import type { Database } from '@vitrina/db';
import { z } from 'zod';
import type { ApiApp, ApiContext } from '../context.ts';
import { ok } from '../http/envelope.ts';
import { ApiError, fieldError, notFound } from '../http/errors.ts';
import { storeQuery } from '../http/validation.ts';
import { one, rows, type Queryable } from '../lib/db.ts';
import { audit, type StaffActor } from '../staff/audit.ts';
import { staffArea } from '../staff/guard.ts';
import { staffPrincipal } from '../staff/routes.ts';
import type { WebhookDispatcher } from './webhooks.ts';
import { encryptWebhookSecret, newWebhookSecret, secretHint } from './webhook-secrets.ts';

export type WebhookEndpoint = {
  id: number;
  url: string;
  events: string[];
  active: boolean;
  description: string;
  /** the secret's last four characters: which one a receiver holds */
  secret_hint: string;
  created_by: string;
  created_at: string;
  updated_at: string;
  version: number;
  /** deliveries waiting (first try or a retry), given up, delivered */
  pending: number;
  failed: number;
  delivered: number;
  last_delivery_at: string | null;
};

export type WebhookDelivery = {
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

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

const SELECT_ENDPOINT = `
  SELECT w.id, w.url, w.events, w.active, w.description, w.secret_hint, w.created_by, w.created_at,
         w.updated_at, w.version,
         count(d.id) FILTER (WHERE d.status = 'pending')::int AS pending,
         count(d.id) FILTER (WHERE d.status = 'failed')::int AS failed,
         count(d.id) FILTER (WHERE d.status = 'delivered')::int AS delivered,
         max(d.created_at) AS last_delivery_at
    FROM webhook_endpoints w LEFT JOIN webhook_deliveries d ON d.endpoint_id = w.id`;

function shapeEndpoint(r: WebhookEndpoint): WebhookEndpoint {
  return {
    ...r,
    created_at: iso(r.created_at)!,
    updated_at: iso(r.updated_at)!,
    last_delivery_at: iso(r.last_delivery_at),
  };
}

export const endpointSaveBody = webhookEndpointInput.extend({ version: z.number().int().min(1).optional() });
export const deliveryListQuery = storeQuery.extend({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  size: z.coerce.number().int().min(1).max(200).default(50),
});

export class WebhookEndpoints {
  constructor(
    private readonly database: Database,
    private readonly dispatcher: WebhookDispatcher,
    private readonly httpsOnly: boolean,
  ) {}

  async list(): Promise<WebhookEndpoint[]> {
    // the environment's first endpoint shows here even before the delivery job's first run
    await this.dispatcher.ensureDefaults();
    const found = await rows<WebhookEndpoint>(
      this.database,
      `${SELECT_ENDPOINT} GROUP BY w.id ORDER BY w.id`,
    );
    return found.map(shapeEndpoint);
  }

  async get(id: number, q: Queryable = this.database): Promise<WebhookEndpoint | null> {
    const r = await one<WebhookEndpoint>(q, `${SELECT_ENDPOINT} WHERE w.id = $1 GROUP BY w.id`, [id]);
    return r ? shapeEndpoint(r) : null;
  }

  /** the endpoint's deliveries, newest first, a page of them */
  async deliveries(id: number, page: number, size: number) {
    const [count] = await rows<{ n: number }>(
      this.database,
      'SELECT count(*)::int AS n FROM webhook_deliveries WHERE endpoint_id = $1',
      [id],
    );
    const items = await rows<WebhookDelivery>(
      this.database,
      `SELECT d.id::int AS id, d.event_id, e.type AS event_type, d.status, d.attempts, d.last_status, d.last_error,
              d.created_at, CASE WHEN d.status = 'pending' THEN d.next_attempt_at END AS next_attempt_at, d.delivered_at
         FROM webhook_deliveries d JOIN order_events e ON e.id = d.event_id
        WHERE d.endpoint_id = $1 ORDER BY d.id DESC LIMIT $2 OFFSET $3`,
      [id, size, (page - 1) * size],
    );
    return {
      items: items.map((d) => ({
        ...d,
        created_at: iso(d.created_at)!,
        next_attempt_at: iso(d.next_attempt_at),
        delivered_at: iso(d.delivered_at),
      })),
      total: count?.n ?? 0,
      page,
      size,
    };
  }

  /** a new endpoint with a new secret: the answer is the only time the secret is shown */
  async create(actor: StaffActor, input: WebhookEndpointInput) {
    this.checkUrl(input.url);
    const secret = newWebhookSecret();
    const key = await this.dispatcher.secretKey();
    const endpoint = await this.database.transaction(async (tx) => {
      await this.refuseTakenUrl(tx, input.url, 0);
      const row = await one<{ id: number }>(
        tx,
        `INSERT INTO webhook_endpoints (url, events, active, description, secret_encrypted, secret_hint, created_by)
         VALUES ($1, $2::jsonb, $3, $4, $5, $6, $7) RETURNING id`,
        [
          input.url,
          JSON.stringify(ordered(input.events)),
          input.active,
          input.description,
          encryptWebhookSecret(key, secret),
          secretHint(secret),
          actor.email,
        ],
      );
      await audit(tx, actor, 'webhook.create', `webhook:${row!.id}`, {
        url: input.url,
        events: ordered(input.events),
        active: input.active,
      });
      return (await this.get(row!.id, tx))!;
    });
    return { endpoint, secret };
  }

  /** changes address, events, on/off or note; 409 when saved by someone else since `version` */
  async update(
    actor: StaffActor,
    id: number,
    input: WebhookEndpointInput & { version?: number | undefined },
  ) {
    this.checkUrl(input.url);
    return this.database.transaction(async (tx) => {
      const current = await this.locked(tx, id, input.version);
      await this.refuseTakenUrl(tx, input.url, id);
      await tx.query(
        `UPDATE webhook_endpoints SET url = $2, events = $3::jsonb, active = $4, description = $5,
                updated_at = now(), version = version + 1 WHERE id = $1`,
        [id, input.url, JSON.stringify(ordered(input.events)), input.active, input.description],
      );
      // deliveries still waiting follow the endpoint to its new address
      if (current.url !== input.url)
        await tx.query(
          `UPDATE webhook_deliveries d SET url = $2 WHERE endpoint_id = $1 AND status = 'pending'
              AND NOT EXISTS (SELECT 1 FROM webhook_deliveries o WHERE o.event_id = d.event_id AND o.url = $2)`,
          [id, input.url],
        );
      await audit(tx, actor, 'webhook.update', `webhook:${id}`, {
        url: input.url,
        events: ordered(input.events),
        active: input.active,
      });
      return (await this.get(id, tx))!;
    });
  }

  /** a new secret replaces the old one at once (the receiver must be given it): shown this once */
  async rotateSecret(actor: StaffActor, id: number, version: number | undefined) {
    const secret = newWebhookSecret();
    const key = await this.dispatcher.secretKey();
    const endpoint = await this.database.transaction(async (tx) => {
      await this.locked(tx, id, version);
      await tx.query(
        `UPDATE webhook_endpoints SET secret_encrypted = $2, secret_hint = $3, updated_at = now(), version = version + 1
          WHERE id = $1`,
        [id, encryptWebhookSecret(key, secret), secretHint(secret)],
      );
      await audit(tx, actor, 'webhook.secret', `webhook:${id}`);
      return (await this.get(id, tx))!;
    });
    return { endpoint, secret };
  }

  /** removes the endpoint; its deliveries stay in the database but are never sent again */
  async remove(actor: StaffActor, id: number, version: number | undefined): Promise<void> {
    await this.database.transaction(async (tx) => {
      const current = await this.locked(tx, id, version);
      await tx.query('DELETE FROM webhook_endpoints WHERE id = $1', [id]);
      await tx.query(
        `UPDATE webhook_deliveries SET status = 'failed', last_error = 'endpoint removed' WHERE endpoint_id = $1 AND status = 'pending'`,
        [id],
      );
      await audit(tx, actor, 'webhook.delete', `webhook:${id}`, { url: current.url });
    });
  }

  /**
   * "Send a test": a `webhook.test` event for this endpoint alone (marked fanned out, so no other
   * endpoint gets it), sent now; answers the delivery as recorded after the attempt.
   */
  async sendTest(actor: StaffActor, id: number): Promise<WebhookDelivery> {
    const deliveryId = await this.database.transaction(async (tx) => {
      const endpoint = await one<{ id: number; url: string }>(
        tx,
        'SELECT id, url FROM webhook_endpoints WHERE id = $1',
        [id],
      );
      if (!endpoint) throw notFound('error.notFound');
      const event = await one<{ id: string }>(
        tx,
        `INSERT INTO order_events (type, order_id, payload, webhooks_at) VALUES ($1, NULL, $2::jsonb, now()) RETURNING id`,
        [WEBHOOK_TEST_EVENT, JSON.stringify({ test: true, endpoint: id, sent_by: actor.email })],
      );
      const delivery = await one<{ id: number }>(
        tx,
        'INSERT INTO webhook_deliveries (event_id, url, endpoint_id) VALUES ($1, $2, $3) RETURNING id::int AS id',
        [event!.id, endpoint.url, id],
      );
      await audit(tx, actor, 'webhook.test', `webhook:${id}`);
      return delivery!.id;
    });
    await this.dispatcher.sendNow(deliveryId);
    return (await this.delivery(id, deliveryId))!;
  }

  /**
   * "Retry": a waiting or given-up delivery is sent again now (one more attempt; given up again if
   * it fails at WEBHOOK_MAX_ATTEMPTS); answers it as recorded after the attempt. 409 when delivered.
   */
  async retry(actor: StaffActor, id: number, deliveryId: number): Promise<WebhookDelivery> {
    await this.database.transaction(async (tx) => {
      const d = await one<{ status: string }>(
        tx,
        'SELECT status FROM webhook_deliveries WHERE id = $1 AND endpoint_id = $2 FOR UPDATE',
        [deliveryId, id],
      );
      if (!d) throw notFound('error.notFound');
      if (d.status === 'delivered') throw new ApiError(409, 'webhooks.alreadyDelivered');
      await tx.query(
        "UPDATE webhook_deliveries SET status = 'pending', next_attempt_at = now() WHERE id = $1",
        [deliveryId],
      );
      await audit(tx, actor, 'webhook.retry', `webhook:${id}`, { delivery: deliveryId });
    });
    await this.dispatcher.sendNow(deliveryId);
    return (await this.delivery(id, deliveryId))!;
  }

  private async delivery(id: number, deliveryId: number): Promise<WebhookDelivery | null> {
    const page = await rows<WebhookDelivery>(
      this.database,
      `SELECT d.id::int AS id, d.event_id, e.type AS event_type, d.status, d.attempts, d.last_status, d.last_error,
              d.created_at, CASE WHEN d.status = 'pending' THEN d.next_attempt_at END AS next_attempt_at, d.delivered_at
         FROM webhook_deliveries d JOIN order_events e ON e.id = d.event_id WHERE d.id = $1 AND d.endpoint_id = $2`,
      [deliveryId, id],
    );
    const d = page[0];
    return d
      ? {
          ...d,
          created_at: iso(d.created_at)!,
          next_attempt_at: iso(d.next_attempt_at),
          delivered_at: iso(d.delivered_at),
        }
      : null;
  }

  /** the endpoint locked for a change; 400 without the form's version, 409 when it is old */
  private async locked(tx: Queryable, id: number, version: number | undefined) {
    const current = await one<{ url: string; version: number; updated_at: Date }>(
      tx,
      'SELECT url, version, updated_at FROM webhook_endpoints WHERE id = $1 FOR UPDATE',
      [id],
    );
    if (!current) throw notFound('error.notFound');
    if (version === undefined) throw fieldError('version', 'validation.required');
    if (current.version !== version)
      throw new ApiError(409, 'webhooks.staleVersion', {
        version: current.version,
        at: formatDateTime(current.updated_at),
      });
    return current;
  }

  private checkUrl(url: string): void {
    if (this.httpsOnly && !url.toLowerCase().startsWith('https://'))
      throw fieldError('url', 'webhooks.httpsRequired');
  }

  private async refuseTakenUrl(tx: Queryable, url: string, id: number): Promise<void> {
    if (await one(tx, 'SELECT 1 FROM webhook_endpoints WHERE url = $1 AND id <> $2', [url, id]))
      throw fieldError('url', 'webhooks.urlTaken', undefined, 409);
  }
}

/** the events in the order the shop lists them, each once */
const ordered = (events: readonly string[]) => WEBHOOK_EVENT_TYPES.filter((e) => events.includes(e));

const tags = ['staff'];
const idParams = z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) });
const deliveryParams = idParams.extend({ delivery: z.coerce.number().int().min(1) });
const versionBody = z.object({ version: z.number().int().min(1).optional() });

export function webhookEndpointRoutes(app: ApiApp, ctx: Pick<ApiContext, 'config' | 'database' | 'staffSessions' | 'webhooks'>) {
  const endpoints = new WebhookEndpoints(ctx.database, ctx.webhooks, ctx.config.webhooks.httpsOnly);
  // the shop's integrations are the administrator's, as its settings are
  const guard = staffArea(ctx, 'settings');
  const actor = staffPrincipal;
  const base = '/vsbridge/staff/webhooks';

  app.get(
    base,
    {
      onRequest: guard,
      schema: { tags, summary: 'Webhook endpoints and the events the shop sends', querystring: storeQuery },
    },
    async () =>
      ok({
        items: await endpoints.list(),
        events: WEBHOOK_EVENT_TYPES,
        https_only: ctx.config.webhooks.httpsOnly,
        max_attempts: ctx.config.webhooks.maxAttempts,
      }),
  );
  app.post(
    base,
    {
      onRequest: guard,
      schema: {
        tags,
        summary: 'Adds an endpoint; the answer holds its secret, shown this once',
        querystring: storeQuery,
        body: endpointSaveBody,
      },
    },
    async (req) => ok(await endpoints.create(actor(req), req.body)),
  );
  app.get(
    `${base}/:id`,
    {
      onRequest: guard,
      schema: {
        tags,
        summary: 'An endpoint and its delivery log, newest first',
        params: idParams,
        querystring: deliveryListQuery,
      },
    },
    async (req) => {
      const endpoint = await endpoints.get(req.params.id);
      if (!endpoint) throw notFound('error.notFound');
      return ok({
        endpoint,
        deliveries: await endpoints.deliveries(req.params.id, req.query.page, req.query.size),
        events: WEBHOOK_EVENT_TYPES,
        https_only: ctx.config.webhooks.httpsOnly,
      });
    },
  );
  app.post(
    `${base}/:id`,
    {
      onRequest: guard,
      schema: {
        tags,
        summary: 'Changes an endpoint; 409 when saved by someone else since `version`',
        params: idParams,
        querystring: storeQuery,
        body: endpointSaveBody,
      },
    },
    async (req) => ok(await endpoints.update(actor(req), req.params.id, req.body)),
  );
  app.post(
    `${base}/:id/secret`,
    {
      onRequest: guard,
      schema: {
        tags,
        summary: 'Makes a new secret (shown this once); the old one stops signing',
        params: idParams,
        querystring: storeQuery,
        body: versionBody,
      },
    },
    async (req) => ok(await endpoints.rotateSecret(actor(req), req.params.id, req.body.version)),
  );
  app.post(
    `${base}/:id/delete`,
    {
      onRequest: guard,
      schema: {
        tags,
        summary: 'Removes an endpoint; its waiting deliveries are not sent',
        params: idParams,
        querystring: storeQuery,
        body: versionBody,
      },
    },
    async (req) => {
      await endpoints.remove(actor(req), req.params.id, req.body.version);
      return ok({ deleted: true });
    },
  );
  app.post(
    `${base}/:id/test`,
    {
      onRequest: guard,
      schema: {
        tags,
        summary: 'Sends a signed `webhook.test` event to this endpoint now',
        params: idParams,
        querystring: storeQuery,
      },
    },
    async (req) => ok(await endpoints.sendTest(actor(req), req.params.id)),
  );
  app.post(
    `${base}/:id/deliveries/:delivery/retry`,
    {
      onRequest: guard,
      schema: {
        tags,
        summary: 'Sends a waiting or given-up delivery again now',
        params: deliveryParams,
        querystring: storeQuery,
      },
    },
    async (req) => ok(await endpoints.retry(actor(req), req.params.id, req.params.delivery)),
  );
}
