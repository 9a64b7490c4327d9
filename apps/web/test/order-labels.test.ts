import { describe, expect, it } from 'vitest';
import { getT } from '../app/i18n';
import { paymentStatusLabel, statusLabel } from '../app/components/account/order-labels';

describe('order and payment status labels: every status the API writes reads in the shopper language', () => {
  // payment/provider.ts PaymentStatus; `failed` had no label and showed raw English
  it.each([
    ['lt', 'failed', 'Mokėjimas nepavyko'],
    ['en', 'failed', 'Payment failed'],
    ['ru', 'failed', 'Оплата не прошла'],
    ['lt', 'pending', 'Laukiama apmokėjimo'],
    ['lt', 'paid', 'Apmokėtas'],
    ['ru', 'cancelled', 'Отменён'],
    ['en', null, '—'],
  ] as const)('%s: payment status %s → %s', (store, status, label) => {
    expect(paymentStatusLabel(getT(store), status)).toBe(label);
  });

  it('order statuses keep the spec labels', () => {
    expect(statusLabel(getT('lt'), 'pending')).toBe('Vykdomas');
    expect(statusLabel(getT('en'), 'shipped')).toBe('Shipped / ready to pick up');
  });
});
