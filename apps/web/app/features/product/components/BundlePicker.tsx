import { formatPrice } from '@vitrina/domain';
import { useT } from '../../../i18n';
import { useBundlePicker, type BundlePickerProps } from '../hooks/use-bundle-picker';

/**
 * Bundle product: per option a choice of its linked products (radio for single-choice options, with
 * "None" when the option is not required; checkboxes for multi-choice), starting from the default
 * selection; the price from the selection (the domain's bundlePrice), one cart line carrying
 * product_option.extension_attributes.bundle_options. The selection is the page's `choice` when
 * given (the header price follows it), else the picker's own.
 */
export function BundlePicker(props: BundlePickerProps) {
  const t = useT();
  const model = useBundlePicker(props);
  return (
    <section className="bundle-picker" aria-labelledby="bundle-title">
      <h2 id="bundle-title">{t('bundle.title')}</h2>
      {model.options.map((o) => (
        <fieldset key={o.id}>
          <legend>
            {o.title} {o.required ? <span className="muted">{t('bundle.required')}</span> : null}
          </legend>
          {o.none ? (
            <label>
              <input type="radio" name={o.name} checked={o.nothingChosen} onChange={o.clear} />
              {t('bundle.none')}
            </label>
          ) : null}
          {o.links.map((l) => (
            <label key={l.sku}>
              <input
                type={o.multi ? 'checkbox' : 'radio'}
                name={o.name}
                value={l.sku}
                checked={l.checked}
                disabled={!l.available}
                onChange={(e) => l.toggle(e.target.checked)}
              />
              <span>
                {l.qty > 1 ? `${l.qty} × ` : ''}
                {l.name}
              </span>
              <span className="muted">+{formatPrice(l.price, t.storeCode)}</span>
              {l.available ? null : <span className="stock out"> {t('product.outOfStock')}</span>}
            </label>
          ))}
        </fieldset>
      ))}
      <p className="price price-large">
        {t('bundle.total')}: <output aria-live="polite">{formatPrice(model.total, t.storeCode)}</output>
      </p>
      <button
        type="button"
        className="btn btn-primary btn-large"
        disabled={!model.canAdd}
        onClick={model.add}
      >
        {props.adding ? t('product.adding') : t('product.addToCart')}
      </button>
    </section>
  );
}
