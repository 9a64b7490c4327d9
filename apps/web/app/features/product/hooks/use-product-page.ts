import { imageLabels, variantImages, withSensibleGrades, type SpecAttribute } from '@vitrina/domain';
import { useCallback, useMemo, useRef, useState, useSyncExternalStore } from 'react';
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
import { buyBox, type BuyBox } from '../rules/buy-box';
import { compositeAddition, productAddition, productCartItem } from '../rules/cart-line';
import type { LinkedProduct } from '../rules/composite';
import { decisionFacts } from '../rules/decision-facts';
import { isGraded } from '../rules/grade';
import { productJsonLd, productJsonLdBase } from '../rules/json-ld';
import { shownVariant, type ShownVariant } from '../rules/variant';
import { useBundleChoice } from './use-bundle-choice';
import { useCartAdd } from './use-cart-add';
import { createGradeChoice, type GradeChoice } from './grade-choice';

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
 * The product page's view model (the "talon" of features/product/ProductPage.tsx), in two layers:
 *
 * - `useProductPage`, the page's own: what does not depend on the grade shown (the product with its
 *   freshest stock and its offered grades, the pictures' labels, the description, the bundle's
 *   selection, the delivery options, the choice's store and the `choose` action). The page renders it
 *   at a navigation, a stock answer or a bundle's choice, not at a grade choice.
 * - `useGradeView` and `useBuyModel`, read by the parts that show the grade (the column's graded run,
 *   the gallery, the specifications, the sidebar, the structured data): the variant shown (the URL's
 *   child sku or the shopper's choice: rules/variant.ts), the buy box (rules/buy-box.ts) at the
 *   customer group's price, the quantity and adding to the cart. A grade choice is a store write
 *   (grade-choice.ts) that only these parts read, so the page and its column's shell do not render.
 */
export function useProductPage(data: ProductPageData) {
  const t = useT();
  const shop = useShopInfo();
  const api = useApi();
  // After hydration, the children's stock follows a fresher cached answer, then the server's live one:
  // the chosen variant, its stock lines and the pickers' availability all read this product.
  const hinted = useHintedStock(data.product, data.stockAt, api);
  // The URL's child sku wins; otherwise the domain's choice for an empty selection.
  const [search] = useSearchParams();
  const { key } = useLocation();
  // `?childSku=` at a url_path the URL dispatcher serves
  const urlChildSku = useParams().childSku ?? search.get('childSku') ?? undefined;
  // The shopper's grade choice is not a router navigation (the navigation rendered the whole app,
  // every location reader, inside the click) nor the page's state (the page and its column rendered
  // with it): a store read by the parts that show the grade. It stands for the location it was made
  // at: any navigation after it (back, forward, a link to another child) is the URL's again.
  const [choice] = useState(createGradeChoice);
  // a worse grade that costs what a better one of the same variant costs is not offered (domain
  // grade-ladder.ts), unless the URL names that very variant: its own URL opens it chosen
  // (catalogue-and-cart.md §4 "Product load"; a listing card under a grade filter links to it)
  // (made once per product as loaded: a grade choice then keeps the same product object, and the
  // parts memoised on it do not render again)
  const offered = useMemo(() => withSensibleGrades(hinted), [hinted]);
  // the product the URL's child opens: the page's own parts (title, breadcrumbs, saves) read it; a
  // grade choice keeps its name, sku and path
  const product = productFor(offered, hinted, urlChildSku);
  const bundle = useBundleChoice(product, data.linked);
  const isBundle = product.type_id === 'bundle' && bundle.options.length > 0;
  // the shopper's delivery country's fees once it is known, else the store view's country's
  const delivery = useDeliveryOptionsFor(data.delivery);
  // of the product as loaded (every child's labels): the same object across grade choices, which may
  // turn `product` from the offered grades to the loaded ones
  const imageAlts = useMemo(() => imageLabels(hinted), [hinted]);
  // the same text while the product is: a grade's choice does not make it plain again
  const description = useMemo(() => plainText(product.description), [product.description]);
  // the structured data's product part, made once per product (the offer is the grade's: GradedJsonLd)
  const jsonLdBase = useMemo(() => productJsonLdBase(product, data.origin), [product, data.origin]);

  // the same function across grade choices (the location's key, the store view and the product stay):
  // the picker's memoised values that did not change keep their props
  const storeCode = t.storeCode;
  const choose = useCallback(
    (next: ConfigurableChild) => {
      choice.set({ sku: next.sku, at: key });
      // after the choice's paint: the page shows the grade from the store at once
      replaceAddressAfterPaint(productPath(storeCode, product, next.sku));
    },
    [choice, key, storeCode, product],
  );
  // what the page opened on (its grade from the URL): noted once as recently viewed
  const opened = useMemo(
    () => buyBox(product, shownVariant(product, urlChildSku), null),
    [product, urlChildSku],
  );

  const base = useMemo(
    () => ({
      data,
      hinted,
      offered,
      urlChildSku,
      key,
      choice,
      bundle: isBundle ? bundle : null,
      delivery,
      shop,
      imageAlts,
      jsonLdBase,
      choose,
    }),
    [
      data,
      hinted,
      offered,
      urlChildSku,
      key,
      choice,
      isBundle,
      bundle,
      delivery,
      shop,
      imageAlts,
      jsonLdBase,
      choose,
    ],
  );

  return {
    base,
    product,
    /** the box of the grade the page opened on: the column's `data-configured` as the server rendered it */
    opened,
    isBundle,
    bundle,
    /** the shop's settings (the grade facts' warranty and returns) */
    shop,
    description,
    path: productPath(t.storeCode, product),
    viewed: {
      sku: product.sku,
      name: product.name,
      path: productPath(t.storeCode, product),
      image: imageUrl(product.image, 150, 150),
      price: opened.final,
    },
  };
}

/** The page's part a grade does not change, given to the parts that show the grade. */
export type ProductBase = ReturnType<typeof useProductPage>['base'];

/** The product a child sku opens: the offered grades, or the loaded ones when it names a grade left out. */
function productFor(offered: Product, hinted: Product, childSku: string | undefined): Product {
  const named = (p: Product) => p.configurable_children?.some((c) => c.sku === childSku) ?? false;
  return childSku && !named(offered) && named(hinted) ? hinted : offered;
}

/** The grade shown and its buy box, one per base and child sku: the parts reading it share it. */
export interface GradeView {
  product: Product;
  shown: ShownVariant;
  box: BuyBox;
  /**
   * the grade named by the price and in the buy bar: a grade the shopper chose among others, or
   * any used grade; a brand-new product with nothing to choose is named by its title only
   */
  priceGrade: BuyBox['grade'] | null;
}

const views = new WeakMap<ProductBase, Map<string, GradeView>>();

function gradeView(base: ProductBase, childSku: string | undefined): GradeView {
  let byChild = views.get(base);
  if (!byChild) views.set(base, (byChild = new Map()));
  const cached = byChild.get(childSku ?? '');
  if (cached) return cached;
  const product = productFor(base.offered, base.hinted, childSku);
  const shown = shownVariant(product, childSku);
  const box = buyBox(product, shown, base.bundle);
  const view = {
    product,
    shown,
    box,
    priceGrade: box.grade && (box.grade !== 'new' || isGraded(product)) ? box.grade : null,
  };
  byChild.set(childSku ?? '', view);
  return view;
}

const noChoice = () => null;

/** The child sku shown: the shopper's choice made at this location, else the URL's. */
function childSkuOf(base: ProductBase, chosen: GradeChoice | null): string | undefined {
  return chosen?.at === base.key ? chosen.sku : base.urlChildSku;
}

/** The grade shown: the shopper's choice made at this location, else the URL's child sku. */
export function useGradeView(base: ProductBase): GradeView {
  const { choice } = base;
  const chosen: GradeChoice | null = useSyncExternalStore(choice.subscribe, choice.get, noChoice);
  return gradeView(base, childSkuOf(base, chosen));
}

/** The pictures' key of a grade: its images' paths, one a line. */
const imagesKeys = new WeakMap<GradeView, string>();
function imagesKeyOf(view: GradeView): string {
  let key = imagesKeys.get(view);
  if (key === undefined)
    imagesKeys.set(view, (key = variantImages(view.product, view.shown.variant).join('\n')));
  return key;
}

/**
 * The grade's pictures, read as their key: a grade whose child shows the same pictures (a model's
 * grades mostly do) does not render the gallery's part at all; other pictures give a new gallery.
 */
export function useGradeImages(base: ProductBase) {
  const { choice } = base;
  const snapshot = () => imagesKeyOf(gradeView(base, childSkuOf(base, choice.get())));
  const serverSnapshot = () => imagesKeyOf(gradeView(base, base.urlChildSku));
  const imagesKey = useSyncExternalStore(choice.subscribe, snapshot, serverSnapshot);
  const images = useMemo(() => (imagesKey ? imagesKey.split('\n') : []), [imagesKey]);
  return { images, imagesKey, imageAlts: base.imageAlts };
}

/** The structured data of the grade shown: its offer made once per variant. */
export function useGradeJsonLd(base: ProductBase, view: GradeView) {
  const { product, shown } = view;
  const { canonical, origin } = base.data;
  return useMemo(
    () => productJsonLd(product, shown.variant, canonical, origin, base.jsonLdBase),
    [product, shown.variant, canonical, origin, base.jsonLdBase],
  );
}

/**
 * What the buy box, its facts and the phone's bar need of the grade shown: the group's price, the
 * quantity, adding to the cart. Read by the column's graded part (ProductPage), which holds the
 * quantity across grade choices.
 */
export function useBuyModel(base: ProductBase, view: GradeView) {
  const cartAdd = useCartAdd();
  const [qty, setQty] = useState(1);
  const addButton = useRef<HTMLButtonElement>(null);
  const { product, shown, box } = view;
  const { variant, selected } = shown;
  // the customer group's price (state/group-prices.ts) until the server prices the cart line
  const tierFinal = useGroupPrice(box.sku, product.sku)?.final ?? box.final;
  return {
    product,
    shown,
    box,
    tierFinal,
    isBundle: base.bundle !== null,
    bundle: base.bundle ?? undefined,
    qty,
    setQty,
    addButton,
    adding: cartAdd.adding,
    shop: base.shop,
    priceGrade: view.priceGrade,
    facts: decisionFacts({
      price: tierFinal,
      // a graded product's warranty and returns stand in its grade's facts beside the price (GradeFactsBox)
      grade: null,
      delivery: base.delivery,
      days: base.data.deliveryDays,
      inStock: box.available,
      shop: base.shop,
    }),
    /**
     * The picker names the variant each value leads to (domain optionChoices): shown at once, and its
     * URL put in the address bar (shareable, reloaded as that child) in place of the page's, after the
     * choice's paint (lib/router.ts replaceAddressAfterPaint).
     */
    choose: base.choose,
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

export type ProductPageModel = ReturnType<typeof useBuyModel>;
