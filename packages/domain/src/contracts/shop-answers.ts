/**
 * The shop data the storefront reads on every page and at the checkout: the home
 * page's banners and configuration, the footer's store information, the product page's delivery
 * quote, the offline checkout's options per country and the NEOPAY bank list. Money is integer cents
 * incl. VAT, computed by the server.
 */
import { z } from 'zod';
import { paymentMethodContract, shippingMethodContract } from './money-answers.ts';

const cents = z.number().int();

/** a banner of the home page (apps/api shop/service.ts homePage; a banner file's are alike) */
export const bannerContract = z.strictObject({
  id: z.number().int(),
  position: z.number().int(),
  image: z.string(),
  title: z.string(),
  link: z.string(),
  /** the category it advertises (a category banner) */
  category_id: z.number().int().optional(),
  /** the call to action on it (back office), when it has one */
  cta: z.string().optional(),
});
export type BannerAnswer = z.infer<typeof bannerContract>;

const banners = z.array(bannerContract);

/** `GET /home-page`: banners by kind (every kind, empty when none) and the shop configuration */
export const homePageContract = z.strictObject({
  banner: banners,
  slider: banners,
  category_banner: banners,
  product_banner: banners,
  multi_banner: banners,
  /** small banners beside the main one (accounts-checkout-routes.md §3 "Shop data" smallBanners) */
  small_banner: banners,
  /** the home page's head image; the first by position is shown */
  head_image: banners,
  config: z.array(z.strictObject({ code: z.string(), configs: z.record(z.string(), z.unknown()) })),
});
export type HomePageAnswer = z.infer<typeof homePageContract>;

/** `GET /store-info`: the shop's name and promises (its settings), the seller's details ('' = not set; `demo`: fictional) and the methods by name */
export const storeInfoContract = z.strictObject({
  shop: z.strictObject({
    /** the shop's name in the store view */
    name: z.string(),
    /** '' = the built-in wordmark */
    logo_url: z.string(),
    money_back_days: z.number().int(),
    support_hours: z.strictObject({ from: z.string(), to: z.string() }),
    delivery_days: z.strictObject({ min: z.number().int(), max: z.number().int() }),
    /** null: the newsletter gives no coupon */
    newsletter_coupon_percent: z.number().int().nullable(),
    /** months per condition grade (grades.ts GradeKey) */
    warranty_months: z.record(z.string(), z.number().int()),
    /** 0: no free-shipping promise */
    free_shipping_from: cents,
    cod_fee: cents,
    /** the searches the search panel offers before anything is typed (the owner's, in their order) */
    popular_searches: z.array(z.string()),
  }),
  company: z.strictObject({
    name: z.string(),
    companyCode: z.string(),
    vatCode: z.string(),
    address: z.string(),
    phone: z.string(),
    email: z.string(),
    demo: z.boolean(),
  }),
  payment_methods: z.array(z.string()),
  shipping_methods: z.array(z.string()),
});
export type StoreInfoAnswer = z.infer<typeof storeInfoContract>;

/** `GET /shop/delivery-options`: what the product page quotes before there is a cart */
export const deliveryOptionsContract = z.strictObject({
  country_id: z.string(),
  shipping_methods: z.array(
    z.strictObject({
      code: z.string(),
      carrier_code: z.string(),
      title: z.string(),
      needs_pickup_point: z.boolean(),
      price_incl_tax: cents,
      /** the price from which it is free (null: never) */
      free_from_incl_tax: cents.nullable(),
    }),
  ),
  /** the codes of the payment methods a physical cart may use */
  payment_methods: z.array(z.string()),
});
export type DeliveryOptionsAnswer = z.infer<typeof deliveryOptionsContract>;

/** a shipping method of the checkout options: the cart's method with the subtotal from which it is free */
export const checkoutShippingMethodContract = shippingMethodContract.extend({
  /** null: never free */
  free_from_incl_tax: cents.nullable(),
});
export type CheckoutShippingMethodAnswer = z.infer<typeof checkoutShippingMethodContract>;

/**
 * `GET /shop/checkout-options`: per delivery country, the methods and fees an offline checkout offers
 * (cached on the device while online)
 */
export const checkoutOptionsContract = z.strictObject({
  options: z.array(
    z.strictObject({
      country_id: z.string(),
      shipping_methods: z.array(checkoutShippingMethodContract),
      payment_methods: z.array(paymentMethodContract),
    }),
  ),
});
export type CheckoutOptionsAnswer = z.infer<typeof checkoutOptionsContract>;

/** `GET /neopay/payment/banks/{clientId}`: a bank of the NEOPAY selector (`sandbox` in sandbox mode) */
export const bankContract = z.strictObject({
  bic: z.string(),
  name: z.string(),
  country: z.string(),
  logo: z.string().optional(),
  sandbox: z.boolean().optional(),
});
export type BankAnswer = z.infer<typeof bankContract>;

/** `GET /country/list/`: a delivery country with its name in the store view's language and in English */
export const countryContract = z.strictObject({
  id: z.string(),
  two_letter_abbreviation: z.string(),
  three_letter_abbreviation: z.string(),
  full_name_locale: z.string(),
  full_name_english: z.string(),
});
export type CountryAnswer = z.infer<typeof countryContract>;
