import { listedRate, loadTaxRules, type Database } from '@vitrina/db';
import {
  GRADE_ATTRIBUTE_CODE,
  gradeLadderInversions,
  isSpecialPriceActive,
  ladderSteps,
  storedGross,
  type LadderInversion,
} from '@vitrina/domain';

/**
 * The configurables (those of `parentIds`, or all) whose grade ladder makes no sense, by id: the
 * pairs where a lower grade costs the same as or more than a higher grade of the same other options,
 * at the gross price the shopper pays now (the special price in its window). Grades are read from
 * the `condition` attribute's option labels (domain gradeKeyOf).
 */
export async function gradeLadders(
  q: Database,
  parentIds: readonly number[] | null,
): Promise<Map<number, LadderInversion[]>> {
  const out = new Map<number, LadderInversion[]>();
  const [grades] = await q.query<{ options: { value: number; label: Record<string, string> }[] }>(
    'SELECT options FROM attributes WHERE attribute_code = $1',
    [GRADE_ATTRIBUTE_CODE],
  );
  if (!grades) return out;
  const parents = await q.query<{ id: number; configurable_options: { attribute_code: string }[] }>(
    `SELECT id, configurable_options FROM products WHERE type_id = 'configurable'${parentIds ? ' AND id = ANY($1::int[])' : ''}`,
    parentIds ? [parentIds] : [],
  );
  const graded = parents.filter((p) =>
    p.configurable_options.some((o) => o.attribute_code === GRADE_ATTRIBUTE_CODE),
  );
  if (!graded.length) return out;
  const children = await q.query<{
    sku: string;
    parent_id: number;
    status: number;
    attributes: Record<string, unknown>;
    price_cents: number;
    price_incl_tax_cents: number | null;
    special_price_cents: number | null;
    special_price_incl_tax_cents: number | null;
    special_from_date: Date | null;
    special_to_date: Date | null;
    tax_class_id: number;
    is_in_stock: boolean | null;
  }>(
    `SELECT p.sku, p.parent_id, p.status, p.attributes, p.price_cents, p.price_incl_tax_cents, p.special_price_cents,
            p.special_price_incl_tax_cents, p.special_from_date, p.special_to_date, p.tax_class_id, s.is_in_stock
       FROM products p LEFT JOIN stock s ON s.product_id = p.id WHERE p.parent_id = ANY($1::int[]) ORDER BY p.id`,
    [graded.map((p) => p.id)],
  );
  const rules = await loadTaxRules(q);
  const now = new Date();
  const values = grades.options.map((o) => ({
    value_index: o.value,
    label: o.label.en ?? o.label.lt ?? Object.values(o.label)[0] ?? '',
  }));
  for (const parent of graded) {
    const kids = children
      .filter((c) => c.parent_id === parent.id)
      .map((c) => {
        const rate = listedRate(rules, c.tax_class_id);
        const special = isSpecialPriceActive(
          {
            price: c.price_cents,
            special_price: c.special_price_cents,
            special_from_date: c.special_from_date,
            special_to_date: c.special_to_date,
          },
          now,
        );
        const gross = special
          ? storedGross(
              { price: c.special_price_cents!, price_incl_tax: c.special_price_incl_tax_cents },
              rate,
            )
          : storedGross({ price: c.price_cents, price_incl_tax: c.price_incl_tax_cents }, rate);
        return {
          ...c.attributes,
          sku: c.sku,
          status: c.status,
          stock: { is_in_stock: c.is_in_stock ?? false },
          gross,
        };
      });
    const options = [
      { attribute_code: GRADE_ATTRIBUTE_CODE, values },
      ...parent.configurable_options
        .filter((o) => o.attribute_code !== GRADE_ATTRIBUTE_CODE)
        .map((o) => ({ attribute_code: o.attribute_code, values: [] })),
    ];
    const pairs = gradeLadderInversions(
      ladderSteps({ configurable_options: options, configurable_children: kids }, (c) => c.gross),
    );
    if (pairs.length) out.set(parent.id, pairs);
  }
  return out;
}
