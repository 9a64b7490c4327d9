/**
 * Order feedback and product reviews (accounts-checkout-routes.md §4 "Order feedback", §8).
 *
 * Feedback is accepted once per real order (its number and secret order token must match): the
 * order's `feedback_at` is set in the same transaction as the feedback is written, so a second
 * attempt, even a concurrent one, answers "Feedback for this order already filled".
 *
 * Feedback on the order as a whole (no `product_id`) is about the order (its delivery, the
 * service): it is kept as the order's feedback, which staff read in the back office, and is no
 * product's review (before, it became the same review on every product of the order). Feedback on
 * one product of the order (`product_id`, a configurable child counting as its parent) is that
 * product's review, shown on its page at once. A review is marked a verified purchase only when its
 * order holds the product it is about (the Omnibus rule on reviews: say what is checked, and check
 * it). `hide` takes one down (admin).
 */
import { timingSafeEqual } from 'node:crypto';
import type { Database } from '@vitrina/db';
import { fieldError, notFound, ruleError } from '../http/errors.ts';
import { one, rows } from '../lib/db.ts';
import type { ReviewCreateInput } from './schemas.ts';

type ReviewRow = {
  id: number;
  product_id: number | null;
  order_id: number | null;
  title: string;
  detail: string;
  nickname: string;
  rating: number | null;
  status: string;
  created_at: Date | string;
  /** its order holds the product it is about (VERIFIED) */
  verified_purchase: boolean;
};

/** whether a review's order holds its product, or a configurable child of it */
const VERIFIED = `EXISTS (SELECT 1 FROM order_items oi LEFT JOIN products op ON op.id = oi.product_id
   WHERE oi.order_id = r.order_id AND (oi.product_id = r.product_id OR op.parent_id = r.product_id)) AS verified_purchase`;

export type ReviewView = ReturnType<typeof reviewView>;

function reviewView(r: ReviewRow) {
  return {
    id: r.id,
    product_id: r.product_id,
    title: r.title,
    detail: r.detail,
    nickname: r.nickname,
    rating: r.rating,
    verified_purchase: r.verified_purchase === true,
    created_at: new Date(r.created_at).toISOString(),
  };
}

const sameSecret = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

export class ReviewService {
  constructor(private readonly database: Database) {}

  async create(input: ReviewCreateInput): Promise<ReviewView[]> {
    const order = await one<{ id: number; order_token: string }>(this.database, 'SELECT id, order_token FROM orders WHERE increment_id = $1', [
      input.number,
    ]);
    if (!order || !sameSecret(order.order_token, input.orderToken)) throw notFound('order.notFound');
    const lines = await rows<{ product_id: number; parent_id: number | null }>(
      this.database,
      `SELECT DISTINCT oi.product_id, p.parent_id FROM order_items oi LEFT JOIN products p ON p.id = oi.product_id WHERE oi.order_id = $1`,
      [order.id],
    );
    const wanted = input.product_id === undefined ? lines : lines.filter((l) => l.product_id === input.product_id || l.parent_id === input.product_id);
    if (input.product_id !== undefined && wanted.length === 0) throw fieldError('review.product_id', 'order.productsUnavailable');
    const productIds = [...new Set(wanted.map((l) => l.parent_id ?? l.product_id))];
    const written = await this.database.transaction(async (tx) => {
      const claimed = await one(tx, 'UPDATE orders SET feedback_at = now(), updated_at = now() WHERE id = $1 AND feedback_at IS NULL RETURNING id', [order.id]);
      if (!claimed) return undefined;
      const values = [order.id, input.title, input.detail, input.nickname, input.rating ?? null];
      if (input.product_id === undefined) {
        await tx.query('INSERT INTO order_feedback (order_id, title, detail, nickname, rating) VALUES ($1, $2, $3, $4, $5)', values);
        return [];
      }
      return rows<ReviewRow>(
        tx,
        `WITH w AS (INSERT INTO reviews (product_id, order_id, title, detail, nickname, rating, status)
           SELECT unnest($6::int[]), $1, $2, $3, $4, $5, 'approved' RETURNING *)
         SELECT r.*, ${VERIFIED} FROM w r`,
        [...values, productIds],
      );
    });
    if (!written) throw ruleError('review.feedbackAlreadyFilled', undefined, 'review.number');
    return written.map(reviewView);
  }

  /** the approved reviews of a product, newest first (a configurable child's are filed under its parent) */
  async list(productId: number, pageSize: number, currentPage: number) {
    const where = "status = 'approved' AND product_id = $1";
    const [count] = await rows<{ n: number }>(this.database, `SELECT count(*)::int AS n FROM reviews WHERE ${where}`, [productId]);
    const found = await rows<ReviewRow>(this.database, `SELECT r.*, ${VERIFIED} FROM reviews r WHERE ${where} ORDER BY created_at DESC, id DESC LIMIT $2 OFFSET $3`, [
      productId,
      pageSize,
      (currentPage - 1) * pageSize,
    ]);
    return { items: found.map(reviewView), total_count: count?.n ?? 0, page_size: pageSize, current_page: currentPage };
  }

  /** the reviews a customer wrote (through the feedback of their orders), hidden ones included */
  async byCustomer(customerId: number) {
    const found = await rows<ReviewRow & { increment_id: string }>(
      this.database,
      `SELECT r.*, o.increment_id, ${VERIFIED} FROM reviews r JOIN orders o ON o.id = r.order_id
       WHERE o.customer_id = $1 ORDER BY r.created_at DESC, r.id DESC LIMIT 500`,
      [customerId],
    );
    return found.map((r) => ({ ...reviewView(r), status: r.status, order_number: r.increment_id }));
  }

  /** takes a review off the product pages; false when there is no such review */
  async hide(id: number): Promise<boolean> {
    return (await one(this.database, "UPDATE reviews SET status = 'hidden' WHERE id = $1 RETURNING id", [id])) !== undefined;
  }
}
