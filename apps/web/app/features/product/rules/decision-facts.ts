import {
  deliveryQuote,
  gradeTermsOf,
  leasingMonthlyCents,
  PAYMENT_MOKILIZINGAS,
  type GradeKey,
} from '@vitrina/domain';
import type { DeliveryOptions } from '../../../lib/types';

/**
 * What a buyer weighs beside the price: the delivery cost for this price
 * (domain deliveryQuote, the shop's own methods), the estimated delivery days while it is in stock,
 * the chosen grade's warranty and returns, and the leasing instalment when MOKILIZINGAS is offered.
 * Null when there is none of them to show.
 */
export function decisionFacts({
  price,
  grade,
  delivery,
  days,
  inStock,
  shop,
}: {
  price: number;
  grade: GradeKey | null;
  delivery: DeliveryOptions | null;
  /** deliveryDays() of the loader */
  days: string | null;
  inStock: boolean;
  /** the shop's settings (store-info `shop`): the warranty per grade and the money-back days; null: none promised */
  shop: { warranty_months: Record<string, number>; money_back_days: number } | null;
}) {
  const fees = delivery ? deliveryQuote(delivery.shipping_methods, price) : null;
  // the figures are the delivery country's (its VAT): the fact names it ("for Lithuania")
  const quote = fees && delivery ? { ...fees, countryId: delivery.country_id } : null;
  const terms = shop
    ? gradeTermsOf(
        {
          warrantyMonths: shop.warranty_months as Record<GradeKey, number>,
          moneyBackDays: shop.money_back_days,
        },
        grade,
      )
    : null;
  const leasing = delivery?.payment_methods.includes(PAYMENT_MOKILIZINGAS)
    ? leasingMonthlyCents(price)
    : null;
  const dates = days && inStock ? days : null;
  if (!quote && !dates && !terms && leasing === null) return null;
  return { quote, dates, terms, leasing };
}

export type DecisionFactsModel = NonNullable<ReturnType<typeof decisionFacts>>;
