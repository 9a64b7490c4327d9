import { gradeKeyOf, type GradeKey, type SelectedOptions } from '@vitrina/domain';
import type { Product } from '../../../lib/types';

/** The attribute whose values are condition grades (the demo's and Magento's code). */
export const GRADE_ATTRIBUTE = 'condition';

/** Whether the product's variants differ by grade (its page explains the grades: a CMS block). */
export function isGraded(product: Product): boolean {
  return (product.configurable_options ?? []).some((o) => o.attribute_code === GRADE_ATTRIBUTE);
}

/**
 * The grade the shopper is buying: of the chosen variant (its grade option's label) for a
 * configurable product, else the product's own condition label.
 */
export function chosenGrade(
  product: Product,
  configurable: boolean,
  selected: SelectedOptions,
): GradeKey | null {
  return gradeKeyOf(
    configurable
      ? product.configurable_options
          ?.find((o) => o.attribute_code === GRADE_ATTRIBUTE)
          ?.values.find((v) => String(v.value_index) === String(selected[GRADE_ATTRIBUTE]))?.label
      : product.condition_label,
  );
}
