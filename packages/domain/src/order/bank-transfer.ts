/**
 * What a bank-transfer buyer needs to pay ("awaiting bank payment with the bank
 * details, amount and payment reference"). The reference goes on the buyer's bank statement, so it
 * is in the order's store view language ("Užsakymas 100000001"), never English in lt or ru.
 */
import { translateMessage } from '../messages/index.ts';
import type { StoreCode } from '../base/index.ts';

export interface SellerBank {
  /** the bank's name (shown by name, never by BIC) */
  bankName: string;
  iban: string;
  /** the beneficiary: the company the account belongs to */
  companyName: string;
}

export interface BankTransferInstructions {
  bank_name: string;
  iban: string;
  beneficiary: string;
  /** cents incl. VAT: the order's grand total */
  amount: number;
  reference: string;
  /** the last day to pay, YYYY-MM-DD in the shop's time zone (the settings' bankTransferDueDays after the order) */
  due_date: string;
  /** the demo shop's fictional account */
  demo?: boolean;
}

/** The statement reference of an order in its store view's language. */
export function paymentReference(orderNumber: string, storeCode: StoreCode | string): string {
  return translateMessage('payment.reference', storeCode, { number: orderNumber });
}

/** IBAN in groups of four, as banks print it (spaces are not part of it). */
export function formatIban(iban: string): string {
  return iban
    .replace(/\s+/g, '')
    .toUpperCase()
    .replace(/(.{4})(?=.)/g, '$1 ');
}

/**
 * The instructions for an order paid by bank transfer, or null when the shop has not configured its
 * account (the page then only says the order awaits payment: never an invented account).
 */
export function bankTransferInstructions(
  seller: Partial<SellerBank>,
  order: { orderNumber: string; storeCode: StoreCode | string; grandTotal: number; dueDate: string },
): BankTransferInstructions | null {
  const iban = seller.iban?.trim();
  const bankName = seller.bankName?.trim();
  const companyName = seller.companyName?.trim();
  if (!iban || !bankName || !companyName) return null;
  return {
    bank_name: bankName,
    iban: formatIban(iban),
    beneficiary: companyName,
    amount: order.grandTotal,
    reference: paymentReference(order.orderNumber, order.storeCode),
    due_date: order.dueDate,
  };
}
