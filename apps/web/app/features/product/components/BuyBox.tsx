import { useT } from '../../../i18n';
import { useStore } from '../../../state/store';
import type { ProductPageModel } from '../hooks/use-product-page';
import type { LinkedProduct } from '../rules/composite';
import { BundlePicker } from './BundlePicker';
import { BuyBar } from './BuyBar';
import { GroupedPicker } from './GroupedPicker';
import { QuantityField } from './QuantityField';

/**
 * How the product is bought: a grouped product's quantities, a bundle's options, or the quantity and
 * "Add to cart" (with the phone's bottom bar) of anything else.
 */
export function BuyBox({ model, linked }: { model: ProductPageModel; linked: LinkedProduct[] }) {
  const t = useT();
  const { product, box } = model;
  // read here, not in the page's hook: only the buy box renders again while a line goes in
  const adding = useStore(model.adding);
  if (product.type_id === 'grouped' && linked.length)
    return <GroupedPicker product={product} linked={linked} adding={adding} onAdd={model.addComposite} />;
  if (model.isBundle)
    return (
      <BundlePicker
        product={product}
        linked={linked}
        adding={adding}
        disabled={!box.inStock}
        onAdd={model.addComposite}
        choice={model.bundle}
      />
    );
  const label = adding ? t('product.adding') : t('product.addToCart');
  return (
    <>
      <div className="buy-row">
        {box.canAdd ? <QuantityField value={model.qty} max={box.maxQty} onChange={model.setQty} /> : null}
        <button
          ref={model.addButton}
          type="button"
          className="btn btn-primary btn-large"
          // not disabled while adding: the cart's queue serialises clicks (5 fast clicks = qty 5)
          disabled={!box.canAdd}
          onClick={model.addToCart}
        >
          {label}
        </button>
      </div>
      <BuyBar
        watch={model.addButton}
        price={model.tierFinal}
        grade={model.priceGrade}
        label={label}
        disabled={!box.canAdd}
        onAdd={model.addToCart}
      />
    </>
  );
}
