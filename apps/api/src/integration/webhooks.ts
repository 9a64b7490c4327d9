/**
 * Signed order webhooks (docs/integration.md).
 *
 * The order lifecycle writes an `order_events` row in the same transaction as each order change
 * (order/lifecycle.ts). The endpoints are kept in the back office (`webhook_endpoints`:
 * integration/webhook-endpoints.ts); WEBHOOK_URLS and WEBHOOK_SECRET only make the first ones, once
 * (ensureDefaults). This job, every WEBHOOK_INTERVAL_MS:
 *
 * 1. fans new events out: one `webhook_deliveries` row per event and active endpoint subscribed to
 *    its type, and marks the event (`webhooks_at`); with no endpoint events are only marked, so
 *    turning webhooks on later does not replay the shop's history;
 * 2. claims due deliveries in a short transaction (`FOR UPDATE SKIP LOCKED`, then a lease: their
 *    `next_attempt_at` moves past the send timeout), so several processes never send one delivery at
 *    once, and sends them outside any transaction (a slow receiver holds no lock, and on PGlite never
 *    stalls the shop);
 * 3. records the outcome: a 2xx answer is delivered; anything else (error, timeout, redirect, other
 *    status) is retried after 10 s × 2^(attempt − 1), capped at one hour, until WEBHOOK_MAX_ATTEMPTS,
 *    then `failed`. A process that dies mid-send leaves the lease to expire: the delivery is sent again
 *    (at least once; receivers deduplicate by the event id).
 *
 * A receiver never affects the order: its change was committed before any of this runs.
 *
 * The request: `POST <url>`, body `{"id","type","created_at","data"}` (JSON), headers
 * `Vitrina-Event-Id`, `Vitrina-Event-Type`, `Vitrina-Timestamp` (Unix seconds of this attempt) and
 * `Vitrina-Signature: v1=<hex HMAC-SHA256(endpoint secret, "<timestamp>.<body>")>`.
 */
import { createHmac } from 'node:crypto';
import type { Database } from '@vitrina/db';
import { WEBHOOK_EVENT_TYPES } from '@vitrina/domain';
import type { WebhookConfig } from '../config.ts';
import { one, rows } from '../lib/db.ts';
import {
  decryptWebhookSecret,
  encryptWebhookSecret,
  secretHint,
  webhookSecretKey,
} from './webhook-secrets.ts';
import { PeriodicJob } from '../lib/periodic-job.ts';
import type { ApiMetrics } from '../ops/metrics.ts';

/** events fanned out, and deliveries sent, per run */
const BATCH = 100;
/** first retry after this; doubled per attempt, capped at MAX_BACKOFF_MS */
const BASE_BACKOFF_MS = 10_000;
const MAX_BACKOFF_MS = 3_600_000;

type Log = { info(obj: object, msg: string): void; warn(obj: object, msg: string): void; error(obj: object, msg: string): void };

/** the `meta` key saying the environment's endpoints were made (so a deleted one is not made again) */
export const WEBHOOK_DEFAULTS_META_KEY = 'webhook_endpoints_from_environment';

type ClaimedDelivery = {
  id: number;
  url: string;
  secret_encrypted: string;
  attempts: number;
  event_id: string;
  type: string;
  payload: Record<string, unknown>;
  created_at: Date | string;
};

/** the signature header's value: `v1=` + hex HMAC-SHA256(secret, timestamp + "." + body) */
export function webhookSignature(secret: string, timestamp: number | string, body: string): string {
  return `v1=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
}

/** the wait before the next attempt after `attempts` failed ones */
export function webhookBackoffMs(attempts: number): number {
  return Math.min(BASE_BACKOFF_MS * 2 ** Math.max(attempts - 1, 0), MAX_BACKOFF_MS);
}

export class WebhookDispatcher {
  private readonly job: PeriodicJob;
  private key: Promise<Buffer> | null = null;
  private defaults: Promise<void> | null = null;

  constructor(
    private readonly database: Database,
    private readonly config: WebhookConfig,
    private readonly log: Log,
    private readonly metrics: ApiMetrics | undefined,
  ) {
    this.job = new PeriodicJob(() => this.runOnce(), config.intervalMs, log, 'webhook delivery run failed');
  }

  start(): void {
    this.job.start();
  }

  async stop(): Promise<void> {
    await this.job.stop();
  }

  /**
   * one run: fan out, then send what is due; the number of deliveries attempted. `now`: the instant
   * "due" is judged at (tests pretend the backoff has passed); default the database's clock, the one
   * that stamped the deliveries
   */
  async runOnce(now?: Date): Promise<number> {
    await this.ensureDefaults();
    await this.fanOut();
    const claimed = await this.claim(now);
    await Promise.all(claimed.map((d) => this.send(d)));
    return claimed.length;
  }

  /** the key the endpoints' secrets are encrypted under (webhook-secrets.ts) */
  secretKey(): Promise<Buffer> {
    this.key ??= webhookSecretKey(this.database, this.config.authSecret).catch((err: unknown) => {
      this.key = null;
      throw err;
    });
    return this.key;
  }

  /**
   * WEBHOOK_URLS and WEBHOOK_SECRET as first-start defaults: the first time they are set, an active
   * endpoint per URL with every event and that secret (deliveries made for those URLs before are
   * attached to it). Once done (a `meta` marker in the same transaction) the environment is not
   * read again: the back office owns the endpoints, and one deleted there stays deleted.
   */
  ensureDefaults(): Promise<void> {
    if (!this.config.secret || this.config.urls.length === 0) return Promise.resolve();
    this.defaults ??= (async () => {
      const key = await this.secretKey();
      const secret = this.config.secret!;
      await this.database.transaction(async (tx) => {
        const first = await one<{ key: string }>(
          tx,
          `INSERT INTO meta (key, value, updated_at) VALUES ($1, to_jsonb(now()::text), now())
           ON CONFLICT (key) DO NOTHING RETURNING key`,
          [WEBHOOK_DEFAULTS_META_KEY],
        );
        if (!first) return;
        for (const url of this.config.urls)
          await tx.query(
            `INSERT INTO webhook_endpoints (url, events, active, secret_encrypted, secret_hint, description, created_by)
             VALUES ($1, $2::jsonb, true, $3, $4, 'WEBHOOK_URLS', 'environment') ON CONFLICT (url) DO NOTHING`,
            [url, JSON.stringify(WEBHOOK_EVENT_TYPES), encryptWebhookSecret(key, secret), secretHint(secret)],
          );
        await tx.query(
          `UPDATE webhook_deliveries d SET endpoint_id = w.id FROM webhook_endpoints w
            WHERE d.endpoint_id IS NULL AND d.url = w.url`,
        );
      });
    })().catch((err: unknown) => {
      this.defaults = null;
      throw err;
    });
    return this.defaults;
  }

  /**
   * Sends one delivery now, whatever its due time (the back office's "retry" and "send a test");
   * true once the attempt is recorded, false when it is not pending (already delivered, or being
   * sent by another process).
   */
  async sendNow(deliveryId: number): Promise<boolean> {
    const leaseMs = this.config.timeoutMs + 30_000;
    const [d] = await this.database.transaction((tx) =>
      rows<ClaimedDelivery>(
        tx,
        `WITH due AS (
           SELECT id FROM webhook_deliveries WHERE id = $1 AND status = 'pending' FOR UPDATE SKIP LOCKED)
         UPDATE webhook_deliveries d
            SET attempts = d.attempts + 1, next_attempt_at = now() + make_interval(secs => $2::float8 / 1000)
           FROM due, order_events e, webhook_endpoints w
          WHERE d.id = due.id AND e.id = d.event_id AND w.id = d.endpoint_id
         RETURNING d.id, d.url, w.secret_encrypted, d.attempts, e.id AS event_id, e.type, e.payload, e.created_at`,
        [deliveryId, leaseMs],
      ),
    );
    if (!d) return false;
    await this.send(d);
    return true;
  }

  /** new events → one delivery per configured URL; the events marked done in the same transaction */
  async fanOut(): Promise<number> {
    let total = 0;
    for (;;) {
      const n = await this.database.transaction(async (tx) => {
        const events = await rows<{ id: string }>(
          tx,
          'SELECT id FROM order_events WHERE webhooks_at IS NULL ORDER BY seq LIMIT $1 FOR UPDATE SKIP LOCKED',
          [BATCH],
        );
        if (events.length === 0) return 0;
        const ids = events.map((e) => e.id);
        // each active endpoint subscribed to the event's type
        await tx.query(
          `INSERT INTO webhook_deliveries (event_id, url, endpoint_id)
           SELECT e.id, w.url, w.id FROM order_events e
             JOIN webhook_endpoints w ON w.active AND w.events @> jsonb_build_array(e.type)
            WHERE e.id = ANY($1::uuid[])
           ON CONFLICT (event_id, url) DO NOTHING`,
          [ids],
        );
        await tx.query('UPDATE order_events SET webhooks_at = now() WHERE id = ANY($1::uuid[])', [ids]);
        return events.length;
      });
      total += n;
      if (n < BATCH) return total;
    }
  }

  /**
   * Due deliveries to the endpoints active now, leased for the send timeout and a margin: another
   * process skips them (SKIP LOCKED while claiming, the lease after).
   */
  private claim(now: Date | undefined): Promise<ClaimedDelivery[]> {
    const leaseMs = this.config.timeoutMs + 30_000;
    return this.database.transaction((tx) =>
      rows<ClaimedDelivery>(
        tx,
        `WITH due AS (
           SELECT id FROM webhook_deliveries
            WHERE status = 'pending' AND next_attempt_at <= coalesce($1::timestamptz, now())
              AND endpoint_id IN (SELECT id FROM webhook_endpoints WHERE active)
            ORDER BY next_attempt_at, id LIMIT $2 FOR UPDATE SKIP LOCKED)
         UPDATE webhook_deliveries d
            SET attempts = d.attempts + 1,
                next_attempt_at = coalesce($1::timestamptz, now()) + make_interval(secs => $3::float8 / 1000)
           FROM due, order_events e, webhook_endpoints w
          WHERE d.id = due.id AND e.id = d.event_id AND w.id = d.endpoint_id
         RETURNING d.id, d.url, w.secret_encrypted, d.attempts, e.id AS event_id, e.type, e.payload, e.created_at`,
        [now?.toISOString() ?? null, BATCH, leaseMs],
      ),
    );
  }

  private async send(d: ClaimedDelivery): Promise<void> {
    const body = JSON.stringify({ id: d.event_id, type: d.type, created_at: new Date(d.created_at).toISOString(), data: d.payload });
    const timestamp = Math.floor(Date.now() / 1000);
    let status: number | null = null;
    let error: string | null = null;
    const secret = decryptWebhookSecret(await this.secretKey(), d.secret_encrypted);
    try {
      // never sent unsigned: an unreadable secret (AUTH_SECRET changed) is a failed attempt
      if (secret === null) throw new Error('the endpoint secret cannot be decrypted (AUTH_SECRET changed?): make a new secret');
      const res = await fetch(d.url, {
        method: 'POST',
        redirect: 'manual',
        signal: AbortSignal.timeout(this.config.timeoutMs),
        headers: {
          'content-type': 'application/json',
          'user-agent': 'Vitrina-Webhooks/1',
          'vitrina-event-id': d.event_id,
          'vitrina-event-type': d.type,
          'vitrina-timestamp': String(timestamp),
          'vitrina-signature': webhookSignature(secret, timestamp, body),
        },
        body,
      });
      status = res.status;
      // the answer's body is not needed: read (and so release) it, a little of it for the record
      const text = await res.text().catch(() => '');
      if (!res.ok) error = `HTTP ${res.status}${text ? `: ${text.slice(0, 200)}` : ''}`;
    } catch (err) {
      error = err instanceof Error ? `${err.name}: ${err.message}` : String(err);
    }
    if (error === null) {
      await this.database.query(
        "UPDATE webhook_deliveries SET status = 'delivered', delivered_at = now(), last_status = $2, last_error = NULL WHERE id = $1",
        [d.id, status],
      );
      this.metrics?.webhookDelivered.inc({ event_type: d.type });
      return;
    }
    this.metrics?.webhookFailures.inc({ event_type: d.type });
    const giveUp = d.attempts >= this.config.maxAttempts;
    await this.database.query(
      `UPDATE webhook_deliveries SET status = $2, last_status = $3, last_error = $4,
              next_attempt_at = now() + make_interval(secs => $5::float8 / 1000) WHERE id = $1`,
      [d.id, giveUp ? 'failed' : 'pending', status, error.slice(0, 1000), webhookBackoffMs(d.attempts)],
    );
    (giveUp ? this.log.error : this.log.warn).call(
      this.log,
      { deliveryId: d.id, eventId: d.event_id, url: d.url, attempts: d.attempts, error },
      giveUp ? 'webhook delivery given up' : 'webhook delivery failed; will retry',
    );
  }
}
