/** Request schemas of the review routes (accounts-checkout-routes.md §3 "Review", §7 `POST /review/create`). */
import { z } from 'zod';
import { storeCodeSchema } from '@vitrina/domain';
import { INT4_MAX } from '../lib/sql.ts';

const text = (max: number) => z.string().trim().min(1).max(max);
/** a row id (PostgreSQL integer): a larger one matches no row, and PostgreSQL refuses it (a 500 before) */
const id = z
  .union([z.number(), z.string().trim().regex(/^\d{1,12}$/).transform(Number)])
  .pipe(z.number().int().positive().max(INT4_MAX));

/**
 * The order feedback form (`/review/{orderToken}/{number}`): title, detail and nickname (the spec's
 * Review fields), an optional 1–5 rating, and optionally the one product of the order it is about
 * (`product_id`; without it the feedback reviews every product of the order). Other keys a client
 * sends (review_entity, customer_id, ...) are dropped.
 */
export const createBody = z.object({
  review: z.object({
    orderToken: text(128),
    number: z.union([text(32), z.number().int().positive().transform(String)]),
    title: text(255),
    detail: text(5000),
    nickname: text(128),
    rating: z.number().int().min(1).max(5).optional(),
    product_id: id.optional(),
  }),
});
export type ReviewCreateInput = z.output<typeof createBody>['review'];

export const createQuery = z.object({ storeCode: storeCodeSchema.optional() });

export const listQuery = z.object({
  productId: id.describe('the product (a configurable parent collects the reviews of its children)'),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
  currentPage: z.coerce.number().int().min(1).default(1),
  storeCode: storeCodeSchema.optional(),
});

export const hideBody = z.object({ id: id });
