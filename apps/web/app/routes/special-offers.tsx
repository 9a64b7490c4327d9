import { formatDate, formatPrice } from '@vitrina/domain';
import { useEffect, useState } from 'react';
import { Link } from '../lib/link';
import type { Route } from './+types/special-offers';
import { AccountPage } from '../features/account';
import { privateMeta } from '../components/account/meta';
import { useAccountT } from '../i18n/account';
import { privatePageLoader } from '../lib/seo.server';
import { loadOfferProducts, type OfferWithProduct } from '../api-client/special-offers';
import { imageUrl, productPath } from '../lib/urls';
import { useApi } from '../api-client/use-api';
import { useUser } from '../state/user-view';
import { checkoutAccountLinks } from '../checkout-account-styles';

export const links = checkoutAccountLinks;

/** Private data: rendered in the browser after the session loads (login required). */
export const loader = privatePageLoader;

export const meta: Route.MetaFunction = ({ data }) => privateMeta(data, 'offers.title', 'offers.description');

/**
 * The customer's special offers (accounts-checkout-routes.md §2 route `/special-offers`; §4 "Special
 * offers are fetched only with a token"; §7 the offers, then their products by id, 100 per query).
 */
export default function SpecialOffers() {
  const t = useAccountT();
  const api = useApi();
  const loggedIn = useUser((s) => Boolean(s.token));
  const [offers, setOffers] = useState<OfferWithProduct[] | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    if (!loggedIn) {
      setOffers(null);
      return;
    }
    let live = true;
    setFailed(false);
    api.user
      .specialOffers()
      .then((list) => loadOfferProducts(api, list))
      .then(
        (list) => live && setOffers(list),
        () => {
          if (!live) return;
          setFailed(true);
          setOffers([]);
        },
      );
    return () => {
      live = false;
    };
  }, [api, loggedIn]);

  return (
    <AccountPage title={t('offers.title')}>
      {failed ? (
        <p role="alert">{t('offers.error')}</p>
      ) : offers === null ? (
        <p aria-busy="true">{t('common.loading')}</p>
      ) : offers.length === 0 ? (
        <p>{t('offers.none')}</p>
      ) : (
        <ul className="special-offers">
          {offers.map(({ offer, product }) => {
            const name = product?.name ?? offer.sku;
            const image = imageUrl(product?.image, 150, 150);
            const childSku =
              offer.id_variant !== null && product && offer.sku !== product.sku ? offer.sku : null;
            return (
              <li key={`${offer.id}-${offer.sku}`} className="special-offer">
                {image ? <img src={image} alt="" width={96} height={96} loading="lazy" /> : null}
                <div>
                  <h2 className="special-offer-name">
                    {product ? <Link to={productPath(t.storeCode, product, childSku)}>{name}</Link> : name}
                  </h2>
                  {offer.label === 'demo' ? <p className="badge">{t('offers.demo')}</p> : null}
                  {/* a demo offer's comment of an older shop was English text: the badge says it */}
                  {offer.option_comments && offer.label !== 'demo' ? <p>{offer.option_comments}</p> : null}
                  {childSku ? <p>{t('offers.variant', { sku: childSku })}</p> : null}
                  <p>
                    {t('offers.price')}:{' '}
                    <strong className="price">{formatPrice(offer.price_incl_tax, t.storeCode)}</strong>{' '}
                    <span className="price-excl">
                      {t('offers.priceExclTax', { price: formatPrice(offer.final_price, t.storeCode) })}
                    </span>
                  </p>
                  <p>{t('offers.quantity', { qty: offer.quantity })}</p>
                  {offer.valid_until ? (
                    <p>{t('offers.validUntil', { date: formatDate(offer.valid_until) })}</p>
                  ) : null}
                  {product ? null : <p>{t('offers.unavailable')}</p>}
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </AccountPage>
  );
}
