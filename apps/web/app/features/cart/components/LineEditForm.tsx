import { useCartT } from '../../../i18n/cart';
import type { LineEditorModel } from '../hooks/use-line-editor';

/** Cart edit mode's form: a select per option (values no child has are disabled), the quantity, Save / Cancel. */
export function LineEditForm({ model }: { model: LineEditorModel }) {
  const t = useCartT();
  if (!model.loaded) return <p className="muted">{t('common.loading')}</p>;
  return (
    <form
      className="cart-edit"
      aria-label={t('cart.editOptions', { name: model.name })}
      onSubmit={model.save}
    >
      {model.options.map((o) => {
        const id = `${model.qtyId}-${o.code}`;
        return (
          <div key={o.code} className="field">
            <label htmlFor={id}>{o.label}</label>
            <select
              id={id}
              value={model.selected[o.code] ?? ''}
              onChange={(e) => model.choose(o.code, Number(e.target.value))}
            >
              {o.values.map((v) => (
                <option key={v.value} value={v.value} disabled={v.disabled}>
                  {v.label}
                </option>
              ))}
            </select>
          </div>
        );
      })}
      <div className="field">
        <label htmlFor={model.qtyId}>{t('cart.quantity')}</label>
        <input
          id={model.qtyId}
          type="number"
          inputMode="numeric"
          min={1}
          value={model.qty}
          onChange={(e) => model.typeQty(e.target.value)}
        />
      </div>
      {model.error ? <p className="field-error">{model.error}</p> : null}
      <button type="submit" className="btn btn-primary">
        {t('cart.save')}
      </button>
      <button type="button" className="btn" onClick={model.cancel}>
        {t('cart.cancel')}
      </button>
    </form>
  );
}
