/**
 * What a customer reads on an order besides its amounts: the delivery and payment methods by their
 * titles in the language of the page that asks (not the one the order was placed in: a Lithuanian
 * page names the methods in Lithuanian), and each line's product image. For the thank-you /
 * order-token page (`order/pull`) and the account's order history.
 *
 * Methods are read whether active or not: an order placed with a method the shop has since turned
 * off still names it.
 */
import type { StoreCode } from '@vitrina/domain';
import type { Localized } from '@vitrina/db';
import { rows, type Queryable } from '../lib/db.ts';

type Titled = { code: string; title: Localized };

export interface OrderPresentation {
  shippingTitle(code: string | null): string | null;
  paymentTitle(code: string | null): string | null;
  /** the product's main image (a catalogue path), null when the product has none or is gone */
  image(productId: number | null): string | null;
}

const titleIn = (methods: Map<string, Localized>, code: string | null, store: StoreCode) => {
  const title = code ? methods.get(code) : undefined;
  return title ? title[store] || title.lt || null : null;
};

/** The titles of every method and the images of the given products, read once for a page of orders. */
export async function orderPresentation(
  q: Queryable,
  store: StoreCode,
  productIds: readonly (number | null)[],
): Promise<OrderPresentation> {
  const ids = [...new Set(productIds.filter((id): id is number => id !== null))];
  const [shipping, payment, images] = await Promise.all([
    rows<Titled>(q, 'SELECT code, title FROM shipping_methods'),
    rows<Titled>(q, 'SELECT code, title FROM payment_methods'),
    ids.length
      ? rows<{ id: number; image: string | null }>(
          q,
          'SELECT id, image FROM products WHERE id = ANY($1::int[])',
          [ids],
        )
      : Promise.resolve([]),
  ]);
  const shippingTitles = new Map(shipping.map((m) => [m.code, m.title]));
  const paymentTitles = new Map(payment.map((m) => [m.code, m.title]));
  const imageOf = new Map(images.map((p) => [p.id, p.image]));
  return {
    shippingTitle: (code) => titleIn(shippingTitles, code, store),
    paymentTitle: (code) => titleIn(paymentTitles, code, store),
    image: (productId) => (productId === null ? null : (imageOf.get(productId) ?? null)),
  };
}
