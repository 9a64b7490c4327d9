/** Step 4: the server's view of the rest of the order (reads only). */
import { fieldError, ruleError } from '../../http/errors.ts';
import { assertOrderAddresses } from '../../lib/home-address.ts';
import { one } from '../../lib/db.ts';
import { findCoupon, isVirtual, priceLines, refusedLineError } from '../../cart/pricing.ts';
import { productsUnavailable } from '../stock.ts';
import { couponRefused, couponUsedUp } from '../coupon.ts';
import type { CheckedOrder, OrderedWhole, PlaceOrderDeps } from './types.ts';

/** step 4: the server's view of the rest of the order (reads only); refuses what cannot be ordered */
export async function validate(
  deps: PlaceOrderDeps,
  ordered: OrderedWhole,
  customerId: number | undefined,
): Promise<CheckedOrder> {
  const { database, carts } = deps;
  const { input, requestHash, cart, store, fromCart, intents } = ordered;
  // the group tier (GROUP_PRICING): the cart's owner, as its totals were shown; an order without a
  // server cart (queued offline), the customer of the request's token; never the body's user_id
  const owner = cart ? cart.customer_id : customerId;
  const info = input.addressInformation;
  const countryId = info.shippingAddress.countryId;
  // made gross for the delivery country, as the cart's totals showed them with this address; the
  // owner's group read once for both
  const { tier, tax } = await carts.ownerPricing(store, countryId, owner);
  const { priced, unavailable, refused } = await priceLines(
    deps.catalog,
    store,
    intents,
    database,
    tier,
    tax,
  );
  // a grouped or bundle line that does not say what it buys, from the cart or the body
  const [badLine] = refused;
  if (badLine)
    throw refusedLineError(badLine, fromCart ? 'products' : `products[${badLine.index}].product_option`);
  const notSellable = [
    ...unavailable.map((sku) => ({ sku, name: sku })),
    ...priced.filter((l) => l.product_type === 'configurable'),
  ];
  if (notSellable.length) throw productsUnavailable(notSellable);
  if (priced.length === 0) throw ruleError('api.emptyOrder', undefined, 'products');

  const virtual = isVirtual(priced);
  // the list the cart's totals priced with (kept per catalogue version), not a read per order
  const shipping = (await carts.shippingMethodsNow()).find(
    (m) =>
      m.carrier_code === info.shipping_carrier_code &&
      m.method_code === info.shipping_method_code &&
      m.countries.includes(countryId),
  );
  if (!shipping && !virtual)
    throw ruleError(
      'api.shippingMethodUnavailable',
      { code: `${info.shipping_carrier_code}_${info.shipping_method_code}` },
      'addressInformation.shipping_method_code',
    );
  // the one address rule for the method: a courier needs the home address, a parcel locker or
  // store pickup does not; a billing address of its own, the billing rule
  assertOrderAddresses(shipping, virtual, info.shippingAddress, info.billingAddress, 'addressInformation');
  // a parcel-locker or pickup method: the chosen point must be one of the carrier's, in the country
  let pickupPoint: Record<string, unknown> | undefined;
  if (shipping?.needs_pickup_point && !virtual) {
    if (!info.pickup_point_id) throw fieldError('addressInformation.pickup_point_id', 'validation.required');
    pickupPoint = await one<Record<string, unknown>>(
      database,
      'SELECT id, carrier_code, name, address, city, postcode, country_id, opening_hours FROM pickup_points WHERE id = $1 AND carrier_code = $2 AND country_id = $3 AND is_active',
      [info.pickup_point_id, shipping.carrier_code, countryId],
    );
    if (!pickupPoint) throw fieldError('addressInformation.pickup_point_id', 'validation.required');
  }
  const payment = (await carts.usablePaymentMethods(virtual)).find(
    (m) => m.code === info.payment_method_code,
  );
  if (!payment)
    throw ruleError(
      'api.paymentMethodUnavailable',
      { code: info.payment_method_code },
      'addressInformation.payment_method_code',
    );
  // the coupon row read with the cart, as the cart's totals used it
  const coupon = !cart?.coupon_code
    ? undefined
    : cart.coupon !== undefined
      ? (cart.coupon ?? undefined)
      : await findCoupon(database, cart.coupon_code);
  // the cart showed its discount, but other orders used the coupon up: refused, never charged in full silently
  if (coupon && couponUsedUp(coupon)) throw couponRefused();
  const email = input.personalDetails?.emailAddress ?? info.shippingAddress.email;
  if (!email) throw fieldError('personalDetails.emailAddress', 'validation.required');
  const personal = input.personalDetails ?? {
    firstName: info.shippingAddress.firstname,
    lastName: info.shippingAddress.lastname,
    emailAddress: email,
  };
  const { password: _password, ...personalDetails } = personal as typeof personal & { password?: string };

  // an unpaid order may hold only so many units of a product (ORDER_LINE_MAX_UNITS)
  const maxUnits = deps.config.unpaidOrders.lineMaxUnits;
  const over = maxUnits > 0 ? priced.findIndex((l) => l.qty > maxUnits) : -1;
  if (over !== -1)
    throw fieldError(fromCart ? `cartItem[${over}].qty` : `products[${over}].qty`, 'order.lineOverMaxUnits', {
      max: maxUnits,
      name: priced[over]!.name,
    });
  return {
    input,
    requestHash,
    cart,
    store,
    priced,
    virtual,
    shipping,
    payment,
    pickupPoint,
    coupon,
    tax,
    email,
    personalDetails,
  };
}
