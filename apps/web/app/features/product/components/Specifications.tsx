import { memo } from 'react';
import { specificationGroups, type SpecAttribute, type SpecRow } from '@vitrina/domain';
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
        <SpecTable key={g.group} caption={t(`spec.${g.group}`)} rows={g.rows} />
      ))}
    </section>
  );
});

/**
 * One group's table, memoised on its rows' texts: a grade choice makes the groups again (the variant's
 * values win), and only a table whose text changed (the grade's own row, if any) renders again.
 */
const SpecTable = memo(
  function SpecTable({ caption, rows }: { caption: string; rows: SpecRow[] }) {
    return (
      <table className="spec-table">
        <caption>{caption}</caption>
        <tbody>
          {rows.map((r) => (
            <tr key={r.code}>
              <th scope="row">{r.label}</th>
              <td>{r.value}</td>
            </tr>
          ))}
        </tbody>
      </table>
    );
  },
  (a, b) =>
    a.caption === b.caption &&
    a.rows.length === b.rows.length &&
    a.rows.every((r, i) => {
      const o = b.rows[i]!;
      return r.code === o.code && r.label === o.label && r.value === o.value;
    }),
);
