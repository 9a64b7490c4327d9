/**
 * The order e-mails of the lifecycle in the three store-view languages, and the
 * shop's new-order notice. Rendered when written to the outbox (order/lifecycle.ts), in the order's
 * store-view language; each kind once per order (the outbox's `dedupe_key`).
 */
import {
  formatIban,
  type BankTransferInstructions,
  type OrderEmailKind,
  type StoreCode,
} from '@vitrina/domain';
import { signature, type RenderedMail } from './templates.ts';

export type OrderMailParams = {
  incrementId: string;
  /** the customer's order page: the account's page, or (guests) the order-token page */
  orderLink: string;
  /** the customer has no account: the link is their way to the order */
  guest: boolean;
  grandTotal: string;
  carrier?: string | undefined;
  trackingNumber?: string | undefined;
  trackingUrl?: string | null | undefined;
  pickupPlace?: string | undefined;
  reason?: string | undefined;
  feedbackLink?: string | undefined;
  /** the confirmation of an unpaid bank transfer: where to pay (transferBlock) */
  bankTransfer?: string | undefined;
};

const TRANSFER_LABELS: Record<
  StoreCode,
  {
    intro: string;
    beneficiary: string;
    iban: string;
    bank: string;
    amount: string;
    reference: string;
    due: string;
    demo: string;
  }
> = {
  lt: {
    intro: 'Užsakymą apmokėkite bankiniu pavedimu:',
    beneficiary: 'Gavėjas',
    iban: 'Sąskaita (IBAN)',
    bank: 'Bankas',
    amount: 'Suma',
    reference: 'Mokėjimo paskirtis',
    due: 'Apmokėti iki',
    demo: 'Tai demonstracinė parduotuvė: šių rekvizitų sąskaita neegzistuoja, nieko nemokėkite.',
  },
  en: {
    intro: 'Please pay for your order by bank transfer:',
    beneficiary: 'Recipient',
    iban: 'Account (IBAN)',
    bank: 'Bank',
    amount: 'Amount',
    reference: 'Payment reference',
    due: 'Pay by',
    demo: 'This is a demo shop: the account below does not exist, do not pay anything.',
  },
  ru: {
    intro: 'Оплатите заказ банковским переводом:',
    beneficiary: 'Получатель',
    iban: 'Счёт (IBAN)',
    bank: 'Банк',
    amount: 'Сумма',
    reference: 'Назначение платежа',
    due: 'Оплатить до',
    demo: 'Это демонстрационный магазин: такого счёта нет, ничего не платите.',
  },
};

/** the bank-transfer instructions as the confirmation e-mail lists them; `amount`: the formatted total */
export function transferBlock(t: BankTransferInstructions, store: StoreCode, amount: string): string {
  const l = TRANSFER_LABELS[store];
  return [
    `\n\n${l.intro}`,
    // the demo's fictional account says so, as on the order pages
    ...(t.demo ? [l.demo] : []),
    `${l.beneficiary}: ${t.beneficiary}`,
    `${l.iban}: ${formatIban(t.iban)}`,
    `${l.bank}: ${t.bank_name}`,
    `${l.amount}: ${amount}`,
    `${l.reference}: ${t.reference}`,
    `${l.due}: ${t.due_date}`,
  ].join('\n');
}

type Texts = Record<StoreCode, (p: OrderMailParams) => RenderedMail>;

const tracking = (p: OrderMailParams, label: string) =>
  p.trackingNumber
    ? `\n\n${label}: ${p.carrier ? `${p.carrier} ` : ''}${p.trackingNumber}${p.trackingUrl ? `\n${p.trackingUrl}` : ''}`
    : '';
const place = (p: OrderMailParams) => (p.pickupPlace ? `\n\n${p.pickupPlace}` : '');

const confirmation: Texts = {
  lt: (p) => ({
    subject: `Užsakymas ${p.incrementId} gautas`,
    text: `Ačiū! Gavome jūsų užsakymą ${p.incrementId} (${p.grandTotal}). Apie jo būseną informuosime el. paštu.${p.bankTransfer ?? ''}\n\n${p.guest ? 'Užsakymą bet kada galite peržiūrėti čia' : 'Užsakymas jūsų paskyroje'}:\n${p.orderLink}`,
  }),
  en: (p) => ({
    subject: `Order ${p.incrementId} received`,
    text: `Thank you! We have received your order ${p.incrementId} (${p.grandTotal}). We will e-mail you about its progress.${p.bankTransfer ?? ''}\n\n${p.guest ? 'You can view your order at any time here' : 'Your order in your account'}:\n${p.orderLink}`,
  }),
  ru: (p) => ({
    subject: `Заказ ${p.incrementId} получен`,
    text: `Спасибо! Мы получили ваш заказ ${p.incrementId} (${p.grandTotal}). О его статусе мы сообщим по электронной почте.${p.bankTransfer ?? ''}\n\n${p.guest ? 'Ваш заказ всегда можно посмотреть здесь' : 'Заказ в вашей учётной записи'}:\n${p.orderLink}`,
  }),
};

const paid: Texts = {
  lt: (p) => ({
    subject: `Užsakymas ${p.incrementId} apmokėtas`,
    text: `Gavome jūsų mokėjimą (${p.grandTotal}) už užsakymą ${p.incrementId}. Ruošiame jį išsiuntimui.\n\n${p.orderLink}`,
  }),
  en: (p) => ({
    subject: `Order ${p.incrementId} paid`,
    text: `We have received your payment (${p.grandTotal}) for order ${p.incrementId}. We are preparing it now.\n\n${p.orderLink}`,
  }),
  ru: (p) => ({
    subject: `Заказ ${p.incrementId} оплачен`,
    text: `Мы получили вашу оплату (${p.grandTotal}) за заказ ${p.incrementId}. Готовим его к отправке.\n\n${p.orderLink}`,
  }),
};

const shipped: Texts = {
  lt: (p) => ({
    subject: `Užsakymas ${p.incrementId} išsiųstas`,
    text: `Jūsų užsakymas ${p.incrementId} išsiųstas.${tracking(p, 'Siuntos sekimas')}${place(p)}\n\n${p.orderLink}`,
  }),
  en: (p) => ({
    subject: `Order ${p.incrementId} shipped`,
    text: `Your order ${p.incrementId} is on its way.${tracking(p, 'Tracking')}${place(p)}\n\n${p.orderLink}`,
  }),
  ru: (p) => ({
    subject: `Заказ ${p.incrementId} отправлен`,
    text: `Ваш заказ ${p.incrementId} отправлен.${tracking(p, 'Отслеживание')}${place(p)}\n\n${p.orderLink}`,
  }),
};

const readyForPickup: Texts = {
  lt: (p) => ({
    subject: `Užsakymas ${p.incrementId} paruoštas atsiimti`,
    text: `Jūsų užsakymas ${p.incrementId} paruoštas atsiimti.${place(p)}\n\n${p.orderLink}`,
  }),
  en: (p) => ({
    subject: `Order ${p.incrementId} is ready to pick up`,
    text: `Your order ${p.incrementId} is ready to pick up.${place(p)}\n\n${p.orderLink}`,
  }),
  ru: (p) => ({
    subject: `Заказ ${p.incrementId} готов к выдаче`,
    text: `Ваш заказ ${p.incrementId} готов к выдаче.${place(p)}\n\n${p.orderLink}`,
  }),
};

const cancelled: Texts = {
  lt: (p) => ({
    subject: `Užsakymas ${p.incrementId} atšauktas`,
    text: `Jūsų užsakymas ${p.incrementId} atšauktas.\n\nPriežastis: ${p.reason ?? '-'}\n\n${p.orderLink}`,
  }),
  en: (p) => ({
    subject: `Order ${p.incrementId} cancelled`,
    text: `Your order ${p.incrementId} has been cancelled.\n\nReason: ${p.reason ?? '-'}\n\n${p.orderLink}`,
  }),
  ru: (p) => ({
    subject: `Заказ ${p.incrementId} отменён`,
    text: `Ваш заказ ${p.incrementId} отменён.\n\nПричина: ${p.reason ?? '-'}\n\n${p.orderLink}`,
  }),
};

// kept for the outbox rows written before refunds were their own (order/refunds.ts): the lifecycle no
// longer sends it, since it said the money was returned when the refund was only decided
const refunded: Texts = {
  lt: (p) => ({
    subject: `Pinigai už užsakymą ${p.incrementId} grąžinti`,
    text: `Grąžinome ${p.grandTotal} už užsakymą ${p.incrementId}. Pinigai jūsų sąskaitoje turėtų atsirasti per kelias darbo dienas.\n\n${p.orderLink}`,
  }),
  en: (p) => ({
    subject: `Order ${p.incrementId} refunded`,
    text: `We have refunded ${p.grandTotal} for order ${p.incrementId}. The money should reach your account within a few working days.\n\n${p.orderLink}`,
  }),
  ru: (p) => ({
    subject: `Деньги за заказ ${p.incrementId} возвращены`,
    text: `Мы вернули ${p.grandTotal} за заказ ${p.incrementId}. Деньги должны поступить на ваш счёт в течение нескольких рабочих дней.\n\n${p.orderLink}`,
  }),
};

const feedbackRequest: Texts = {
  lt: (p) => ({
    subject: `Kaip vertinate užsakymą ${p.incrementId}?`,
    text: `Ačiū, kad pirkote! Jūsų užsakymas ${p.incrementId} įvykdytas.\n\nBūsime dėkingi, jei įvertinsite užsakymą ir prekes:\n${p.feedbackLink ?? p.orderLink}`,
  }),
  en: (p) => ({
    subject: `How was your order ${p.incrementId}?`,
    text: `Thank you for shopping with us! Your order ${p.incrementId} is completed.\n\nWe would be grateful for your feedback on the order and its products:\n${p.feedbackLink ?? p.orderLink}`,
  }),
  ru: (p) => ({
    subject: `Как вам заказ ${p.incrementId}?`,
    text: `Спасибо за покупку! Ваш заказ ${p.incrementId} выполнен.\n\nБудем благодарны за отзыв о заказе и товарах:\n${p.feedbackLink ?? p.orderLink}`,
  }),
};

const ORDER_MAILS: Record<OrderEmailKind, Texts> = {
  confirmation,
  paid,
  shipped,
  ready_for_pickup: readyForPickup,
  cancelled,
  refunded,
  feedback_request: feedbackRequest,
};

/**
 * An order e-mail signed with the shop's name (its settings). `appendix`: text placed after the
 * message and before the signature (the confirmation's legal part).
 */
export function renderOrderMail(
  kind: OrderEmailKind,
  store: StoreCode,
  p: OrderMailParams,
  shopName: string,
  appendix?: string,
): RenderedMail {
  const mail = ORDER_MAILS[kind][store](p);
  return {
    subject: mail.subject,
    text: mail.text + (appendix ? `\n\n${appendix}` : '') + signature(shopName),
  };
}

/** the shop's notice of a new order (ORDERS_EMAIL), in Lithuanian: the shop's own language */
export function renderNewOrderNotice(p: {
  shopName: string;
  incrementId: string;
  grandTotal: string;
  email: string;
  name: string;
  storeCode: string;
  paymentMethod: string;
  shippingMethod: string;
  lines: string[];
}): RenderedMail {
  return {
    subject: `Naujas užsakymas ${p.incrementId} (${p.grandTotal})`,
    text: `Naujas užsakymas ${p.incrementId}\n\nPirkėjas: ${p.name} <${p.email}>\nParduotuvė: ${p.storeCode}\nMokėjimas: ${p.paymentMethod}\nPristatymas: ${p.shippingMethod}\nSuma: ${p.grandTotal}\n\n${p.lines.join('\n')}${signature(p.shopName)}`,
  };
}

/** what a refund's e-mails say: its amount, and (decided) how the money will come back */
export type RefundMailParams = {
  incrementId: string;
  orderLink: string;
  /** the refund's amount, formatted in the order's language */
  amount: string;
  /** the payment provider returns it (to the account paid from); otherwise the shop transfers it */
  viaProvider: boolean;
};

const REFUND_MAILS: Record<'decided' | 'made', Record<StoreCode, (p: RefundMailParams) => RenderedMail>> = {
  decided: {
    lt: (p) => ({
      subject: `Grąžinsime ${p.amount} už užsakymą ${p.incrementId}`,
      text: `Grąžinsime jums ${p.amount} už užsakymą ${p.incrementId}. ${p.viaProvider ? 'Pinigai bus grąžinti į sąskaitą, iš kurios mokėjote.' : 'Pinigus pervesime į jūsų banko sąskaitą.'} Kai pinigai bus grąžinti, parašysime dar kartą.\n\n${p.orderLink}`,
    }),
    en: (p) => ({
      subject: `We will refund ${p.amount} for order ${p.incrementId}`,
      text: `We will refund you ${p.amount} for order ${p.incrementId}. ${p.viaProvider ? 'The money will go back to the account you paid from.' : 'We will transfer the money to your bank account.'} We will write again once it has been refunded.\n\n${p.orderLink}`,
    }),
    ru: (p) => ({
      subject: `Мы вернём ${p.amount} за заказ ${p.incrementId}`,
      text: `Мы вернём вам ${p.amount} за заказ ${p.incrementId}. ${p.viaProvider ? 'Деньги вернутся на счёт, с которого вы платили.' : 'Мы переведём деньги на ваш банковский счёт.'} Когда деньги будут возвращены, мы напишем ещё раз.\n\n${p.orderLink}`,
    }),
  },
  made: {
    lt: (p) => ({
      subject: `Grąžinome ${p.amount} už užsakymą ${p.incrementId}`,
      text: `Grąžinome jums ${p.amount} už užsakymą ${p.incrementId}. Pinigai jūsų sąskaitoje turėtų atsirasti per kelias darbo dienas.\n\n${p.orderLink}`,
    }),
    en: (p) => ({
      subject: `We have refunded ${p.amount} for order ${p.incrementId}`,
      text: `We have refunded you ${p.amount} for order ${p.incrementId}. The money should reach your account within a few working days.\n\n${p.orderLink}`,
    }),
    ru: (p) => ({
      subject: `Мы вернули ${p.amount} за заказ ${p.incrementId}`,
      text: `Мы вернули вам ${p.amount} за заказ ${p.incrementId}. Деньги должны поступить на ваш счёт в течение нескольких рабочих дней.\n\n${p.orderLink}`,
    }),
  },
};

export function renderRefundMail(
  kind: 'decided' | 'made',
  store: StoreCode,
  p: RefundMailParams,
  shopName: string,
): RenderedMail {
  const mail = REFUND_MAILS[kind][store](p);
  return { subject: mail.subject, text: mail.text + signature(shopName) };
}
