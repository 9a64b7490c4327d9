/**
 * Prices entered gross (CATALOG_PRICES_INCLUDE_TAX): a product whose `price_incl_tax_cents` (or
 * `special_price_incl_tax_cents`) is set keeps that gross as typed, and its `price_cents` /
 * `special_price_cents` are the nets made from it at the default country's rate for its tax class
 * (domain netFromGross). The nets follow the tax rules: this runs after every write of grosses and
 * of tax rules, in the writer's transaction.
 */
import { STORE_VIEWS, importedTaxRate, netFromGross, type TaxRule } from '@vitrina/domain';
import type { Executor } from './client.ts';

/** the tax rules as the domain reads them */
export async function loadTaxRules(tx: Executor): Promise<TaxRule[]> {
  const rules = await tx.query<{
    id: number;
    product_tax_class_ids: number[];
    customer_tax_class_ids: number[];
    rates: TaxRule['rates'];
  }>('select id, product_tax_class_ids, customer_tax_class_ids, rates from tax_rules order by id');
  return rules.map((r) => ({
    id: r.id,
    product_tax_class_ids: r.product_tax_class_ids,
    customer_tax_class_ids: r.customer_tax_class_ids,
    rates: r.rates,
  }));
}

/** the rate a product of `taxClassId` is listed at (the default store view's country, retail class) */
export function listedRate(rules: readonly TaxRule[], taxClassId: number): number {
  return importedTaxRate(rules, STORE_VIEWS.lt.defaultCountry, taxClassId);
}

/**
 * Makes the nets of gross-entered products again from their grosses (all of them, or `productIds`);
 * answers how many rows changed.
 */
export async function deriveNetPrices(tx: Executor, productIds?: readonly number[]): Promise<number> {
  const rules = await loadTaxRules(tx);
  const rows = await tx.query<{
    id: number;
    tax_class_id: number;
    price_incl_tax_cents: number | null;
    special_price_incl_tax_cents: number | null;
    price_cents: number;
    special_price_cents: number | null;
  }>(
    `select id, tax_class_id, price_incl_tax_cents, special_price_incl_tax_cents, price_cents, special_price_cents from products
      where (price_incl_tax_cents is not null or special_price_incl_tax_cents is not null)
        ${productIds ? 'and id = any($1::int[])' : ''}`,
    productIds ? [productIds] : [],
  );
  const changed = rows
    .map((r) => {
      const rate = listedRate(rules, r.tax_class_id);
      return {
        id: r.id,
        price: r.price_incl_tax_cents === null ? r.price_cents : netFromGross(r.price_incl_tax_cents, rate),
        special:
          r.special_price_incl_tax_cents === null
            ? r.special_price_cents
            : netFromGross(r.special_price_incl_tax_cents, rate),
        was: r,
      };
    })
    .filter((r) => r.price !== r.was.price_cents || r.special !== r.was.special_price_cents);
  if (changed.length === 0) return 0;
  await tx.query(
    `update products p set price_cents = r.price, special_price_cents = r.special
       from jsonb_to_recordset($1::jsonb) as r(id int, price int, special int) where p.id = r.id`,
    [JSON.stringify(changed.map(({ id, price, special }) => ({ id, price, special })))],
  );
  return changed.length;
}
