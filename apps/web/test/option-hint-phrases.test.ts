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
});
