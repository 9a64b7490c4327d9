import { formatPrice } from '@vitrina/domain';
import { useT } from '../i18n';

/**
 * The final price incl. tax; when a special price is in force (final below the regular price) the
 * regular price is shown struck through. Prices are cents, formatted by the domain.
 */
export function Price({
  final,
  regular,
  large = false,
}: {
  final: number;
  regular?: number | null;
  large?: boolean;
}) {
  const t = useT();
  const special = regular != null && final < regular;
  return (
    <p className={`price${large ? ' price-large' : ''}`}>
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
