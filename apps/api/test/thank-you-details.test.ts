/**
 * The thank-you page's order answer: `GET /vsbridge/order/pull` names the
 * delivery method in the order's language and, for a bank transfer not paid yet, gives the shop's
 * account (bank by name), the amount and the statement reference in the store view's language.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bankTransferDueDate } from '@vitrina/domain';
import { orderBody, startApi, type TestApi } from './helpers.ts';

let api: TestApi;
beforeAll(async () => {
  api = await startApi({
    SHOP_BANK_NAME: 'Swedbank',
    SHOP_IBAN: 'lt12 1000 0111 0100 1000',
    SHOP_COMPANY_NAME: 'UAB Vitrina',
  });
});
afterAll(async () => api?.close());

async function placed(store: string, key: string, payment: string) {
  const r = await api.call({
    method: 'POST',
    url: `/vsbridge/order/create?storeCode=${store}`,
    payload: orderBody({ cartId: `no-cart-${key}`, key, products: [{ sku: 'PHN-2001', qty: 1 }], payment }),
  });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  const { orderNumber, orderToken } = r.body.result as { orderNumber: string; orderToken: string };
  const pulled = await api.call(
    `/vsbridge/order/pull?number=${orderNumber}&orderToken=${encodeURIComponent(orderToken)}&storeCode=${store}`,
  );
  expect(pulled.status).toBe(200);
  return pulled.body.result as {
    orderNumber: string;
    grand_total: number;
    shipping_method_title: string | null;
    bank_transfer: Record<string, unknown> | null;
  };
}

describe('GET /vsbridge/order/pull for the thank-you page', () => {
  it.each([
    ['lt', 'Užsakymas'],
    ['en', 'Order'],
    ['ru', 'Заказ'],
  ])(
    'a bank transfer (%s) answers the account, amount and a reference in that language',
    async (store, word) => {
      const order = await placed(store, `thanks-bank-${store}`, 'banktransfer');
      expect(order.bank_transfer).toEqual({
        bank_name: 'Swedbank',
        iban: 'LT12 1000 0111 0100 1000',
        beneficiary: 'UAB Vitrina',
        amount: order.grand_total,
        reference: `${word} ${order.orderNumber}`,
        // the settings' default: five calendar days after the order, in the shop's time zone
        due_date: bankTransferDueDate(new Date(), 5),
      });
      expect(order.shipping_method_title).toEqual(expect.any(String));
      expect(order.shipping_method_title).not.toBe('');
    },
  );

  it("names the methods in the page's language, not the order's, and gives each line its image", async () => {
    const r = await api.call({
      method: 'POST',
      url: '/vsbridge/order/create?storeCode=en',
      payload: orderBody({ cartId: 'no-cart-page-lang', key: 'page-lang', products: [{ sku: 'LAP-1001', qty: 1 }] }),
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const { orderNumber, orderToken } = r.body.result as { orderNumber: string; orderToken: string };
    const [titles] = await api.database.query<{ shipping: Record<string, string>; payment: Record<string, string> }>(
      `SELECT s.title AS shipping, p.title AS payment FROM orders o
         JOIN shipping_methods s ON s.code = o.shipping_method_code
         JOIN payment_methods p ON p.code = o.payment_method_code
       WHERE o.increment_id = $1`,
      [orderNumber],
    );
    const { shipping, payment } = titles!;
    expect(shipping.lt).not.toBe(shipping.en);
    const pull = async (store: string) => {
      const res = await api.call(
        `/vsbridge/order/pull?number=${orderNumber}&orderToken=${encodeURIComponent(orderToken)}&storeCode=${store}`,
      );
      return res.body.result as {
        shipping_method_title: string;
        payment_method_title: string;
        items: { image?: string | null }[];
      };
    };
    const onLithuanianPage = await pull('lt');
    expect(onLithuanianPage.shipping_method_title).toBe(shipping.lt);
    expect(onLithuanianPage.payment_method_title).toBe(payment.lt);
    expect(onLithuanianPage.items[0]?.image).toBe('/demo/test/1.png');
    expect((await pull('en')).shipping_method_title).toBe(shipping.en);
  });

  it('cash on delivery has no bank instructions', async () => {
    const order = await placed('en', 'thanks-cod', 'cashondelivery');
    expect(order.bank_transfer).toBeNull();
  });
});
