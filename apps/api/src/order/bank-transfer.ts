/**
 * What a bank-transfer buyer is told (the thank-you page, the account's order page, the confirmation
 * e-mail): while the order is neither paid nor cancelled, the shop's account from its settings, the
 * amount, the statement reference and the due date. Null for any other order, and while the shop
 * has no account to pay to (bank transfer is then not offered either: cart/service.ts offMethods).
 */
import {
  PAYMENT_BANK_TRANSFER,
  bankTransferDueDate,
  bankTransferInstructions,
  bankTransferReady,
  isStoreCode,
  type BankTransferInstructions,
  type ShopSettings,
} from '@vitrina/domain';

export type TransferOrder = {
  increment_id: string;
  store_code: string;
  grand_total: number;
  payment_method_code: string;
  payment_status: string;
  status: string;
  created_at: Date | string;
};

export function bankTransferOf(
  order: TransferOrder,
  settings: Pick<ShopSettings, 'seller' | 'bankTransferDueDays'> & { sellerIsDemo?: boolean },
): BankTransferInstructions | null {
  const awaits =
    order.payment_method_code === PAYMENT_BANK_TRANSFER &&
    order.payment_status !== 'paid' &&
    order.status !== 'cancelled';
  if (!awaits || !bankTransferReady(settings.seller)) return null;
  const s = settings.seller;
  const instructions = bankTransferInstructions(
    { bankName: s.bankName, iban: s.iban, companyName: s.companyName },
    {
      orderNumber: order.increment_id,
      storeCode: isStoreCode(order.store_code) ? order.store_code : 'lt',
      grandTotal: order.grand_total,
      dueDate: bankTransferDueDate(order.created_at, settings.bankTransferDueDays),
    },
  );
  // the demo's fictional account is said to be one, wherever it is shown
  return instructions && settings.sellerIsDemo ? { ...instructions, demo: true } : instructions;
}
