import { imageLabels, variantImages, withSensibleGrades, type SpecAttribute } from '@vitrina/domain';
import { useCallback, useMemo, useRef, useState } from 'react';
import { useLocation, useParams, useSearchParams } from 'react-router';
import { replaceAddressAfterPaint } from '../../../lib/router';
import { useApi } from '../../../api-client/use-api';
import { useT } from '../../../i18n';
import { useShopInfo } from '../../../lib/shop-info';
import type { Crumb } from '../../../api-client/breadcrumbs';
import { plainText } from '../../../lib/text';
import type { Banner, ConfigurableChild, DeliveryOptions, Product } from '../../../lib/types';
import { imageUrl, productPath } from '../../../lib/urls';
import { useGroupPrice } from '../../../state/group-prices';
import { useHintedStock } from '../../../state/stock-hints';
import { useDeliveryOptionsFor } from '../../../state/delivery-country';
import { buyBox } from '../rules/buy-box';
import { compositeAddition, productAddition, productCartItem } from '../rules/cart-line';
import type { LinkedProduct } from '../rules/composite';
import { decisionFacts } from '../rules/decision-facts';
import { isGraded } from '../rules/grade';
import { productJsonLd, productJsonLdBase } from '../rules/json-ld';
import { shownVariant } from '../rules/variant';
import { useBundleChoice } from './use-bundle-choice';
import { useCartAdd } from './use-cart-add';

/** What the product page is given: the route's loader data (routes/product.tsx). */
export interface ProductPageData {
  product: Product;
  /** when the document's stock was read: a cached stock answer newer than this replaces it */
  stockAt: number;
  origin: string;
  canonical: string;
  trail: Crumb[];
  linked: LinkedProduct[];
  banners: Banner[];
  routeName: string;
  attributes: SpecAttribute[];
  delivery: DeliveryOptions | null;
  gradesInfo: string | null;
  deliveryDays: string | null;
}

/**
 * The product page's view model (the "talon" of features/product/ProductPage.tsx): the product with
 * its freshest stock, the variant shown (the URL's child sku: rules/variant.ts), the buy box
 * (rules/buy-box.ts) at the customer group's price, the bundle's selection, the quantity, and the
 * actions: choosing a variant (its URL), adding to the cart. The components only render it.
 */
export function useProductPage(data: ProductPageData) {
  const t = useT();
  const shop = useShopInfo();
  const api = useApi();
  const cartAdd = useCartAdd();
  const [qty, setQty] = useState(1);
  const addButton = useRef<HTMLButtonElement>(null);
  // After hydration, the children's stock follows a fresher cached answer, then the server's live one:
  // the chosen variant, its stock lines and the pickers' availability all read this product.
  const hinted = useHintedStock(data.product, data.stockAt, api);
  // The URL's child sku wins; otherwise the domain's choice for an empty selection.
  const [search] = useSearchParams();
  const { key } = useLocation();
  // `?childSku=` at a url_path the URL dispatcher serves
  const urlChildSku = useParams().childSku ?? search.get('childSku') ?? undefined;
  // The shopper's grade choice is the page's state, not a router navigation: the navigation rendered
  // the whole app (every location reader) inside the click. It stands for the location it was made
  // at: any navigation after it (back, forward, a link to another child) is the URL's again.
  const [chosen, setChosen] = useState<{ sku: string; at: string } | null>(null);
  const childSku = chosen?.at === key ? chosen.sku : urlChildSku;
  // a worse grade that costs what a better one of the same variant costs is not offered (domain
  // grade-ladder.ts), unless the URL names that very variant: its own URL opens it chosen
  // (catalogue-and-cart.md §4 "Product load"; a listing card under a grade filter links to it)
  // (made once per product as loaded: a grade choice then keeps the same product object, and the
  // parts memoised on it do not render again)
  const offered = useMemo(() => withSensibleGrades(hinted), [hinted]);
  const named = (p: typeof hinted) => p.configurable_children?.some((c) => c.sku === childSku) ?? false;
  const product = childSku && !named(offered) && named(hinted) ? hinted : offered;
  const bundle = useBundleChoice(product, data.linked);
  const isBundle = product.type_id === 'bundle' && bundle.options.length > 0;

  const shown = shownVariant(product, childSku);
  const { variant, selected } = shown;
  const box = buyBox(product, shown, isBundle ? bundle : null);
  // the customer group's price (state/group-prices.ts) until the server prices the cart line
  const tierFinal = useGroupPrice(box.sku, product.sku)?.final ?? box.final;
  // the shopper's delivery country's fees once it is known, else the store view's country's
  const delivery = useDeliveryOptionsFor(data.delivery);
  // the same array while the pictures are the same: the memoised gallery is not rendered again by an
  // add to the cart, the quantity, or a grade whose child shows the same pictures (a model's grades
  // mostly do); `imagesKey` names the pictures, the gallery's identity (ProductPage)
  const variantImageList = useMemo(() => variantImages(product, variant), [product, variant]);
  const imagesKey = variantImageList.join('\n');
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the list is the same while its key is
  const images = useMemo(() => variantImageList, [imagesKey]);
  // of the product as loaded (every child's labels): the same object across grade choices, which may
  // turn `product` from the offered grades to the loaded ones
  const imageAlts = useMemo(() => imageLabels(hinted), [hinted]);
  // the same text while the product is: a grade's choice does not make it plain again
  const description = useMemo(() => plainText(product.description), [product.description]);
  // the structured data: its product part made once per product, the offer once per variant (an add
  // to the cart, the quantity or the stock hints' answer do not make it again)
  const jsonLdBase = useMemo(() => productJsonLdBase(product, data.origin), [product, data.origin]);
  const jsonLd = useMemo(
    () => productJsonLd(product, variant, data.canonical, data.origin, jsonLdBase),
    [product, variant, data.canonical, data.origin, jsonLdBase],
  );

  // the same function across grade choices (the location's key, the store view and the product stay):
  // the picker's memoised values that did not change keep their props
  const storeCode = t.storeCode;
  const choose = useCallback(
    (next: ConfigurableChild) => {
      setChosen({ sku: next.sku, at: key });
      // after the choice's paint: the page shows the grade from its state at once
      replaceAddressAfterPaint(productPath(storeCode, product, next.sku));
    },
    [key, storeCode, product],
  );

  return {
    product,
    shown,
    box,
    tierFinal,
    isBundle,
    bundle,
    qty,
    setQty,
    addButton,
    adding: cartAdd.adding,
    images,
    imagesKey,
    /** the alt text staff gave an image, by image (the product's name otherwise) */
    imageAlts,
    /** the shop's settings (the grade facts' warranty and returns) */
    shop,
    /**
     * the grade named by the price and in the buy bar: a grade the shopper chose among others, or
     * any used grade; a brand-new product with nothing to choose is named by its title only
     */
    priceGrade: box.grade && (box.grade !== 'new' || isGraded(product)) ? box.grade : null,
    facts: decisionFacts({
      price: tierFinal,
      // a graded product's warranty and returns stand in its grade's facts beside the price (GradeFactsBox)
      grade: null,
      delivery,
      days: data.deliveryDays,
      inStock: box.available,
      shop,
    }),
    description,
    path: productPath(t.storeCode, product),
    viewed: {
      sku: product.sku,
      name: product.name,
      path: productPath(t.storeCode, product),
      image: imageUrl(product.image, 150, 150),
      price: box.final,
    },
    jsonLd,
    /**
     * The picker names the variant each value leads to (domain optionChoices): shown at once, and its
     * URL put in the address bar (shareable, reloaded as that child) in place of the page's, after the
     * choice's paint (lib/router.ts replaceAddressAfterPaint).
     */
    choose,
    addToCart: () =>
      cartAdd.add(
        productAddition(variant ?? product, box.stock, () =>
          productCartItem(product, variant, selected, qty, box.maxQty, tierFinal),
        ),
        { name: product.name, grade: box.grade },
      ),
    /** Grouped and bundle pickers: the lines they built, checked like any product (price, stock). */
    addComposite: (items: Parameters<typeof compositeAddition>[1]) => {
      void cartAdd.add(compositeAddition(box.stock, items));
    },
  };
}

export type ProductPageModel = ReturnType<typeof useProductPage>;
