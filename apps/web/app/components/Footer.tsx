import { memo } from 'react';
import { localizedPath, staticPageMovedTo } from '@vitrina/domain';
import { useShopInfo } from '../lib/shop-info';
import { Link } from '../lib/link';
import { useT } from '../i18n';
import { STATIC_PAGES, staticSlug } from './navigation/static-pages';
import { useStoreCode } from '../lib/store';
import type { StoreInfo } from '../lib/types';
import { NewsletterForm } from './NewsletterForm';
import { CmsBlock } from './CmsBlock';
import { useCmsBlock } from './cms-blocks';
import { CompanyDetails } from './CompanyDetails';

/** One contact page (the one with the form): a moved page ("contacts") is another's second name. */
const FOOTER_PAGES = STATIC_PAGES.filter((p) => !staticPageMovedTo(p.identifier));

/** Payment and delivery methods the shop offers, by name, as small tags. */
function Methods({ info }: { info: StoreInfo }) {
  const t = useT();
  return (
    <>
      {info.payment_methods.length ? (
        <>
          <h3 id="footer-payment">{t('footer.paymentMethods')}</h3>
          <ul className="footer-methods" aria-labelledby="footer-payment">
            {info.payment_methods.map((m) => (
              <li key={m}>{m}</li>
            ))}
          </ul>
        </>
      ) : null}
      {info.shipping_methods.length ? (
        <>
          <h3 id="footer-shipping">{t('footer.shippingMethods')}</h3>
          <ul className="footer-methods" aria-labelledby="footer-shipping">
            {info.shipping_methods.map((m) => (
              <li key={m}>{m}</li>
            ))}
          </ul>
        </>
      ) : null}
    </>
  );
}

/** Shop terms from the shop's settings: money back, support hours, delivery time, newsletter coupon (when it gives one). */
export function ShopTerms() {
  const t = useT();
  const shop = useShopInfo();
  if (!shop) return null;
  return (
    <ul className="shop-terms">
      <li>{t('footer.moneyBack', { days: shop.money_back_days })}</li>
      <li>{t('footer.support', { from: shop.support_hours.from, to: shop.support_hours.to })}</li>
      <li>{t('footer.delivery', { min: shop.delivery_days.min, max: shop.delivery_days.max })}</li>
      {shop.newsletter_coupon_percent !== null ? (
        <li>{t('footer.newsletter', { percent: shop.newsletter_coupon_percent })}</li>
      ) : null}
    </ul>
  );
}

/** Memoised as the header is (Header.tsx): a navigation's start has nothing for it. */
export const Footer = memo(function Footer({
  minimal = false,
  info = null,
}: {
  minimal?: boolean;
  info?: StoreInfo | null;
}) {
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
              {FOOTER_PAGES.map((p) => (
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
              <li>
                {/* open to guests: the list is kept by this browser */}
                <Link to={localizedPath(storeCode, '/my-account/recently-viewed')}>
                  {t('nav.recentlyViewed')}
                </Link>
              </li>
            </ul>
          </nav>
        )}
        <section aria-labelledby="footer-service">
          <h2 id="footer-service">{t('footer.service')}</h2>
          <CmsBlock html={terms} fallback={<ShopTerms />} className="shop-terms" />
          {info && !minimal ? <Methods info={info} /> : null}
        </section>
        {info ? <CompanyDetails company={info.company} headingId="footer-company" /> : null}
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
});
