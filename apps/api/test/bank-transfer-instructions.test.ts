/**
 * What a bank-transfer buyer is told (order/bank-transfer.ts): the account while the order awaits
 * its transfer, nothing otherwise; the demo shop's fictional account marked as such.
 */
import { describe, expect, it } from 'vitest';
import { DEFAULT_SHOP_SETTINGS, DEMO_SELLER } from '@vitrina/domain';
import { bankTransferOf } from '../src/order/bank-transfer.ts';

const order = {
  increment_id: '100000042',
  store_code: 'lt',
  grand_total: 12_345,
  payment_method_code: 'banktransfer',
  payment_status: 'pending',
  status: 'awaiting_payment',
  created_at: '2026-11-30T08:00:00.000Z',
};
const real = { ...DEFAULT_SHOP_SETTINGS, seller: { ...DEMO_SELLER, companyName: 'UAB Technikos kampas' } };

describe('bankTransferOf', () => {
  it.each([
    ['awaiting its transfer', {}, true],
    ['paid', { payment_status: 'paid' }, false],
    ['cancelled', { status: 'cancelled' }, false],
    ['paid otherwise', { payment_method_code: 'cashondelivery' }, false],
  ])('an order %s: instructions %s', (_name, over, shown) => {
    expect(bankTransferOf({ ...order, ...over }, real) !== null).toBe(shown);
  });

  it("marks the demo's fictional account, and only it", () => {
    expect(bankTransferOf(order, { ...real, seller: DEMO_SELLER, sellerIsDemo: true })).toMatchObject({
      demo: true,
    });
    expect(bankTransferOf(order, { ...real, sellerIsDemo: false })).not.toHaveProperty('demo');
    expect(bankTransferOf(order, real)).toMatchObject({
      beneficiary: 'UAB Technikos kampas',
      amount: 12_345,
      reference: 'Užsakymas 100000042',
    });
  });
});

describe('the confirmation e-mail lists the account', () => {
  it('saying so when it is the demo shop’s fictional one', async () => {
    const { transferBlock } = await import('../src/mail/order-templates.ts');
    const demo = bankTransferOf(order, { ...real, seller: DEMO_SELLER, sellerIsDemo: true })!;
    expect(transferBlock(demo, 'lt', '123,45 €')).toContain('nieko nemokėkite');
    const own = bankTransferOf(order, real)!;
    const text = transferBlock(own, 'lt', '123,45 €');
    expect(text).not.toContain('demonstracinė');
    expect(text).toContain('Gavėjas: UAB Technikos kampas');
  });
});
