// The notes the order pages (order-token page, account order page) show for an order the shop
// cancelled because it was not paid in time, in each store view's language.
import { describe, expect, it } from 'vitest';
import { cancellationNotes } from '../app/components/account/order-labels';
import { getT } from '../app/i18n';

const expired = { status: 'cancelled', cancel_reason: 'payment_timeout', payment_status: 'pending' };

describe('cancellationNotes', () => {
  it.each([
    ['lt', 'Šis užsakymas atšauktas, nes nebuvo laiku apmokėtas.'],
    ['en', 'This order was cancelled because it was not paid in time.'],
    ['ru', 'Этот заказ отменён, потому что он не был вовремя оплачен.'],
  ] as const)('%s: says why the order was cancelled', (store, start) => {
    const notes = cancellationNotes(getT(store), expired);
    expect(notes).toHaveLength(1);
    expect(notes[0]?.startsWith(start)).toBe(true);
  });

  it('adds the refund when the payment came after the products were gone', () => {
    expect(cancellationNotes(getT('lt'), { ...expired, payment_status: 'refund_due' })[1]).toBe(
      'Jūsų mokėjimas gautas jau atšaukus užsakymą, o jo prekių nebeliko. Sumokėtus pinigus grąžinsime.',
    );
  });

  it('says nothing for other orders, including ones cancelled by their payment', () => {
    const t = getT('en');
    expect(cancellationNotes(t, { status: 'new', cancel_reason: null })).toEqual([]);
    expect(
      cancellationNotes(t, { status: 'cancelled', cancel_reason: null, payment_status: 'cancelled' }),
    ).toEqual([]);
    expect(cancellationNotes(t, null)).toEqual([]);
  });
});
