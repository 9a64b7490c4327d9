import type { ReactNode } from 'react';
import { Link } from '../../../lib/link';
import { LineOptions } from '../../../components/CartLineOptions';
import { useCartT } from '../../../i18n/cart';
import type { CartLineModel } from '../hooks/use-cart-line';
import { QuantityControl } from './QuantityControl';
import { RemoveLine } from './RemoveLine';

/** A line of the mini cart: thumbnail, name (a link to its page), options, quantity, messages, price. */
export function CartLineRow({ model, editor }: { model: CartLineModel; editor: ReactNode }) {
  const t = useCartT();
  const { item } = model;
  return (
    <li className="cart-line">
      {model.thumb ? (
        <img src={model.thumb} width={150} height={150} alt="" loading="lazy" decoding="async" />
      ) : (
        <span className="img-placeholder" />
      )}
      <div className="cart-line-main">
        {model.href ? (
          <Link to={model.href} onClick={model.closeCart}>
            {item.name}
          </Link>
        ) : (
          <span>{item.name}</span>
        )}
        <LineOptions item={item} />
        <QuantityControl model={model} />
        {model.error ? (
          <p id={model.errId} className="field-error">
            {model.error}
          </p>
        ) : null}
        {model.errors.map((key) => (
          <p key={key} className="field-error">
            {t.msg(key)}
          </p>
        ))}
        {model.info.map((key) => (
          <p key={key} className="muted">
            {t.msg(key)}
          </p>
        ))}
        {model.editable ? (
          model.editing ? (
            editor
          ) : (
            <button type="button" className="btn-link" onClick={model.startEditing}>
              {/* a short label on screen; the product's name for screen readers */}
              <span aria-hidden="true">{t('cart.editShort')}</span>
              <span className="sr-only">{t('cart.edit', { name: item.name })}</span>
            </button>
          )
        ) : null}
      </div>
      <div className="cart-line-side">
        <span className="price">{model.price}</span>
        <RemoveLine model={model} />
      </div>
    </li>
  );
}
