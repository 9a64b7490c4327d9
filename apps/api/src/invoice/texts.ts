/**
 * The VAT invoice's labels in the order's store-view language, as the e-mail
 * texts live with the mail module: lt is the legal original in Lithuania; en and ru for the shoppers
 * of those store views.
 */
import type { StoreCode } from '@vitrina/domain';

const TEXTS = {
  title: { lt: 'PVM sąskaita faktūra', en: 'VAT invoice', ru: 'Счёт-фактура НДС' },
  number: { lt: 'Serija ir numeris', en: 'Invoice number', ru: 'Номер счёта' },
  issuedAt: { lt: 'Išrašymo data', en: 'Date of issue', ru: 'Дата выставления' },
  order: { lt: 'Užsakymas', en: 'Order', ru: 'Заказ' },
  orderDate: { lt: 'Užsakymo data', en: 'Order date', ru: 'Дата заказа' },
  seller: { lt: 'Pardavėjas', en: 'Seller', ru: 'Продавец' },
  buyer: { lt: 'Pirkėjas', en: 'Buyer', ru: 'Покупатель' },
  orderedBy: { lt: 'Užsakė', en: 'Ordered by', ru: 'Заказал(а)' },
  companyCode: { lt: 'Įmonės kodas', en: 'Company code', ru: 'Код предприятия' },
  vatCode: { lt: 'PVM mokėtojo kodas', en: 'VAT code', ru: 'Код плательщика НДС' },
  address: { lt: 'Adresas', en: 'Address', ru: 'Адрес' },
  phone: { lt: 'Telefonas', en: 'Phone', ru: 'Телефон' },
  email: { lt: 'El. paštas', en: 'E-mail', ru: 'Эл. почта' },
  bank: { lt: 'Bankas', en: 'Bank', ru: 'Банк' },
  iban: { lt: 'Sąskaitos Nr.', en: 'Account (IBAN)', ru: 'Счёт (IBAN)' },
  colNo: { lt: 'Nr.', en: 'No.', ru: '№' },
  colProduct: { lt: 'Prekė ar paslauga', en: 'Product or service', ru: 'Товар или услуга' },
  colQty: { lt: 'Kiekis', en: 'Qty', ru: 'Кол-во' },
  colUnit: { lt: 'Kaina su PVM', en: 'Unit price incl. VAT', ru: 'Цена с НДС' },
  colRate: { lt: 'PVM, %', en: 'VAT, %', ru: 'НДС, %' },
  colAmount: { lt: 'Suma su PVM', en: 'Amount incl. VAT', ru: 'Сумма с НДС' },
  grade: { lt: 'Būklė', en: 'Condition', ru: 'Состояние' },
  contains: { lt: 'Rinkinyje', en: 'Contains', ru: 'В комплекте' },
  shipping: { lt: 'Pristatymas', en: 'Shipping', ru: 'Доставка' },
  paymentFee: { lt: 'Mokėjimo mokestis', en: 'Payment fee', ru: 'Комиссия за оплату' },
  discount: { lt: 'Nuolaida', en: 'Discount', ru: 'Скидка' },
  subtotal: { lt: 'Prekės', en: 'Products', ru: 'Товары' },
  vatSummary: { lt: 'PVM pagal tarifus', en: 'VAT by rate', ru: 'НДС по ставкам' },
  vatRate: { lt: 'PVM tarifas', en: 'VAT rate', ru: 'Ставка НДС' },
  net: { lt: 'Suma be PVM', en: 'Amount excl. VAT', ru: 'Сумма без НДС' },
  vat: { lt: 'PVM suma', en: 'VAT', ru: 'НДС' },
  gross: { lt: 'Suma su PVM', en: 'Amount incl. VAT', ru: 'Сумма с НДС' },
  totalNet: { lt: 'Iš viso be PVM', en: 'Total excl. VAT', ru: 'Итого без НДС' },
  totalVat: { lt: 'PVM iš viso', en: 'Total VAT', ru: 'Итого НДС' },
  grandTotal: { lt: 'Iš viso su PVM', en: 'Total incl. VAT', ru: 'Итого с НДС' },
  paymentMethod: { lt: 'Mokėjimo būdas', en: 'Payment method', ru: 'Способ оплаты' },
  paid: { lt: 'Apmokėta', en: 'Paid', ru: 'Оплачено' },
  unpaid: { lt: 'Laukiama apmokėjimo', en: 'Awaiting payment', ru: 'Ожидает оплаты' },
  colUnitNet: { lt: 'Kaina be PVM', en: 'Unit price excl. VAT', ru: 'Цена без НДС' },
  colAmountNet: { lt: 'Suma be PVM', en: 'Amount excl. VAT', ru: 'Сумма без НДС' },
  suppliedOn: { lt: 'Tiekimo data', en: 'Date of supply', ru: 'Дата поставки' },
  creditTitle: { lt: 'Kreditinė PVM sąskaita faktūra', en: 'VAT credit note', ru: 'Кредитовый счёт-фактура НДС' },
  refersTo: { lt: 'Koreguojama PVM sąskaita faktūra', en: 'Corrects VAT invoice', ru: 'Исправляемый счёт-фактура' },
  reason: { lt: 'Priežastis', en: 'Reason', ru: 'Причина' },
  adjustment: { lt: 'Grąžinama suma', en: 'Amount refunded', ru: 'Возвращаемая сумма' },
  creditTotal: { lt: 'Kredituojama suma su PVM', en: 'Total credited incl. VAT', ru: 'Итого к кредитованию с НДС' },
  footer: {
    lt: 'Sąskaita faktūra išrašyta elektroniniu būdu ir galioja be parašo.',
    en: 'This invoice was issued electronically and is valid without a signature.',
    ru: 'Счёт-фактура выставлен в электронном виде и действителен без подписи.',
  },
  // a credit note names itself, not "invoice", where the language makes the difference
  creditNumber: { lt: 'Serija ir numeris', en: 'Credit note number', ru: 'Номер кредитового счёта-фактуры' },
  creditFooter: {
    lt: 'Kreditinė sąskaita faktūra išrašyta elektroniniu būdu ir galioja be parašo.',
    en: 'This credit note was issued electronically and is valid without a signature.',
    ru: 'Кредитовый счёт-фактура выставлен в электронном виде и действителен без подписи.',
  },
} as const satisfies Record<string, Record<StoreCode, string>>;

export type InvoiceTextKey = keyof typeof TEXTS;

/**
 * The labels of an order's documents: Lithuanian, the legal original; for an order from the en or ru
 * store view both languages, Lithuanian first ("PVM sąskaita faktūra / VAT invoice"); a table's
 * column heads on two lines.
 */
export function invoiceTexts(store: StoreCode): Record<InvoiceTextKey, string> {
  return Object.fromEntries(
    Object.entries(TEXTS).map(([k, v]) => [
      k,
      store === 'lt' ? v.lt : `${v.lt}${k.startsWith('col') || k === 'footer' || k === 'creditFooter' ? '\n' : ' / '}${v[store]}`,
    ]),
  ) as Record<InvoiceTextKey, string>;
}
