import {
  gradeKeyOf,
  gradeShortLabel,
  optionChoices,
  staticPagePath,
  type SelectedOptions,
} from '@vitrina/domain';
import { memo, type MouseEvent } from 'react';
import { CmsBlock } from '../../../components/CmsBlock';
import { useT } from '../../../i18n';
import { Link } from '../../../lib/link';
import type { ConfigurableChild, ConfigurableOption, Product } from '../../../lib/types';
import { GRADE_ATTRIBUTE } from '../rules/grade';
import { optionPriceLabel, optionReason } from '../rules/option-labels';

/**
 * One configurable option as a radio group. Every value says what choosing it means: a grade shows
 * its price and a one-line meaning, any other value the price difference to the chosen variant; a
 * value that cannot be bought says why. A sold-out value can still be chosen (its page offers the
 * back-in-stock request); only a value no enabled variant has is disabled.
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
      {isGrade ? <GradeInfo popoverId={popoverId} gradesInfo={gradesInfo ?? null} /> : null}
      <div className={isGrade ? 'opt-grid' : 'opt-row'}>
        {choices.map((c) => {
          const checked = String(selected[option.attribute_code]) === String(c.value_index);
          const why = optionReason(c, t);
          const key = isGrade ? gradeKeyOf(c.label) : null;
          const price = optionPriceLabel(c, isGrade, checked, t);
          return (
            <OptionValue
              key={c.value_index}
              code={option.attribute_code}
              value={c.value_index}
              name={isGrade ? gradeShortLabel(c.label) : c.label}
              status={why ? c.status : null}
              checked={checked}
              disabled={c.status === 'not_offered' || !c.variant}
              price={price && c.status !== 'not_offered' ? price : null}
              meaning={key ? t(`grade.${key}`) : null}
              why={why}
              variant={c.variant}
              onChoose={onChoose}
            />
          );
        })}
      </div>
    </fieldset>
  );
}

/**
 * One value of the picker, memoised on what it shows: a choice renders the value it checks and the one
 * it unchecks (and those whose price or reason changed), not every value of the group. `variant` is the
 * product's own child object and `onChoose` the page's stable callback, so an unchanged value keeps its
 * props.
 */
const OptionValue = memo(function OptionValue({
  code,
  value,
  name,
  status,
  checked,
  disabled,
  price,
  meaning,
  why,
  variant,
  onChoose,
}: {
  code: string;
  value: number;
  name: string;
  /** the choice's status, named in its class when it cannot be bought as it is */
  status: string | null;
  checked: boolean;
  disabled: boolean;
  price: string | null;
  meaning: string | null;
  why: string | null;
  variant: ConfigurableChild | null | undefined;
  onChoose: (variant: ConfigurableChild) => void;
}) {
  const id = `opt-${code}-${value}`;
  // A press on the value's face chooses it here, not by the label's activation: that simulated a click,
  // an input and a change event on the radio, and React then wrote every radio of the group's name and
  // type again. The radio takes the focus as the activation gave it; keys and assistive technologies
  // still reach the radio itself (its onChange).
  const chooseByLabel = (e: MouseEvent<HTMLLabelElement>) => {
    if (!variant) return;
    e.preventDefault();
    focusWithoutRing(e.currentTarget.control);
    onChoose(variant);
  };
  const cls = ['opt', status ? `opt-${status}` : '', checked ? 'opt-checked' : ''].filter(Boolean).join(' ');
  return (
    <span className={cls}>
      <input
        type="radio"
        id={id}
        name={code}
        value={value}
        checked={checked}
        disabled={disabled}
        onChange={() => variant && onChoose(variant)}
      />
      <label htmlFor={id} onClick={variant && !checked && !disabled ? chooseByLabel : undefined}>
        <span className="opt-name">{name}</span>
        {price ? <span className="opt-price">{price}</span> : null}
        {meaning ? <span className="opt-meaning">{meaning}</span> : null}
        {why ? <span className="opt-why">{why}</span> : null}
      </label>
    </span>
  );
});

/**
 * Focuses the radio a label stands for as the label's own activation does after a press: no focus
 * ring (a script's focus after a pointer's press draws none either; `focusVisible` says so where it is
 * known) and no scroll.
 */
function focusWithoutRing(control: HTMLElement | null) {
  control?.focus({ preventScroll: true, focusVisible: false } as FocusOptions);
}

/**
 * What the grades mean: the CMS block in a popover, or a link to the page. Memoised: it does not change
 * with the grade chosen, and the block's HTML is the picker's largest part (every grade choice renders
 * the picker for its checked radio and prices).
 */
const GradeInfo = memo(function GradeInfo({
  popoverId,
  gradesInfo,
}: {
  popoverId: string;
  gradesInfo: string | null;
}) {
  const t = useT();
  // every grade choice leads to what the grades mean, with or without the shop's CMS block
  if (!gradesInfo)
    return (
      <Link to={staticPagePath('how-we-grade', t.storeCode)} className="btn-link grade-info-button">
        {t('gradeInfo.link')}
      </Link>
    );
  return (
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
        <p>
          <Link to={staticPagePath('how-we-grade', t.storeCode)}>{t('gradeInfo.link')} →</Link>
        </p>
        <button type="button" className="btn" popoverTarget={popoverId} popoverTargetAction="hide">
          {t('product.zoomClose')}
        </button>
      </div>
    </>
  );
});
