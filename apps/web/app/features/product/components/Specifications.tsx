import { memo } from 'react';
import { specificationGroups, type SpecAttribute } from '@vitrina/domain';
import { useT } from '../../../i18n';
import type { ConfigurableChild, Product } from '../../../lib/types';

/**
 * The specification table: the product's (and the chosen variant's) attribute values with the store
 * view's labels, grouped (domain specificationGroups). Nothing when no attribute has a value to name.
 */
export const Specifications = memo(function Specifications({
  product,
  variant,
  attributes,
  idPrefix = '',
}: {
  product: Product;
  variant: ConfigurableChild | null;
  attributes: SpecAttribute[];
  /** a second copy on the page (the product sidebar) names its heading apart */
  idPrefix?: string;
}) {
  const t = useT();
  const groups = specificationGroups(product, variant, attributes, t.storeCode !== 'en');
  if (!groups.length) return null;
  return (
    <section aria-labelledby={`${idPrefix}specs`} className="specs">
      <h2 id={`${idPrefix}specs`}>{t('product.specs')}</h2>
      {groups.map((g) => (
        <table key={g.group} className="spec-table">
          <caption>{t(`spec.${g.group}`)}</caption>
          <tbody>
            {g.rows.map((r) => (
              <tr key={r.code}>
                <th scope="row">{r.label}</th>
                <td>{r.value}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ))}
    </section>
  );
});
