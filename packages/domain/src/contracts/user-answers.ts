/**
 * The customer's account as the API answers it (`GET`/`POST /user/me`, `POST /user/create`). The saved addresses are what the profile update accepted (schemas.ts profileSchema).
 */
import { z } from 'zod';

/** an address as the API accepted it (schemas.ts addressFieldsSchema: unknown keys dropped) */
export const addressContract = z.strictObject({
  firstname: z.string(),
  lastname: z.string(),
  city: z.string(),
  postcode: z.string(),
  street: z.array(z.string()),
  countryId: z.string(),
  telephone: z.string().optional(),
  email: z.string().optional(),
  vat_id: z.string().optional(),
  /** the spec's Tax ID of a legal person */
  tax_id: z.string().optional(),
  company: z.string().optional(),
  company_code: z.string().optional(),
  region_id: z.number().int().nullable().optional(),
  region: z.string().optional(),
});

/** a saved address of the customer: an address with the default flags */
export const savedAddressContract = addressContract.extend({
  default_shipping: z.boolean().optional(),
  default_billing: z.boolean().optional(),
});
export type SavedAddress = z.infer<typeof savedAddressContract>;

/** user service.ts customerView; `GET /user/me` adds `group_token` when GROUP_PRICING is on */
export const customerProfileContract = z.strictObject({
  id: z.number().int(),
  group_id: z.number().int(),
  email: z.string(),
  firstname: z.string(),
  lastname: z.string(),
  addresses: z.array(savedAddressContract),
  store_code: z.string(),
  store_id: z.number().int(),
  website_id: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
  /** GROUP_PRICING on: the signed token of the customer's group (price tiers) */
  group_token: z.string().optional(),
});
export type CustomerProfileAnswer = z.infer<typeof customerProfileContract>;
