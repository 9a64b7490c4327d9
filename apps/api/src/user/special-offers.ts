/**
 * A customer's special offers (accounts-checkout-routes.md §3 "Special offers product", §7 "GET
 * special offers with query token"). `GET /vsbridge/user/special-offers?token` answers the
 * offers of the token's customer only; the storefront then looks the products up by id (100 per query,
 * the listing's visibility and status filters).
 *
 * Offers come in through `PUT /vsbridge/admin/special-offers` (ADMIN_TOKEN), which replaces a
 * customer's offers. A demo shop (DEMO_SPECIAL_OFFERS, on when the demo catalogue is seeded) gives
 * every new customer three offers labelled `demo` (10% off three listed products in stock), so the page
 * has something to show. Only in a shop whose catalogue is the seeded demo one (meta `demo_catalog`,
 * written by the shop server's seeding): a real shop never hands out demo prices.
 */
import { isDemoShop, type Database } from '@vitrina/db';
import { LISTING_STATUS, LISTING_VISIBILITY, type SpecialOfferAnswer, type StoreCode } from '@vitrina/domain';
import type { ApiConfig } from '../config.ts';
import type { CatalogService } from '../catalog/service.ts';
import { fieldError } from '../http/errors.ts';
import { one, rows, type Queryable } from '../lib/db.ts';
import { normaliseEmail } from './service.ts';

/** one offer as the spec names its fields (money in cents): the shared contract (contracts/account-answers.ts) */
export type SpecialOffer = SpecialOfferAnswer;

type OfferRow = {
  product_id: number;
  final_price_cents: number;
  price_incl_tax_cents: number;
  id_variant: number | null;
  option_comments: string;
  sku: string;
  quantity: number;
  label: string | null;
  valid_until: Date | string | null;
};

export type OfferInput = {
  sku: string;
  final_price: number;
  price_incl_tax: number;
  quantity: number;
  option_comments?: string | undefined;
  valid_until?: string | undefined;
};

/** the demo offers: this much off the product's current price */
const DEMO_DISCOUNT_PERCENT = 10;
const DEMO_OFFERS = 3;

const view = (r: OfferRow): SpecialOffer => ({
  id: r.product_id,
  final_price: r.final_price_cents,
  price_incl_tax: r.price_incl_tax_cents,
  id_variant: r.id_variant,
  option_comments: r.option_comments,
  sku: r.sku,
  quantity: r.quantity,
  label: r.label,
  valid_until: r.valid_until === null ? null : new Date(r.valid_until).toISOString(),
});

export class SpecialOfferService {
  constructor(
    private readonly database: Database,
    private readonly config: ApiConfig,
    private readonly catalog: CatalogService,
  ) {}

  /** the customer's current offers (expired ones left out), oldest first */
  async list(customerId: number): Promise<SpecialOffer[]> {
    const found = await rows<OfferRow>(
      this.database,
      `SELECT product_id, final_price_cents, price_incl_tax_cents, id_variant, option_comments, sku, quantity, label, valid_until
       FROM special_offers WHERE customer_id = $1 AND (valid_until IS NULL OR valid_until > now()) ORDER BY id`,
      [customerId],
    );
    return found.map(view);
  }

  /**
   * Replaces the offers of the customer with this e-mail. Each sku must be a product of the catalogue
   * (a configurable child is offered on its parent: `id` the parent, `id_variant` the child).
   */
  async replace(email: string, offers: OfferInput[], store: StoreCode): Promise<SpecialOffer[]> {
    const customer = await one<{ id: number }>(this.database, 'SELECT id FROM customers WHERE email = $1', [
      normaliseEmail(email),
    ]);
    if (!customer) throw fieldError('email', 'user.emailNotFound', undefined, 404);
    const resolved = await this.catalog.resolveSkus(store, [...new Set(offers.map((o) => o.sku))]);
    const rowsToWrite = offers.map((o, i) => {
      const hit = resolved.get(o.sku);
      if (!hit)
        throw fieldError(`offers.${i}.sku`, 'validation.invalidOption', {
          options: 'a sku of the catalogue',
        });
      const productId = Number((hit.parent ?? hit.product).id);
      const idVariant = hit.parent ? Number(hit.product.id) : null;
      return [
        productId,
        o.sku,
        idVariant,
        o.final_price,
        o.price_incl_tax,
        o.option_comments ?? '',
        o.quantity,
        o.valid_until ?? null,
      ];
    });
    await this.database.transaction(async (tx) => {
      await tx.query('DELETE FROM special_offers WHERE customer_id = $1', [customer.id]);
      for (const r of rowsToWrite) await insertOffer(tx, customer.id, r, null);
    });
    return this.list(customer.id);
  }

  /** a demo shop's welcome: three offers labelled `demo` for a new customer (DEMO_SPECIAL_OFFERS) */
  async giveDemoOffers(customerId: number): Promise<void> {
    if (!this.config.demoSpecialOffers) return;
    if (!(await isDemoShop(this.database))) return;
    // listed, enabled, in-stock simple products (the 30 best sellers); which three depends on the
    // customer, so demo accounts differ
    const candidates = await rows<{
      product_id: number;
      sku: string;
      final_price: number;
      final_price_incl_tax: number;
    }>(
      this.database,
      `SELECT product_id, sku, (doc->>'final_price')::int AS final_price, final_price_incl_tax
       FROM product_index
       WHERE store_code = 'lt' AND type_id = 'simple' AND is_in_stock AND status = ANY($1::int[]) AND visibility = ANY($2::int[])
         AND final_price_incl_tax > 0
       ORDER BY sales_count DESC, product_id
       LIMIT 30`,
      [LISTING_STATUS, LISTING_VISIBILITY],
    );
    const start = candidates.length ? (customerId * DEMO_OFFERS) % candidates.length : 0;
    const picks = [...candidates.slice(start), ...candidates.slice(0, start)].slice(0, DEMO_OFFERS);
    const off = (cents: number) => Math.round((cents * (100 - DEMO_DISCOUNT_PERCENT)) / 100);
    for (const p of picks)
      await insertOffer(
        this.database,
        customerId,
        [
          p.product_id,
          p.sku,
          null,
          off(p.final_price),
          off(p.final_price_incl_tax),
          // no text of its own: the storefront's "demo offer" badge says it in the shopper's language
          // (an English comment showed in the lt and ru views)
          '',
          1,
          null,
        ],
        'demo',
      );
  }
}

function insertOffer(q: Queryable, customerId: number, values: unknown[], label: string | null) {
  return q.query(
    `INSERT INTO special_offers (customer_id, product_id, sku, id_variant, final_price_cents, price_incl_tax_cents, option_comments, quantity, valid_until, label)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
    [customerId, ...values, label],
  );
}
