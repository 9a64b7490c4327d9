import { COMPARE_MAX_ITEMS, type ComparableAttribute } from '@vitrina/domain';
import { useEffect, useState } from 'react';
import type { Route } from './+types/compare';
import { CompareTable } from '../components/CompareTable';
import { getT } from '../i18n';
import { otherPagesT, useOtherPagesT } from '../i18n/other-pages';
import { pageMeta } from '../lib/seo';
import { privatePageLoader } from '../lib/seo.server';
import type { AttributeDoc, Product } from '../lib/types';
import { useApi } from '../api-client/use-api';
import { compare, useCompare } from '../state/compare';
import { WayOn } from '../components/WayOn';

/** The compare list lives on the device: the server renders the page shell only. */
export const loader = privatePageLoader;

export const meta: Route.MetaFunction = ({ data }) => {
  if (!data) return [];
  const t = otherPagesT(getT(data.storeCode));
  return pageMeta({
    title: `${t('compare.title')} | ${t('site.name')}`,
    description: t('compare.description'),
    seo: data.seo,
    robots: 'noindex',
  });
};

interface Loaded {
  products: Map<string, Product>;
  attributes: AttributeDoc[];
}

/** /compare: "Compare Products", the comparable attributes side by side (§2 route table). */
export default function ComparePage() {
  const t = useOtherPagesT();
  const api = useApi();
  const items = useCompare();
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [failed, setFailed] = useState(false);
  const skus = items.map((i) => i.sku).join('\n');

  useEffect(() => {
    if (!skus) return;
    let cancelled = false;
    const list = skus.split('\n');
    Promise.all([
      api.searchProducts({ filters: { sku: list }, size: COMPARE_MAX_ITEMS }),
      api.searchAttributes({ filters: { is_comparable: true }, size: 150 }),
    ]).then(
      ([products, attributes]) => {
        if (cancelled) return;
        setLoaded({
          products: new Map(products.items.map((p) => [p.sku, p])),
          attributes: attributes.items,
        });
        setFailed(false);
      },
      (e: unknown) => {
        console.error('compare', e);
        if (!cancelled) setFailed(true);
      },
    );
    return () => {
      cancelled = true;
    };
  }, [api, skus]);

  const attributes: ComparableAttribute[] = (loaded?.attributes ?? []).map((a) => ({
    code: a.attribute_code,
    label: a.frontend_label || a.default_frontend_label || a.attribute_code,
  }));
  const optionLabel = (code: string, value: unknown) => {
    if (code === 'condition') {
      const p = [...(loaded?.products.values() ?? [])].find((x) => x.condition === value);
      if (p?.condition_label) return p.condition_label;
    }
    const attr = loaded?.attributes.find((a) => a.attribute_code === code);
    return attr?.options?.find((o) => String(o.value) === String(value))?.label;
  };

  return (
    <section className="saved-page">
      <h1>{t('compare.title')}</h1>
      {items.length === 0 ? (
        <>
          <p>{t('compare.empty')}</p>
          <p className="muted">{t('wayOn.emptyCompare')}</p>
          <WayOn />
        </>
      ) : (
        <>
          {failed ? <p className="field-error">{t.msg('error.generic')}</p> : null}
          {!loaded && !failed ? <p aria-live="polite">{t('common.loading')}</p> : null}
          <CompareTable
            columns={items.map((saved) => ({ saved, product: loaded?.products.get(saved.sku) ?? null }))}
            attributes={attributes}
            optionLabel={optionLabel}
            onRemove={compare.remove}
          />
        </>
      )}
    </section>
  );
}
