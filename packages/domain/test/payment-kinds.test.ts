import { describe, expect, it } from 'vitest';
import { paymentKindOf, paymentMethodAllowed, type PaymentKind } from '../src/index.ts';

describe('paymentKindOf (the COD rule by the configured code)', () => {
  it.each([
    ['cashondelivery', false, 'cashondelivery', 'cash_on_delivery'],
    ['cashondelivery', true, 'cod', 'offline'],
    ['cod', true, 'cod', 'cash_on_delivery'],
    ['banktransfer', true, 'cashondelivery', 'bank_transfer'],
    ['NEOPAY', false, 'cashondelivery', 'online'],
    ['checkmo', true, 'cashondelivery', 'offline'],
  ] as const)('%s (offline %s) with COD_PAYMENT_CODE=%s is %s', (code, offline, codPaymentCode, kind) => {
    expect(paymentKindOf({ code, offline }, { codPaymentCode })).toBe(kind);
  });
});

describe('paymentMethodAllowed', () => {
  it.each<[PaymentKind, boolean | undefined, boolean, boolean]>([
    ['cash_on_delivery', true, true, false],
    ['cash_on_delivery', true, false, true],
    ['online', true, true, true],
    ['online', false, true, false],
    ['online', false, false, true],
    ['bank_transfer', undefined, true, true],
  ])('%s (allowed for virtual %s), virtual cart %s → %s', (kind, allowed_for_virtual, virtual, allowed) => {
    expect(paymentMethodAllowed({ kind, allowed_for_virtual }, virtual)).toBe(allowed);
  });
});
