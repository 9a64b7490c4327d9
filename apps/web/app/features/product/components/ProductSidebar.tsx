import { memo } from 'react';
import type { SpecAttribute } from '@vitrina/domain';
import { Drawer } from '../../../components/Drawer';
import { useT } from '../../../i18n';
import type { ConfigurableChild, Product } from '../../../lib/types';
import { useProductSidebar } from '../hooks/use-product-sidebar';
import { Specifications } from './Specifications';

/**
 * The product sidebar: a modal side panel (components/Drawer: role="dialog", focus moved in and back
 * to the button that opened it, Tab kept inside, Escape closes) with the product's specifications
 * and description. Rendered only while open.
 */
export const ProductSidebar = memo(function ProductSidebar({
  product,
  variant,
  attributes,
  description,
}: {
  product: Product;
  variant: ConfigurableChild | null;
  attributes: SpecAttribute[];
  description: string;
}) {
  const t = useT();
  const sidebar = useProductSidebar();
  if (!sidebar.open) return null;
  return (
    <Drawer id="product-sidebar" labelledBy="product-sidebar-title" side="right" onClose={sidebar.close}>
      <div className="drawer-head">
        <h2 id="product-sidebar-title">{product.name}</h2>
        <button type="button" className="btn btn-link" onClick={sidebar.close}>
          {t('common.close')}
        </button>
      </div>
      <Specifications product={product} variant={variant} attributes={attributes} idPrefix="sidebar-" />
      {description ? (
        <section aria-labelledby="sidebar-description" className="description">
          <h3 id="sidebar-description">{t('product.description')}</h3>
          {description.split('\n\n').map((para, i) => (
            <p key={i}>{para}</p>
          ))}
        </section>
      ) : null}
    </Drawer>
  );
});
