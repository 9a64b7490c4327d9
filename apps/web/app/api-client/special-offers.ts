import { LISTING_STATUS, LISTING_VISIBILITY, SPECIAL_OFFERS_IDS_PER_QUERY } from '@vitrina/domain';
import type { Api } from './api';
import type { Product, SpecialOffer } from '../lib/types';

export interface OfferWithProduct {
  offer: SpecialOffer;
  /** The listed product, or null when it is no longer listed (disabled, hidden, deleted). */
  product: Product | null;
}

/** The fields an offer card shows. */
const CARD_FIELDS = ['id', 'sku', 'name', 'slug', 'image', 'type_id'];

/**
 * The products of the offers (accounts-checkout-routes.md §7 "then products searched by ids (100 per
 * query)"; §5 "Special offers search uses the same visibility and status filters" as the listing):
 * ids in batches of 100, each one catalogue query with visibility 2,3,4 and status 0,1.
 */
export async function loadOfferProducts(
  api: Pick<Api, 'searchProducts'>,
  offers: SpecialOffer[],
): Promise<OfferWithProduct[]> {
  const ids = [...new Set(offers.map((o) => o.id))];
  const batches: number[][] = [];
  for (let i = 0; i < ids.length; i += SPECIAL_OFFERS_IDS_PER_QUERY)
    batches.push(ids.slice(i, i + SPECIAL_OFFERS_IDS_PER_QUERY));
  const results = await Promise.all(
    batches.map((batch) =>
      api.searchProducts({
        filters: { id: batch, visibility: [...LISTING_VISIBILITY], status: [...LISTING_STATUS] },
        size: batch.length,
        includeFields: CARD_FIELDS,
      }),
    ),
  );
  const byId = new Map<number, Product>();
  for (const r of results) for (const p of r.items) byId.set(Number(p.id), p);
  return offers.map((offer) => ({ offer, product: byId.get(offer.id) ?? null }));
}
