import { useShopInfo } from '../lib/shop-info';
import { useEffect, useRef } from 'react';
import { useAccountT } from '../i18n/account';
import { ui } from '../state/ui';
import { NewsletterForm } from './NewsletterForm';
import { CmsBlock } from './CmsBlock';
import { useCmsBlock } from './cms-blocks';

/**
 * The newsletter popup offering the 10 % coupon: shown once (state/newsletter.ts popupSeen), a
 * small non-modal panel that does not block the page; "No, thanks", the close button or Escape
 * dismiss it.
 */
export function NewsletterPopup() {
  const t = useAccountT();
  // the shop's settings: no coupon promised while it gives none
  const percent = useShopInfo()?.newsletter_coupon_percent ?? null;
  const ref = useRef<HTMLElement>(null);
  const close = () => ui.close('newsletterPopup');
  const offer = useCmsBlock('newsletter-offer');
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape' && ref.current?.contains(document.activeElement)) ui.close('newsletterPopup');
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);
  return (
    <aside
      ref={ref}
      className="newsletter-popup"
      role="dialog"
      aria-modal="false"
      aria-labelledby="nl-popup-title"
    >
      <div className="drawer-head">
        <h2 id="nl-popup-title">
          {percent !== null ? t('newsletter.popupTitle', { percent }) : t('newsletter.popupTitleNoCoupon')}
        </h2>
        <button type="button" className="btn-icon" aria-label={t('common.close')} onClick={close}>
          ×
        </button>
      </div>
      <CmsBlock
        html={offer}
        fallback={
          <p>
            {percent !== null ? t('newsletter.popupText', { percent }) : t('newsletter.popupTextNoCoupon')}
          </p>
        }
      />
      <NewsletterForm idPrefix="popup" />
      <button type="button" className="btn-link" onClick={close}>
        {t('newsletter.noThanks')}
      </button>
    </aside>
  );
}
