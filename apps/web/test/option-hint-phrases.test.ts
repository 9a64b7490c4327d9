/**
 * The hints under an option value that needs another combination, in every language: the other
 * values are named after a colon, in the form they are labelled (no case ending to guess).
 * docs/decisions/0054-option-hints-name-other-values-after-a-colon.md
 */
import { describe, expect, it } from 'vitest';
import type { OptionChoice } from '@vitrina/domain';
import { getT } from '../app/i18n';
import { optionReason } from '../app/features/product/rules/option-labels';

const choice = (requires: OptionChoice['requires']): OptionChoice => ({
  value_index: 1,
  label: '256 GB',
  status: 'other_combination',
  variant: null,
  price: null,
  difference: null,
  requires,
});
const silver = { attribute_code: 'color', value_index: 50, label: 'Sidabrinė' };
const gradeB = { attribute_code: 'condition', value_index: 8, label: 'B' };

describe('option hints', () => {
  it.each([
    ['lt', [silver], 'Tik kitame derinyje: Sidabrinė'],
    ['lt', [gradeB], 'Tik B būklės'],
    ['lt', [gradeB, silver], 'Tik B būklės, derinyje: Sidabrinė'],
    ['ru', [{ ...silver, label: 'Серебристый' }], 'Только в сочетании: Серебристый'],
    ['ru', [gradeB], 'Только в состоянии «B»'],
    ['en', [silver], 'Only with Sidabrinė'],
  ] as const)('%s %j → %s', (store, requires, text) => {
    expect(optionReason(choice([...requires]), getT(store))).toBe(text);
  });

  it('never puts a value right after a preposition in lt or ru', () => {
    for (const store of ['lt', 'ru'] as const) {
      const text = optionReason(choice([silver]), getT(store)) ?? '';
      expect(text).not.toMatch(/\b(su|с) Sidabrinė/u);
    }
  });

  it.each([
    ['lt', [{ ...gradeB, value_index: 5, label: 'Nauja' }], 'Tik nauja'],
    ['lt', [{ ...gradeB, value_index: 5, label: 'Nauja' }, silver], 'Tik nauja, derinyje: Sidabrinė'],
    ['ru', [{ ...gradeB, value_index: 5, label: 'Новый' }], 'Только новый'],
    ['en', [{ ...gradeB, value_index: 5, label: 'Brand New' }], 'Only brand new'],
  ] as const)('the brand-new grade, an adjective: %s %j → %s', (store, requires, text) => {
    expect(optionReason(choice([...requires]), getT(store))).toBe(text);
  });
});

/**
 * Phrases with a number the shop's settings choose (days to return, delivery days): Lithuanian and
 * Russian nouns after a number take a form that depends on it (14 dienų but 21 diena; 14 дней but
 * 21 день, 3 дня), so the noun is the case-free abbreviation ("d.", "дн."), right for any setting.
 */
describe('phrases with a number from the settings', () => {
  it.each([
    ['lt', 'footer.moneyBack', { days: 21 }, '21 d. pinigų grąžinimo garantija'],
    ['ru', 'footer.moneyBack', { days: 21 }, 'Возврат денег в течение 21 дн.'],
    ['ru', 'product.returns', { days: 3 }, '3 дн. на возврат без объяснения причин'],
    ['ru', 'gradeInfo.days', { days: 21 }, '21 дн. без объяснения причин'],
    ['lt', 'product.returns', { days: 21 }, '21 d. grąžinimui be priežasties'],
    ['lt', 'product.showImage', { n: 3 }, 'Rodyti nuotrauką 3'],
  ] as const)('%s %s %j → %s', (store, key, vars, text) => {
    expect(getT(store)(key, vars)).toBe(text);
  });

  it.each([
    ['lt', /per 2–5 d\. d\.$/u],
    ['ru', /за 2–5 раб\. дн\.$/u],
  ] as const)('%s: the category description’s delivery days read right for 2–5', (store, ending) => {
    const text = getT(store)('listing.categoryDescription', {
      name: 'X',
      deliveryMin: 2,
      deliveryMax: 5,
    });
    expect(text).toMatch(ending);
  });
});
