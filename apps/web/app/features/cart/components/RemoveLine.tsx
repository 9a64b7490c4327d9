import { useT } from '../../../i18n';
import type { CartLineModel } from '../hooks/use-cart-line';

/** "Remove", then the confirmation's Yes / No. */
export function RemoveLine({ model }: { model: CartLineModel }) {
  const t = useT();
  if (!model.confirming)
    return (
      <button type="button" className="btn-link" onClick={model.askRemove}>
        <span aria-hidden="true">{t('cart.removeShort')}</span>
        <span className="sr-only">{t('cart.remove', { name: model.item.name })}</span>
      </button>
    );
  return (
    <div className="confirm" role="group" aria-label={t.msg('cart.removeConfirm')}>
      <p>{t.msg('cart.removeConfirm')}</p>
      <button type="button" className="btn btn-primary" onClick={model.remove}>
        {t('common.yes')}
      </button>
      <button type="button" className="btn" onClick={model.cancelRemove}>
        {t('common.no')}
      </button>
    </div>
  );
}
