import {
  formatPrice,
  gradeKeyOf,
  gradeShortLabel,
  optionChoices,
  type OptionChoice,
  type SelectedOptions,
} from '@vitrina/domain';
import { useT, type Translator } from '../../i18n';
import type { ConfigurableChild, ConfigurableOption, Product } from '../../lib/types';
import { CmsBlock } from '../CmsBlock';

/** The attribute whose values are condition grades (the demo's and Magento's code). */
export const GRADE_ATTRIBUTE = 'condition';

function signed(cents: number, t: Translator): string {
  if (cents === 0) return t('option.same');
  return `${cents > 0 ? '+' : '−'}${formatPrice(Math.abs(cents), t.storeCode)}`;
}

/** why a value cannot be bought as it is, or null when it can */
function reason(choice: OptionChoice, t: Translator): string | null {
  if (choice.status === 'out_of_stock') return t('option.outOfStock');
  if (choice.status === 'not_offered') return t('option.notOffered');
  if (choice.status === 'other_combination') {
    // name the choice that blocks it: "Only with 512 GB", "Only as B", "Only as A, with Blue"
    const grade = choice.requires.find((r) => r.attribute_code === GRADE_ATTRIBUTE);
    const values = choice.requires
      .filter((r) => r !== grade)
      .map((r) => r.label)
      .join(', ');
    if (grade) {
      const short = gradeShortLabel(grade.label);
      return values ? t('option.onlyAsGradeWith', { grade: short, values }) : t('option.onlyAsGrade', { grade: short });
    }
    return values ? t('option.onlyWith', { values }) : t('option.otherCombination');
  }
  return null;
}

/**
 * One configurable option as a radio group. Every value says what choosing it means: a grade shows
 * its price and a one-line meaning, any other value the price difference to the chosen variant; a
 * value that cannot be bought says why. A sold-out value can still be chosen (its page offers the
 * back-in-stock request, issue #14 item 14); only a value no enabled variant has is disabled.
 */
export function OptionPicker({
  product,
  option,
  selected,
  current,
  gradesInfo,
  onChoose,
}: {
  product: Product;
  option: ConfigurableOption;
  selected: SelectedOptions;
  current: ConfigurableChild | null;
  /** the `condition-grades` CMS block (HTML), shown in the "What do grades mean?" popover */
  gradesInfo?: string | null;
  onChoose: (variant: ConfigurableChild) => void;
}) {
  const t = useT();
  const isGrade = option.attribute_code === GRADE_ATTRIBUTE;
  const choices = optionChoices(product, option.attribute_code, selected, current);
  const popoverId = `info-${option.attribute_code}`;
  return (
    <fieldset className={isGrade ? 'option-picker grade-picker' : 'option-picker'}>
      <legend>{option.label}</legend>
      {isGrade && gradesInfo ? (
        <>
          <button type="button" className="btn-link grade-info-button" popoverTarget={popoverId}>
            {t('grade.whatMean')}
          </button>
          <div
            id={popoverId}
            popover="auto"
            className="grade-popover"
            role="dialog"
            aria-labelledby={`${popoverId}-title`}
          >
            <h2 id={`${popoverId}-title`} className="grade-popover-title">
              {t('grade.whatMean')}
            </h2>
            <CmsBlock html={gradesInfo} />
            <button type="button" className="btn" popoverTarget={popoverId} popoverTargetAction="hide">
              {t('product.zoomClose')}
            </button>
          </div>
        </>
      ) : null}
      <div className={isGrade ? 'opt-grid' : 'opt-row'}>
        {choices.map((c) => {
          const id = `opt-${option.attribute_code}-${c.value_index}`;
          const checked = String(selected[option.attribute_code]) === String(c.value_index);
          const why = reason(c, t);
          const key = isGrade ? gradeKeyOf(c.label) : null;
          const meaning = key ? t(`grade.${key}`) : null;
          const price =
            c.price === null
              ? null
              : isGrade || checked || c.difference === null
                ? formatPrice(c.price, t.storeCode)
                : signed(c.difference, t);
          const cls = ['opt', why ? `opt-${c.status}` : '', checked ? 'opt-checked' : '']
            .filter(Boolean)
            .join(' ');
          return (
            <span key={c.value_index} className={cls}>
              <input
                type="radio"
                id={id}
                name={option.attribute_code}
                value={c.value_index}
                checked={checked}
                disabled={c.status === 'not_offered' || !c.variant}
                onChange={() => c.variant && onChoose(c.variant)}
              />
              <label htmlFor={id}>
                <span className="opt-name">{isGrade ? gradeShortLabel(c.label) : c.label}</span>
                {price && c.status !== 'not_offered' ? <span className="opt-price">{price}</span> : null}
                {meaning ? <span className="opt-meaning">{meaning}</span> : null}
                {why ? <span className="opt-why">{why}</span> : null}
              </label>
            </span>
          );
        })}
      </div>
    </fieldset>
  );
}
