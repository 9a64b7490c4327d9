/**
 * Stock notification requests (accounts-checkout-routes.md §2 lists the screen among the dictionaries).
 *
 * - `request`: an e-mail and a sku of an out-of-stock product; rate-limited per client address; one
 *   pending request per e-mail and sku (a repeat answers the same success, so nothing reveals whether
 *   an address asked before).
 * - `notifyBackInStock`: every pending request whose sku is in stock again gets its e-mail written to
 *   the outbox and is marked notified, in one transaction (rows claimed FOR UPDATE SKIP LOCKED, so two
 *   processes never send one twice). Runs every MAIL_OUTBOX_INTERVAL_MS, whatever put the stock back
 *   (an import, a cancelled order).
 */
import { effectiveSettings } from '../settings/service.ts';
import { shopNameIn } from '@vitrina/domain';
import type { Database } from '@vitrina/db';
import { PeriodicJob } from '../lib/periodic-job.ts';
import { isStoreCode, type StoreCode } from '@vitrina/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { ApiConfig } from '../config.ts';
import type { CatalogService } from '../catalog/service.ts';
import { fieldError } from '../http/errors.ts';
import { rows } from '../lib/db.ts';
import { enforce, type RateLimiter } from '../auth/rate-limit.ts';
import { enqueueMail } from '../mail/outbox.ts';
import { renderMail, storefrontLink } from '../mail/templates.ts';
import { normaliseEmail } from '../user/service.ts';

type PendingRow = {
  id: number;
  email: string;
  sku: string;
  store_code: string;
  name: string | null;
  url_path: string | null;
};

export class StockAlertService {
  private readonly job: PeriodicJob;

  constructor(
    private readonly database: Database,
    private readonly config: ApiConfig,
    private readonly catalog: CatalogService,
    private readonly limiter: RateLimiter,
    private readonly log: Pick<FastifyBaseLogger, 'error'>,
  ) {
    this.job = new PeriodicJob(
      () => this.notifyBackInStock(),
      config.mailOutboxIntervalMs,
      log,
      'back-in-stock notifications failed',
    );
  }

  async request(
    input: { email: string; sku: string },
    store: StoreCode,
    clientAddress: string,
  ): Promise<true> {
    await enforce(this.limiter, [
      { key: `stock-alert:address:${clientAddress}`, rule: this.config.rateLimits.stockAlertAddress },
    ]);
    const resolved = await this.catalog.resolveSku(store, input.sku);
    if (!resolved || resolved.disabled) throw fieldError('sku', 'api.skuNotFound', { sku: input.sku }, 404);
    const [stock] = await rows<{
      product_id: number;
      is_in_stock: boolean;
      qty: number;
      manage_stock: boolean;
    }>(this.database, 'SELECT product_id, is_in_stock, qty, manage_stock FROM stock WHERE sku = $1', [
      input.sku,
    ]);
    if (!stock) throw fieldError('sku', 'api.skuNotFound', { sku: input.sku }, 404);
    if (isAvailable(stock)) throw fieldError('sku', 'stockAlert.inStock', undefined, 409);
    await this.database.query(
      `INSERT INTO stock_notifications (email, sku, product_id, store_code) VALUES ($1, $2, $3, $4)
       ON CONFLICT (email, sku) WHERE notified_at IS NULL DO NOTHING`,
      [normaliseEmail(input.email), input.sku, stock.product_id, store],
    );
    return true;
  }

  /** writes the back-in-stock e-mails of up to `limit` requests; answers how many */
  async notifyBackInStock(limit = 200): Promise<number> {
    return this.database.transaction(async (tx) => {
      const due = await rows<PendingRow>(
        tx,
        `SELECT n.id, n.email, n.sku, n.store_code, pi.name, pi.url_path
         FROM stock_notifications n
         JOIN stock s ON s.sku = n.sku
         LEFT JOIN product_index pi ON pi.store_code = n.store_code AND (pi.sku = n.sku OR n.sku = ANY(pi.child_skus))
         WHERE n.notified_at IS NULL AND (NOT s.manage_stock OR (s.is_in_stock AND s.qty > 0))
         ORDER BY n.id LIMIT $1 FOR UPDATE OF n SKIP LOCKED`,
        [limit],
      );
      const seen = new Set<number>();
      for (const r of due) {
        if (seen.has(r.id)) continue; // a child sku under two rows of the index: one e-mail
        seen.add(r.id);
        const store: StoreCode = isStoreCode(r.store_code) ? r.store_code : 'lt';
        const link = storefrontLink(
          this.config.publicUrl,
          store,
          r.url_path ? `/${r.url_path.replace(/^\/+/, '')}` : `/search?q=${encodeURIComponent(r.sku)}`,
        );
        await enqueueMail(tx, 'mail.back-in-stock', {
          to: r.email,
          storeCode: store,
          link,
          sku: r.sku,
          ...renderMail(
            'backInStock',
            store,
            { name: r.name ?? r.sku, link },
            shopNameIn(await effectiveSettings(tx, this.config.settingsSeed), store),
          ),
        });
        await tx.query('UPDATE stock_notifications SET notified_at = now() WHERE id = $1', [r.id]);
      }
      return seen.size;
    });
  }

  /** checks for stock back every MAIL_OUTBOX_INTERVAL_MS (0: never); one run at a time */
  start(): void {
    this.job.start();
  }

  /** stops the timer and waits for a run in progress */
  stop(): Promise<void> {
    return this.job.stop();
  }
}

const isAvailable = (s: { is_in_stock: boolean; qty: number; manage_stock: boolean }) =>
  !s.manage_stock || (s.is_in_stock && s.qty > 0);
