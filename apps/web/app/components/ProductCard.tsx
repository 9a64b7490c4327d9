import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useT } from '../i18n';
import { retryImage } from '../lib/image-retry';
import type { Banner, Product } from '../lib/types';
import { imageUrl, productPath } from '../lib/urls';
import { BannerTile, byPosition } from './Banners';
import { Price } from './Price';
import { SaveButtons } from './SaveButtons';

/** A listing tile: 266×266 thumbnail, name, price. The first row loads eagerly (LCP). */
export function ProductCard({ product, eager = false }: { product: Product; eager?: boolean }) {
  const t = useT();
  const src = imageUrl(product.image, 266, 266);
  return (
    <li className="card">
      <Link to={productPath(t.storeCode, product)} prefetch="intent">
        {src ? (
          <img
            src={src}
            width={266}
            height={266}
            alt=""
            loading={eager ? 'eager' : 'lazy'}
            fetchPriority={eager ? 'high' : 'auto'}
            decoding="async"
            onError={retryImage}
          />
        ) : (
          <span className="img-placeholder" />
        )}
        <span className="card-name">{product.name}</span>
      </Link>
      {product.condition_label ? <span className="badge">{product.condition_label}</span> : null}
      <Price final={product.final_price_incl_tax} regular={product.price_incl_tax} sku={product.sku} />
      <SaveButtons product={product} compact />
    </li>
  );
}

/**
 * The product tiles; banners (category banners) take the tile at their position (1 = first),
 * banners beyond the end follow the last product.
 */
export function ProductGrid({
  products,
  eagerCount = 0,
  banners = [],
}: {
  products: Product[];
  eagerCount?: number;
  banners?: Banner[];
}) {
  const tiles: ReactNode[] = products.map((p, i) => (
    <ProductCard key={p.id} product={p} eager={i < eagerCount} />
  ));
  for (const b of byPosition(banners)) {
    const at = Math.min(Math.max(0, b.position - 1), tiles.length);
    tiles.splice(at, 0, <BannerTile key={`banner-${b.id}`} banner={b} />);
  }
  return <ul className="grid">{tiles}</ul>;
}
