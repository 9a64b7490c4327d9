import { formatPrice, type GradeKey } from '@vitrina/domain';
import { useT } from '../i18n';
import { useGroupPrice } from '../state/group-prices';
import { GradeTitle } from './ui/GradeTitle';

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
  /** a card's shorter wording of the reference line */
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
        {from ? (
          <span className="price-from">
            {t('price.from')}
            {'\u00a0'}
          </span>
        ) : null}
        {reduced ? (
          <>
            <span className="sr-only">{t('product.price')}: </span>
            <ins className="price-special">{formatPrice(final, t.storeCode)}</ins>{' '}
            <del className="price-regular" aria-hidden="true">
              {formatPrice(reference, t.storeCode)}
            </del>
          </>
        ) : (
          <span>{formatPrice(final, t.storeCode)}</span>
        )}
        {/* the space before the grade is where a narrow card wraps it; there, without its dot */}
        {grade ? (
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
