/**
 * UI strings after the sale: the withdrawal function (Directive 2011/83/EU art. 11a: the button
 * reads "Withdraw from the contract here" in each language) and the account's personal-data section.
 * Kept apart from the main dictionaries: only the pages that use them load them.
 */
import type { StoreCode } from '@vitrina/domain';
import { useT, type Vars } from '.';

const en = {
  'withdrawal.button': 'Withdraw from the contract here',
  'withdrawal.title': 'Withdraw from the contract',
  'withdrawal.intro':
    'You may withdraw from the purchase of goods in order {number} without giving any reason. Choose the goods and their quantities, then confirm.',
  'withdrawal.periodOpen': 'The withdrawal period is {days} days from the day you receive the goods.',
  'withdrawal.until': 'You can withdraw until {deadline}.',
  'withdrawal.order': 'Order',
  'withdrawal.orderDate': 'Ordered on',
  'withdrawal.product': 'Product',
  'withdrawal.ordered': 'Ordered',
  'withdrawal.qty': 'Quantity to return',
  'withdrawal.noneLeft': 'already withdrawn',
  'withdrawal.continue': 'Continue',
  'withdrawal.back': 'Back',
  'withdrawal.chooseSome': 'Choose at least one product and its quantity.',
  'withdrawal.reviewTitle': 'Confirm the withdrawal',
  'withdrawal.statement':
    'I hereby withdraw from my contract of sale of the following goods (order {number}):',
  'withdrawal.confirm': 'Confirm the withdrawal',
  'withdrawal.sending': 'Sending…',
  'withdrawal.doneTitle': 'We have received your withdrawal',
  'withdrawal.doneText':
    'Your withdrawal was received on {at}. We have sent an acknowledgement to {email}. Please send the goods back within 14 days.',
  'withdrawal.closed': 'The withdrawal period of this order has ended ({deadline}).',
  'withdrawal.cancelled': 'This order is cancelled: there is nothing to withdraw from.',
  'withdrawal.nothingLeft': 'You have already withdrawn from every product of this order.',
  'withdrawal.earlier': 'Earlier withdrawals: {list}',
  'withdrawal.needAccess':
    'To withdraw from an order, log in to your account and open the order, or open the link in your order confirmation e-mail.',
  'withdrawal.notFound': 'Order not found.',
  'withdrawal.failed': 'The withdrawal could not be sent. Please try again.',
  'privacy.title': 'My personal data',
  'privacy.intro':
    'Download everything we hold about you (a JSON file), or delete your account. We keep the orders and invoices that accounting law requires for 10 years.',
  'privacy.download': 'Download my data',
  'privacy.deleteTitle': 'Delete my account',
  'privacy.deleteText':
    'Your account, addresses, newsletter subscription and messages are deleted; orders keep only what accounting law requires. This cannot be undone.',
  'privacy.password': 'Your password (to confirm)',
  'privacy.delete': 'Delete my account',
  'privacy.deleted': 'Your account has been deleted.',
  'privacy.failed': 'The request failed. Please try again.',
  'withdrawalLink.title': 'No confirmation e-mail at hand?',
  'withdrawalLink.intro':
    "Enter the order number and the e-mail address you ordered with. We will send the order's withdrawal link to that address.",
  'withdrawalLink.number': 'Order number',
  'withdrawalLink.email': 'E-mail address of the order',
  'withdrawalLink.send': 'Send me the withdrawal link',
};

export type AfterSaleKey = keyof typeof en;

const lt: Record<AfterSaleKey, string> = {
  'withdrawal.button': 'Atsisakyti sutarties čia',
  'withdrawal.title': 'Sutarties atsisakymas',
  'withdrawal.intro':
    'Galite atsisakyti užsakymo {number} prekių pirkimo nenurodydami priežasties. Pasirinkite prekes ir jų kiekius, tada patvirtinkite.',
  'withdrawal.periodOpen': 'Sutarties atsisakymo terminas – {days} d. nuo prekių gavimo dienos.',
  'withdrawal.until': 'Atsisakyti galite iki {deadline}.',
  'withdrawal.order': 'Užsakymas',
  'withdrawal.orderDate': 'Užsakymo data',
  'withdrawal.product': 'Prekė',
  'withdrawal.ordered': 'Užsakyta',
  'withdrawal.qty': 'Grąžinamas kiekis',
  'withdrawal.noneLeft': 'jau atsisakyta',
  'withdrawal.continue': 'Toliau',
  'withdrawal.back': 'Atgal',
  'withdrawal.chooseSome': 'Pasirinkite bent vieną prekę ir jos kiekį.',
  'withdrawal.reviewTitle': 'Patvirtinkite sutarties atsisakymą',
  'withdrawal.statement': 'Pranešu, kad atsisakau savo sutarties pirkti šias prekes (užsakymas {number}):',
  'withdrawal.confirm': 'Patvirtinti atsisakymą',
  'withdrawal.sending': 'Siunčiama…',
  'withdrawal.doneTitle': 'Gavome jūsų sutarties atsisakymą',
  'withdrawal.doneText':
    'Jūsų pranešimą gavome {at}. Patvirtinimą išsiuntėme adresu {email}. Prekes grąžinkite per 14 dienų.',
  'withdrawal.closed': 'Šio užsakymo sutarties atsisakymo terminas baigėsi ({deadline}).',
  'withdrawal.cancelled': 'Šis užsakymas atšauktas: nėra sutarties, kurios būtų galima atsisakyti.',
  'withdrawal.nothingLeft': 'Jau atsisakėte visų šio užsakymo prekių.',
  'withdrawal.earlier': 'Ankstesni atsisakymai: {list}',
  'withdrawal.needAccess':
    'Norėdami atsisakyti užsakymo, prisijunkite prie paskyros ir atidarykite užsakymą arba atidarykite nuorodą iš užsakymo patvirtinimo laiško.',
  'withdrawal.notFound': 'Užsakymas nerastas.',
  'withdrawal.failed': 'Nepavyko išsiųsti atsisakymo. Bandykite dar kartą.',
  'privacy.title': 'Mano asmens duomenys',
  'privacy.intro':
    'Atsisiųskite visus apie jus saugomus duomenis (JSON failas) arba ištrinkite paskyrą. Užsakymus ir sąskaitas, kurių reikalauja buhalterinės apskaitos įstatymas, saugome 10 metų.',
  'privacy.download': 'Atsisiųsti mano duomenis',
  'privacy.deleteTitle': 'Ištrinti paskyrą',
  'privacy.deleteText':
    'Bus ištrinta jūsų paskyra, adresai, naujienlaiškio prenumerata ir žinutės; užsakymuose liks tik tai, ko reikalauja apskaitos įstatymas. Šio veiksmo atšaukti negalima.',
  'privacy.password': 'Jūsų slaptažodis (patvirtinimui)',
  'privacy.delete': 'Ištrinti paskyrą',
  'privacy.deleted': 'Jūsų paskyra ištrinta.',
  'privacy.failed': 'Nepavyko. Bandykite dar kartą.',
  'withdrawalLink.title': 'Neturite užsakymo patvirtinimo laiško?',
  'withdrawalLink.intro':
    'Įveskite užsakymo numerį ir el. pašto adresą, kurį nurodėte užsakydami. Tuo adresu atsiųsime užsakymo sutarties atsisakymo nuorodą.',
  'withdrawalLink.number': 'Užsakymo numeris',
  'withdrawalLink.email': 'Užsakymo el. pašto adresas',
  'withdrawalLink.send': 'Atsiųsti sutarties atsisakymo nuorodą',
};

const ru: Record<AfterSaleKey, string> = {
  'withdrawal.button': 'Отказаться от договора здесь',
  'withdrawal.title': 'Отказ от договора',
  'withdrawal.intro':
    'Вы можете отказаться от покупки товаров заказа {number} без объяснения причин. Выберите товары и их количество, затем подтвердите.',
  'withdrawal.periodOpen': 'Срок отказа — {days} дней со дня получения товаров.',
  'withdrawal.until': 'Отказаться можно до {deadline}.',
  'withdrawal.order': 'Заказ',
  'withdrawal.orderDate': 'Дата заказа',
  'withdrawal.product': 'Товар',
  'withdrawal.ordered': 'Заказано',
  'withdrawal.qty': 'Количество к возврату',
  'withdrawal.noneLeft': 'отказ уже заявлен',
  'withdrawal.continue': 'Далее',
  'withdrawal.back': 'Назад',
  'withdrawal.chooseSome': 'Выберите хотя бы один товар и его количество.',
  'withdrawal.reviewTitle': 'Подтвердите отказ от договора',
  'withdrawal.statement':
    'Настоящим сообщаю, что отказываюсь от договора купли-продажи следующих товаров (заказ {number}):',
  'withdrawal.confirm': 'Подтвердить отказ',
  'withdrawal.sending': 'Отправка…',
  'withdrawal.doneTitle': 'Мы получили ваш отказ от договора',
  'withdrawal.doneText':
    'Ваш отказ получен {at}. Подтверждение отправлено на {email}. Пожалуйста, верните товары в течение 14 дней.',
  'withdrawal.closed': 'Срок отказа от этого заказа истёк ({deadline}).',
  'withdrawal.cancelled': 'Этот заказ отменён: отказываться не от чего.',
  'withdrawal.nothingLeft': 'Вы уже отказались от всех товаров этого заказа.',
  'withdrawal.earlier': 'Предыдущие отказы: {list}',
  'withdrawal.needAccess':
    'Чтобы отказаться от заказа, войдите в учётную запись и откройте заказ или откройте ссылку из письма с подтверждением заказа.',
  'withdrawal.notFound': 'Заказ не найден.',
  'withdrawal.failed': 'Не удалось отправить отказ. Попробуйте ещё раз.',
  'privacy.title': 'Мои персональные данные',
  'privacy.intro':
    'Скачайте все хранимые о вас данные (файл JSON) или удалите учётную запись. Заказы и счета, которых требует закон о бухгалтерском учёте, мы храним 10 лет.',
  'privacy.download': 'Скачать мои данные',
  'privacy.deleteTitle': 'Удалить учётную запись',
  'privacy.deleteText':
    'Будут удалены ваша учётная запись, адреса, подписка на рассылку и сообщения; в заказах останется только то, чего требует закон о бухгалтерском учёте. Это действие нельзя отменить.',
  'privacy.password': 'Ваш пароль (для подтверждения)',
  'privacy.delete': 'Удалить учётную запись',
  'privacy.deleted': 'Ваша учётная запись удалена.',
  'privacy.failed': 'Не удалось. Попробуйте ещё раз.',
  'withdrawalLink.title': 'Нет под рукой письма с подтверждением заказа?',
  'withdrawalLink.intro':
    'Введите номер заказа и адрес электронной почты, указанный при заказе. Мы отправим на этот адрес ссылку для отказа от договора.',
  'withdrawalLink.number': 'Номер заказа',
  'withdrawalLink.email': 'Адрес электронной почты заказа',
  'withdrawalLink.send': 'Прислать ссылку для отказа',
};

/** exported for the words test (no English in lt and ru) */
export const AFTER_SALE_DICTIONARIES: Record<StoreCode, Record<AfterSaleKey, string>> = { en, lt, ru };

export type AfterSaleT = ((key: AfterSaleKey, vars?: Vars) => string) & { storeCode: StoreCode };

export function afterSaleT(storeCode: StoreCode): AfterSaleT {
  const dict = AFTER_SALE_DICTIONARIES[storeCode] ?? lt;
  const fn = (key: AfterSaleKey, vars?: Vars) =>
    vars
      ? dict[key].replace(/\{(\w+)\}/g, (m, name: string) => (name in vars ? String(vars[name]) : m))
      : dict[key];
  return Object.assign(fn, { storeCode });
}

export function useAfterSaleT(): AfterSaleT {
  return afterSaleT(useT().storeCode);
}
