import { useT } from '../../../i18n';
import type { PriceBoundsFormView } from '../hooks/use-price-bounds-form';

/** the shopper's own min–max price fields; a GET form without JavaScript (the loader checks it then) */
export function PriceBoundsForm({ form }: { form: PriceBoundsFormView }) {
  const t = useT();
  const described = form.issue ? { 'aria-invalid': true, 'aria-describedby': 'price-bounds-error' } : {};
  return (
    <form method="get" className="price-bounds" onSubmit={form.onSubmit} noValidate>
      {form.kept.map(([k, v]) => (
        <input key={k} type="hidden" name={k} value={v} />
      ))}
      <fieldset>
        <legend>{t('listing.priceOwn')}</legend>
        <label>
          <span>{t('listing.priceMin')}</span>
          <input
            name="price_min"
            inputMode="decimal"
            autoComplete="off"
            defaultValue={form.min}
            key={`min-${form.resetKey}`}
            {...described}
          />
        </label>
        <label>
          <span>{t('listing.priceMax')}</span>
          <input
            name="price_max"
            inputMode="decimal"
            autoComplete="off"
            defaultValue={form.max}
            key={`max-${form.resetKey}`}
            {...described}
          />
        </label>
        <button type="submit" className="btn">
          {t('listing.priceApply')}
        </button>
      </fieldset>
      {form.issue ? (
        <p className="field-error" id="price-bounds-error" role="alert">
          {t.msg(form.issue)}
        </p>
      ) : null}
    </form>
  );
}
