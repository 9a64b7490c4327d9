import { gradeCode, gradeKeyOf, gradeName, staticPagePath, type GradeKey } from '@vitrina/domain';
import { useT } from '../../i18n';
import { Link } from '../../lib/link';

/** The badge's colour class of a grade (the classes GradeBadge draws). */
export function gradeKeyClass(key: GradeKey): string {
  return `grade-${key.replace('_', '-')}`;
}

/**
 * A grade named where the shopper decides: its badge and its words in the store view's language
 * ("C+ · Vidutinė būklė"; brand new is its name alone), from the domain's grade facts, so the title,
 * the price, the buy bar, the cart line and the card say the same. `link`: the words lead to the
 * "How we grade" page.
 */
export function GradeTitle({
  grade,
  link = false,
  short = false,
  className = '',
}: {
  grade: GradeKey;
  link?: boolean;
  /** the badge alone (a card's price line): the words are its title and its screen reader text */
  short?: boolean;
  className?: string;
}) {
  const t = useT();
  const code = gradeCode(grade);
  const name = gradeName(grade, t.storeCode);
  const badge = (
    <span className={`grade-badge ${gradeKeyClass(grade)}`} title={short && code ? name : undefined}>
      {code ?? name}
    </span>
  );
  const words = code && !short ? <span className="grade-title-name">{name}</span> : null;
  const inner = (
    <>
      {badge}
      {words}
      {short && code ? <span className="sr-only">{name}</span> : null}
    </>
  );
  return (
    <span className={`grade-title ${className}`.trim()} data-grade={grade}>
      {link ? (
        <Link to={staticPagePath('how-we-grade', t.storeCode)} className="grade-title-link">
          {inner}
        </Link>
      ) : (
        inner
      )}
    </span>
  );
}

/** GradeTitle of a condition label ("C+ (fair)"), or nothing when the label names no known grade. */
export function GradeTitleOf({
  label,
  ...rest
}: { label: string | null | undefined } & Omit<Parameters<typeof GradeTitle>[0], 'grade'>) {
  const key = gradeKeyOf(label);
  return key ? <GradeTitle grade={key} {...rest} /> : null;
}
