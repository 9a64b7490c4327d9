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

/**
 * A label split into its grade and its meaning: "C+ (vidutinė būklė)" → ["C+", "vidutinė būklė"], so
 * the meaning (still in its brackets) can be drawn lighter and wrap under the grade on a narrow card; a label without a
 * parenthesised meaning ("Nauja") is all grade.
 */
export function gradeLabelParts(label: string): [grade: string, meaning?: string] {
  const match = /^\s*(\S+)\s*\((.+)\)\s*$/.exec(label);
  return match ? [match[1]!, match[2]!] : [label.trim()];
}

export function GradeBadge({ label, className = '' }: { label: string; className?: string }) {
  return gradeBadge(label, className);
}

/**
 * The badge's element, for a listing's card that renders it in its own render (no component of its
 * own). `card`: the grade as the badge's text, not a span of its own (a card's badge is inline-block,
 * where the span drew nothing; a filter's tick makes most cards anew); elsewhere the badge is a flex
 * box whose items the span and the meaning are.
 */
export function gradeBadge(label: string, className = '', card = false) {
  const [grade, meaning] = gradeLabelParts(label);
  return (
    <span className={`grade-badge ${gradeClass(label)} ${className}`.trim()}>
      {meaning && card ? (
        <>
          {`${grade} `}
          <span className="grade-meaning">{`(${meaning})`}</span>
        </>
      ) : meaning ? (
        <>
          <span className="grade-code">{grade}</span> <span className="grade-meaning">({meaning})</span>
        </>
      ) : (
        grade
      )}
    </span>
  );
}
