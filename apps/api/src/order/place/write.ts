/** Step 6: the one statement that places the order (see ../place.ts for its order). */
import { randomBytes } from 'node:crypto';
import { COHERENT_WRITE, PREPARED } from '@vitrina/db';
import { CURRENCY_CODE, isPickupOrder } from '@vitrina/domain';
import { one, rows, type Queryable } from '../../lib/db.ts';
import { productsUnavailable, stockTaking, type TakenStock } from '../stock.ts';
import { redeemCoupon } from '../coupon.ts';
import { assertRoomForOpenOrder, assertRoomForUnpaidOrder, capsApply, paidOnline } from '../unpaid.ts';
import { customerHistory, orderPlacedWrites } from '../lifecycle.ts';
import { currentTermsVersion } from '../../legal/terms.ts';
import { stockLinesOf } from './look-at-stock.ts';
import { cartGone } from './repeated.ts';
import { itemsOf, linesInsert, noticeLines } from './write-lines.ts';
import type { CheckedOrder, Placement, PlacedRow, PlaceOrderDeps, Placer, Priced } from './types.ts';

/** order numbers start here (increment_id like "100000123") */
const INCREMENT_BASE = 100_000_000;

/** orders of up to this many lines are written by a prepared statement (its text changes with the lines' number) */
const PREPARED_ORDER_LINES = 4;

/**
 * The id the order will be written with, from the table's sequence: a statement of its own, sent
 * while the order is checked and priced, so that the placing statement knows the order's number
 * (its e-mails and event name it) and is the only round trip of the write. A number taken by an
 * order that is then refused or repeats its key is not used, as a rolled back INSERT's was not.
 */
export async function orderIdFor(deps: Pick<PlaceOrderDeps, 'database'>): Promise<number> {
  const row = await one<{ id: number }>(
    deps.database,
    `SELECT nextval(pg_get_serial_sequence('orders', 'id'))::int AS id ${PREPARED}`,
  );
  if (!row) throw new Error('no order id');
  return row.id;
}

/** the order row as the placing statement writes it, for its e-mails and event made before it */
type Writing = PlacedRow & { created_at: Date };

/**
 * step 6: the statement that places the order (../place.ts names its order), `id` its id (orderIdFor).
 * One statement, so no transaction of its own, when no cap on open orders applies and no coupon is
 * used; else in a transaction after the caps' locks and counts and the coupon's use.
 */
export async function write(
  deps: PlaceOrderDeps,
  o: CheckedOrder,
  { totals, settings }: Priced,
  who: Placer,
  id: number,
  /** told the stock rows the decrement left, once committed (the turns' look after this write) */
  committed?: (rows: readonly TakenStock[]) => void,
): Promise<Placement & { productIds: number[]; keep?: () => void }> {
  const { config } = deps;
  const { input, cart, shipping, payment, pickupPoint, email, personalDetails } = o;
  const info = input.addressInformation;
  const { customerId, clientAddress } = who;
  // as the columns give them back (jsonb drops what JSON leaves out)
  const json = (v: unknown) => (v === undefined || v === null ? null : JSON.stringify(v));
  const shippingAddress = json(
    pickupPoint ? { ...info.shippingAddress, pickup_point: pickupPoint } : info.shippingAddress,
  )!;
  const billingAddress = json(info.billingAddress ?? info.shippingAddress)!;
  const order: Writing = {
    id,
    increment_id: String(INCREMENT_BASE + id),
    order_token: randomBytes(24).toString('base64url'),
    customer_id: customerId ?? null,
    store_code: o.store,
    status: 'new',
    payment_status: 'pending',
    shipping_status: 'pending',
    cancelled_by: null,
    cancel_reason: null,
    stock_returned_at: null,
    is_pickup:
      !o.virtual &&
      isPickupOrder({
        shippingAddress: pickupPoint ? { pickup_point: pickupPoint } : {},
        shippingCarrierCode: shipping?.carrier_code,
      }),
    carrier: null,
    tracking_number: null,
    email,
    grand_total: totals.grand_total,
    currency: CURRENCY_CODE,
    shipping_address: JSON.parse(shippingAddress) as Record<string, unknown>,
    billing_address: JSON.parse(billingAddress) as Record<string, unknown>,
    payment_method_code: payment.code,
    shipping_method_code: shipping?.code ?? `${info.shipping_carrier_code}_${info.shipping_method_code}`,
    // one instant for the order and its history's first row, the one its e-mails were made with
    created_at: new Date(),
    // the version of the terms the buyer accepts by placing the order: the one in force now
    terms_version: currentTermsVersion(),
  } as Writing;
  const place = async (q: Queryable) => {
    // known before the row is, so no read of the key can miss it (keys.ts)
    deps.keys.adding(input.idempotency_key);
    const params: unknown[] = [];
    const from = (more: readonly unknown[]) => {
      const first = params.length + 1;
      params.push(...more);
      return first;
    };
    // the stock rows locked first, in sku order, and what they cannot give (stock.ts stockTaking)
    const stock = stockTaking(stockLinesOf(o), deps.carts);
    const stockAt = from(stock.params);
    // a cart becomes one order: converted only when no unit is short; a second placement of it
    // (under another key) that raced this one finds it converted, refused
    const cartAt = cart ? from([cart.id]) : 0;
    const conversion = cart ? deps.carts.conversion(cart.id, cartAt, 'stock_short') : undefined;
    // the gate: one row when the order is written (its cart converted, or no unit short), else none,
    // and then nothing is
    const gate = cart ? 'converted' : 'nothing_short';
    const orderAt = from([
      id,
      order.increment_id,
      order.order_token,
      input.idempotency_key,
      input.cart_id,
      o.store,
      email,
      JSON.stringify(personalDetails),
      shippingAddress,
      billingAddress,
      order.shipping_method_code,
      payment.code,
      json(info.payment_method_additional || null),
      CURRENCY_CODE,
      totals.subtotal_incl_tax,
      totals.discount_amount,
      totals.shipping_incl_tax,
      totals.payment_fee,
      totals.tax_amount,
      totals.grand_total,
      totals.coupon_code,
      customerId ?? null,
      o.requestHash(),
      clientAddress ?? null,
      order.is_pickup,
      order.terms_version,
      order.created_at,
    ]);
    const $ = (i: number) => `$${orderAt + i}`;
    const record = await orderPlacedWrites(
      q,
      config,
      order,
      customerId !== undefined ? { kind: 'customer', id: customerId, email } : { kind: 'guest' },
      {
        name: [personalDetails.firstName, personalDetails.lastName].filter(Boolean).join(' '),
        paymentMethod: payment.code,
        shippingMethod: order.shipping_method_code,
        lines: noticeLines(o.priced),
      },
      settings,
      gate,
    );
    const recordAt = from(record.writes.params);
    const lines = linesInsert(id, o.priced, gate);
    const linesAt = from(lines.params);
    const [row] = await rows<PlacedRow & { placed_beside: unknown[] }>(
      q,
      // COHERENT_WRITE: this process's known keys have the order's key already (keys.ts), the cart
      // is dropped (conversion), the stock rows are the keeper's (stockTaking);
      // PREPARED: a few texts (a cart or not, the shop's notice or not, up to a few lines), parsed once
      // per connection, not on every order
      `${COHERENT_WRITE} WITH ${stock.lead(stockAt)},
       ${cart ? `converted AS (${conversion})` : `nothing_short AS (SELECT 1 WHERE NOT EXISTS (SELECT 1 FROM stock_short))`},
       ${stock.taken(stockAt, gate)},
       placed_order AS (INSERT INTO orders (id, increment_id, order_token, idempotency_key, cart_id, store_code, status,
         payment_status, shipping_status, email, personal_details, shipping_address, billing_address,
         shipping_method_code, payment_method_code, payment_additional, currency, subtotal_incl_tax, discount_amount,
         shipping_incl_tax, payment_fee, tax_amount, grand_total, coupon_code, customer_id, request_hash,
         client_address, is_pickup, terms_version, created_at)
       SELECT ${$(0)}, ${$(1)}, ${$(2)}, ${$(3)}, ${$(4)}, ${$(5)}, 'new', 'pending', 'pending', ${$(6)},
         ${$(7)}::jsonb, ${$(8)}::jsonb, ${$(9)}::jsonb, ${$(10)}, ${$(11)}, ${$(12)}::jsonb, ${$(13)}, ${$(14)},
         ${$(15)}, ${$(16)}, ${$(17)}, ${$(18)}, ${$(19)}, ${$(20)}, ${$(21)}, ${$(22)}, ${$(23)}, ${$(24)},
         ${$(25)}, ${$(26)}
       FROM ${gate} RETURNING *),
       ${record.writes.ctes(recordAt)},
       ${lines.ctes(linesAt)}
       SELECT o.*, json_build_array(${lines.answer}, ${stock.answer}${
         cart
           ? `, EXISTS (SELECT 1 FROM converted), (SELECT c.status = 'active' FROM carts c WHERE c.id = $${cartAt})`
           : ''
       }) AS placed_beside
       FROM (SELECT 1) AS one LEFT JOIN placed_order o ON true${
         o.priced.length <= PREPARED_ORDER_LINES ? ` ${PREPARED}` : ''
       }`,
      params,
    );
    if (!row) throw new Error('order was not written');
    const { placed_beside: [written, taking, converted, cartWasOpen] = [], ...placedOrder } = row;
    const { productIds, short, taken, keep } = stock.outcome(taking);
    // a cart ordered meanwhile (by a twin of this key, perhaps) answers so, as when its conversion came
    // first, unless its units were short while it was still open
    if (cart && !converted && !(short.length && cartWasOpen)) throw cartGone();
    if (short.length) throw productsUnavailable(short);
    if (placedOrder.id == null) throw new Error('order was not written');
    return {
      order: placedOrder as PlacedRow,
      productIds,
      placed: {
        items: itemsOf(written as unknown[]),
        history: customerHistory([record.history]),
        paymentOffline: payment.offline,
      },
      keep,
      taken,
    };
  };
  const online = paidOnline(config, payment);
  const written =
    capsApply(config, online, { customerId, email, clientAddress }) || totals.coupon_code
      ? await deps.database.transaction(async (tx) => {
          // the key is not read again here: a twin placed since step 1 (in another process) makes
          // the key's unique index refuse this INSERT, or its caps refuse this order, and the order
          // then answers the twin's order (lostToTwin); reading it here cost every order a statement
          if (online) await assertRoomForUnpaidOrder(tx, config, { customerId, clientAddress });
          // every order is unpaid when placed: cash on delivery and bank transfer are capped too
          await assertRoomForOpenOrder(tx, config, { customerId, email, clientAddress });
          // the coupon's row before the stock's, as every order takes them
          if (totals.coupon_code)
            await redeemCoupon(tx, totals.coupon_code, { customerId: customerId ?? null, email }, id);
          return place(tx);
        })
      : // one statement, all or nothing: no BEGIN and COMMIT around it, and the stock rows it locks
        // are held only while it runs, never across a round trip
        await place(deps.database);
  // written: the stock rows as the decrement left them are kept (the cart service's, on the
  // embedded database), so the next cart read reads none, and they are the look after this write
  // (stock-turns.ts): on PostgreSQL no statement between a sale's winners
  written.keep();
  committed?.(written.taken);
  return written;
}
