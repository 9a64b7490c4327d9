import { formatPrice } from '@vitrina/domain';
import { useT } from '../i18n';
import { useGroupPrice } from '../state/group-prices';

/**
 * The final price incl. tax; when a special price is in force (final below the regular price) the
 * regular price is shown struck through; `from` puts "nuo"/"from" before a lowest price. Prices are cents, formatted by the domain.
 * With `sku` (and `querySku`, a child's parent) the price registers for the customer group's
 * re-pricing (state/group-prices.ts): the page's base price is replaced by the tier price.
 */
export function Price({
  final: baseFinal,
  regular: baseRegular,
  large = false,
  sku,
  querySku,
  from = false,
}: {
  final: number;
  /** "nuo"/"from" before the price: the lowest of several (a configurable's cheapest variant) */
  from?: boolean;
  regular?: number | null;
  large?: boolean;
  sku?: string | null;
  querySku?: string | null;
}) {
  const t = useT();
  const tier = useGroupPrice(sku, querySku);
  const final = tier?.final ?? baseFinal;
  const regular = tier ? (tier.regular ?? baseRegular) : baseRegular;
  const special = regular != null && final < regular;
  return (
    <p className={`price${large ? ' price-large' : ''}`}>
      {from ? <span className="price-from">{t('price.from')} </span> : null}
      {special ? (
        <>
          <span className="sr-only">{t('product.price')}: </span>
          <ins className="price-special">{formatPrice(final, t.storeCode)}</ins>{' '}
          <span className="sr-only">{t('product.regularPrice')}: </span>
          <del className="price-regular">{formatPrice(regular, t.storeCode)}</del>
        </>
      ) : (
        <span>{formatPrice(final, t.storeCode)}</span>
      )}
    </p>
  );
}
