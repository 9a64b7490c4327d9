import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_SHOP_SETTINGS,
  GRADE_KEYS,
  STORE_CODES,
  gradeFacts,
  gradeLadderFacts,
  gradeSettingsOf,
  gradeTitle,
  type GradeKey,
} from '../src/index.ts';

describe('grade facts', () => {
  it.each<[GradeKey, 'lt' | 'en' | 'ru', string]>([
    ['c_plus', 'lt', 'C+ · Vidutinė būklė'],
    ['c_plus', 'en', 'C+ · Fair'],
    ['a_plus', 'ru', 'A+ · Как новый'],
    ['new', 'lt', 'Nauja'],
    ['new', 'en', 'Brand new'],
  ])('%s in %s is titled %s', (key, store, title) => {
    expect(gradeTitle(key, store)).toBe(title);
  });

  it('takes the warranty and the return period from the settings, not from the table', () => {
    const settings = {
      warrantyMonths: { ...DEFAULT_SHOP_SETTINGS.warrantyMonths, c_plus: 18 },
      moneyBackDays: 45,
    };
    const facts = gradeFacts('c_plus', 'en', settings);
    expect(facts).toMatchObject({ code: 'C+', warrantyMonths: 18, returnDays: 45, batteryMinPercent: 80 });
    expect(gradeFacts('new', 'en', settings)).toMatchObject({ warrantyMonths: 24, batteryMinPercent: null });
  });

  it('lists the ladder in grade order, every text present in every store view', () => {
    for (const store of STORE_CODES) {
      const ladder = gradeLadderFacts(store, DEFAULT_SHOP_SETTINGS);
      expect(ladder.map((f) => f.key)).toEqual([...GRADE_KEYS]);
      for (const f of ladder)
        for (const text of [f.name, f.looks, f.tested, f.inTheBox]) expect(text).not.toBe('');
    }
  });

  it('reads the store-info answer as settings, and promises nothing without it', () => {
    expect(gradeSettingsOf(null)).toBeNull();
    expect(gradeSettingsOf({ warranty_months: { c: 14 }, money_back_days: 30 })).toEqual({
      warrantyMonths: { c: 14 },
      moneyBackDays: 30,
    });
  });

  it('never lets a lower grade ask for more battery health than a higher one', () => {
    fc.assert(
      fc.property(fc.constantFrom(...STORE_CODES), fc.integer({ min: 14, max: 365 }), (store, days) => {
        const ladder = gradeLadderFacts(store, { ...DEFAULT_SHOP_SETTINGS, moneyBackDays: days });
        const batteries = ladder.flatMap((f) => (f.batteryMinPercent === null ? [] : [f.batteryMinPercent]));
        for (let i = 1; i < batteries.length; i++)
          expect(batteries[i]).toBeLessThanOrEqual(batteries[i - 1]!);
        expect(ladder.every((f) => f.returnDays === days)).toBe(true);
      }),
    );
  });
});
