/**
 * The condition grade of a product or unit (Brand New, A+, A, B, C+, C; catalogue-and-cart.md §1) as
 * a coloured badge: new is green, A+/A blue, B indigo, C+/C amber. The label is the store view's
 * condition label ("A+ (kaip nauja)", "Nauja"); its colour follows the grade it starts with.
 */
const GRADE_CLASS: [RegExp, string][] = [
  [/^A\+/i, 'grade-a-plus'],
  [/^A\b/i, 'grade-a'],
  [/^B\b/i, 'grade-b'],
  [/^C\+/i, 'grade-c-plus'],
  [/^C\b/i, 'grade-c'],
];

/** The badge's colour class of a condition label; anything that is not a used grade reads as new. */
export function gradeClass(label: string): string {
  const trimmed = label.trim();
  return GRADE_CLASS.find(([re]) => re.test(trimmed))?.[1] ?? 'grade-new';
}

export function GradeBadge({ label, className = '' }: { label: string; className?: string }) {
  return <span className={`grade-badge ${gradeClass(label)} ${className}`.trim()}>{label}</span>;
}
