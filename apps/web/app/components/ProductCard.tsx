import { Link } from 'react-router';
import { useT } from '../i18n';
import type { Product } from '../lib/types';
import { imageUrl, productPath } from '../lib/urls';
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
          />
        ) : (
          <span className="img-placeholder" />
        )}
        <span className="card-name">{product.name}</span>
      </Link>
      {product.condition_label ? <span className="badge">{product.condition_label}</span> : null}
      <Price final={product.final_price_incl_tax} regular={product.price_incl_tax} />
      <SaveButtons product={product} compact />
    </li>
  );
}

export function ProductGrid({ products, eagerCount = 0 }: { products: Product[]; eagerCount?: number }) {
  return (
    <ul className="grid">
      {products.map((p, i) => (
        <ProductCard key={p.id} product={p} eager={i < eagerCount} />
      ))}
    </ul>
  );
}
