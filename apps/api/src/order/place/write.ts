/** Step 6: the one transaction that places the order (see ../place.ts for its order). */
import { randomBytes } from 'node:crypto';
import { COHERENT_WRITE, PREPARED } from '@vitrina/db';
import { CURRENCY_CODE, isPickupOrder } from '@vitrina/domain';
import { one } from '../../lib/db.ts';
import { productsUnavailable, stockTaking, type TakenStock } from '../stock.ts';
import { redeemCoupon } from '../coupon.ts';
import { assertRoomForOpenOrder, assertRoomForUnpaidOrder, paidOnline } from '../unpaid.ts';
import { customerHistory, recordOrderPlaced } from '../lifecycle.ts';
import { currentTermsVersion } from '../../legal/terms.ts';
import { stockLinesOf } from './look-at-stock.ts';
import { cartGone } from './repeated.ts';
import { itemsOf, linesInsert, noticeLines } from './write-lines.ts';
import type { CheckedOrder, Placement, PlacedRow, PlaceOrderDeps, Placer, Priced } from './types.ts';

/** order numbers start here (increment_id like "100000123") */
const INCREMENT_BASE = 100_000_000;

/** step 6: the one transaction that places the order (../place.ts names its order) */
export async function write(
  deps: PlaceOrderDeps,
  o: CheckedOrder,
  { totals, settings }: Priced,
  who: Placer,
  /** told the stock rows the decrement left, once committed (the turns' look after this write) */
  committed?: (rows: readonly TakenStock[]) => void,
): Promise<Placement & { productIds: number[]; keep?: () => void }> {
  const { config } = deps;
  const { input, cart, shipping, payment, pickupPoint, email, personalDetails } = o;
  const info = input.addressInformation;
  const { customerId, clientAddress } = who;
  const written = await deps.database.transaction(async (tx) => {
    // the key is not read again here: a twin placed since step 1 (in another process) makes the
    // key's unique index refuse this INSERT, or its caps refuse this order, and the order then
    // answers the twin's order (lostToTwin); reading it here cost every order a statement
    if (paidOnline(config, payment))
      await assertRoomForUnpaidOrder(tx, config, { customerId, clientAddress });
    // every order is unpaid when placed: cash on delivery and bank transfer are capped too
    await assertRoomForOpenOrder(tx, config, { customerId, email, clientAddress });
    // known before the row is, so no read of the key can miss it (keys.ts)
    deps.keys.adding(input.idempotency_key);
    // a cart becomes one order: its conversion is a part of the order's INSERT (one round trip), and
    // a second placement of it (under another key) that raced this one finds it converted, refused
    const conversion = cart ? deps.carts.conversion(cart.id, 26) : undefined;
    const row = await one<PlacedRow & { cart_converted?: boolean }>(
      tx,
      // the number from the id the table's sequence gives (a counter row would serialise all orders);
      // COHERENT_WRITE: this process's known keys have it already (keys.ts), the cart is dropped (conversion);
      // PREPARED: two texts (with a cart or without), parsed once per connection, not on every order
      `${COHERENT_WRITE} WITH seq AS (SELECT nextval(pg_get_serial_sequence('orders', 'id')) AS id)${
        conversion ? `, converted AS (${conversion})` : ''
      }
       INSERT INTO orders (id, increment_id, order_token, idempotency_key, cart_id, store_code, status, payment_status,
         shipping_status, email, personal_details, shipping_address, billing_address, shipping_method_code,
         payment_method_code, payment_additional, currency, subtotal_incl_tax, discount_amount, shipping_incl_tax,
         payment_fee, tax_amount, grand_total, coupon_code, customer_id, request_hash, client_address, is_pickup,
         terms_version)
       SELECT seq.id, ($1::bigint + seq.id)::text, $2, $3, $4, $5, 'new', 'pending', 'pending', $6, $7::jsonb, $8::jsonb,
         $9::jsonb, $10, $11, $12::jsonb, $13, $14, $15, $16, $17, $18, $19, $20, $21, $22, $23, $24, $25
       FROM seq
       RETURNING *${conversion ? ', EXISTS (SELECT 1 FROM converted) AS cart_converted' : ''} ${PREPARED}`,
      [
        INCREMENT_BASE,
        randomBytes(24).toString('base64url'),
        input.idempotency_key,
        input.cart_id,
        o.store,
        email,
        JSON.stringify(personalDetails),
        JSON.stringify(
          pickupPoint ? { ...info.shippingAddress, pickup_point: pickupPoint } : info.shippingAddress,
        ),
        JSON.stringify(info.billingAddress ?? info.shippingAddress),
        shipping?.code ?? `${info.shipping_carrier_code}_${info.shipping_method_code}`,
        payment.code,
        info.payment_method_additional ? JSON.stringify(info.payment_method_additional) : null,
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
        !o.virtual &&
          isPickupOrder({
            shippingAddress: pickupPoint ? { pickup_point: pickupPoint } : {},
            shippingCarrierCode: shipping?.carrier_code,
          }),
        // the version of the terms the buyer accepts by placing the order: the one in force now
        currentTermsVersion(),
        ...(cart ? [cart.id] : []),
      ],
    );
    if (!row) throw new Error('order was not written');
    const { cart_converted: converted, ...order } = row;
    if (cart && !converted) throw cartGone();
    if (totals.coupon_code)
      await redeemCoupon(tx, totals.coupon_code, { customerId: customerId ?? null, email }, order.id);
    // last, one statement: its lines, the history's first row, the `order.created` event, the
    // confirmation (and the shop's notice) and its stock, one decrement per product in sku order, so
    // a product's row is locked from that statement to the commit and never across the rest of the
    // order; the whole order is refused when a unit is short (the transaction rolls the rest back)
    const stock = stockTaking(stockLinesOf(o), deps.carts);
    const placed = await recordOrderPlaced(
      tx,
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
      [linesInsert(order.id, o.priced), stock.beside],
    );
    const { productIds, short, taken, keep } = stock.outcome(placed.beside[1]);
    if (short.length) throw productsUnavailable(short);
    return {
      order,
      productIds,
      placed: {
        items: itemsOf(placed.beside[0] as unknown[]),
        history: customerHistory([placed.history]),
        paymentOffline: payment.offline,
      },
      keep,
      taken,
    };
  });
  // committed: the stock rows as the decrement left them are kept (the cart service's, on the
  // embedded database), so the next cart read reads none, and they are the look after this write
  // (stock-turns.ts): on PostgreSQL no statement between a sale's winners
  written.keep();
  committed?.(written.taken);
  return written;
}
