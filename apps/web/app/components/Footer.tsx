import {
  DELIVERY_WORKDAYS,
  MONEY_BACK_DAYS,
  NEWSLETTER_COUPON_PERCENT,
  SUPPORT_HOURS,
  localizedPath,
} from '@vitrina/domain';
import { Link } from 'react-router';
import { useT } from '../i18n';
import { STATIC_PAGES, staticSlug } from '../lib/static-pages';
import { useStoreCode } from '../lib/store';
import { NewsletterForm } from './NewsletterForm';
import { CmsBlock } from './CmsBlock';
import { useCmsBlock } from '../lib/cms-blocks';

/** Shop terms: 30-day money back, support hours, delivery time, newsletter coupon. */
export function ShopTerms() {
  const t = useT();
  return (
    <ul className="shop-terms">
      <li>{t('footer.moneyBack', { days: MONEY_BACK_DAYS })}</li>
      <li>{t('footer.support', { from: SUPPORT_HOURS.from, to: SUPPORT_HOURS.to })}</li>
      <li>{t('footer.delivery', { min: DELIVERY_WORKDAYS.min, max: DELIVERY_WORKDAYS.max })}</li>
      <li>{t('footer.newsletter', { percent: NEWSLETTER_COUPON_PERCENT })}</li>
    </ul>
  );
}

export function Footer({ minimal = false }: { minimal?: boolean }) {
  const t = useT();
  const storeCode = useStoreCode();
  const terms = useCmsBlock('footer-terms');
  return (
    <footer className="site-footer">
      <div className="container footer-grid">
        {minimal ? null : (
          <nav aria-labelledby="footer-info">
            <h2 id="footer-info">{t('footer.information')}</h2>
            <ul>
              {STATIC_PAGES.map((p) => (
                <li key={p.identifier}>
                  <Link to={localizedPath(storeCode, `/${staticSlug(p.identifier, storeCode)}`)}>
                    {t(`page.${p.identifier}`)}
                  </Link>
                </li>
              ))}
              <li>
                <Link to={localizedPath(storeCode, '/news')}>{t('news.title')}</Link>
              </li>
              <li>
                <Link to={localizedPath(storeCode, '/compare')}>{t('compare.title')}</Link>
              </li>
              <li>
                <Link to={localizedPath(storeCode, '/wishlist')}>{t('wishlist.title')}</Link>
              </li>
            </ul>
          </nav>
        )}
        <section aria-labelledby="footer-service">
          <h2 id="footer-service">{t('footer.service')}</h2>
          <CmsBlock html={terms} fallback={<ShopTerms />} className="shop-terms" />
        </section>
        {minimal ? null : (
          <section aria-labelledby="footer-newsletter">
            <h2 id="footer-newsletter">{t('newsletter.title')}</h2>
            <NewsletterForm idPrefix="footer" />
          </section>
        )}
      </div>
      <p className="container copyright">{t('footer.copyright', { year: new Date().getFullYear() })}</p>
    </footer>
  );
}
