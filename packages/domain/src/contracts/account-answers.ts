/**
 * What a customer's account and the shop's small services answer: the session
 * tokens of login and refresh, the loyalty card's claims, the special offers, the reviews, the
 * newsletter confirmation and the news. Money is integer cents.
 */
import { z } from 'zod';

const cents = z.number().int();

/**
 * `POST /user/login` and `/user/refresh`: the access token as the result, the refresh token in `meta`
 * (with GROUP_PRICING on, the customer's group and its signed token too)
 */
export const sessionAnswerContract = z.strictObject({
  code: z.literal(200),
  result: z.string(),
  meta: z.strictObject({
    refreshToken: z.string(),
    groupId: z.number().int().optional(),
    groupToken: z.string().optional(),
  }),
});
export type SessionAnswer = z.infer<typeof sessionAnswerContract>;

/** `GET /user/claims`: a claim of the loyalty card, newest first */
export const claimContract = z.strictObject({
  code: z.string(),
  value: z.string(),
  description: z.string(),
  created_at: z.string(),
});
export type ClaimAnswer = z.infer<typeof claimContract>;

/**
 * `GET /user/special-offers`: an offer to the logged-in customer (accounts-checkout-routes.md §3
 * "Special offers product"); `id` is the listed product
 */
export const specialOfferContract = z.strictObject({
  id: z.number().int(),
  final_price: cents,
  price_incl_tax: cents,
  id_variant: z.number().int().nullable(),
  option_comments: z.string(),
  sku: z.string(),
  quantity: z.number().int(),
  /** 'demo' for a demo shop's offers */
  label: z.string().nullable(),
  valid_until: z.string().nullable(),
});
export type SpecialOfferAnswer = z.infer<typeof specialOfferContract>;

/** a review (`review/create`, `review/list`; accounts-checkout-routes.md §3 "Review") */
export const reviewContract = z.strictObject({
  id: z.number().int(),
  /** null: the product is gone */
  product_id: z.number().int().nullable(),
  title: z.string(),
  detail: z.string(),
  nickname: z.string(),
  rating: z.number().int().nullable(),
  /** written as the feedback of an order */
  verified_purchase: z.boolean(),
  created_at: z.string(),
});
export type ReviewAnswer = z.infer<typeof reviewContract>;

/** `GET /review/list?productId`: a page of a product's approved reviews, newest first */
export const reviewListContract = z.strictObject({
  items: z.array(reviewContract),
  total_count: z.number().int().nonnegative(),
  page_size: z.number().int().positive(),
  current_page: z.number().int().positive(),
});
export type ReviewListAnswer = z.infer<typeof reviewListContract>;

/** `GET /user/reviews`: the customer's own review with its status and its order */
export const customerReviewContract = reviewContract.extend({
  status: z.string(),
  order_number: z.string(),
});
export type CustomerReviewAnswer = z.infer<typeof customerReviewContract>;

/** `GET|POST|DELETE /mailer/subscribe`: the address's subscription, "subscribed" once confirmed */
export const subscriptionStatusContract = z.enum(['subscribed', 'pending', 'unsubscribed']);
export type SubscriptionStatusAnswer = z.infer<typeof subscriptionStatusContract>;

/** `/mailer/mail-confirmation`: subscribed, with the personal coupon on the first confirmation only */
export const newsletterConfirmationContract = z.strictObject({
  status: z.literal('subscribed'),
  coupon: z.strictObject({ code: z.string(), type: z.literal('percent'), value: z.number() }).nullable(),
});
export type NewsletterConfirmationAnswer = z.infer<typeof newsletterConfirmationContract>;

/** a news item of a store view (`GET /news/{slug}`) */
export const newsItemContract = z.strictObject({
  slug: z.string(),
  title: z.string(),
  body: z.string(),
  image: z.string().nullable(),
  published_at: z.string(),
  /** an example item served while the shop has no news of its own */
  demo: z.boolean(),
});
export type NewsItemAnswer = z.infer<typeof newsItemContract>;

/** `GET /news?from&size`: a page of news, newest first */
export const newsPageContract = z.strictObject({
  items: z.array(newsItemContract),
  total: z.number().int().nonnegative(),
});
export type NewsPageAnswer = z.infer<typeof newsPageContract>;
