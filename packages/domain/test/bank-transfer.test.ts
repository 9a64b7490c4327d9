import { describe, expect, it } from 'vitest';
import { bankTransferInstructions, formatIban, paymentReference } from '../src/order/bank-transfer.ts';

const seller = { bankName: 'Swedbank', iban: 'lt12 1000 0111 0100 1000', companyName: 'UAB Vitrina' };

describe('bank transfer instructions', () => {
  it.each([
    ['lt', 'Užsakymas 100000001'],
    ['en', 'Order 100000001'],
    ['ru', 'Заказ 100000001'],
  ])('the statement reference is in the store view language (%s)', (store, expected) => {
    expect(paymentReference('100000001', store)).toBe(expected);
  });

  it('groups the IBAN by four', () => {
    expect(formatIban('LT121000011101001000')).toBe('LT12 1000 0111 0100 1000');
    expect(formatIban(' lt12 1000 0111 0100 1000 ')).toBe('LT12 1000 0111 0100 1000');
  });

  it('answers the bank by name, the order total and the reference', () => {
    expect(
      bankTransferInstructions(seller, { orderNumber: '100000007', storeCode: 'lt', grandTotal: 123456, dueDate: '2026-12-04' }),
    ).toEqual({
      bank_name: 'Swedbank',
      iban: 'LT12 1000 0111 0100 1000',
      beneficiary: 'UAB Vitrina',
      amount: 123456,
      reference: 'Užsakymas 100000007',
      due_date: '2026-12-04',
    });
  });

  it.each([
    { ...seller, iban: '' },
    { ...seller, bankName: ' ' },
    { ...seller, companyName: undefined },
  ])('no instructions without a configured account (%#)', (s) => {
    expect(bankTransferInstructions(s, { orderNumber: '1', storeCode: 'en', grandTotal: 1, dueDate: '2026-12-04' })).toBeNull();
  });
});
