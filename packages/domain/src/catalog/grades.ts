// Condition grades at the point of choice: which grade an option label names,
// and what the shop promises for it (warranty and returns). The spec is silent on both; the table is
// the shop's decision (docs/decisions/: grade → warranty and returns).

export const GRADE_KEYS = ['new', 'a_plus', 'a', 'b', 'c_plus', 'c'] as const;
export type GradeKey = (typeof GRADE_KEYS)[number];

/** The short code of a graded option's label ("A+ (like new)" → "A+"), in grade order. */
const GRADE_CODES: Record<string, GradeKey> = { 'A+': 'a_plus', A: 'a', B: 'b', 'C+': 'c_plus', C: 'c' };

/** Brand-new labels in the store views' languages (the demo's and Magento's wording). */
const NEW_LABEL = /^(brand new|new|nauja|naujas|новый|новая|новое|jauns|uus)(?=$|[\s(,.])/iu;

/**
 * The grade an option label names: a leading grade code (A+, A, B, C+, C) followed by the end, a
 * space or a bracket, or a brand-new label in lt/en/ru (also lv/et). Anything else is not a known
 * grade (null): the page then promises nothing grade-specific.
 */
export function gradeKeyOf(label: string | null | undefined): GradeKey | null {
  const text = (label ?? '').trim();
  const code = /^([ABC]\+?)(?=$|[\s(])/u.exec(text)?.[1];
  if (code) return GRADE_CODES[code] ?? null;
  return NEW_LABEL.test(text) ? 'new' : null;
}

/** A grade's short name on its button: the label before any bracket ("A+ (like new)" → "A+"). */
export function gradeShortLabel(label: string): string {
  const i = label.indexOf('(');
  return (i > 0 ? label.slice(0, i) : label).trim();
}

/** The rank of a grade (new first, C last), for sorting grade options. */
export function gradeRank(key: GradeKey | null): number {
  return key === null ? GRADE_KEYS.length : GRADE_KEYS.indexOf(key);
}

export interface GradeTerms {
  /** the warranty the shop gives, in months */
  warrantyMonths: number;
  /** days the buyer may return the item for a refund, without giving a reason */
  returnDays: number;
}

/**
 * The shop's promise per grade. Brand new: 24 months (the EU legal guarantee for new goods, which the
 * manufacturer's warranty meets); graded refurbished items: 12 months (the demo texts and the
 * `condition-grades` block promise 12; EU law lets a seller shorten it to one year for used goods).
 * Returns: 30 days for every grade (the shop's money-back promise, MONEY_BACK_DAYS; the law's minimum
 * for distance sales is 14).
 */
export const GRADE_TERMS: Readonly<Record<GradeKey, GradeTerms>> = {
  new: { warrantyMonths: 24, returnDays: 30 },
  a_plus: { warrantyMonths: 12, returnDays: 30 },
  a: { warrantyMonths: 12, returnDays: 30 },
  b: { warrantyMonths: 12, returnDays: 30 },
  c_plus: { warrantyMonths: 12, returnDays: 30 },
  c: { warrantyMonths: 12, returnDays: 30 },
};

export function gradeTerms(key: GradeKey | null): GradeTerms | null {
  return key ? GRADE_TERMS[key] : null;
}
