import { formatPrice, gradeKeyOf, gradeShortLabel, type OptionChoice } from '@vitrina/domain';
import type { Translator } from '../../../i18n';
import { GRADE_ATTRIBUTE } from './grade';

/** A price difference to the chosen variant: "+€10.00", "−€5.00", or "Same price". */
function signed(cents: number, t: Translator): string {
  if (cents === 0) return t('option.same');
  return `${cents > 0 ? '+' : '−'}${formatPrice(Math.abs(cents), t.storeCode)}`;
}

/** why a value cannot be bought as it is, or null when it can */
export function optionReason(choice: OptionChoice, t: Translator): string | null {
  if (choice.status === 'out_of_stock') return t('option.outOfStock');
  if (choice.status === 'not_offered') return t('option.notOffered');
  if (choice.status === 'other_combination') {
    // name the choice that blocks it: "Only with 512 GB", "Only as B", "Only as A, with Blue"
    const grade = choice.requires.find((r) => r.attribute_code === GRADE_ATTRIBUTE);
    const values = choice.requires
      .filter((r) => r !== grade)
      .map((r) => r.label)
      .join(', ');
    // brand new is named by an adjective ("Nauja"), which "Tik … būklės" would leave undeclined
    if (grade && gradeKeyOf(grade.label) === 'new')
      return values ? t('option.onlyNewWith', { values }) : t('option.onlyNew');
    if (grade) {
      const short = gradeShortLabel(grade.label);
      return values
        ? t('option.onlyAsGradeWith', { grade: short, values })
        : t('option.onlyAsGrade', { grade: short });
    }
    return values ? t('option.onlyWith', { values }) : t('option.otherCombination');
  }
  return null;
}

/**
 * The price a value shows: a grade's, the chosen value's or one without a difference, its price;
 * any other value, the difference to the chosen variant. Null when it has no price.
 */
export function optionPriceLabel(
  choice: OptionChoice,
  isGrade: boolean,
  checked: boolean,
  t: Translator,
): string | null {
  if (choice.price === null) return null;
  return isGrade || checked || choice.difference === null
    ? formatPrice(choice.price, t.storeCode)
    : signed(choice.difference, t);
}
