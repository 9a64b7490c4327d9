/**
 * A line of a cart as the API answers it (`cart/pull`, `cart/update`): the line the
 * customer asked for, priced by the server (cents incl. VAT), with the options it was added with.
 */
import { z } from 'zod';

const id = z.union([z.number().int(), z.string()]);

/**
 * The options a line was added with, as the API stored them from the request (schemas.ts
 * productOptionSchema's output: numeric ids are numbers). cart-identity.ts CartProductOption is the
 * looser shape the client's cart identity reads (local lines too); this answer is assignable to it.
 */
export const cartProductOptionContract = z.strictObject({
  extension_attributes: z.strictObject({
    custom_options: z
      .array(z.strictObject({ option_id: z.number().int(), option_value: z.union([z.string(), z.number()]) }))
      .readonly()
      .optional(),
    configurable_item_options: z
      .array(
        z.strictObject({
          option_id: z.number().int(),
          option_value: z.number().int(),
          label: z.string().optional(),
          value: z.string().optional(),
        }),
      )
      .readonly()
      .optional(),
    bundle_options: z
      .array(
        z.strictObject({
          option_id: z.number().int(),
          option_qty: z.number().int().positive().optional(),
          /** the chosen links, by sku (or link id) */
          option_selections: z.array(id).readonly(),
        }),
      )
      .readonly()
      .optional(),
  }),
});
export type CartProductOptionAnswer = z.infer<typeof cartProductOptionContract>;

/** `GET /cart/pull` (each line), `POST /cart/update` (the line changed) */
export const cartLineContract = z.strictObject({
  item_id: z.number().int(),
  sku: z.string(),
  qty: z.number().int().positive(),
  name: z.string(),
  /** the unit price incl. VAT in cents; null: the server could not price the line (its product is gone) */
  price: z.number().int().nullable(),
  product_type: z.string(),
  /** the cart's id */
  quote_id: z.string(),
  product_option: cartProductOptionContract.nullable(),
  /** a configurable's variant: the parent's sku */
  parentSku: z.string().optional(),
});
export type CartLineAnswer = z.infer<typeof cartLineContract>;
