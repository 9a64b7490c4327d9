/**
 * UI strings of the mini cart and a cart's lines and totals (the mini cart, the checkout's summary,
 * the order pages). Kept out of the main dictionaries (en.ts, lt.ts, ru.ts): no first screen (home, a
 * listing, a product page, search) shows them, and every page's first load carried them. The parts
 * that use them are loaded on demand (the mini cart is an overlay's chunk).
 */
import type { StoreCode } from '@vitrina/domain';
import { partTranslator, useT, type PartTranslator } from '.';

const en = {
  'cart.title': 'Shopping cart',
  'cart.goToCheckout': 'Go to checkout',
  'cart.edit': 'Edit {name}',
  'cart.editShort': 'Edit',
  'cart.applyCoupon': 'Apply',
  'cart.coupon': 'Coupon code',
  'cart.removeCoupon': 'Remove coupon {code}',
  'cart.freeShippingLeft': 'Add {amount} more for free delivery',
  'cart.freeShippingReached': 'Delivery is free for this order',
  'cart.cancel': 'Cancel',
  'cart.editOptions': 'Options of {name}',
  'cart.quantity': 'Quantity',
  'cart.save': 'Save',
  'cart.decrease': 'Decrease quantity of {name}',
  'cart.increase': 'Increase quantity of {name}',
  'cart.quantityOf': 'Quantity of {name}',
  'cart.remove': 'Remove {name}',
  'cart.removeShort': 'Remove',
  'removeDialog.keep': 'Keep it',
  'removeDialog.remove': 'Remove',
  'removeDialog.title': 'Remove from the cart?',
  'cart.offlinePending': 'Saved on this device; it will be sent when you are back online.',
  'cart.updating': 'Updating the cart…',
  'totals.taxNote': 'Prices include the VAT of {country}: {rate} %',
  'totals.taxNote.EE': 'Prices include Estonian VAT {rate} %',
  'totals.taxNote.LT': 'Prices include Lithuanian VAT {rate} %',
  'totals.taxNote.LV': 'Prices include Latvian VAT {rate} %',
  'checkout.free': 'Free',
  'checkout.lineQty': 'Qty {qty}',
  'cart.empty': 'Your shopping cart is empty.',
  'common.continueShopping': 'Continue shopping',
  'wayOn.emptyCart': 'Find something you like: browse a category or start with our bestsellers.',
  'common.edit': 'Edit',
};

export type CartKey = keyof typeof en;

const lt: Record<CartKey, string> = {
  'cart.title': 'Pirkinių krepšelis',
  'cart.goToCheckout': 'Pereiti prie apmokėjimo',
  'cart.edit': 'Redaguoti {name}',
  'cart.editShort': 'Keisti',
  'cart.applyCoupon': 'Pritaikyti',
  'cart.coupon': 'Nuolaidos kodas',
  'cart.removeCoupon': 'Pašalinti nuolaidos kodą {code}',
  'cart.freeShippingLeft': 'Iki nemokamo pristatymo trūksta {amount}',
  'cart.freeShippingReached': 'Šiam užsakymui pristatymas nemokamas',
  'cart.cancel': 'Atšaukti',
  'cart.editOptions': '{name} parinktys',
  'cart.quantity': 'Kiekis',
  'cart.save': 'Išsaugoti',
  'cart.decrease': 'Sumažinti kiekį: {name}',
  'cart.increase': 'Padidinti kiekį: {name}',
  'cart.quantityOf': 'Kiekis: {name}',
  'cart.remove': 'Pašalinti: {name}',
  'cart.removeShort': 'Pašalinti',
  'removeDialog.keep': 'Palikti',
  'removeDialog.remove': 'Pašalinti',
  'removeDialog.title': 'Pašalinti iš krepšelio?',
  'cart.offlinePending': 'Išsaugota šiame įrenginyje; bus išsiųsta, kai vėl prisijungsite prie interneto.',
  'cart.updating': 'Krepšelis atnaujinamas…',
  'totals.taxNote': 'Kainos su šalies {country} PVM {rate} %',
  'totals.taxNote.EE': 'Kainos su Estijos PVM {rate} %',
  'totals.taxNote.LT': 'Kainos su Lietuvos PVM {rate} %',
  'totals.taxNote.LV': 'Kainos su Latvijos PVM {rate} %',
  'checkout.free': 'Nemokamai',
  'checkout.lineQty': 'Kiekis: {qty}',
  'cart.empty': 'Jūsų pirkinių krepšelis tuščias.',
  'common.continueShopping': 'Tęsti apsipirkimą',
  'wayOn.emptyCart': 'Išsirinkite ką nors: naršykite kategorijas arba pradėkite nuo perkamiausių prekių.',
  'common.edit': 'Keisti',
};

const ru: Record<CartKey, string> = {
  'cart.title': 'Корзина',
  'cart.goToCheckout': 'Перейти к оформлению',
  'cart.edit': 'Изменить {name}',
  'cart.editShort': 'Изменить',
  'cart.applyCoupon': 'Применить',
  'cart.coupon': 'Код купона',
  'cart.removeCoupon': 'Удалить купон {code}',
  'cart.freeShippingLeft': 'До бесплатной доставки осталось {amount}',
  'cart.freeShippingReached': 'Доставка этого заказа бесплатна',
  'cart.cancel': 'Отмена',
  'cart.editOptions': 'Параметры: {name}',
  'cart.quantity': 'Количество',
  'cart.save': 'Сохранить',
  'cart.decrease': 'Уменьшить количество: {name}',
  'cart.increase': 'Увеличить количество: {name}',
  'cart.quantityOf': 'Количество: {name}',
  'cart.remove': 'Удалить: {name}',
  'cart.removeShort': 'Удалить',
  'removeDialog.keep': 'Оставить',
  'removeDialog.remove': 'Удалить',
  'removeDialog.title': 'Удалить из корзины?',
  'cart.offlinePending':
    'Сохранено на этом устройстве; будет отправлено, когда появится подключение к интернету.',
  'cart.updating': 'Корзина обновляется…',
  'totals.taxNote': 'Цены включают НДС страны {country}: {rate} %',
  'totals.taxNote.EE': 'Цены включают НДС Эстонии {rate} %',
  'totals.taxNote.LT': 'Цены включают НДС Литвы {rate} %',
  'totals.taxNote.LV': 'Цены включают НДС Латвии {rate} %',
  'checkout.free': 'Бесплатно',
  'checkout.lineQty': 'Кол-во: {qty}',
  'cart.empty': 'Ваша корзина пуста.',
  'common.continueShopping': 'Продолжить покупки',
  'wayOn.emptyCart': 'Выберите что-нибудь: загляните в категории или начните с хитов продаж.',
  'common.edit': 'Изменить',
};

/** exported for the words test (no English in lt and ru) */
export const CART_DICTIONARIES: Record<StoreCode, Record<CartKey, string>> = { en, lt, ru };

/** The app's translator, also knowing the mini cart's and a cart's lines' strings. */
export const cartT = partTranslator(CART_DICTIONARIES);
export type CartTranslator = PartTranslator<CartKey>;

/** The translator of the current store view, with the mini cart's and a cart's lines' strings. */
export function useCartT(): CartTranslator {
  return cartT(useT());
}
