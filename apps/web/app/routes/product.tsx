import {
  addToCartDecision,
  associatedLinks,
  backInStockSku,
  type AddToCartDecision,
  isCompositeChildShown,
  centsToDecimalString,
  formatPrice,
  gradeKeyOf,
  isVariantAvailable,
  isVariantOfParent,
  lowStockQty,
  productLoadError,
  PRODUCT_SEARCH_MAX_SIZE,
  selectVariant,
  configureProduct,
  specialPriceUntil,
  STATUS_DISABLED,
  STORE_VIEWS,
  CART_MAX_QTY,
  variantImages,
  type SpecAttribute,
  stockStatus,
  validateProductForCart,
  variantOptions,
  type SelectedOptions,
} from '@vitrina/domain';
import { useRef, useState } from 'react';
import {
  data,
  redirect,
  useNavigate,
  useParams,
  useSearchParams,
  type ShouldRevalidateFunctionArgs,
} from 'react-router';
import type { Route } from './+types/product';
import { BannerGrid } from '../components/Banners';
import { BackToList } from '../components/BackToList';
import { Breadcrumbs } from '../components/Breadcrumbs';
import {
  BundlePicker,
  GroupedPicker,
  useBundleChoice,
  type LinkedProduct,
} from '../components/CompositePickers';
import { JsonLd as JsonLdScript } from '../components/JsonLd';
import { NotFound } from '../components/NotFound';
import { RelatedProducts } from '../components/RelatedProducts';
import { SaveButtons } from '../components/SaveButtons';
import { StockAlert } from '../components/StockAlert';
import { ProductReviews } from '../components/ProductReviews';
import { Price } from '../components/Price';
import { BuyBar } from '../components/product/BuyBar';
import { DecisionFacts, deliveryDays } from '../components/product/DecisionFacts';
import { Gallery } from '../components/product/Gallery';
import { GRADE_ATTRIBUTE, OptionPicker } from '../components/product/OptionPicker';
import { QuantityField } from '../components/product/QuantityField';
import { Specifications } from '../components/product/Specifications';
import { GradeBadge } from '../components/ui/GradeBadge';
import { StockLine } from '../components/ui/StockLine';
import { getT, useT } from '../i18n';
import { ApiError, type Api } from '../api-client/api';
import { productTrail } from '../api-client/breadcrumbs.server';
import { serverApi } from '../api-client/api.server';
import { productPaths } from '../api-client/alternates.server';
import { pageMeta } from '../lib/seo';
import { buildSeo, seoForRequest, siteOrigin } from '../lib/seo.server';
import { localizedPath, storeCodeOfRequest } from '../lib/store';
import { plainText, truncate } from '../lib/text';
import type { Crumb } from '../lib/breadcrumbs';
import type { AttributeDoc, Banner, ConfigurableChild, DeliveryOptions, Product } from '../lib/types';
import { useApi } from '../api-client/use-api';
import { imageUrl, ownUrlPath, productPath, urlDispatcherOn } from '../lib/urls';
import { cart, type CartItem } from '../state/cart';
import { useGroupPrice } from '../state/group-prices';
import { notify } from '../state/notifications';
import { useHintedStock } from '../state/stock-hints';
import { ui } from '../state/ui';

/** The fields the grouped and bundle pickers show of a linked product. */
const LINKED_FIELDS = [
  'id',
  'sku',
  'slug',
  'name',
  'image',
  'status',
  'type_id',
  'final_price_incl_tax',
  'stock',
];

/** Skus a grouped or bundle product links to. */
function linkedSkus(product: Product): string[] {
  if (product.type_id === 'grouped')
    return associatedLinks(product.product_links).map((l) => l.linked_product_sku);
  if (product.type_id === 'bundle')
    return (product.bundle_options ?? []).flatMap((o) => o.product_links.map((l) => l.sku));
  return [];
}

/**
 * The linked products of a grouped or bundle product: only those with status 1 (catalogue-and-cart.md
 * §5 "Grouped and bundle children must have status 1").
 */
async function loadLinked(api: Api, product: Product): Promise<LinkedProduct[]> {
  // one search answers at most PRODUCT_SEARCH_MAX_SIZE products (the API refuses more); no grouped
  // or bundle product of a shop has that many parts
  const skus = [...new Set(linkedSkus(product))].slice(0, PRODUCT_SEARCH_MAX_SIZE);
  if (!skus.length) return [];
  const res = await api.searchProducts({
    filters: { sku: skus },
    size: skus.length,
    includeFields: LINKED_FIELDS,
  });
  return res.items.filter(isCompositeChildShown) as LinkedProduct[];
}

/** the configurable parent whose page shows this child (not visible on its own), or null */
async function variantParent(api: Api, child: Product): Promise<Product | null> {
  if (typeof child.parent_id !== 'number') return null;
  const res = await api.searchProducts({ filters: { id: child.parent_id }, size: 1 });
  const parent = res.items[0];
  return parent && isVariantOfParent(child, parent) ? parent : null;
}

/** the attribute fields the specification table reads */
const SPEC_FIELDS = [
  'attribute_code',
  'frontend_label',
  'frontend_input',
  'position',
  'is_visible_on_front',
  'options',
];

/**
 * The attributes' metadata for the specification table, each with only the options the product or
 * its variants use (a brand list of hundreds stays out of the page's data).
 */
async function specAttributes(api: Api, product: Product): Promise<SpecAttribute[]> {
  const res = await api.searchAttributes({ size: 150, includeFields: SPEC_FIELDS });
  const docs = [product, ...(product.configurable_children ?? [])] as Record<string, unknown>[];
  return res.items.map((a: AttributeDoc) => {
    const used = new Set(docs.flatMap((d) => String(d[a.attribute_code] ?? '').split(',')));
    return {
      attribute_code: a.attribute_code,
      frontend_label: a.frontend_label ?? null,
      frontend_input: typeof a.frontend_input === 'string' ? a.frontend_input : null,
      position: typeof a.position === 'number' ? a.position : null,
      is_visible_on_front: typeof a.is_visible_on_front === 'boolean' ? a.is_visible_on_front : null,
      options: (a.options ?? []).filter((o) => used.has(String(o.value))),
    };
  });
}

/** A failed side request leaves its part of the page out; the failure is logged. */
function orNull<T>(what: string, p: Promise<T>): Promise<T | null> {
  return p.catch((e: unknown) => {
    console.error(what, e);
    return null;
  });
}

/**
 * `dispatched`: rendered at the product's url_path by the URL dispatcher (not-found.tsx, issue #14
 * item 5), the child sku in `?childSku=`; a `/p/...` URL of such a product answers 301 to it.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const dispatched = context?.urlDispatched === true;
  const storeCode = storeCodeOfRequest(request);
  const api = serverApi(context, storeCode);
  const res = await api.searchProducts({ filters: { sku: params.parentSku }, size: 1 });
  // The newest the document's stock can be (the API's catalogue cache may have kept it a while):
  // the browser shows a cached stock answer instead only when it was fetched after this.
  const stockAt = Date.now();
  const product = res.items[0];
  if (!product || productLoadError(product)) {
    // A configurable's child has no page of its own: its URL opens the parent with it chosen.
    const parent = product ? await variantParent(api, product) : null;
    if (product && parent) {
      const url = new URL(request.url);
      throw redirect(productPath(storeCode, parent, product.sku) + url.search, 301);
    }
    return data(
      { notFound: true as const, storeCode, seo: seoForRequest(request, storeCode) },
      { status: 404 },
    );
  }
  const childSku = params.childSku ?? (dispatched ? new URL(request.url).searchParams.get('childSku') : null);
  // A wrong or old slug answers with a permanent redirect to the product's own URL (its url_path
  // when the URL dispatcher is on).
  if (!dispatched && (params.slug !== product.slug || (urlDispatcherOn() && ownUrlPath(product)))) {
    const url = new URL(request.url);
    throw redirect(productPath(storeCode, product, childSku) + url.search, 301);
  }
  const graded = (product.configurable_options ?? []).some((o) => o.attribute_code === GRADE_ATTRIBUTE);
  const [paths, trail, linked, shop, attributes, delivery, blocks] = await Promise.all([
    productPaths(context, storeCode, product, null),
    productTrail(api, storeCode, product),
    loadLinked(api, product),
    // Product banners come with the shop data; a failure leaves them out.
    orNull('home-page', api.homePage()),
    orNull('attributes', specAttributes(api, product)),
    orNull('delivery-options', api.deliveryOptions()),
    graded ? orNull('cms-blocks', api.cmsBlocks(['condition-grades'])) : Promise.resolve(null),
  ]);
  const categoryIds = new Set(product.category_ids ?? []);
  return {
    notFound: false as const,
    storeCode,
    product,
    stockAt,
    trail,
    linked,
    // Product banners: those of one of the product's categories, or of none (all products).
    banners: (shop?.product_banner ?? []).filter(
      (b) => b.category_id == null || categoryIds.has(b.category_id),
    ),
    attributes: attributes ?? [],
    delivery,
    gradesInfo: blocks?.['condition-grades'] ?? null,
    // the estimated delivery days from now (formatted here: the hydration shows the same text)
    deliveryDays: deliveryDays(new Date(), STORE_VIEWS[storeCode].locale),
    // Product routes are named by type plus "-product" (accounts-checkout-routes.md §2).
    routeName: `${product.type_id}-product`,
    origin: siteOrigin(request),
    // Variant URLs are canonicalised to the product.
    seo: buildSeo(request, storeCode, paths),
  };
}

/** Choosing a variant only changes the child sku in the URL: no reload of the product. */
export function shouldRevalidate({
  currentParams,
  nextParams,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  if (currentParams.parentSku === nextParams.parentSku && currentParams.slug === nextParams.slug)
    return false;
  return defaultShouldRevalidate;
}

export const meta: Route.MetaFunction = ({ data }) => {
  if (!data) return [];
  const t = getT(data.storeCode);
  if (data.notFound) {
    return pageMeta({
      title: `${t('error.notFoundTitle')} | ${t('site.name')}`,
      description: t.msg('error.notFound'),
      seo: data.seo,
      robots: 'noindex',
    });
  }
  const p = data.product;
  const text = plainText(p.short_description) || plainText(p.description);
  const fallback = t('product.metaDescription', {
    name: p.name,
    price: formatPrice(p.final_price_incl_tax, data.storeCode),
    condition: p.condition_label ?? '',
  }).trim();
  const image = imageUrl(p.image, 452, 452);
  return [
    ...pageMeta({
      title: `${p.name} | ${t('site.name')}`,
      description: truncate(text || fallback),
      seo: data.seo,
    }),
    { property: 'og:type', content: 'product' },
    ...(image
      ? [{ property: 'og:image', content: image.startsWith('http') ? image : `${data.origin}${image}` }]
      : []),
  ];
};

function childBySku(product: Product, sku: string | undefined): ConfigurableChild | undefined {
  return sku ? product.configurable_children?.find((c) => c.sku === sku) : undefined;
}

function JsonLd({
  product,
  variant,
  url,
  origin,
}: {
  product: Product;
  variant: ConfigurableChild | null;
  url: string;
  origin: string;
}) {
  const price = variant?.final_price_incl_tax ?? product.final_price_incl_tax;
  const inStock = (variant?.stock ?? product.stock)?.is_in_stock !== false;
  const abs = (p: string | null) => (p ? (p.startsWith('http') ? p : `${origin}${p}`) : null);
  const images = [product.image, ...(product.media_gallery ?? []).map((m) => m.image)]
    .map((i) => abs(imageUrl(i, 452, 452)))
    .filter((i): i is string => Boolean(i));
  const json = {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: product.name,
    sku: variant?.sku ?? product.sku,
    ...(product.mpn ? { mpn: product.mpn } : {}),
    ...(product.brand ? { brand: { '@type': 'Brand', name: product.brand } } : {}),
    ...(images.length ? { image: [...new Set(images)] } : {}),
    description: truncate(plainText(product.description || product.short_description), 5000),
    offers: {
      '@type': 'Offer',
      url,
      priceCurrency: 'EUR',
      // Structured data carries euros: cents divided by 100.
      price: centsToDecimalString(price),
      availability: inStock ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
    },
  };
  return <JsonLdScript data={json} />;
}

function ProductView({
  product: routeProduct,
  stockAt,
  origin,
  canonical,
  trail,
  linked,
  banners,
  routeName,
  attributes,
  delivery,
  gradesInfo,
  deliveryDays: days,
}: {
  product: Product;
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
}) {
  const t = useT();
  const api = useApi();
  const navigate = useNavigate();
  const [adding, setAdding] = useState(false);
  const [qty, setQty] = useState(1);
  const addButton = useRef<HTMLButtonElement>(null);
  // After hydration, the children's stock follows a fresher cached answer, then the server's live one:
  // the chosen variant, its stock lines and the pickers' availability all read this product.
  const product = useHintedStock(routeProduct, stockAt, api);
  const bundle = useBundleChoice(product, linked);
  const isBundle = product.type_id === 'bundle' && bundle.options.length > 0;
  const isConfigurable =
    product.type_id === 'configurable' && (product.configurable_children?.length ?? 0) > 0;

  // The URL's child sku wins; otherwise the domain's choice for an empty selection.
  const [search] = useSearchParams();
  // `?childSku=` at a url_path the URL dispatcher serves (issue #14 item 5)
  const childSku = useParams().childSku ?? search.get('childSku') ?? undefined;
  const fromUrl = isConfigurable ? childBySku(product, childSku) : undefined;
  const selection = isConfigurable
    ? selectVariant(product, fromUrl ? variantOptions(product, fromUrl) : {})
    : null;
  // A sold-out variant the shopper chose stays shown (out of stock, with its back-in-stock request:
  // issue #14 item 14); a disabled one gives way to the rule's choice.
  const fromUrlShown = fromUrl && (isVariantAvailable(fromUrl) || (fromUrl.status ?? 1) < STATUS_DISABLED);
  const variant: ConfigurableChild | null = fromUrlShown ? fromUrl : (selection?.variant ?? null);
  const selected: SelectedOptions = variant ? variantOptions(product, variant) : {};

  // The picker names the variant each value leads to (domain optionChoices): its URL is the choice.
  const onChoose = (next: ConfigurableChild) => {
    navigate(productPath(t.storeCode, product, next.sku), { replace: true, preventScrollReset: true });
  };

  const final = variant?.final_price_incl_tax ?? product.final_price_incl_tax;
  const regular = variant?.price_incl_tax ?? product.price_incl_tax;
  // the customer group's price (state/group-prices.ts) until the server prices the cart line
  const tierFinal = useGroupPrice(variant?.sku ?? product.sku, product.sku)?.final ?? final;
  // A bundle's header shows the price of the shopper's selection (the picker's total), at the group's
  // tier with the base price struck through; it is not re-priced as the bundle's own sku, whose
  // document price is the default selection's.
  const headerPrice = isBundle
    ? { final: bundle.total, regular: bundle.total < bundle.baseTotal ? bundle.baseTotal : null, sku: null }
    : { final, regular, sku: variant?.sku ?? product.sku };
  const stock = variant ? (variant.stock ?? null) : (product.stock ?? null);
  const inStock = stockStatus(stock) !== 'out_of_stock' && (!isBundle || bundle.orderable);
  // spec §4: the product is marked configured once a variant is chosen (by the shopper or the rule)
  const configured = isConfigurable ? configureProduct(product, variant) : null;
  const noVariant = configured !== null && !configured.is_configured;
  const onlyLeft = lowStockQty(stock);
  // the quantity field's ceiling: the stock when it is counted, else the cart's limit
  const maxQty =
    stock?.manage_stock !== false && typeof stock?.qty === 'number' && stock.qty > 0
      ? Math.min(stock.qty, CART_MAX_QTY)
      : CART_MAX_QTY;
  const images = variantImages(product, variant);
  const grade = gradeKeyOf(
    isConfigurable
      ? product.configurable_options
          ?.find((o) => o.attribute_code === GRADE_ATTRIBUTE)
          ?.values.find((v) => String(v.value_index) === String(selected[GRADE_ATTRIBUTE]))?.label
      : product.condition_label,
  );
  const canAdd = inStock && !noVariant;
  const alertSku = backInStockSku(product, variant);
  // Children carry no special price dates: the window is shown for the product itself.
  const specialUntil = variant ? null : specialPriceUntil(product);

  const addToCart = async () => {
    const candidate = variant ?? product;
    const errors = validateProductForCart(candidate);
    if (errors[0]) {
      notify({ type: 'error', message: t.msg(errors[0]) });
      return;
    }
    const decision = addToCartDecision(stockStatus(stock));
    if (!decision.add) {
      notify({ type: decision.notification.type, message: t.msg(decision.notification.key) });
      return;
    }
    const item: CartItem = {
      sku: variant?.sku ?? product.sku,
      id: variant?.id ?? product.id,
      qty: Math.min(Math.max(qty, 1), maxQty),
      name: product.name,
      price: tierFinal,
      image: variant?.image ?? product.image ?? null,
      parentSku: product.sku,
      slug: product.slug,
      product_type: variant ? 'simple' : product.type_id,
      type_id: product.type_id,
      // the choices by their labels, shown on the cart line and in the checkout summary
      ...(variant
        ? {
            options: (product.configurable_options ?? []).flatMap((o) => {
              const value = o.values.find((v) => v.value_index === selected[o.attribute_code])?.label;
              return value ? [{ label: o.label, value }] : [];
            }),
          }
        : {}),
      product_option: variant
        ? {
            extension_attributes: {
              configurable_item_options: (product.configurable_options ?? [])
                .filter((o) => selected[o.attribute_code] != null)
                .map((o) => ({
                  // an option without an attribute id (import data lacking it) is named by its code, as the URL
                  // map does (url-map-options.ts); the API refuses it with a field error instead of guessing
                  option_id: o.attribute_id ?? o.attribute_code,
                  option_value: selected[o.attribute_code] as number,
                })),
            },
          }
        : null,
    };
    await addItems([item], decision.notification);
  };

  /** Adds lines one after another (a grouped set is one line per chosen product), then notifies. */
  const addItems = async (items: CartItem[], notification: AddToCartDecision['notification']) => {
    setAdding(true);
    try {
      for (const item of items) await cart.add(api, item);
      notify({
        type: notification.type,
        message: t.msg(notification.key),
        ...(notification.actionKey
          ? {
              action2: {
                label: t.msg(notification.actionKey),
                action: () => {
                  ui.close('microcart');
                  void navigate(localizedPath(t.storeCode, '/checkout'));
                },
              },
            }
          : {}),
      });
    } catch (e) {
      notify({ type: 'error', message: t.msg(e instanceof ApiError ? e.message : 'error.generic') });
    } finally {
      setAdding(false);
    }
  };

  /** Grouped and bundle pickers: the lines they built, checked like any product (price, stock). */
  const addComposite = (items: CartItem[]) => {
    const decision = addToCartDecision(stockStatus(stock));
    if (!decision.add) {
      notify({ type: decision.notification.type, message: t.msg(decision.notification.key) });
      return;
    }
    const priced = items.filter(
      (i) => validateProductForCart({ ...i, final_price_incl_tax: i.price }).length === 0,
    );
    if (priced.length !== items.length || !priced.length) {
      notify({ type: 'error', message: t.msg('cart.priceUnknown') });
      return;
    }
    void addItems(priced, decision.notification);
  };

  const description = plainText(product.description);

  return (
    <article className="product" data-route={routeName}>
      <BackToList />
      <Breadcrumbs
        trail={trail}
        current={{ name: product.name, path: productPath(t.storeCode, product) }}
        origin={origin}
      />
      <div className="product-main">
        <Gallery key={variant?.sku ?? product.sku} name={product.name} images={images} />
        <div
          className="product-info"
          data-configured={configured ? String(configured.is_configured) : undefined}
        >
          <h1>{product.name}</h1>
          <p className="muted product-ids">
            {t('product.sku', { sku: variant?.sku ?? product.sku })}
            {product.brand ? <> · {t('product.brand', { brand: product.brand })}</> : null}
          </p>
          {product.condition_label && !isConfigurable ? (
            <p className="product-grade">
              <GradeBadge label={product.condition_label} />
            </p>
          ) : null}
          <Price
            final={headerPrice.final}
            regular={headerPrice.regular}
            large
            sku={headerPrice.sku}
            querySku={product.sku}
          />
          <p className="muted price-note">
            {t('product.inclTax')}
            {specialUntil ? ` · ${t('product.specialUntil', { date: specialUntil })}` : ''}
          </p>
          {isConfigurable
            ? (product.configurable_options ?? []).map((option) => (
                <OptionPicker
                  key={option.attribute_code}
                  product={product}
                  option={option}
                  selected={selected}
                  current={variant}
                  gradesInfo={gradesInfo}
                  onChoose={onChoose}
                />
              ))
            : null}
          {noVariant ? <p className="field-error">{t.msg('variant.noneAvailable')}</p> : null}
          {/* one stock line; "Only 3 left" is a count of what is left, not a limit on what may be bought */}
          <StockLine level={!inStock ? 'out' : onlyLeft !== null ? 'low' : 'in'}>
            {!inStock
              ? t('product.outOfStock')
              : onlyLeft !== null
                ? t('product.onlyLeft', { count: onlyLeft })
                : t('product.inStock')}
          </StockLine>
          {product.type_id === 'grouped' && linked.length ? (
            <GroupedPicker product={product} linked={linked} adding={adding} onAdd={addComposite} />
          ) : isBundle ? (
            <BundlePicker
              product={product}
              linked={linked}
              adding={adding}
              disabled={!inStock}
              onAdd={addComposite}
              choice={bundle}
            />
          ) : (
            <>
              <div className="buy-row">
                {canAdd ? <QuantityField value={qty} max={maxQty} onChange={setQty} /> : null}
                <button
                  ref={addButton}
                  type="button"
                  className="btn btn-primary btn-large"
                  // not disabled while adding: the cart's queue serialises clicks (5 fast clicks = qty 5)
                  disabled={!canAdd}
                  onClick={addToCart}
                >
                  {adding ? t('product.adding') : t('product.addToCart')}
                </button>
              </div>
              <BuyBar
                watch={addButton}
                price={tierFinal}
                label={adding ? t('product.adding') : t('product.addToCart')}
                disabled={!canAdd}
                onAdd={addToCart}
              />
            </>
          )}
          {/* with no variant available, the request is for the variant the price stands for (domain backInStockSku) */}
          {alertSku ? <StockAlert sku={alertSku} inStock={inStock && !noVariant} /> : null}
          <DecisionFacts
            price={tierFinal}
            grade={grade}
            delivery={delivery}
            days={days}
            inStock={inStock && !noVariant}
          />
          <SaveButtons product={product} />
        </div>
        <div className="product-details">
          <Specifications product={product} variant={variant} attributes={attributes} />
          {description ? (
            <section aria-labelledby="description" className="description">
              <h2 id="description">{t('product.description')}</h2>
              {description.split('\n\n').map((para, i) => (
                <p key={i}>{para}</p>
              ))}
            </section>
          ) : null}
        </div>
      </div>
      <BannerGrid banners={banners} label={t('banners.multi')} multi />
      <RelatedProducts product={product} categoryId={trail[trail.length - 1]?.id ?? null} />
      <ProductReviews
        productId={product.id}
        viewed={{
          sku: product.sku,
          name: product.name,
          path: productPath(t.storeCode, product),
          image: imageUrl(product.image, 150, 150),
          price: final,
        }}
      />
      <JsonLd product={product} variant={variant} url={canonical} origin={origin} />
    </article>
  );
}

export default function ProductPage({ loaderData: d }: Route.ComponentProps) {
  if (d.notFound) return <NotFound />;
  return (
    <ProductView
      key={d.product.sku}
      product={d.product}
      stockAt={d.stockAt}
      origin={d.origin}
      canonical={d.seo.canonical}
      trail={d.trail}
      linked={d.linked}
      banners={d.banners}
      routeName={d.routeName}
      attributes={d.attributes}
      delivery={d.delivery}
      gradesInfo={d.gradesInfo}
      deliveryDays={d.deliveryDays}
    />
  );
}
