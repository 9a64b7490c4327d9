/**
 * A condition grade's badge code and name in the store views' languages: what a product card, a price
 * and a grade's title show on every page. Apart from the grades' facts (grade-facts.ts: how each grade
 * looks, what was checked, what is in the box, in three languages), which only the "How we grade" page,
 * the home page's grade block and the product page's facts show, so that a listing's first load carries
 * the names alone (~1.2 KiB gzip less on a category page).
 */
import type { GradeKey } from '../catalog/index.ts';
import type { StoreCode } from '../base/index.ts';

const GRADE_NAMES: Readonly<
  Record<GradeKey, { code: string | null; name: Readonly<Record<StoreCode, string>> }>
> = {
  new: { code: null, name: { lt: 'Nauja', en: 'Brand new', ru: 'Новый' } },
  a_plus: { code: 'A+', name: { lt: 'Kaip nauja', en: 'Like new', ru: 'Как новый' } },
  a: { code: 'A', name: { lt: 'Puiki būklė', en: 'Excellent', ru: 'Отличное состояние' } },
  b: { code: 'B', name: { lt: 'Gera būklė', en: 'Good', ru: 'Хорошее состояние' } },
  c_plus: { code: 'C+', name: { lt: 'Vidutinė būklė', en: 'Fair', ru: 'Удовлетворительное состояние' } },
  c: {
    code: 'C',
    name: { lt: 'Matomi naudojimo požymiai', en: 'Visible signs of use', ru: 'Заметные следы использования' },
  },
};

/** A grade's name in a store view ("Vidutinė būklė"); its badge code is gradeCode. */
export function gradeName(key: GradeKey, store: StoreCode): string {
  return GRADE_NAMES[key].name[store];
}

/** A grade's badge code ("C+"), or null for brand new (its name is its badge). */
export function gradeCode(key: GradeKey): string | null {
  return GRADE_NAMES[key].code;
}

/** "C+ · Vidutinė būklė"; brand new is its name alone. */
export function gradeTitle(key: GradeKey, store: StoreCode): string {
  const code = gradeCode(key);
  return code ? `${code} · ${gradeName(key, store)}` : gradeName(key, store);
}
