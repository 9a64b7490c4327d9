import { formatPrice, gradeCode, gradeName, type GradeKey } from '@vitrina/domain';
import { useT } from '../i18n';
import { useGroupPrice } from '../state/group-prices';
import { GradeTitle, gradeKeyClass } from './ui/GradeTitle';

/**
 * The final price incl. tax; `from` puts "nuo"/"from" before a lowest price. Prices are cents,
 * formatted by the domain. A reduction is announced only against its `reference`: the lowest price
 * charged in the 30 days before it (the document's `reference_price_incl_tax`, Directive 98/6/EC
 * art. 6a). Then, and only then, that price is shown struck through and the line below names it; a
 * regular price that was never charged is never struck. With `sku` (and `querySku`, a child's
 * parent) the price registers for the customer group's re-pricing (state/group-prices.ts): the
 * page's base price is replaced by the tier price, and the reference by the tier's.
 */
export function Price({
  final: baseFinal,
  reference: baseReference,
  large = false,
  compact = false,
  sku,
  querySku,
  from = false,
  grade = null,
}: {
  /** the grade the price is for, named after it ("nuo 759,99 € · C+") */
  grade?: GradeKey | null;
  final: number;
  /** "nuo"/"from" before the price: the lowest of several (a configurable's cheapest variant) */
  from?: boolean;
  /** the lowest price of the 30 days before an announced reduction (absent: no reduction to announce) */
  reference?: number | null;
  large?: boolean;
  /**
   * A listing card's price: the reference line's shorter wording, and fewer elements (a filter's tick
   * makes most of a listing's cards anew): the figure is the paragraph's text, not a span of its own,
   * and the grade is its badge alone, its words inside it for screen readers, with no separating dot
   * (a card hides it) and no title wrapper.
   */
  compact?: boolean;
  sku?: string | null;
  querySku?: string | null;
}) {
  const t = useT();
  const tier = useGroupPrice(sku, querySku);
  const final = tier?.final ?? baseFinal;
  const reference = tier ? tier.reference : baseReference;
  const reduced = reference != null && final < reference;
  return (
    <>
      <p className={`price${large ? ' price-large' : ''}`}>
        {/* no break between "from" and its figure: a narrow card wraps the grade instead */}
        {from ? <span className="price-from">{`${t('price.from')}\u00a0`}</span> : null}
        {reduced ? (
          <>
            <span className="sr-only">{`${t('product.price')}: `}</span>
            <ins className="price-special">{formatPrice(final, t.storeCode)}</ins>{' '}
            <del className="price-regular" aria-hidden="true">
              {formatPrice(reference, t.storeCode)}
            </del>
          </>
        ) : compact ? (
          formatPrice(final, t.storeCode)
        ) : (
          <span>{formatPrice(final, t.storeCode)}</span>
        )}
        {/* the space before the grade is where a narrow card wraps it; there, without its dot */}
        {grade && compact ? (
          <> {cardGrade(grade, gradeName(grade, t.storeCode))}</>
        ) : grade ? (
          <>
            {' '}
            <span className="price-grade">
              <span className="price-grade-dot" aria-hidden="true">
                {'·\u00a0'}
              </span>
              <GradeTitle grade={grade} short />
            </span>
          </>
        ) : null}
      </p>
      {reduced ? (
        <p className="price-reference">
          {t(compact ? 'price.lowest30Short' : 'price.lowest30', {
            price: formatPrice(reference, t.storeCode),
          })}
        </p>
      ) : null}
    </>
  );
}

/**
 * A card's grade after its price: what GradeTitle `short` shows (the badge, its words as its title and
 * its screen reader text) in one element with the words' span inside, drawn as the title's badge was
 * (styles.css `.price-card-grade`); made in the price's render, not a component of its own.
 */
function cardGrade(grade: GradeKey, name: string) {
  const code = gradeCode(grade);
  return (
    <span
      className={`grade-badge price-card-grade ${gradeKeyClass(grade)}`}
      data-grade={grade}
      title={code ? name : undefined}
    >
      {code ?? name}
      {code ? <span className="sr-only">{name}</span> : null}
    </span>
  );
}
